import { describe, expect, it } from 'vitest';
import { buildArgument, buildJudgement, buildTriple } from '../../test/factories.ts';
import { writeGold } from './adjudications.ts';
import { insertArgument } from './arguments.ts';
import {
  COVERAGE_CHECKS_KEPT,
  countFinalGold,
  insertCoverageCheck,
  latestCoverageCheck,
  type NewCoverageCheck,
} from './coverage-checks.ts';
import { openDatabase } from './open.ts';
import { reportRevision } from './report-revision.ts';
import { insertStudy } from './studies.ts';
import { insertTriple } from './triples.ts';
import { insertUser } from './users.ts';

const SUMMARY = {
  studies: 20,
  targets: { coverage: 0.93, wrong_holds: 0.05 },
  rows: [
    {
      family: 'corrected AccH (gpt-4.1)',
      method: 'normal',
      intervals: 120,
      studies: 20,
      coverage: 0.95,
      mc_error: 0.02,
      meets_target: true,
      mean_width: 0.3,
    },
  ],
  claims: {
    acch_above: {
      checked: 120,
      studies: 20,
      wrong_holds_studies_share: 0.05,
      wrong_holds_mc_error: 0.049,
      wrong_fails_studies_share: 0,
      meets_target: true,
    },
    ranking: {
      checked: 20,
      studies: 20,
      wrong_holds_studies_share: null,
      wrong_holds_mc_error: null,
      wrong_fails_studies_share: null,
      meets_target: null,
    },
    acch_by_minimum_gold: [],
  },
};

function setup() {
  const db = openDatabase(':memory:');
  const study = insertStudy(db, 's');
  const userId = insertUser(db, {
    username: 'admin',
    displayName: 'A',
    passwordHash: null,
    roles: ['admin'],
  });
  const check = (over: Partial<NewCoverageCheck> = {}): NewCoverageCheck => ({
    studyId: study.id,
    designFingerprint: 'a'.repeat(64),
    reportRevision: reportRevision(db),
    parameters: {
      replicates: 20,
      bootstrap: 50,
      seed: 4,
      populations: 10,
      level: 0.95,
      claim_threshold: 0.9,
      threshold: 0.9,
    },
    design: { models: 2, tests: 3, arguments_per_cell: 6, gold: 12, allocation: 'equal', notes: [] },
    summary: SUMMARY,
    source: 'screen',
    createdBy: userId,
    ...over,
  });
  return { db, study, userId, check };
}

describe('coverage checks (migration 012)', () => {
  it('stores a check and reads the newest back through the shared schemas, with who ran it', () => {
    const { db, study, check } = setup();
    expect(latestCoverageCheck(db, study.id)).toBeNull();
    insertCoverageCheck(db, check({ designFingerprint: 'b'.repeat(64) }));
    const id = insertCoverageCheck(db, check());
    const latest = latestCoverageCheck(db, study.id);
    expect(latest).toMatchObject({
      id,
      created_by: 'admin',
      source: 'screen',
      design_fingerprint: 'a'.repeat(64),
      parameters: { replicates: 20, bootstrap: 50, seed: 4 },
      design: { gold: 12 },
      result: { studies: 20, rows: [{ family: 'corrected AccH (gpt-4.1)', coverage: 0.95 }] },
    });
    // Keys the appendix does not show are kept in the database, not read.
    expect(latest?.result.rows[0]).not.toHaveProperty('mean_width');
    expect(insertCoverageCheck(db, check({ source: 'cli', createdBy: null }))).toBeGreaterThan(id);
    expect(latestCoverageCheck(db, study.id)?.created_by).toBeNull();
  });

  it('bumps the report revision when a check is stored or removed, so a cached report with the old appendix is not served', () => {
    const { db, study, check } = setup();
    const before = reportRevision(db);
    insertCoverageCheck(db, check());
    expect(reportRevision(db)).toBe(before + 1);
    db.run('DELETE FROM coverage_checks WHERE study_id = ?', [study.id]);
    expect(reportRevision(db)).toBe(before + 2);
  });

  it('keeps the newest checks per study only, and goes with its study', () => {
    const { db, study, check } = setup();
    const other = insertStudy(db, 'other');
    insertCoverageCheck(db, check({ studyId: other.id }));
    for (let i = 0; i < COVERAGE_CHECKS_KEPT + 3; i++) insertCoverageCheck(db, check());
    const count = (id: number) =>
      db.first<{ n: number }>('SELECT count(*) AS n FROM coverage_checks WHERE study_id = ?', [id])?.n;
    expect(count(study.id)).toBe(COVERAGE_CHECKS_KEPT);
    expect(count(other.id)).toBe(1);
    db.run('DELETE FROM studies WHERE id = ?', [other.id]);
    expect(count(other.id)).toBe(0);
  });

  it('refuses a result beyond its bound, a fingerprint that is not SHA-256 hex length, and JSON that is not JSON', () => {
    const { db, check } = setup();
    expect(() => insertCoverageCheck(db, check({ summary: { padding: 'x'.repeat(300_000) } }))).toThrow(
      RangeError,
    );
    expect(() => insertCoverageCheck(db, check({ designFingerprint: 'short' }))).toThrow(/CHECK/);
    expect(() =>
      db.run(
        `INSERT INTO coverage_checks (study_id, design_fingerprint, report_revision, parameters, result, source, created_at)
         VALUES (1, ?, 0, 'not json', '{}', 'cli', 'now')`,
        ['c'.repeat(64)],
      ),
    ).toThrow(/CHECK/);
  });

  it('counts a study’s final gold, not its drafts', () => {
    const { db, study } = setup();
    const triple = insertTriple(db, study.id, buildTriple(), null);
    const first = insertArgument(db, study.id, buildArgument({ id: 'a1' }), triple, null);
    const second = insertArgument(db, study.id, buildArgument({ id: 'a2' }), triple, null);
    const gold = (argumentRowId: number, status: 'draft' | 'fixed') =>
      writeGold(
        db,
        {
          argumentRowId,
          status,
          judgement: buildJudgement(),
          decisions: [],
          adjudicator: null,
          note: null,
          importId: null,
        },
        status === 'fixed' ? 'fix' : 'save',
        null,
      );
    gold(first, 'fixed');
    gold(second, 'draft');
    expect(countFinalGold(db, study.id)).toBe(1);
  });
});
