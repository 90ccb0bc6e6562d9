import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listArguments } from '../server/store/arguments.ts';
import { listExtractions } from '../server/store/extractions.ts';
import { listLlmCalls } from '../server/store/llm-calls.ts';
import { openDatabase } from '../server/store/open.ts';
import { findStudy } from '../server/store/studies.ts';
import type { Triple } from '../shared/schemas/triple.ts';
import {
  argumentIdOf,
  extractionAnswer,
  type LlmServer,
  llmSandbox,
  llmServers,
  type RecordedRequest,
  type Reply,
  studyJsonl,
  userContent,
} from './support/llm-server.ts';

const serve = llmServers();
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Sandbox = ReturnType<typeof llmSandbox>;

/** A sandbox with a study of `count` arguments (a1…aN) imported. */
async function studyOf(count: number): Promise<Sandbox> {
  const sandbox = llmSandbox();
  const { triples, arguments: argumentsJsonl } = studyJsonl(count);
  for (const [kind, content] of [
    ['triples', triples],
    ['arguments', argumentsJsonl],
  ] as const) {
    const result = await sandbox.run('import', kind, sandbox.file(`${kind}.jsonl`, content));
    expect(result.code, result.stderr).toBe(0);
  }
  return sandbox;
}

function submit(sandbox: Sandbox, server: LlmServer, ...extra: string[]) {
  return sandbox.run('extract', '--extractor', 'llm', '--batch', '--base-url', server.baseURL, ...extra);
}

/** Everything the tests compare, read from the database file. */
async function stored(sandbox: Sandbox) {
  const db = await openDatabase(sandbox.db);
  try {
    const study = await findStudy(db, 'default');
    if (!study) throw new Error('no study');
    return {
      extractions: await listExtractions(db, study.id),
      calls: await listLlmCalls(db, study.id),
      arguments: await listArguments(db, study.id),
      requests: await db.all<{ customId: string; status: string; error: string | null; submissions: number }>(
        'SELECT custom_id AS customId, status, error, submissions FROM llm_batch_requests ORDER BY id',
      ),
      batches: await db.all<{
        providerBatchId: string;
        status: string;
        collectedAt: string | null;
        runId: number;
      }>(
        'SELECT provider_batch_id AS providerBatchId, status, collected_at AS collectedAt, extraction_run_id AS runId FROM llm_batches ORDER BY id',
      ),
      runs: await db.all<{ id: number; finishedAt: string | null }>(
        'SELECT id, finished_at AS finishedAt FROM extraction_runs ORDER BY id',
      ),
    };
  } finally {
    await db.close();
  }
}

/** The CLI in a process of its own, as after a restart (the test server keeps running here). */
async function runInNewProcess(sandbox: Sandbox, ...args: string[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/cli.ts', '--db', sandbox.db, ...args],
    { cwd: ROOT, env: { ...process.env, OPENAI_API_KEY: 'test-key' } },
  );
  return stdout;
}

const number = (request: RecordedRequest) => Number((argumentIdOf(request) ?? 'a0').slice(1));

describe('extract --extractor llm --batch', () => {
  it('extracts 1,000 arguments through batches across a restart: every argument extracted or failed with its reason, retried, and a second collect changes nothing', async () => {
    let healthy = false;
    const server = await serve({
      // The third batch (requests 601–900) expires after 100 lines, as a 24-hour window can.
      batches: { hold: true, expireAfterLines: (index) => (index === 2 && !healthy ? 100 : null) },
      script: (request): Reply => {
        const n = number(request);
        if (!healthy && n % 97 === 0) return { kind: 'error', status: 500, message: 'the model crashed' };
        if (!healthy && n % 101 === 0) return { kind: 'answer', content: 'I would rather not say.' };
        if (!healthy && n % 103 === 0)
          return { kind: 'answer', content: '{"Input Case": ["F4"], "TSC1": ["F', finishReason: 'length' };
        return {
          kind: 'answer',
          content: extractionAnswer({ current: ['F4'], tsc1: ['F4'], tsc2: [`F${(n % 20) + 1}`] }),
        };
      },
    });
    const sandbox = await studyOf(1000);

    const submitted = await submit(sandbox, server, '--batch-max-requests', '300');
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(submitted.stdout).toContain(
      'arguments 1000: 0 already extracted with these parameters, 1000 to do',
    );
    expect(submitted.stdout).toContain('requests 1000 in 4 file(s)');
    expect(server.batches.size).toBe(4);
    expect([...server.files.values()].map((file) => file.purpose)).toEqual([
      'batch',
      'batch',
      'batch',
      'batch',
    ]);
    // Every batch id is in the store before anything has run.
    expect((await stored(sandbox)).batches.map((batch) => batch.providerBatchId)).toEqual([
      'batch_1',
      'batch_2',
      'batch_3',
      'batch_4',
    ]);

    // Nothing is asked twice while the batches run: neither by the synchronous path nor by a new submission.
    const sync = await sandbox.run('extract', '--extractor', 'llm', '--base-url', server.baseURL);
    expect(sync.stdout).toContain('1000 in a batch job (see batch status), 0 to do');
    const again = await submit(sandbox, server);
    expect(again.stdout).toContain('1000 in a batch job already, 0 to do');
    const running = await sandbox.run('batch', 'status');
    expect(running.stdout).toContain(
      'requests 1000: 0 extracted, 0 failed, 0 never ran, 1000 waiting in batches',
    );
    expect(running.stdout).toContain('batch_1  in_progress  0/300 done');

    await server.releaseBatches();
    // The collect runs in a new process over the same database file: it needs nothing but the store.
    const collected = await runInNewProcess(sandbox, 'batch', 'collect');
    expect(collected).toMatch(/job 1 batch_3 \(expired\): \d+ extracted, \d+ failed, 200 never ran/);
    expect(collected).toContain('requests 1000:');

    const first = await stored(sandbox);
    expect(first.extractions).toHaveLength(1000);
    const failed = first.extractions.filter((extraction) => extraction.status === 'failed');
    const expired = failed.filter((extraction) =>
      /expired before this request ran/.test(extraction.error ?? ''),
    );
    expect(expired).toHaveLength(200);
    expect(expired[0]?.error).toMatch(
      /^batch batch_3 expired before this request ran \(batch_expired: .*\); "batch retry" resubmits it$/,
    );
    const kind = (error: string) =>
      /^(HTTP 500|unreadable extraction|truncated extraction|batch batch_3 expired)/.exec(error)?.[1];
    expect(new Set(failed.map((extraction) => kind(extraction.error ?? '')))).toEqual(
      new Set(['HTTP 500', 'unreadable extraction', 'truncated extraction', 'batch batch_3 expired']),
    );
    expect(failed.find((extraction) => extraction.argument_id === 'a97')?.error).toBe(
      'HTTP 500: the model crashed',
    );
    expect(failed.find((extraction) => extraction.argument_id === 'a101')?.error).toMatch(
      /^unreadable extraction: /,
    );
    expect(failed.find((extraction) => extraction.argument_id === 'a103')?.error).toMatch(
      /^truncated extraction/,
    );
    // A failure is never an empty extraction: it carries its error and no factors.
    expect(failed.every((extraction) => extraction.error && extraction.current.length === 0)).toBe(true);
    expect(
      first.extractions.filter((extraction) => extraction.status === 'extracted').length + failed.length,
    ).toBe(1000);
    // Provenance: one llm_calls row per request that ran, tied to its batch; none for those that never ran.
    expect(first.calls).toHaveLength(800);
    expect(first.calls.every((call) => call.batchId !== null && call.purpose === 'extract')).toBe(true);
    expect(first.calls.find((call) => call.status === 'failed')).toMatchObject({
      httpStatus: 500,
      attempts: 1,
    });
    expect(first.runs).toEqual([{ id: 1, finishedAt: expect.any(String) }]);

    const unchanged = await sandbox.run('batch', 'collect');
    expect(unchanged.stdout).toContain('nothing to collect');
    expect(await stored(sandbox)).toEqual(first);

    // The model is healthy again: retry resubmits what failed or never ran, nothing else.
    healthy = true;
    const extractedBefore = new Set(
      first.extractions
        .filter((extraction) => extraction.status === 'extracted')
        .map((extraction) => extraction.argument_id),
    );
    const seenBefore = server.requests.length;
    const retried = await sandbox.run('batch', 'retry', '--job', '1', '--batch-max-requests', '300');
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stdout).toContain(`requests ${failed.length} in 1 file(s)`);
    const done = await sandbox.run('batch', 'collect', '--wait', '--poll-ms', '10');
    expect(done.code, done.stderr).toBe(0);
    const resent = server.requests.slice(seenBefore).map((request) => argumentIdOf(request) ?? '');
    expect(resent).toHaveLength(failed.length);
    expect(resent.some((id) => extractedBefore.has(id))).toBe(false);

    const last = await stored(sandbox);
    expect(last.extractions.filter((extraction) => extraction.status === 'extracted')).toHaveLength(1000);
    expect(last.requests.every((request) => request.status === 'succeeded')).toBe(true);
    expect(last.runs.every((run) => run.finishedAt !== null)).toBe(true);
    expect((await sandbox.run('batch', 'collect')).stdout).toContain('nothing to collect');
    expect(await stored(sandbox)).toEqual(last);
    expect((await submit(sandbox, server)).stdout).toContain(
      '1000 already extracted with these parameters, 0 to do',
    );
  });

  it('stores the same extractions and provenance as the synchronous path for the same answers', async () => {
    const answers: Record<number, Reply> = {
      1: {
        kind: 'answer',
        content: extractionAnswer({ current: ['F4', 'F6'], tsc1: ['F4'], tsc2: ['F10'] }),
      },
      2: { kind: 'answer', content: `<think>F19?</think>\n${extractionAnswer({ current: ['F4'] })}` },
      3: { kind: 'answer', content: 'I cannot help with that.' },
      4: { kind: 'answer', content: '{"Input Case": ["F4"], "TSC1": ["F', finishReason: 'length' },
      5: { kind: 'answer', content: extractionAnswer({ tsc2: ['F10'] }), finishReason: 'length' },
      6: { kind: 'error', status: 401, message: 'bad key' },
      7: {
        kind: 'answer',
        content: '{"Input Case": {"F4 Agreed-not-to-disclose (P)"}, "TSC1": "None", "TSC2": {}}',
      },
    };
    const server = await serve({ script: (request) => answers[number(request)] ?? { kind: 'hang' } });
    const synchronous = await studyOf(7);
    const batched = await studyOf(7);
    const sync = await synchronous.run(
      'extract',
      '--extractor',
      'llm',
      '--base-url',
      server.baseURL,
      '--max-retries',
      '0',
    );
    expect(sync.code, sync.stderr).toBe(0);
    expect((await submit(batched, server)).code).toBe(0);
    const collected = await batched.run('batch', 'collect', '--wait', '--poll-ms', '10');
    expect(collected.code, collected.stderr).toBe(0);

    // The same request went out both ways.
    const bodies = (via: 'http' | 'batch') =>
      server.requests
        .filter((request) => request.via === via)
        .sort((a, b) => number(a) - number(b))
        .map((request) => request.body);
    expect(bodies('batch')).toEqual(bodies('http'));

    const a = await stored(synchronous);
    const b = await stored(batched);
    expect(b.extractions).toEqual(a.extractions);
    expect(new Set(a.extractions.map((extraction) => extraction.status))).toEqual(
      new Set(['extracted', 'failed']),
    );
    const provenance = (calls: typeof a.calls) =>
      calls
        .map((call) => ({
          argument: call.argumentRowId,
          purpose: call.purpose,
          cacheKey: call.cacheKey,
          endpoint: call.endpoint,
          model: call.model,
          promptHash: call.promptHash,
          inputHash: call.inputHash,
          parameters: call.parameters,
          responseFormat: call.responseFormat,
          status: call.status,
          error: call.error,
          httpStatus: call.httpStatus,
          attempts: call.attempts,
          attemptLog: call.attemptLog,
          finishReason: call.finishReason,
          inputTokens: call.inputTokens,
          outputTokens: call.outputTokens,
          content: call.content,
          answer: call.rawResponse === null ? null : JSON.parse(call.rawResponse).choices,
        }))
        .sort((x, y) => (x.argument ?? 0) - (y.argument ?? 0));
    expect(provenance(b.calls)).toEqual(provenance(a.calls));
    expect(a.calls.every((call) => call.batchId === null)).toBe(true);
    expect(b.calls.every((call) => call.batchId !== null && call.latencyMs === null)).toBe(true);
  });

  it('answers from the cache without a batch, and skips what is already extracted', async () => {
    const server = await serve({});
    const sandbox = await studyOf(5);
    expect((await sandbox.run('extract', '--extractor', 'llm', '--base-url', server.baseURL)).code).toBe(0);
    const copy = await submit(sandbox, server, '--name', 'copy');
    expect(copy.stdout).toContain('from the cache 5 (stored now); requests 0 in 0 file(s)');
    expect(server.batches.size).toBe(0);
    const { extractions, runs } = await stored(sandbox);
    expect(extractions.filter((extraction) => extraction.extractor === 'copy')).toHaveLength(5);
    expect(runs.every((run) => run.finishedAt !== null)).toBe(true);
    const again = await submit(sandbox, server);
    expect(again.stdout).toContain('5 already extracted with these parameters, 0 to do');
    expect(server.apiCalls).toEqual([]);
  });

  it('splits files by bytes as well as requests, each within its limit', async () => {
    const server = await serve({});
    const sandbox = await studyOf(12);
    // A request line is about 3 kB: 13,000 bytes hold 4 of them, fewer than the 10 requests allowed.
    const result = await submit(sandbox, server, '--batch-max-bytes', '13000', '--batch-max-requests', '10');
    expect(result.code, result.stderr).toBe(0);
    const files = [...server.files.values()].filter((file) => file.purpose === 'batch');
    const lines = files.map((file) => file.content.toString('utf8').trim().split('\n'));
    expect(lines.flat()).toHaveLength(12);
    expect(files.every((file) => file.bytes <= 13000)).toBe(true);
    expect(lines.map((each) => each.length)).toEqual([4, 4, 4]);
    const first = JSON.parse(lines[0]?.[0] ?? '{}');
    expect(first).toMatchObject({ custom_id: 'fa-j1-x1', method: 'POST', url: '/v1/chat/completions' });
    expect(first.body.response_format.type).toBe('json_schema');
    const refused = await submit(sandbox, server, '--name', 'tiny', '--batch-max-bytes', '1000');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /does not fit in a batch file of at most 1000 bytes; raise --batch-max-bytes/,
    );
  });

  it('cancels a running job; collect stores its requests as failed (cancelled), and retry completes them', async () => {
    const server = await serve({ batches: { hold: true } });
    const sandbox = await studyOf(6);
    await submit(sandbox, server, '--batch-max-requests', '3');
    const cancelled = await sandbox.run('batch', 'cancel', '--job', '1');
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toContain('batch_1  cancelling');
    await server.releaseBatches();
    const collected = await sandbox.run('batch', 'collect', '--wait', '--poll-ms', '10');
    expect(collected.stdout).toContain('job 1 batch_1 (cancelled): 0 extracted, 0 failed, 3 never ran');
    const { extractions } = await stored(sandbox);
    expect(extractions.every((extraction) => extraction.status === 'failed')).toBe(true);
    expect(extractions[0]?.error).toMatch(
      /^batch batch_1 cancelled before this request ran \(batch_cancelled: /,
    );
    await sandbox.run('batch', 'retry');
    await sandbox.run('batch', 'collect', '--wait', '--poll-ms', '10');
    expect((await stored(sandbox)).extractions.every((extraction) => extraction.status === 'extracted')).toBe(
      true,
    );
  });

  it('keeps requests a provider error left unsent, and batch retry sends them', async () => {
    const server = await serve({});
    const sandbox = await studyOf(4);
    server.failRoute('POST /v1/files', 400);
    const stopped = await submit(sandbox, server);
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toContain('stopped: files.create: HTTP 400: injected failure of POST /v1/files');
    expect(stopped.stdout).toContain(
      '4 request(s) were prepared but not sent: "batch retry --job 1" sends them',
    );
    expect((await submit(sandbox, server)).stdout).toContain('4 in a batch job already, 0 to do');
    const retried = await sandbox.run('batch', 'retry', '--job', '1');
    expect(retried.code, retried.stderr).toBe(0);
    await sandbox.run('batch', 'collect', '--wait', '--poll-ms', '10');
    expect(
      (await stored(sandbox)).extractions.filter((extraction) => extraction.status === 'extracted'),
    ).toHaveLength(4);
  });

  it('ignores output lines it cannot read or did not ask for, and stores the requests they leave as never run', async () => {
    const server = await serve({ batches: { hold: true } });
    const sandbox = await studyOf(3);
    await submit(sandbox, server);
    await server.releaseBatches();
    const output = [...server.files.values()].find((file) => file.purpose === 'batch_output');
    if (!output) throw new Error('no output file');
    const [keep] = output.content.toString('utf8').trim().split('\n');
    const foreign = JSON.stringify({
      custom_id: 'fa-j9-x1',
      response: { status_code: 200, body: {} },
      error: null,
    });
    output.content = Buffer.from(`${keep}\nnot json\n${foreign}\n`);
    const result = await sandbox.run('batch', 'collect');
    expect(result.stdout).toContain('1 extracted, 0 failed, 2 never ran');
    expect(result.stdout).toContain('1 line(s) for requests not waiting in this batch: ignored');
    expect(result.stdout).toContain('1 unreadable line(s), the first: not JSON');
    const { extractions } = await stored(sandbox);
    expect(extractions.filter((extraction) => extraction.status === 'failed')[0]?.error).toMatch(
      /^batch batch_1 completed without an output line for this request; "batch retry" resubmits it$/,
    );
  });

  it('waits with --wait, polling until the batches end', async () => {
    const server = await serve({ batches: { hold: true } });
    const sandbox = await studyOf(2);
    await submit(sandbox, server);
    const waiting = sandbox.run('batch', 'status', '--wait', '--poll-ms', '20', '--poll-max-ms', '40');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.releaseBatches();
    const result = await waiting;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('batch_1  completed  2/2 done, 0 failed');
    expect(
      server.apiCalls.filter((call) => call === 'GET /v1/batches/batch_1').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('refuses --batch for the rules extractor, and says when a job does not exist', async () => {
    const sandbox = await studyOf(1);
    const rules = await sandbox.run('extract', '--extractor', 'rules', '--batch');
    expect(rules.code).toBe(1);
    expect(rules.stderr).toContain('--batch: the rules extractor calls no endpoint');
    const missing = await sandbox.run('batch', 'status', '--job', '7');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Batch job 7 of study "default"');
  });
});

const TRIPLES: Triple[] = (['F11', 'F12', 'F13', 'F14'] as const).map((factor, index) => ({
  id: `arg-${index + 1}`,
  mode: 'arguable',
  current: { factors: ['F4', 'F6', factor] },
  tsc1: { factors: ['F4', 'F15'], outcome: 'plaintiff' },
  tsc2: { factors: [factor, 'F16'], outcome: 'defendant' },
}));

describe('generate arguments --batch', () => {
  it('stores the same arguments and provenance as the synchronous path', async () => {
    const arguer = (request: RecordedRequest): Reply => {
      const scenario = userContent(request);
      if (scenario.includes('F14')) return { kind: 'error', status: 400, message: 'context too long' };
      if (scenario.includes('F13'))
        return { kind: 'answer', content: "Plaintiff's Argument: F4", finishReason: 'length' };
      return { kind: 'answer', content: `Plaintiff's Argument: ${/\t(F\d+ [^\n]+)/.exec(scenario)?.[1]}` };
    };
    const server = await serve({ script: arguer });
    const setUp = async () => {
      const sandbox = llmSandbox();
      const file = sandbox.file('t.jsonl', `${TRIPLES.map((triple) => JSON.stringify(triple)).join('\n')}\n`);
      expect((await sandbox.run('import', 'triples', file)).code).toBe(0);
      return sandbox;
    };
    const args = ['generate', 'arguments', '--model', 'm', '--test', '1', '--base-url', server.baseURL];
    const synchronous = await setUp();
    const batched = await setUp();
    expect((await synchronous.run(...args)).code).toBe(0);
    const submitted = await batched.run(...args, '--batch');
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(submitted.stdout).toContain('triples 4: 0 already argued, 4 to do');
    const collected = await batched.run('batch', 'collect', '--wait', '--poll-ms', '10');
    expect(collected.stdout).toContain('3 generated, 1 failed, 0 never ran');

    const a = await stored(synchronous);
    const b = await stored(batched);
    expect(b.arguments.map((argument) => argument.record)).toEqual(
      a.arguments.map((argument) => argument.record),
    );
    expect(a.arguments).toHaveLength(3);
    const provenance = (calls: typeof a.calls) =>
      calls.map((call) => ({
        cacheKey: call.cacheKey,
        status: call.status,
        error: call.error,
        content: call.content,
        finishReason: call.finishReason,
        outputTokens: call.outputTokens,
        triple: call.tripleRowId,
        argument: call.argumentRowId,
      }));
    expect(provenance(b.calls).sort((x, y) => (x.triple ?? 0) - (y.triple ?? 0))).toEqual(
      provenance(a.calls).sort((x, y) => (x.triple ?? 0) - (y.triple ?? 0)),
    );
    expect(a.calls.find((call) => call.status === 'failed')?.error).toBe('HTTP 400: context too long');

    // The failed triple is asked again by a retry; the argued ones never.
    const before = server.requests.length;
    const retried = await batched.run('batch', 'retry');
    expect(retried.stdout).toContain('requests 1 in 1 file(s)');
    await batched.run('batch', 'collect', '--wait', '--poll-ms', '10');
    expect(server.requests.slice(before)).toHaveLength(1);
    expect((await batched.run(...args, '--batch')).stdout).toContain('triples 4: 3 already argued, 1 to do');
  });
});
