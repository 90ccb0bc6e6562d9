import { describe, expect, it } from 'vitest';
import { findArgument } from '../server/store/arguments.ts';
import { listExtractions } from '../server/store/extractions.ts';
import { listLlmCalls } from '../server/store/llm-calls.ts';
import { openDatabase } from '../server/store/open.ts';
import { insertSample, insertSampleItem } from '../server/store/samples.ts';
import { findStudy } from '../server/store/studies.ts';
import {
  argumentIdOf,
  extractionAnswer,
  type LlmServer,
  llmSandbox,
  llmServers,
  type Reply,
  studyJsonl,
  userContent,
} from './support/llm-server.ts';

const serve = llmServers();

/** A sandbox with a study of `count` arguments imported. */
async function studyOf(count: number) {
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

function extract(sandbox: Awaited<ReturnType<typeof studyOf>>, server: LlmServer, ...extra: string[]) {
  return sandbox.run(
    'extract',
    '--extractor',
    'llm',
    '--base-url',
    server.baseURL,
    '--retry-base-ms',
    '10',
    ...extra,
  );
}

async function stored(sandbox: { db: string }) {
  const db = await openDatabase(sandbox.db);
  try {
    const study = await findStudy(db, 'default');
    if (!study) throw new Error('no study');
    return {
      extractions: await listExtractions(db, study.id),
      calls: await listLlmCalls(db, study.id),
      argumentRowId: async (id: string) => (await findArgument(db, study.id, id))?.rowId,
    };
  } finally {
    await db.close();
  }
}

describe('extract --extractor llm', () => {
  it('extracts every argument end to end, stores provenance, and a rerun makes no call', async () => {
    const server = await serve({});
    const sandbox = await studyOf(5);
    const first = await extract(sandbox, server);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('extracted 5, failed 0, calls 5 (0 retries), cache hits 0');
    expect(server.requests).toHaveLength(5);

    const request = server.requests[0];
    expect(request?.body).toMatchObject({ model: 'gpt-4.1', temperature: 0.6, max_tokens: 1000 });
    expect(request?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'factor_extraction', strict: true },
    });
    expect(request?.authorization).toBe('Bearer test-key');

    const { extractions, calls } = await stored(sandbox);
    expect(extractions).toHaveLength(5);
    expect(extractions[0]).toMatchObject({
      extractor: 'gpt-4.1',
      status: 'extracted',
      current: ['F4'],
      tsc1: ['F4'],
      tsc2: [],
    });
    expect(extractions[0]?.raw).toContain('Input Case');
    expect(calls).toHaveLength(5);
    expect(calls[0]).toMatchObject({
      purpose: 'extract',
      endpoint: server.baseURL,
      model: 'gpt-4.1',
      status: 'ok',
      responseFormat: 'json_schema',
      attempts: 1,
      finishReason: 'stop',
    });
    expect(calls[0]?.promptHash).toMatch(/^[0-9a-f]{64}$/);
    expect(calls[0]?.inputTokens).toBeGreaterThan(0);
    expect(calls[0]?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(calls[0]?.rawResponse).toContain('chat.completion');
    expect(JSON.parse(calls[0]?.parameters ?? '{}')).toEqual({
      temperature: 0.6,
      max_tokens: 1000,
      input: 'last-json',
      response_format: 'auto',
    });

    const again = await extract(sandbox, server);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('5 already extracted with these parameters, 0 to do');
    expect(server.requests).toHaveLength(5);
  });

  it('ends all 200 arguments extracted when 1 call in 10 fails transiently (429/500), and a second run makes 0 calls', async () => {
    const server = await serve({
      script: (request, self): Reply => {
        const id = argumentIdOf(request) ?? '';
        const n = Number(id.slice(1));
        if (n % 10 === 0 && self.previousAttempts(request).length === 0)
          return n % 20 === 0
            ? { kind: 'error', status: 429, headers: { 'retry-after-ms': '5' } }
            : { kind: 'error', status: 500, message: 'overloaded' };
        return { kind: 'answer', content: extractionAnswer({ current: ['F4'], tsc1: ['F4'] }) };
      },
    });
    const sandbox = await studyOf(200);
    const result = await extract(sandbox, server, '--concurrency', '16');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('extracted 200, failed 0, calls 220 (20 retries)');
    const { extractions } = await stored(sandbox);
    expect(extractions.filter((extraction) => extraction.status === 'extracted')).toHaveLength(200);

    const again = await extract(sandbox, server, '--concurrency', '16');
    expect(again.stdout).toContain('200 already extracted with these parameters, 0 to do');
    expect(server.requests).toHaveLength(220);
  });

  it('stores a permanently failing argument as failed with its error, and retries it (only it) on rerun', async () => {
    const server = await serve({
      script: (request) =>
        argumentIdOf(request) === 'a2'
          ? { kind: 'error', status: 500, message: 'the model crashed' }
          : { kind: 'answer', content: extractionAnswer({ tsc2: ['F10'] }) },
    });
    const sandbox = await studyOf(3);
    const result = await extract(sandbox, server, '--max-retries', '2');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('extracted 2, failed 1');
    expect(result.stdout).toContain('failed a2: HTTP 500 after 3 attempts: the model crashed');
    const failed = (await stored(sandbox)).extractions.find((extraction) => extraction.argument_id === 'a2');
    expect(failed).toMatchObject({ status: 'failed', error: 'HTTP 500 after 3 attempts: the model crashed' });
    expect(failed?.current).toEqual([]);
    expect(failed?.raw).toBeUndefined();
    const failedCall = (await stored(sandbox)).calls.find((call) => call.status === 'failed');
    expect(failedCall).toMatchObject({ httpStatus: 500, attempts: 3 });
    expect(JSON.parse(failedCall?.attemptLog ?? '[]')).toHaveLength(2);

    const before = server.requests.length;
    const again = await extract(sandbox, server, '--max-retries', '2');
    expect(again.stdout).toContain('2 already extracted with these parameters, 1 to do');
    expect(server.requests.length - before).toBe(3);
    expect(server.requests.slice(before).every((request) => argumentIdOf(request) === 'a2')).toBe(true);
  });

  it('does not retry a 4xx other than 408/409/429', async () => {
    const server = await serve({ script: () => ({ kind: 'error', status: 401, message: 'bad key' }) });
    const sandbox = await studyOf(1);
    const result = await extract(sandbox, server);
    expect(result.stdout).toContain('failed a1: HTTP 401: bad key');
    expect(server.requests).toHaveLength(1);
  });

  it('honours Retry-After (seconds) and retry-after-ms before retrying', async () => {
    const server = await serve({
      script: (request, self): Reply => {
        if (self.previousAttempts(request).length > 0)
          return { kind: 'answer', content: extractionAnswer({ current: ['F6'] }) };
        return argumentIdOf(request) === 'a1'
          ? { kind: 'error', status: 429, headers: { 'retry-after': '1' } }
          : { kind: 'error', status: 503, headers: { 'retry-after-ms': '300' } };
      },
    });
    const sandbox = await studyOf(2);
    const result = await extract(sandbox, server, '--concurrency', '2');
    expect(result.stdout).toContain('extracted 2, failed 0');
    const gap = (id: string) => {
      const [refused, retried] = server.requests.filter((request) => argumentIdOf(request) === id);
      return (retried?.receivedAt ?? 0) - (refused?.answeredAt ?? 0);
    };
    expect(gap('a1')).toBeGreaterThanOrEqual(995);
    expect(gap('a2')).toBeGreaterThanOrEqual(295);
    expect(gap('a2')).toBeLessThan(995);
  });

  it('falls back from json_schema to json_object when the endpoint refuses it, and remembers it for the run', async () => {
    const server = await serve({ rejectResponseFormats: ['json_schema'] });
    const sandbox = await studyOf(4);
    const result = await extract(sandbox, server, '--concurrency', '1');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('extracted 4, failed 0');
    expect(result.stdout).toContain(
      'structured output: json_object (the endpoint refused json_schema with HTTP 400)',
    );
    expect(server.requests.map((request) => request.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
      'json_object',
      'json_object',
    ]);
    expect((await stored(sandbox)).calls.map((call) => call.responseFormat)).toEqual(
      Array(4).fill('json_object'),
    );
  });

  it('falls back to plain text, parsed leniently, when the endpoint refuses both JSON modes', async () => {
    const server = await serve({
      rejectResponseFormats: ['json_schema', 'json_object'],
      script: () => ({
        kind: 'answer',
        content:
          'Here you go:\n```json\n{"Input Case": {"F4 Agreed-not-to-disclose (P)"}, "TSC1": {}, "TSC2": "None"}\n```',
      }),
    });
    const sandbox = await studyOf(3);
    const result = await extract(sandbox, server, '--concurrency', '1');
    expect(result.stdout).toContain(
      'structured output: text (the endpoint refused json_schema with HTTP 400)',
    );
    expect(server.requests.map((request) => request.body.response_format?.type ?? 'text')).toEqual([
      'json_schema',
      'json_object',
      'text',
      'text',
      'text',
    ]);
    expect((await stored(sandbox)).extractions.map((extraction) => extraction.current)).toEqual([
      ['F4'],
      ['F4'],
      ['F4'],
    ]);
  });

  it('times out a hung call and retries it', async () => {
    const server = await serve({
      script: (request, self) =>
        self.previousAttempts(request).length === 0
          ? { kind: 'hang' }
          : { kind: 'answer', content: extractionAnswer({ current: ['F4'] }) },
    });
    const sandbox = await studyOf(1);
    const started = performance.now();
    const result = await extract(sandbox, server, '--timeout-ms', '300');
    expect(result.stdout).toContain('extracted 1, failed 0, calls 2 (1 retries)');
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    const [call] = (await stored(sandbox)).calls;
    expect(JSON.parse(call?.attemptLog ?? '[]')[0]).toMatchObject({ error: 'no answer within 300 ms' });
  });

  it('fails a hung call after the last retry with the timeout as its error', async () => {
    const server = await serve({ script: () => ({ kind: 'hang' }) });
    const sandbox = await studyOf(1);
    const result = await extract(sandbox, server, '--timeout-ms', '100', '--max-retries', '1');
    expect(result.stdout).toContain('failed a1: no answer within 100 ms after 2 attempts');
  });

  it('retries a malformed JSON body', async () => {
    const server = await serve({
      script: (request, self) =>
        self.previousAttempts(request).length === 0
          ? { kind: 'malformed' }
          : { kind: 'answer', content: extractionAnswer({ tsc1: ['F15'] }) },
    });
    const sandbox = await studyOf(1);
    const result = await extract(sandbox, server);
    expect(result.stdout).toContain('extracted 1, failed 0, calls 2 (1 retries)');
    const [call] = (await stored(sandbox)).calls;
    expect(JSON.parse(call?.attemptLog ?? '[]')[0].error).toMatch(/^malformed response/);
  });

  it('records a truncated answer as a failed extraction, but keeps one whose object was complete', async () => {
    const server = await serve({
      script: (request) =>
        argumentIdOf(request) === 'a1'
          ? { kind: 'answer', content: '{"Input Case": ["F4"], "TSC1": ["F4", "F1', finishReason: 'length' }
          : { kind: 'answer', content: extractionAnswer({ current: ['F6'] }), finishReason: 'length' },
    });
    const sandbox = await studyOf(2);
    const result = await extract(sandbox, server);
    expect(result.stdout).toContain('extracted 1, failed 1');
    const { extractions, calls } = await stored(sandbox);
    const truncated = extractions.find((extraction) => extraction.argument_id === 'a1');
    expect(truncated?.status).toBe('failed');
    expect(truncated?.error).toMatch(/^truncated extraction \(finish_reason "length"\)/);
    expect(truncated?.raw).toContain('"Input Case"');
    expect(extractions.find((extraction) => extraction.argument_id === 'a2')).toMatchObject({
      status: 'extracted',
      current: ['F6'],
    });
    // The truncated answer is kept for provenance but never served from the cache.
    expect(calls.map((call) => call.status).sort()).toEqual(['ok', 'rejected']);
    await extract(sandbox, server);
    expect(server.requests.filter((request) => argumentIdOf(request) === 'a1')).toHaveLength(2);
  });

  it('reads the answer after a <think> trace, ignoring factors named only inside it', async () => {
    const server = await serve({
      script: () => ({
        kind: 'answer',
        content: `<think>Maybe F19 No-security-measures in TSC2?</think>\n${extractionAnswer({ current: ['F4'] })}`,
      }),
    });
    const sandbox = await studyOf(1);
    await extract(sandbox, server, '--response-format', 'text');
    const [extraction] = (await stored(sandbox)).extractions;
    expect(extraction).toMatchObject({ status: 'extracted', current: ['F4'], tsc2: [] });
    expect(server.requests[0]?.body.response_format).toBeUndefined();
  });

  it('passes the last ```json block by default, as the study did, and the whole text with --input full', async () => {
    const server = await serve({});
    const sandbox = await studyOf(1);
    await extract(sandbox, server);
    expect(userContent(server.requests[0] ?? never())).toBe(
      JSON.stringify({ "Plaintiff's Argument": 'F4 Agreed-not-to-disclose (P) is shared with TSC1 [a1]' }),
    );
    await extract(sandbox, server, '--input', 'full', '--name', 'gpt-4.1-full');
    expect(userContent(server.requests[1] ?? never())).toMatch(/^Plaintiff's Argument: .*\n```json\n/);
    expect((await stored(sandbox)).extractions.map((extraction) => extraction.extractor).sort()).toEqual([
      'gpt-4.1',
      'gpt-4.1-full',
    ]);
  });

  it('never has more than --concurrency calls in flight', async () => {
    const server = await serve({ latencyMs: 30 });
    const sandbox = await studyOf(40);
    const result = await extract(sandbox, server, '--concurrency', '4');
    expect(result.stdout).toContain('extracted 40');
    expect(server.maxInFlight).toBeLessThanOrEqual(4);
    expect(server.maxInFlight).toBeGreaterThanOrEqual(2);
  });

  it('spaces call starts with --max-rpm', async () => {
    const server = await serve({});
    const sandbox = await studyOf(4);
    const before = performance.now();
    await extract(sandbox, server, '--max-rpm', '300', '--concurrency', '4');
    // Starts are 200 ms apart, so the fourth request cannot reach the server sooner than 600 ms after
    // the command began. (The gaps between arrivals are no measure: the server shares this process's
    // event loop, and on a loaded machine it reads requests in clumps.)
    const last = Math.max(...server.requests.map((request) => request.receivedAt));
    expect(server.requests).toHaveLength(4);
    expect(last - before).toBeGreaterThanOrEqual(3 * 200);
  });

  it('re-extracts with other parameters, and uses the cache under another name', async () => {
    const server = await serve({});
    const sandbox = await studyOf(3);
    await extract(sandbox, server);
    const other = await extract(sandbox, server, '--temperature', '0.2');
    expect(other.stdout).toContain('0 already extracted with these parameters, 3 to do');
    expect(server.requests).toHaveLength(6);
    const renamed = await extract(sandbox, server, '--name', 'copy');
    expect(renamed.stdout).toContain('extracted 3, failed 0, calls 0 (0 retries), cache hits 3');
    expect(server.requests).toHaveLength(6);
  });

  it('extracts only the latest sample with --only-sampled', async () => {
    const server = await serve({});
    const sandbox = await studyOf(6);
    const db = await openDatabase(sandbox.db);
    const study = await findStudy(db, 'default');
    if (!study) throw new Error('no study');
    const rowId = async (id: string) => (await findArgument(db, study.id, id))?.rowId ?? 0;
    const add = async (version: string[]) => {
      const sample = await insertSample(db, study.id, {
        seed: 1,
        size: version.length,
        allocation: 'proportional',
        strataBy: [],
        excludedPrevious: false,
      });
      for (const [index, id] of version.entries()) {
        await insertSampleItem(db, sample.id, {
          argumentRowId: await rowId(id),
          stratum: 'all',
          inclusionProbability: 0.5,
          weight: 2,
          drawOrder: index,
        });
      }
      return sample;
    };
    const first = await add(['a1', 'a2']);
    const second = await add(['a3', 'a5']);
    await db.close();
    expect(first.version).toBe(1);
    expect(second.version).toBe(2);
    const result = await extract(sandbox, server, '--only-sampled');
    expect(result.stdout).toContain('arguments 2 (latest sample)');
    expect(server.requests.map(argumentIdOf).sort()).toEqual(['a3', 'a5']);
  });

  it('refuses to overwrite an imported extractor of the same name', async () => {
    const server = await serve({});
    const sandbox = await studyOf(1);
    await sandbox.run(
      'import',
      'extractions',
      sandbox.file(
        'x.jsonl',
        `${JSON.stringify({ argument_id: 'a1', extractor: 'gpt-4.1', current: ['F4'] })}\n`,
      ),
    );
    const result = await extract(sandbox, server);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'already has an extractor "gpt-4.1" of kind imported; choose another name (--name)',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('says clearly that OPENAI_API_KEY is missing', async () => {
    const server = await serve({});
    const sandbox = await studyOf(1);
    const result = await sandbox.runWith({}, 'extract', '--extractor', 'llm', '--base-url', server.baseURL);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('OPENAI_API_KEY is not set');
    expect(result.stderr).toContain('a non-empty value of your choice works');
    expect(server.requests).toHaveLength(0);
  });

  it('names a bad option and an unknown extractor', async () => {
    const sandbox = await studyOf(1);
    const bad = await sandbox.run('extract', '--extractor', 'llm', '--max-rpm', '-3', '--input', 'half');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--max-rpm:');
    expect(bad.stderr).toContain('--input:');
    const unknown = await sandbox.run('extract', '--extractor', 'magic');
    expect(unknown.stderr).toContain('"magic" is not one of llm');
  });
});

function never(): never {
  throw new Error('missing request');
}
