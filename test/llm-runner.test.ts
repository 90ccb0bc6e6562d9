import { afterEach, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import type { Extractor } from '../server/services/extraction/extractor.ts';
import { runExtraction } from '../server/services/extraction/run-extraction.ts';
import { importRecords } from '../server/services/interchange/import/import-records.ts';
import { ChatClient } from '../server/services/llm/chat-client.ts';
import { createLlmExtractor } from '../server/services/llm/llm-extractor.ts';
import { loadPromptTemplate } from '../server/services/llm/prompts.ts';
import type { Db } from '../server/store/db.ts';
import { listExtractions } from '../server/store/extractions.ts';
import { findCachedLlmCall, insertLlmCall } from '../server/store/llm-calls.ts';
import { openDatabase } from '../server/store/open.ts';
import { findStudy } from '../server/store/studies.ts';
import { type LlmServer, llmServers, studyJsonl } from './support/llm-server.ts';

const serve = llmServers();
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.close();
});

async function studyDb(count: number): Promise<Db> {
  const db = await openDatabase(':memory:');
  dbs.push(db);
  const { triples, arguments: argumentsJsonl } = studyJsonl(count);
  const parse = (jsonl: string) =>
    jsonl
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'triples',
    study: 'default',
    sourceName: 't',
    values: parse(triples),
  });
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'arguments',
    study: 'default',
    sourceName: 'a',
    values: parse(argumentsJsonl),
  });
  return db;
}

async function llmExtractor(db: Db, server: LlmServer, name = 'gpt-4.1') {
  const study = await findStudy(db, 'default');
  if (!study) throw new Error('no study');
  return createLlmExtractor({
    db,
    studyId: study.id,
    name,
    chat: new ChatClient({
      baseURL: server.baseURL,
      apiKey: 'k',
      timeoutMs: 5000,
      maxRetries: 2,
      backoff: { baseMs: 5, maxMs: 50 },
    }),
    endpoint: server.baseURL,
    model: 'gpt-4.1',
    prompt: loadPromptTemplate('extraction', undefined, '/'),
    temperature: 0.6,
    maxTokens: 1000,
    input: 'last-json',
    responseFormat: 'auto',
  });
}

describe('runExtraction', () => {
  it('stops on interrupt without storing the calls under way, leaves the run unfinished, and a rerun continues', async () => {
    const server = await serve({ latencyMs: 40 });
    const db = await studyDb(20);
    const controller = new AbortController();
    const first = await runExtraction({
      db,
      study: 'default',
      extractor: await llmExtractor(db, server),
      concurrency: 2,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.done === 5) controller.abort();
      },
    });
    expect(first.interrupted).toBe(true);
    // The other call under way is abandoned, unless its answer had already arrived (then it is kept).
    expect(first.done).toBeGreaterThanOrEqual(5);
    expect(first.done).toBeLessThanOrEqual(6);
    expect(await listExtractions(db, 1)).toHaveLength(first.done);
    expect(
      await db.first<{ finishedAt: string | null }>('SELECT finished_at AS finishedAt FROM extraction_runs'),
    ).toEqual({
      finishedAt: null,
    });

    const second = await runExtraction({
      db,
      study: 'default',
      extractor: await llmExtractor(db, server),
      concurrency: 2,
    });
    expect(second).toMatchObject({
      interrupted: false,
      skipped: first.done,
      total: 20 - first.done,
      extracted: 20 - first.done,
      failed: 0,
    });
    const extractions = await listExtractions(db, 1);
    expect(extractions).toHaveLength(20);
    expect(extractions.every((extraction) => extraction.status === 'extracted')).toBe(true);
    // At most the calls abandoned under way (≤ concurrency) were made twice.
    expect(server.requests.length).toBeLessThanOrEqual(22);
  });

  it('drives every Extractor: a rules-like one with no calls, skipped on rerun with the same parameters', async () => {
    const db = await studyDb(3);
    const seen: string[] = [];
    const rules: Extractor = {
      name: 'rules',
      kind: 'rules',
      version: 'lexicon-1',
      parameters: { lexicon: 'lexicon-1' },
      async extract(argument) {
        seen.push(argument.record.id);
        return argument.record.id === 'a2'
          ? { status: 'failed', error: 'no text to read' }
          : {
              status: 'extracted',
              current: ['F4', 'F30 Market-dominance'],
              tsc1: [],
              tsc2: [],
              abstained: false,
            };
      },
    };
    const first = await runExtraction({ db, study: 'default', extractor: rules, concurrency: 1 });
    expect(first).toMatchObject({
      extracted: 2,
      failed: 1,
      calls: 0,
      failures: [{ argumentId: 'a2', error: 'no text to read' }],
    });
    const stored = await listExtractions(db, 1, 'rules');
    expect(stored[0]).toMatchObject({
      current: ['F4'],
      unlisted: [{ case: 'current', text: 'F30 Market-dominance' }],
      abstained: false,
    });
    const second = await runExtraction({ db, study: 'default', extractor: rules, concurrency: 1 });
    expect(second).toMatchObject({ skipped: 2, total: 1 });
    expect(seen).toEqual(['a1', 'a2', 'a3', 'a2']);
    const third = await runExtraction({
      db,
      study: 'default',
      extractor: { ...rules, parameters: { lexicon: 'lexicon-2' } },
      concurrency: 1,
    });
    expect(third).toMatchObject({ skipped: 0, total: 3 });
  });

  it('stops the run when an extractor throws (a bug, not a failed extraction)', async () => {
    const db = await studyDb(3);
    const broken: Extractor = {
      name: 'broken',
      kind: 'rules',
      version: null,
      parameters: {},
      extract: async () => {
        throw new Error('lexicon missing');
      },
    };
    await expect(runExtraction({ db, study: 'default', extractor: broken, concurrency: 1 })).rejects.toThrow(
      'lexicon missing',
    );
    expect(await listExtractions(db, 1)).toHaveLength(0);
  });

  it('records no run when there is nothing to do', async () => {
    const db = await studyDb(1);
    const rules: Extractor = {
      name: 'r',
      kind: 'rules',
      version: null,
      parameters: {},
      extract: async () => ({ status: 'extracted', current: [], tsc1: [], tsc2: [] }),
    };
    await runExtraction({ db, study: 'default', extractor: rules, concurrency: 1 });
    const again = await runExtraction({ db, study: 'default', extractor: rules, concurrency: 1 });
    expect(again.runId).toBeNull();
    expect((await db.first<{ n: number }>('SELECT count(*) AS n FROM extraction_runs'))?.n).toBe(1);
  });
});

describe('migration 003: llm_calls', () => {
  const call = {
    purpose: 'extract' as const,
    cacheKey: 'k',
    endpoint: 'http://x/v1',
    model: 'm',
    promptHash: 'p',
    inputHash: 'i',
    parameters: { temperature: 0 },
    responseFormat: 'text' as const,
    httpStatus: 200,
    attempts: 1,
    attemptLog: [],
    finishReason: 'stop',
    inputTokens: 1,
    outputTokens: 1,
    latencyMs: 1,
    content: '{}',
    rawResponse: '{}',
    tripleRowId: null,
    argumentRowId: null,
    extractionRunId: null,
    startedAt: new Date().toISOString(),
  };

  it('serves only usable answers from the cache, newest first', async () => {
    const db = await studyDb(1);
    await insertLlmCall(db, { ...call, studyId: 1, status: 'ok', error: null, content: 'old' });
    await insertLlmCall(db, { ...call, studyId: 1, status: 'ok', error: null, content: 'new' });
    await insertLlmCall(db, { ...call, studyId: 1, status: 'rejected', error: 'truncated', content: 'cut' });
    expect((await findCachedLlmCall(db, 'k'))?.content).toBe('new');
    expect(await findCachedLlmCall(db, 'other')).toBeUndefined();
  });

  it('refuses an ok call with an error, a failed one without, and an unknown response format', async () => {
    const db = await studyDb(1);
    await expect(insertLlmCall(db, { ...call, studyId: 1, status: 'ok', error: 'x' })).rejects.toThrow(
      /CHECK|check constraint/,
    );
    await expect(insertLlmCall(db, { ...call, studyId: 1, status: 'failed', error: null })).rejects.toThrow(
      /CHECK|check constraint/,
    );
    await expect(
      insertLlmCall(db, { ...call, studyId: 1, status: 'ok', error: null, responseFormat: 'xml' as never }),
    ).rejects.toThrow(/CHECK|check constraint/);
  });
});
