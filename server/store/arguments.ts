import type { Argument } from '../../shared/schemas/argument.ts';
import type { TestNumber } from '../../shared/vocabulary.ts';
import { inBatches, lookUpIn, valueTuples } from './batches.ts';
import type { Db } from './db.ts';

interface ArgumentRow {
  id: number;
  externalId: string;
  tripleRowId: number;
  tripleExternalId: string;
  model: string;
  test: TestNumber;
  text: string;
  finishReason: string | null;
  outputTokens: number | null;
  source: string | null;
}

export interface StoredArgument {
  rowId: number;
  tripleRowId: number;
  record: Argument;
}

const SELECT = `SELECT a.id, a.external_id AS externalId, a.triple_id AS tripleRowId, t.external_id AS tripleExternalId,
  a.model, a.test, a.text, a.finish_reason AS finishReason, a.output_tokens AS outputTokens, a.source
  FROM arguments a JOIN triples t ON t.id = a.triple_id`;

function toStored(row: ArgumentRow): StoredArgument {
  const record: Argument = {
    id: row.externalId,
    triple_id: row.tripleExternalId,
    model: row.model,
    test: row.test,
    text: row.text,
  };
  setOptionalArgumentFields(record, row);
  return { rowId: row.id, tripleRowId: row.tripleRowId, record };
}

/** An argument's optional columns as the record's optional fields, left out where NULL. */
export function setOptionalArgumentFields(
  record: { finish_reason?: string; output_tokens?: number; source?: string },
  row: { finishReason: string | null; outputTokens: number | null; source: string | null },
): void {
  if (row.finishReason !== null) record.finish_reason = row.finishReason;
  if (row.outputTokens !== null) record.output_tokens = row.outputTokens;
  if (row.source !== null) record.source = row.source;
}

function columns(studyId: number, argument: Argument, tripleRowId: number, importId: number | null) {
  return {
    studyId,
    externalId: argument.id,
    tripleRowId,
    model: argument.model,
    test: argument.test,
    text: argument.text,
    finishReason: argument.finish_reason ?? null,
    outputTokens: argument.output_tokens ?? null,
    source: argument.source ?? null,
    importId,
  };
}

export async function findArgument(
  db: Db,
  studyId: number,
  externalId: string,
): Promise<StoredArgument | undefined> {
  const row = await db.first<ArgumentRow>(`${SELECT} WHERE a.study_id = ? AND a.external_id = ?`, [
    studyId,
    externalId,
  ]);
  return row && toStored(row);
}

/** The row id of an argument, without reading it (an import of records that only refer to it). */
export async function findArgumentRowId(
  db: Db,
  studyId: number,
  externalId: string,
): Promise<number | undefined> {
  return (
    await db.first<{ id: number }>('SELECT id FROM arguments WHERE study_id = ? AND external_id = ?', [
      studyId,
      externalId,
    ])
  )?.id;
}

export async function findArgumentByRowId(db: Db, rowId: number): Promise<StoredArgument | undefined> {
  const row = await db.first<ArgumentRow>(`${SELECT} WHERE a.id = ?`, [rowId]);
  return row && toStored(row);
}

export async function listArguments(db: Db, studyId: number): Promise<StoredArgument[]> {
  return (await db.all<ArgumentRow>(`${SELECT} WHERE a.study_id = ? ORDER BY a.id`, [studyId])).map(toStored);
}

export async function insertArgument(
  db: Db,
  studyId: number,
  argument: Argument,
  tripleRowId: number,
  importId: number | null,
): Promise<number> {
  return await db.insert(
    `INSERT INTO arguments (study_id, external_id, triple_id, model, test, text, finish_reason, output_tokens, source, import_id)
     VALUES (@studyId, @externalId, @tripleRowId, @model, @test, @text, @finishReason, @outputTokens, @source, @importId)`,
    columns(studyId, argument, tripleRowId, importId),
  );
}

/** An argument to insert, as `insertArguments` takes it. */
export interface ArgumentInsert {
  argument: Argument;
  tripleRowId: number;
}

/**
 * Inserts many arguments of one study and import, in multi-row INSERTs (`inBatches`: up to 500 rows
 * each): the same rows as `insertArgument` one at a time, in one round trip per batch instead of one
 * per argument.
 */
export async function insertArguments(
  db: Db,
  studyId: number,
  rows: readonly ArgumentInsert[],
  importId: number | null,
): Promise<void> {
  for (const batch of inBatches(rows)) {
    const values: unknown[] = [];
    for (const { argument, tripleRowId } of batch) {
      const c = columns(studyId, argument, tripleRowId, importId);
      values.push(
        c.studyId,
        c.externalId,
        c.tripleRowId,
        c.model,
        c.test,
        c.text,
        c.finishReason,
        c.outputTokens,
        c.source,
        c.importId,
      );
    }
    await db.run(
      `INSERT INTO arguments (study_id, external_id, triple_id, model, test, text, finish_reason, output_tokens, source, import_id)
       VALUES ${valueTuples(batch.length, 10)}`,
      values,
    );
  }
}

/** The row ids of the study's arguments of these external ids (those stored), by external id. */
export async function findArgumentRowIds(
  db: Db,
  studyId: number,
  externalIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await lookUpIn(externalIds, (marks, params) =>
    db.all<{ externalId: string; id: number }>(
      `SELECT external_id AS externalId, id FROM arguments WHERE study_id = ? AND external_id IN (${marks})`,
      [studyId, ...params],
    ),
  );
  return new Map(rows.map((row) => [row.externalId, row.id]));
}

/** The row id and text (what a judgement's span checks need) of each stored argument of these external ids, without a join. */
export async function findArgumentTexts(
  db: Db,
  studyId: number,
  externalIds: readonly string[],
): Promise<Map<string, { rowId: number; text: string }>> {
  const rows = await lookUpIn(externalIds, (marks, params) =>
    db.all<{ externalId: string; rowId: number; text: string }>(
      `SELECT external_id AS externalId, id AS rowId, text FROM arguments WHERE study_id = ? AND external_id IN (${marks})`,
      [studyId, ...params],
    ),
  );
  return new Map(rows.map(({ externalId, rowId, text }) => [externalId, { rowId, text }]));
}

export async function updateArgument(
  db: Db,
  studyId: number,
  argument: Argument,
  tripleRowId: number,
  importId: number | null,
): Promise<void> {
  await db.run(
    `UPDATE arguments SET triple_id = @tripleRowId, model = @model, test = @test, text = @text,
       finish_reason = @finishReason, output_tokens = @outputTokens, source = @source, import_id = @importId
     WHERE study_id = @studyId AND external_id = @externalId`,
    columns(studyId, argument, tripleRowId, importId),
  );
}

/** Whether the study holds at least one argument. */
export async function hasArguments(db: Db, studyId: number): Promise<boolean> {
  return (
    (await db.first('SELECT 1 AS one FROM arguments WHERE study_id = ? LIMIT 1', [studyId])) !== undefined
  );
}

export async function countArgumentsByModelAndTest(
  db: Db,
  studyId: number,
): Promise<{ model: string; test: TestNumber; count: number }[]> {
  return await db.all(
    'SELECT model, test, count(*) AS count FROM arguments WHERE study_id = ? GROUP BY model, test ORDER BY model, test',
    [studyId],
  );
}

export async function countArgumentsOfTriple(db: Db, tripleRowId: number): Promise<number> {
  return (
    (await db.first<{ n: number }>('SELECT count(*) AS n FROM arguments WHERE triple_id = ?', [tripleRowId]))
      ?.n ?? 0
  );
}

/** How many arguments came from each source ("synthetic demo", …); model runs have none. */
export async function countArgumentsBySource(
  db: Db,
  studyId: number,
): Promise<{ source: string; count: number }[]> {
  return await db.all(
    'SELECT source, count(*) AS count FROM arguments WHERE study_id = ? AND source IS NOT NULL GROUP BY source ORDER BY source',
    [studyId],
  );
}
