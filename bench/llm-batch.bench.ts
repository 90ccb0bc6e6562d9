import { spawn } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { BatchFileWriter } from '../server/services/llm/batch/batch-files.ts';
import { batchRequestLine, customIdOf } from '../server/services/llm/batch/batch-lines.ts';
import { outcomeOfBatchLine, readBatchOutputLine } from '../server/services/llm/batch/batch-output.ts';
import { OPENAI_BATCH_LIMITS } from '../server/services/llm/batch/batch-split.ts';
import { jsonlLines } from '../server/services/llm/batch/jsonl-stream.ts';
import { chatCompletionBody } from '../server/services/llm/chat-request.ts';
import { readExtractionAnswer } from '../server/services/llm/extraction-answer.ts';
import { planExtraction } from '../server/services/llm/extraction-request.ts';
import { loadPromptTemplate } from '../server/services/llm/prompts.ts';
import type { Bench } from './harness.ts';

const ARGUMENTS = 100_000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHUNK_BYTES = 1 << 20;

/**
 * A 3-ply argument of the study's shape (about 1.3 kB: three paragraphs, then a ```json block),
 * made up from its number, so that every request differs as real ones do.
 */
function argumentText(n: number): string {
  const factor = (k: number) => `F${((n + k) % 27) + 1}`;
  return [
    `Plaintiff's Argument: the defendant agreed not to disclose (${factor(0)}), as in TSC1, where the court found for the plaintiff on the shared factors ${factor(1)} and ${factor(2)}. Argument ${n}.`,
    `Defendant's Counterargument: TSC1 is distinguishable: there the plaintiff took security measures (${factor(3)}), which the input case lacks; TSC2, decided for the defendant, shares ${factor(4)} with the input case.`,
    `Plaintiff's Rebuttal: the secrets were disclosed to outsiders only under restriction (${factor(5)}); TSC2 is distinguishable, since there the information was known in the industry.`,
    '```json',
    JSON.stringify({
      "Plaintiff's Argument": `${factor(0)} Agreed-not-to-disclose (P) shared with TSC1; ${factor(1)}, ${factor(2)}`,
      "Defendant's Counterargument": `${factor(3)} Security-measures (P) missing; ${factor(4)} shared with TSC2`,
      "Plaintiff's Rebuttal": `${factor(5)} Outsider-disclosures-restricted (P)`,
    }),
    '```',
  ].join('\n');
}

/** What one phase measured in its own process. */
interface PhaseResult {
  ms: number;
  /** Peak resident set of the process (after imports, before work: `baselineMb`). */
  peakMb: number;
  baselineMb: number;
  bytes: number;
  files: number;
}

function memory(): number {
  return process.resourceUsage().maxRSS / 1024;
}

const prompt = () => loadPromptTemplate('extraction', undefined, '/');
const config = () => ({
  endpoint: 'https://api.openai.com/v1',
  model: 'gpt-4.1',
  prompt: prompt(),
  temperature: 0.6,
  maxTokens: 1000,
  input: 'last-json' as const,
  responseFormat: 'auto' as const,
});

/** The phases, each run in a child process of its own (so its peak memory is its own). */
export const phases = {
  /**
   * Building: for each argument the request the service builds (`planExtraction`: input, hashes,
   * cache key, rendered prompt), its body and JSONL line, split into files within OpenAI's limits
   * and written as they fill (`BatchFileWriter`). The database is not involved.
   */
  build(dir: string): PhaseResult {
    const baselineMb = memory();
    const settings = config();
    const started = performance.now();
    const writer = new BatchFileWriter(OPENAI_BATCH_LIMITS, 'bench', dir);
    for (let n = 1; n <= ARGUMENTS; n += 1) {
      const plan = planExtraction(settings, argumentText(n));
      const line = batchRequestLine(
        customIdOf({ jobId: 1, purpose: 'extract', rowId: n }),
        chatCompletionBody(plan.chat, 'json_schema'),
      );
      writer.add(line, n);
    }
    const files = writer.finish();
    return {
      ms: performance.now() - started,
      peakMb: memory(),
      baselineMb,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      files: files.length,
    };
  },

  /** The floor: the same bytes (read from the built files first, untimed) written in 1 MiB chunks. */
  writeFloor(dir: string, from: string): PhaseResult {
    const baselineMb = memory();
    let ms = 0;
    let bytes = 0;
    const names = readdirSync(from).filter((name) => name.endsWith('.jsonl'));
    for (const name of names) {
      const content = readFileSync(join(from, name));
      const started = performance.now();
      const fd = openSync(join(dir, name), 'w');
      for (let offset = 0; offset < content.length; offset += CHUNK_BYTES)
        writeSync(fd, content, offset, Math.min(CHUNK_BYTES, content.length - offset));
      closeSync(fd);
      ms += performance.now() - started;
      bytes += content.length;
    }
    return { ms, peakMb: memory(), baselineMb, bytes, files: names.length };
  },

  /**
   * Parsing: an output file of one answer per argument streamed line by line
   * (`jsonlLines`), each line checked by its schema (`readBatchOutputLine`), made an outcome
   * (`outcomeOfBatchLine`) and its answer read (`readExtractionAnswer`), as `batch collect` does
   * before writing to the database.
   */
  async parse(_dir: string, from: string): Promise<PhaseResult> {
    const baselineMb = memory();
    const started = performance.now();
    let extracted = 0;
    let bytes = 0;
    const names = readdirSync(from).filter((name) => name.endsWith('.jsonl'));
    for (const name of names) {
      for await (const line of jsonlLines(createReadStream(join(from, name)))) {
        bytes += Buffer.byteLength(line) + 1;
        const reading = readBatchOutputLine(line);
        if (!reading.ok || reading.result.kind !== 'ran') throw new Error('unexpected line');
        const outcome = outcomeOfBatchLine(reading.result, 'json_schema');
        if (outcome.ok && readExtractionAnswer(outcome.content, outcome.finishReason).ok) extracted += 1;
      }
    }
    if (extracted !== ARGUMENTS) throw new Error(`read ${extracted} answers, expected ${ARGUMENTS}`);
    return { ms: performance.now() - started, peakMb: memory(), baselineMb, bytes, files: names.length };
  },

  /** The parse floor: the same output bytes read and split into lines, nothing else. */
  async readFloor(_dir: string, from: string): Promise<PhaseResult> {
    const baselineMb = memory();
    const started = performance.now();
    let lines = 0;
    let bytes = 0;
    const names = readdirSync(from).filter((name) => name.endsWith('.jsonl'));
    for (const name of names)
      for await (const line of jsonlLines(createReadStream(join(from, name)))) {
        lines += 1;
        bytes += line.length + 1;
      }
    if (lines !== ARGUMENTS) throw new Error(`read ${lines} lines`);
    return { ms: performance.now() - started, peakMb: memory(), baselineMb, bytes, files: names.length };
  },
};

/** An output file of one extraction answer per argument, as a provider writes it (not timed). */
function writeOutputFile(dir: string): void {
  const fd = openSync(join(dir, 'output.jsonl'), 'w');
  let chunk: string[] = [];
  for (let n = 1; n <= ARGUMENTS; n += 1) {
    const content = JSON.stringify({ 'Input Case': [`F${(n % 27) + 1}`, 'F4'], TSC1: ['F4'], TSC2: [] });
    chunk.push(
      JSON.stringify({
        id: `batch_req_${n}`,
        custom_id: customIdOf({ jobId: 1, purpose: 'extract', rowId: n }),
        response: {
          status_code: 200,
          request_id: `req_${n}`,
          body: {
            id: `chatcmpl-${n}`,
            object: 'chat.completion',
            created: 1_750_000_000,
            model: 'gpt-4.1-2025-04-14',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 812, completion_tokens: 24, total_tokens: 836 },
          },
        },
        error: null,
      }),
    );
    if (chunk.length === 1000) {
      writeSync(fd, `${chunk.join('\n')}\n`);
      chunk = [];
    }
  }
  if (chunk.length > 0) writeSync(fd, `${chunk.join('\n')}\n`);
  closeSync(fd);
}

type PhaseName = keyof typeof phases;

/** Runs one phase in a fresh Node process and returns what it measured. */
function runPhase(name: PhaseName, dir: string, from = ''): Promise<PhaseResult> {
  const code = `
    const { phases } = await import(${JSON.stringify(new URL('./llm-batch.bench.ts', import.meta.url).href)});
    const result = await phases[${JSON.stringify(name)}](${JSON.stringify(dir)}, ${JSON.stringify(from)});
    process.send(result, () => process.exit(0));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as PhaseResult));
    child.once('exit', (status) => {
      if (status !== 0) reject(new Error(`the ${name} phase exited with ${status}`));
    });
  });
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);

/**
 * Building and parsing the batch files of 100,000 extraction requests, each phase in its own process
 * with its time and peak memory. The floor of each is writing the same JSONL bytes (the files built,
 * and the output file parsed) in 1 MiB chunks, measured in the same run; parsing is also set against
 * reading and splitting the same bytes into lines.
 */
const bench: Bench = {
  name: `LLM batch files: ${ARGUMENTS.toLocaleString('en-US')} extraction requests built and their answers parsed`,
  async run() {
    const root = mkdtempSync(join(tmpdir(), 'fa-bench-batch-'));
    const dir = (name: string) => {
      const path = join(root, name);
      mkdirSync(path);
      return path;
    };
    try {
      const built = dir('built');
      const build = await runPhase('build', built);
      const [buildDir] = readdirSync(built).map((entry) => join(built, entry));
      if (!buildDir) throw new Error('no files built');
      const writeFloor = await runPhase('writeFloor', dir('floor'), buildDir);
      rmSync(built, { recursive: true, force: true });

      const output = dir('output');
      writeOutputFile(output);
      const parse = await runPhase('parse', '', output);
      const readFloor = await runPhase('readFloor', '', output);
      const parseWriteFloor = await runPhase('writeFloor', dir('floor-output'), output);
      return [
        {
          name: `build: requests written per second (${mb(build.bytes)} MB in ${build.files} files)`,
          value: (ARGUMENTS * 1000) / build.ms,
          unit: 'requests/s',
          floor: { name: 'writing the same bytes', value: (ARGUMENTS * 1000) / writeFloor.ms },
        },
        { name: 'build: time', value: build.ms / 1000, unit: 's' },
        {
          name: 'build: peak memory (resident)',
          value: build.peakMb,
          unit: 'MB',
          floor: { name: 'the same process before building', value: build.baselineMb },
        },
        {
          name: `parse: answers read per second (${mb(parse.bytes)} MB)`,
          value: (ARGUMENTS * 1000) / parse.ms,
          unit: 'answers/s',
          floor: { name: 'writing the same bytes', value: (ARGUMENTS * 1000) / parseWriteFloor.ms },
        },
        {
          name: 'parse: answers read per second',
          value: (ARGUMENTS * 1000) / parse.ms,
          unit: 'answers/s',
          floor: { name: 'reading the same bytes as lines', value: (ARGUMENTS * 1000) / readFloor.ms },
        },
        { name: 'parse: time', value: parse.ms / 1000, unit: 's' },
        {
          name: 'parse: peak memory (resident)',
          value: parse.peakMb,
          unit: 'MB',
          floor: { name: 'the same process before parsing', value: parse.baselineMb },
        },
      ];
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};
export default bench;
