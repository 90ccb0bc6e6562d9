import { z } from 'zod';
import {
  type CoverageCheck,
  type CoverageDesign,
  type CoverageParameters,
  coverageDesignSchema,
  coverageParametersSchema,
  coverageResultSchema,
} from '../../shared/coverage-check-api.ts';
import type { Db } from './db.ts';
import { nowIso } from './json-columns.ts';

/** Checks kept per study: the newest; an older one is only ever read as history, which nothing does yet. */
export const COVERAGE_CHECKS_KEPT = 10;
/** The largest result stored (migration 012 refuses more): a summary is a few kilobytes. */
export const MAX_COVERAGE_RESULT_BYTES = 262_144;

export interface NewCoverageCheck {
  studyId: number;
  designFingerprint: string;
  reportRevision: number;
  parameters: CoverageParameters;
  design: CoverageDesign;
  /** The coverage summary (`summarizeCoverage`), kept whole. */
  summary: unknown;
  source: 'screen' | 'cli';
  createdBy: number | null;
}

interface CheckRow {
  id: number;
  designFingerprint: string;
  reportRevision: number;
  parameters: string;
  result: string;
  source: 'screen' | 'cli';
  createdBy: string | null;
  createdAt: string;
}

/**
 * Stores a coverage check (migration 012) and forgets the study's checks beyond the
 * COVERAGE_CHECKS_KEPT newest, in one transaction. The result is the design and the summary; one
 * larger than MAX_COVERAGE_RESULT_BYTES is refused (a RangeError: the caller built it, not a user).
 */
export async function insertCoverageCheck(db: Db, check: NewCoverageCheck): Promise<number> {
  const result = JSON.stringify({ design: check.design, summary: check.summary });
  if (Buffer.byteLength(result, 'utf8') > MAX_COVERAGE_RESULT_BYTES)
    throw new RangeError(`insertCoverageCheck: the result has more than ${MAX_COVERAGE_RESULT_BYTES} bytes`);
  return await db.transaction(async () => {
    const id = await db.insert(
      `INSERT INTO coverage_checks (study_id, design_fingerprint, report_revision, parameters, result, source, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        check.studyId,
        check.designFingerprint,
        check.reportRevision,
        JSON.stringify(check.parameters),
        result,
        check.source,
        check.createdBy,
        nowIso(),
      ],
    );
    await db.run(
      `DELETE FROM coverage_checks WHERE study_id = ? AND id NOT IN
         (SELECT id FROM coverage_checks WHERE study_id = ? ORDER BY id DESC LIMIT ?)`,
      [check.studyId, check.studyId, COVERAGE_CHECKS_KEPT],
    );
    return id;
  });
}

/** The study's newest coverage check, its JSON read through the shared schemas, or null. */
export async function latestCoverageCheck(db: Db, studyId: number): Promise<CoverageCheck | null> {
  const row = await db.first<CheckRow>(
    `SELECT c.id, c.design_fingerprint AS designFingerprint, c.report_revision AS reportRevision,
            c.parameters, c.result, c.source, u.username AS createdBy, c.created_at AS createdAt
     FROM coverage_checks c LEFT JOIN users u ON u.id = c.created_by
     WHERE c.study_id = ? ORDER BY c.id DESC LIMIT 1`,
    [studyId],
  );
  if (!row) return null;
  const stored = storedResultColumn.parse(JSON.parse(row.result));
  return {
    id: row.id,
    created_at: row.createdAt,
    created_by: row.createdBy,
    source: row.source,
    report_revision: row.reportRevision,
    design_fingerprint: row.designFingerprint,
    parameters: coverageParametersSchema.parse(JSON.parse(row.parameters)),
    design: coverageDesignSchema.parse(stored.design),
    result: coverageResultSchema.parse(stored.summary),
  };
}

/** The result column's two parts, each checked by its own schema below. */
const storedResultColumn = z.object({ design: z.unknown(), summary: z.unknown() });

/** The study's final gold arguments (fixed or imported; drafts are not gold), counted without reading them. */
export async function countFinalGold(db: Db, studyId: number): Promise<number> {
  return (
    (
      await db.first<{ n: number }>(
        `SELECT count(*) AS n FROM adjudications j JOIN arguments a ON a.id = j.argument_id
       WHERE a.study_id = ? AND j.status <> 'draft'`,
        [studyId],
      )
    )?.n ?? 0
  );
}
