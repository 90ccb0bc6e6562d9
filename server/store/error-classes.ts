import { z } from 'zod';
import {
  type ClassifiedDecision,
  classifiedDecisionSchema,
  type ErrorClass,
} from '../../shared/adjudication-api.ts';
import { countErrorClasses } from '../../shared/scoring/error-classes.ts';
import { inBatches, lookUpIn, valueTuples } from './batches.ts';
import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';

const decisionsColumn = z.array(classifiedDecisionSchema);

export interface StoredErrorClasses {
  argumentRowId: number;
  argumentExternalId: string;
  extractorId: number;
  extractor: string;
  goldVersion: number;
  decisions: ClassifiedDecision[];
  counts: Record<ErrorClass, number>;
}

type Row = Omit<StoredErrorClasses, 'decisions' | 'counts'> & { decisions: string };

const SELECT = `SELECT c.argument_id AS argumentRowId, a.external_id AS argumentExternalId, c.extractor_id AS extractorId,
  x.name AS extractor, c.gold_version AS goldVersion, c.decisions
  FROM error_classes c JOIN arguments a ON a.id = c.argument_id JOIN extractors x ON x.id = c.extractor_id`;

// The counts column is for SQL readers of the file (ad-hoc queries); the app counts from the decisions
// it has just validated, so the two cannot drift in what it shows.
function toStored(row: Row): StoredErrorClasses {
  const decisions = decisionsColumn.parse(JSON.parse(row.decisions));
  return { ...row, decisions, counts: countErrorClasses(decisions) };
}

/** The stored classifications of one argument, by extractor name. */
export async function listErrorClassesOfArgument(
  db: Db,
  argumentRowId: number,
): Promise<StoredErrorClasses[]> {
  return (await db.all<Row>(`${SELECT} WHERE c.argument_id = ? ORDER BY x.name`, [argumentRowId])).map(
    toStored,
  );
}

/** The stored classifications of these arguments (whichever extractor). */
export async function listErrorClassesOfArguments(
  db: Db,
  argumentRowIds: readonly number[],
): Promise<StoredErrorClasses[]> {
  return (
    await lookUpIn(argumentRowIds, (marks, params) =>
      db.all<Row>(`${SELECT} WHERE c.argument_id IN (${marks})`, params),
    )
  ).map(toStored);
}

/** Every stored classification of the study, in argument then extractor order. */
export async function listErrorClasses(db: Db, studyId: number): Promise<StoredErrorClasses[]> {
  return (await db.all<Row>(`${SELECT} WHERE a.study_id = ? ORDER BY a.id, x.name`, [studyId])).map(toStored);
}

/** Stores (or replaces) one extractor's classification of one argument against gold version `goldVersion`. */
export async function upsertErrorClasses(
  db: Db,
  entry: {
    argumentRowId: number;
    extractorId: number;
    goldVersion: number;
    decisions: readonly ClassifiedDecision[];
  },
): Promise<void> {
  await db.run(
    `INSERT INTO error_classes (argument_id, extractor_id, gold_version, decisions, counts, computed_at)
     VALUES (@argumentRowId, @extractorId, @goldVersion, @decisions, @counts, @at)
     ON CONFLICT (argument_id, extractor_id) DO UPDATE SET gold_version = excluded.gold_version,
       decisions = excluded.decisions, counts = excluded.counts, computed_at = excluded.computed_at`,
    {
      ...entry,
      decisions: writeJson(entry.decisions),
      counts: writeJson(countErrorClasses(entry.decisions)),
      at: nowIso(),
    },
  );
}

/**
 * `upsertErrorClasses` of many classifications, in multi-row statements of up to 500 (`inBatches`).
 * No two entries may name the same argument and extractor (one statement cannot change a row twice).
 */
export async function upsertManyErrorClasses(
  db: Db,
  entries: readonly {
    argumentRowId: number;
    extractorId: number;
    goldVersion: number;
    decisions: readonly ClassifiedDecision[];
  }[],
): Promise<void> {
  for (const batch of inBatches(entries)) {
    const at = nowIso();
    const values: unknown[] = [];
    for (const entry of batch)
      values.push(
        entry.argumentRowId,
        entry.extractorId,
        entry.goldVersion,
        writeJson(entry.decisions),
        writeJson(countErrorClasses(entry.decisions)),
        at,
      );
    await db.run(
      `INSERT INTO error_classes (argument_id, extractor_id, gold_version, decisions, counts, computed_at)
       VALUES ${valueTuples(batch.length, 6)}
       ON CONFLICT (argument_id, extractor_id) DO UPDATE SET gold_version = excluded.gold_version,
         decisions = excluded.decisions, counts = excluded.counts, computed_at = excluded.computed_at`,
      values,
    );
  }
}
