import type { Extraction } from '../../shared/schemas/extraction.ts';
import { type ExtractionMention, extractionMentionsSchema } from '../../shared/schemas/extraction-mention.ts';
import { inBatches, lookUpIn, valueTuples } from './batches.ts';
import type { Db } from './db.ts';
import { readFactorIds, readUnlisted, writeJson } from './json-columns.ts';

interface ExtractionRow {
  id: number;
  extractorId: number;
  argumentExternalId: string;
  extractor: string;
  status: Extraction['status'];
  currentFactors: string;
  tsc1Factors: string;
  tsc2Factors: string;
  unlisted: string;
  abstained: number | null;
  raw: string | null;
  error: string | null;
  mentions: string | null;
}

const SELECT = `SELECT e.id, e.extractor_id AS extractorId, a.external_id AS argumentExternalId, x.name AS extractor, e.status,
  e.current_factors AS currentFactors, e.tsc1_factors AS tsc1Factors, e.tsc2_factors AS tsc2Factors,
  e.unlisted, e.abstained, e.raw, e.error, e.mentions
  FROM extractions e JOIN arguments a ON a.id = e.argument_id JOIN extractors x ON x.id = e.extractor_id`;

/** SELECT with the argument's row id too, for the reads that need it (the report's read of one study has no use for it in its rows). */
const SELECT_WITH_ARGUMENT = SELECT.replace('SELECT ', 'SELECT e.argument_id AS argumentRowId, ');

function toRecord(row: ExtractionRow): Extraction {
  const record: Extraction = {
    argument_id: row.argumentExternalId,
    extractor: row.extractor,
    current: readFactorIds(row.currentFactors),
    tsc1: readFactorIds(row.tsc1Factors),
    tsc2: readFactorIds(row.tsc2Factors),
    unlisted: readUnlisted(row.unlisted),
    status: row.status,
  };
  if (row.abstained !== null) record.abstained = row.abstained === 1;
  if (row.raw !== null) record.raw = row.raw;
  if (row.error !== null) record.error = row.error;
  if (row.mentions !== null) record.mentions = readMentions(row.mentions);
  return record;
}

/** The mentions column, read through its schema like every JSON column (a hand-edited file fails loudly). */
function readMentions(column: string): ExtractionMention[] {
  return extractionMentionsSchema.parse(JSON.parse(column));
}

function columns(extraction: Extraction, argumentRowId: number, extractorId: number, runId: number | null) {
  return {
    argumentRowId,
    extractorId,
    runId,
    status: extraction.status,
    current: writeJson(extraction.current),
    tsc1: writeJson(extraction.tsc1),
    tsc2: writeJson(extraction.tsc2),
    unlisted: writeJson(extraction.unlisted),
    abstained: extraction.abstained === undefined ? null : Number(extraction.abstained),
    raw: extraction.raw ?? null,
    error: extraction.error ?? null,
    mentions: extraction.mentions === undefined ? null : writeJson(extraction.mentions),
  };
}

export async function findExtraction(
  db: Db,
  argumentRowId: number,
  extractorId: number,
): Promise<Extraction | undefined> {
  const row = await db.first<ExtractionRow>(`${SELECT} WHERE e.argument_id = ? AND e.extractor_id = ?`, [
    argumentRowId,
    extractorId,
  ]);
  return row && toRecord(row);
}

/**
 * Every extraction of a study (by extractor name, then argument), or of one extractor (by argument).
 * The study's whole list is put in order here rather than by the database: PostgreSQL sorting the
 * 14,400 extraction rows of a 7,200-argument study kept them back until the last was sorted, 53 ms
 * against 26 ms streamed unsorted (the report's largest read). The order is the same: the extractors'
 * ranks come from the database's own `ORDER BY name` (its collation), and a study's extractor names
 * are unique, so (rank, argument row id) orders as `ORDER BY x.name, a.id` did.
 */
export async function listExtractions(
  db: Db,
  studyId: number,
  extractorName?: string,
): Promise<Extraction[]> {
  if (extractorName !== undefined)
    return (
      await db.all<ExtractionRow>(`${SELECT} WHERE a.study_id = ? AND x.name = ? ORDER BY a.id`, [
        studyId,
        extractorName,
      ])
    ).map(toRecord);
  const ranks = new Map(
    (
      await db.all<{ id: number }>('SELECT id FROM extractors WHERE study_id = ? ORDER BY name', [studyId])
    ).map((row, rank) => [row.id, rank]),
  );
  const rows = await db.all<ExtractionRow & { argumentRowId: number }>(
    `${SELECT_WITH_ARGUMENT} WHERE a.study_id = ?`,
    [studyId],
  );
  const rankOf = (row: ExtractionRow) => {
    const rank = ranks.get(row.extractorId);
    if (rank === undefined) throw new Error(`extractor ${row.extractorId} is not of study ${studyId}`);
    return rank;
  };
  rows.sort((a, b) => rankOf(a) - rankOf(b) || a.argumentRowId - b.argumentRowId);
  return rows.map(toRecord);
}

/** Inserts, or replaces the extractor's earlier output for the argument. */
export async function upsertExtraction(
  db: Db,
  extraction: Extraction,
  argumentRowId: number,
  extractorId: number,
  runId: number | null,
): Promise<void> {
  await db.run(
    `INSERT INTO extractions (argument_id, extractor_id, run_id, status, current_factors, tsc1_factors, tsc2_factors, unlisted, abstained, raw, error, mentions)
     VALUES (@argumentRowId, @extractorId, @runId, @status, @current, @tsc1, @tsc2, @unlisted, @abstained, @raw, @error, @mentions)
     ON CONFLICT (argument_id, extractor_id) DO UPDATE SET run_id = excluded.run_id, status = excluded.status,
       current_factors = excluded.current_factors, tsc1_factors = excluded.tsc1_factors, tsc2_factors = excluded.tsc2_factors,
       unlisted = excluded.unlisted, abstained = excluded.abstained, raw = excluded.raw, error = excluded.error,
       mentions = excluded.mentions`,
    columns(extraction, argumentRowId, extractorId, runId),
  );
}

/** An extraction to insert, as `insertExtractions` takes it. */
export interface ExtractionInsert {
  extraction: Extraction;
  argumentRowId: number;
  extractorId: number;
  runId: number | null;
}

/**
 * Inserts new extractions (none stored yet for their argument and extractor), in multi-row INSERTs
 * of up to 500 rows (`inBatches`): the rows `upsertExtraction` would insert, one round trip per batch.
 */
export async function insertExtractions(db: Db, rows: readonly ExtractionInsert[]): Promise<void> {
  for (const batch of inBatches(rows)) {
    const values: unknown[] = [];
    for (const { extraction, argumentRowId, extractorId, runId } of batch) {
      const c = columns(extraction, argumentRowId, extractorId, runId);
      values.push(
        c.argumentRowId,
        c.extractorId,
        c.runId,
        c.status,
        c.current,
        c.tsc1,
        c.tsc2,
        c.unlisted,
        c.abstained,
        c.raw,
        c.error,
        c.mentions,
      );
    }
    await db.run(
      `INSERT INTO extractions (argument_id, extractor_id, run_id, status, current_factors, tsc1_factors, tsc2_factors, unlisted, abstained, raw, error, mentions)
       VALUES ${valueTuples(batch.length, 12)}`,
      values,
    );
  }
}

/** Every stored extraction of these arguments (whichever extractor), with its argument's and extractor's row ids. */
export async function listExtractionsOfArguments(
  db: Db,
  argumentRowIds: readonly number[],
): Promise<{ argumentRowId: number; extractorId: number; extraction: Extraction }[]> {
  const rows = await lookUpIn(argumentRowIds, (marks, params) =>
    db.all<ExtractionRow & { argumentRowId: number }>(
      `${SELECT_WITH_ARGUMENT} WHERE e.argument_id IN (${marks})`,
      params,
    ),
  );
  return rows.map((row) => ({
    argumentRowId: row.argumentRowId,
    extractorId: row.extractorId,
    extraction: toRecord(row),
  }));
}

export interface ExtractionCount {
  extractor: string;
  model: string;
  test: number;
  status: Extraction['status'];
  count: number;
}

export async function countExtractions(db: Db, studyId: number): Promise<ExtractionCount[]> {
  return await db.all<ExtractionCount>(
    `SELECT x.name AS extractor, a.model, a.test, e.status, count(*) AS count
     FROM extractions e JOIN arguments a ON a.id = e.argument_id JOIN extractors x ON x.id = e.extractor_id
     WHERE a.study_id = ? GROUP BY x.name, a.model, a.test, e.status ORDER BY x.name, a.model, a.test`,
    [studyId],
  );
}

export async function listExtractionsOfArgument(db: Db, argumentRowId: number): Promise<Extraction[]> {
  return (
    await db.all<ExtractionRow>(`${SELECT} WHERE e.argument_id = ? ORDER BY x.name`, [argumentRowId])
  ).map(toRecord);
}

/**
 * The parameters each stored extraction of an extractor was made with (its run's `parameters`
 * JSON), with its status, keyed by argument row id: what a resumed run compares against.
 */
export async function extractionStatesOfExtractor(
  db: Db,
  extractorId: number,
): Promise<Map<number, { status: 'extracted' | 'failed'; runParameters: string | null }>> {
  const rows = await db.all<{
    argumentRowId: number;
    status: 'extracted' | 'failed';
    runParameters: string | null;
  }>(
    `SELECT e.argument_id AS argumentRowId, e.status, r.parameters AS runParameters
     FROM extractions e LEFT JOIN extraction_runs r ON r.id = e.run_id WHERE e.extractor_id = ?`,
    [extractorId],
  );
  return new Map(
    rows.map((row) => [row.argumentRowId, { status: row.status, runParameters: row.runParameters }]),
  );
}

/** Every extraction of one argument with its extractor's row id, by extractor name. */
export async function listExtractionsOfArgumentWithExtractor(
  db: Db,
  argumentRowId: number,
): Promise<{ extractorId: number; extraction: Extraction }[]> {
  return (
    await db.all<ExtractionRow>(`${SELECT} WHERE e.argument_id = ? ORDER BY x.name`, [argumentRowId])
  ).map((row) => ({ extractorId: row.extractorId, extraction: toRecord(row) }));
}
