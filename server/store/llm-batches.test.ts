import { describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import {
  argumentsInOpenBatches,
  countBatchRequests,
  countUncollectedBatchesOfRun,
  insertBatch,
  insertBatchJob,
  insertBatchRequest,
  listArgumentTextsPage,
  listBatchRequestsPage,
  listSubmittedRequestsOfBatch,
  markBatchCollected,
  settleBatchRequest,
  submitBatchRequest,
  triplesInOpenBatches,
} from './llm-batches.ts';
import { openDatabase } from './open.ts';

/** A study with one triple, three arguments and an llm extractor, in a fresh in-memory database. */
async function seeded(): Promise<Db> {
  const db = await openDatabase(':memory:');
  await db.run("INSERT INTO studies (name, created_at) VALUES ('s', 'now')");
  await db.run(
    "INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome) VALUES (1, 't1', 'arguable', '[]', '[]', 'plaintiff', '[]', 'defendant')",
  );
  for (const id of ['a1', 'a2', 'a3'])
    await db.run(
      `INSERT INTO arguments (study_id, external_id, triple_id, model, test, text) VALUES (1, ?, 1, 'm', 1, ?)`,
      [id, `text of ${id}`],
    );
  await db.run("INSERT INTO extractors (study_id, name, kind) VALUES (1, 'gpt-4.1', 'llm')");
  await db.run("INSERT INTO extraction_runs (extractor_id, started_at, parameters) VALUES (1, 'now', '{}')");
  return db;
}

async function extractJob(db: Db) {
  return await insertBatchJob(db, {
    studyId: 1,
    purpose: 'extract',
    endpoint: 'http://x/v1',
    model: 'gpt-4.1',
    extractorId: 1,
    test: null,
    config: '{}',
  });
}

async function request(db: Db, jobId: number, argumentRowId: number) {
  return await insertBatchRequest(db, {
    jobId,
    customId: `c${argumentRowId}`,
    argumentRowId,
    tripleRowId: null,
    cacheKey: 'k',
    inputHash: 'h',
  });
}

describe('008_llm_batches', () => {
  it('creates the batch tables and adds llm_calls.batch_id', async () => {
    const db = await seeded();
    // Both engines answer the question the same way only through a query on each one's catalogue.
    const tables = (
      await db.all<{ name: string }>(
        db.dialect === 'sqlite'
          ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'llm_batch%'"
          : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'llm_batch%'",
      )
    )
      .map((row) => row.name)
      .sort();
    expect(tables).toEqual(['llm_batch_jobs', 'llm_batch_requests', 'llm_batches']);
    const columns = (
      await db.all<{ name: string }>(
        db.dialect === 'sqlite'
          ? 'SELECT name FROM pragma_table_info(?)'
          : 'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?',
        ['llm_calls'],
      )
    ).map((row) => row.name);
    expect(columns).toContain('batch_id');
  });

  it('ties a job to an extractor for extraction and to a test for generation, never both', async () => {
    const db = await seeded();
    const insert = async (purpose: string, extractorId: number | null, test: number | null) =>
      await db.run(
        `INSERT INTO llm_batch_jobs (study_id, purpose, endpoint, model, extractor_id, test, config, created_at)
         VALUES (1, ?, 'e', 'm', ?, ?, '{}', 'now')`,
        [purpose, extractorId, test],
      );
    await expect(insert('extract', null, null)).rejects.toThrow(/CHECK|check constraint/);
    await expect(insert('extract', 1, 1)).rejects.toThrow(/CHECK|check constraint/);
    await expect(insert('generate', null, 4)).rejects.toThrow(/CHECK|check constraint/);
    await insert('generate', null, 2);
  });

  it('keeps custom ids unique in a job, and a failed or unanswered request must say why', async () => {
    const db = await seeded();
    const job = await extractJob(db);
    const id = await request(db, job.id, 1);
    await expect(request(db, job.id, 1)).rejects.toThrow(/UNIQUE|duplicate key/);
    await expect(settleBatchRequest(db, id, 'failed', null)).rejects.toThrow(/CHECK|check constraint/);
    await expect(settleBatchRequest(db, id, 'succeeded', 'why')).rejects.toThrow(/CHECK|check constraint/);
    await expect(
      db.run("UPDATE llm_batch_requests SET status = 'submitted' WHERE id = ?", [id]),
    ).rejects.toThrow(/CHECK|check constraint/);
  });

  it('refuses a provider status it does not know', async () => {
    const db = await seeded();
    const job = await extractJob(db);
    await expect(
      insertBatch(db, {
        jobId: job.id,
        extractionRunId: 1,
        providerBatchId: 'b',
        inputFileId: 'f',
        requests: 1,
        bytes: 10,
        status: 'sleeping' as 'completed',
      }),
    ).rejects.toThrow(/CHECK|check constraint/);
  });

  it('tracks requests through submission and settlement; open ones are not asked for twice', async () => {
    const db = await seeded();
    const job = await extractJob(db);
    const ids: number[] = [];
    for (const argument of [1, 2, 3]) ids.push(await request(db, job.id, argument));
    const batch = await insertBatch(db, {
      jobId: job.id,
      extractionRunId: 1,
      providerBatchId: 'batch_1',
      inputFileId: 'file-1',
      requests: 3,
      bytes: 300,
      status: 'validating',
    });
    for (const id of ids) await submitBatchRequest(db, id, batch);
    expect(await argumentsInOpenBatches(db, 1)).toEqual(new Set([1, 2, 3]));
    expect((await listSubmittedRequestsOfBatch(db, batch)).map((row) => row.customId)).toEqual([
      'c1',
      'c2',
      'c3',
    ]);

    await settleBatchRequest(db, ids[0] ?? 0, 'succeeded', null);
    await settleBatchRequest(db, ids[1] ?? 0, 'unanswered', 'batch expired');
    expect(await countBatchRequests(db, job.id)).toEqual({ succeeded: 1, unanswered: 1, submitted: 1 });
    expect(await argumentsInOpenBatches(db, 1)).toEqual(new Set([3]));
    expect(await listBatchRequestsPage(db, job.id, ['unanswered', 'failed'], 0, 10)).toMatchObject([
      { customId: 'c2', error: 'batch expired', submissions: 1 },
    ]);
    expect(await countUncollectedBatchesOfRun(db, 1)).toBe(1);
    await markBatchCollected(db, batch);
    expect(await countUncollectedBatchesOfRun(db, 1)).toBe(0);
  });

  it('finds triples in open generation batches by model and test', async () => {
    const db = await seeded();
    const job = await insertBatchJob(db, {
      studyId: 1,
      purpose: 'generate',
      endpoint: 'e',
      model: 'm',
      extractorId: null,
      test: 1,
      config: '{}',
    });
    await insertBatchRequest(db, {
      jobId: job.id,
      customId: 't1',
      argumentRowId: null,
      tripleRowId: 1,
      cacheKey: 'k',
      inputHash: 'h',
    });
    expect(await triplesInOpenBatches(db, 1, 'm', 1)).toEqual(new Set([1]));
    expect(await triplesInOpenBatches(db, 1, 'm', 2)).toEqual(new Set());
  });

  it('pages argument texts by row id', async () => {
    const db = await seeded();
    const first = await listArgumentTextsPage(db, 1, 0, 2);
    expect(first.map((row) => row.id)).toEqual(['a1', 'a2']);
    expect(await listArgumentTextsPage(db, 1, first.at(-1)?.rowId ?? 0, 2)).toEqual([
      { rowId: 3, id: 'a3', text: 'text of a3' },
    ]);
  });
});
