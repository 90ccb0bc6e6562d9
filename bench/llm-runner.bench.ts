import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { runExtraction } from '../server/services/extraction/run-extraction.ts';
import { importRecords } from '../server/services/interchange/import/import-records.ts';
import { ChatClient, FormatLadder } from '../server/services/llm/chat-client.ts';
import { createLlmExtractor } from '../server/services/llm/llm-extractor.ts';
import { loadPromptTemplate } from '../server/services/llm/prompts.ts';
import { openDatabase } from '../server/store/open.ts';
import { findStudy } from '../server/store/studies.ts';
import { studyJsonl } from '../test/support/llm-server.ts';
import type { Bench } from './harness.ts';

const CALLS = 400;
const CONCURRENCY = 16;
const LATENCY_MS = 200;
const NOMINAL_FLOOR = CONCURRENCY / (LATENCY_MS / 1000);

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface ServerProcess {
  baseURL: string;
  /** Requests received and the most ever in flight, as the server counted them. */
  stats(): Promise<{ requests: number; maxInFlight: number }>;
  close(): Promise<void>;
}

/**
 * The test LLM server (test/support/llm-server.ts) in a child process, as a real endpoint is
 * elsewhere: its own CPU time is not charged to the runner being measured.
 */
async function startServerProcess(latencyMs: number): Promise<ServerProcess> {
  const code = `
    const { startLlmServer } = await import(${JSON.stringify(new URL('../test/support/llm-server.ts', import.meta.url).href)});
    const server = await startLlmServer({ latencyMs: ${latencyMs} });
    process.send({ baseURL: server.baseURL });
    process.on('message', async (message) => {
      if (message === 'stats') process.send({ requests: server.requests.length, maxInFlight: server.maxInFlight });
      else { await server.close(); process.exit(0); }
    });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (message) => resolve(message as T));
      child.once('exit', (status) => reject(new Error(`the test server exited (${status})`)));
    });
  const { baseURL } = await next<{ baseURL: string }>();
  return {
    baseURL,
    stats: () => {
      const reply = next<{ requests: number; maxInFlight: number }>();
      child.send('stats');
      return reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

/**
 * The LLM extraction runner against the loopback test server (in its own process) answering every
 * call after 200 ms:
 * 400 extractions at concurrency 16 (each one a call, a parse, a SQLite write of the extraction and
 * of its provenance row). The ceiling a perfect runner reaches is concurrency / latency = 80
 * calls/s; it is reported against that nominal figure and against concurrency / the round trip of
 * one call measured in the same run (latency plus HTTP and client overhead).
 */
const bench: Bench = {
  name: `LLM extraction runner: ${CALLS} calls, concurrency ${CONCURRENCY}, ${LATENCY_MS} ms server latency`,
  async run() {
    const server = await startServerProcess(LATENCY_MS);
    const dir = mkdtempSync(join(tmpdir(), 'fa-bench-llm-'));
    const db = await openDatabase(join(dir, 'bench.db'));
    try {
      const { triples, arguments: argumentsJsonl } = studyJsonl(CALLS);
      const values = (jsonl: string) =>
        jsonl
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as unknown);
      await importRecords(db, {
        actor: CLI_ACTOR,
        kind: 'triples',
        study: 'bench',
        sourceName: 't',
        values: values(triples),
      });
      await importRecords(db, {
        actor: CLI_ACTOR,
        kind: 'arguments',
        study: 'bench',
        sourceName: 'a',
        values: values(argumentsJsonl),
      });
      const study = await findStudy(db, 'bench');
      if (!study) throw new Error('no study');

      const chat = new ChatClient({
        baseURL: server.baseURL,
        apiKey: 'bench',
        timeoutMs: 10_000,
        maxRetries: 0,
        backoff: { baseMs: 10, maxMs: 100 },
      });
      const prompt = loadPromptTemplate('extraction', undefined, '/');

      // The floor's round trip: sequential calls through the same client (after one warm-up).
      const probe = async () => {
        const outcome = await chat.complete(
          { model: 'gpt-4.1', messages: [{ role: 'user', content: 'probe' }], temperature: 0, maxTokens: 10 },
          new FormatLadder('text'),
        );
        if (!outcome.ok) throw new Error(outcome.error);
      };
      await probe();
      const probes = 5;
      const probeStart = performance.now();
      for (let index = 0; index < probes; index += 1) await probe();
      const roundTripSeconds = (performance.now() - probeStart) / 1000 / probes;
      const measuredFloor = CONCURRENCY / roundTripSeconds;

      const before = (await server.stats()).requests;
      const summary = await runExtraction({
        db,
        study: 'bench',
        extractor: createLlmExtractor({
          db,
          studyId: study.id,
          name: 'gpt-4.1',
          chat,
          endpoint: server.baseURL,
          model: 'gpt-4.1',
          prompt,
          temperature: 0.6,
          maxTokens: 1000,
          input: 'last-json',
          responseFormat: 'auto',
        }),
        concurrency: CONCURRENCY,
      });
      const stats = await server.stats();
      const calls = stats.requests - before;
      if (summary.extracted !== CALLS || calls !== CALLS)
        throw new Error(`extracted ${summary.extracted} with ${calls} calls; expected ${CALLS}`);
      const rate = calls / summary.seconds;
      return [
        {
          name: 'calls per second sustained',
          value: rate,
          unit: 'calls/s',
          floor: { name: `nominal ${CONCURRENCY} / ${LATENCY_MS} ms`, value: NOMINAL_FLOOR },
        },
        {
          name: 'calls per second sustained',
          value: rate,
          unit: 'calls/s',
          floor: {
            name: `${CONCURRENCY} / measured round trip (${(roundTripSeconds * 1000).toFixed(1)} ms)`,
            value: measuredFloor,
          },
        },
        { name: 'most calls in flight (server side)', value: stats.maxInFlight, unit: 'calls' },
      ];
    } finally {
      await db.close();
      await server.close();
    }
  },
};
export default bench;
