import { describe, expect, it } from 'vitest';
import { assignDemoSample, loadDemo, loadDemoAnnotations } from '../server/services/demo/demo.ts';
import { collectBatchJobs, openAiBatchApi } from '../server/services/llm/index.ts';
import type { Db } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import { llmSandbox, llmServers, studyJsonl } from './support/llm-server.ts';
import { rerunningTransactions } from './support/rerun-transactions.ts';

/**
 * Transaction bodies that must be re-runnable: PostgreSQL runs a body again whole after a
 * serialization failure (docs/decisions/022), so a body that draws random numbers from, or counts
 * into, state outside itself would give another result the second time. Each body here runs twice
 * (`rerunningTransactions`: the first try rolled back) and must give what one run gives.
 */
const serve = llmServers();

/** The demo's annotations, gold and summary, loaded on `db`. */
async function demoOn(db: Db) {
  const { demo } = await loadDemo(db);
  await assignDemoSample(db);
  const summary = await loadDemoAnnotations(db, demo);
  // By the arguments' and users' names: PostgreSQL does not roll back an identity's sequence, so
  // the rolled-back first try leaves the second run other row ids.
  const annotations = await db.all(
    `SELECT a.external_id AS argument, u.username AS annotator, n.judgement, n.seconds_spent AS seconds
     FROM annotations n JOIN arguments a ON a.id = n.argument_id JOIN users u ON u.id = n.user_id
     ORDER BY a.external_id, u.username`,
  );
  const gold = await db.all(
    `SELECT a.external_id AS argument, j.status, j.judgement
     FROM adjudications j JOIN arguments a ON a.id = j.argument_id ORDER BY a.external_id`,
  );
  return { summary, annotations, gold };
}

describe('transaction bodies run twice', () => {
  it("the demo's simulated annotations and gold: the same numbers drawn again", {
    timeout: 60_000,
  }, async () => {
    const once = await openDatabase(':memory:');
    const twice = rerunningTransactions(await openDatabase(':memory:'));
    const expected = await demoOn(once);
    const got = await demoOn(twice.db);
    expect(twice.reruns()).toBeGreaterThan(0);
    expect(got.summary).toEqual(expected.summary);
    expect(got.annotations).toEqual(expected.annotations);
    expect(got.gold).toEqual(expected.gold);
    expect(expected.summary.annotations).toBeGreaterThan(0);
    await once.close();
    await twice.db.close();
  });

  it("batch collect: each line's outcome and the requests that never ran counted once", async () => {
    const server = await serve({ batches: { hold: true } });
    const sandbox = llmSandbox();
    const { triples, arguments: argumentsJsonl } = studyJsonl(3);
    for (const [kind, content] of [
      ['triples', triples],
      ['arguments', argumentsJsonl],
    ] as const)
      expect((await sandbox.run('import', kind, sandbox.file(`${kind}.jsonl`, content))).code).toBe(0);
    const submitted = await sandbox.run(
      'extract',
      '--extractor',
      'llm',
      '--batch',
      '--base-url',
      server.baseURL,
    );
    expect(submitted.code, submitted.stderr).toBe(0);
    await server.releaseBatches();
    const output = [...server.files.values()].find((file) => file.purpose === 'batch_output');
    if (!output) throw new Error('no output file');
    // One answer kept, one unreadable line, one line for a request of another job: two never ran.
    const [keep] = output.content.toString('utf8').trim().split('\n');
    const foreign = JSON.stringify({
      custom_id: 'fa-j9-x1',
      response: { status_code: 200, body: {} },
      error: null,
    });
    output.content = Buffer.from(`${keep}\nnot json\n${foreign}\n`);
    const twice = rerunningTransactions(await openDatabase(sandbox.db));
    const api = openAiBatchApi({
      baseURL: server.baseURL,
      apiKey: 'test-key',
      timeoutMs: 10_000,
      uploadTimeoutMs: 10_000,
      maxRetries: 0,
    });
    const settled: number[] = [];
    const summary = await collectBatchJobs({
      db: twice.db,
      study: 'default',
      apiFor: () => api,
      onProgress: (count) => settled.push(count),
    });
    expect(twice.reruns()).toBeGreaterThan(0);
    expect(summary.batches).toHaveLength(1);
    expect(summary.batches[0]).toMatchObject({
      collected: true,
      succeeded: 1,
      failed: 0,
      unanswered: 2,
      ignored: 1,
      unreadable: 1,
      firstProblem: expect.stringContaining('not JSON'),
    });
    expect(settled.at(-1)).toBe(1);
    const requests = await twice.db.all<{ status: string }>(
      'SELECT status FROM llm_batch_requests ORDER BY id',
    );
    expect(requests.map((request) => request.status).sort()).toEqual([
      'succeeded',
      'unanswered',
      'unanswered',
    ]);
    await twice.db.close();
  });
});
