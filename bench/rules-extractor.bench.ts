import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { buildDemoStudy } from '../shared/demo/build-demo.ts';
import { extractFactors } from '../shared/rules/index.ts';
import { loadLabelledSet, loadLexicon } from '../test/fixtures/rules/labelled-arguments.ts';
import type { Bench, BenchFigure } from './harness.ts';

/**
 * Arguments read per second by the rule-based extractor over the demo's 720 synthetic arguments
 * (what `demo` loads and extracts) and, for comparison with the figures of earlier editions, the
 * 81 labelled fixture arguments of the first edition's figures.
 *
 * - **Warm**: after a warm-up that lasts until two passes in a row agree within 10% (at least two
 *   seconds, at most twenty): V8 reaches its optimised code only after thousands of arguments, and
 *   compiles it in background threads that a loaded 2-core machine starves — a bench that times the
 *   first seconds, as the previous one did, measures the warm-up (docs/RULES-EXTRACTOR.md,
 *   "Throughput"). Then five rounds of at least one second each, the best reported, in wall-clock
 *   time and in CPU time (`process.cpuUsage`, which other processes' load disturbs less).
 * - **Cold**: one pass over the demo in a fresh process (bench/rules-extractor-cold.ts), what the
 *   first load of the demo sees.
 * The floor, measured in the same run (the cold one in the same fresh process): one global
 * `/F\d+/` scan of the same texts, the least every reader must do. The load average is printed with
 * the figures.
 */
interface Item {
  text: string;
  finishReason: string | null;
}

interface Rates {
  wall: number;
  cpu: number;
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** One pass of `work` over the items, as arguments per second in wall-clock and CPU time. */
function pass(items: readonly Item[], work: (item: Item) => number, minMs = 0): Rates & { sink: number } {
  let sink = 0;
  let count = 0;
  const wallStart = performance.now();
  const cpuStart = cpuMicros();
  do {
    for (const item of items) sink += work(item);
    count += items.length;
  } while (performance.now() - wallStart < minMs);
  return {
    wall: (count * 1000) / (performance.now() - wallStart),
    cpu: (count * 1e6) / Math.max(1, cpuMicros() - cpuStart),
    sink,
  };
}

/** Passes until two in a row agree within 10% (CPU time), at least `minMs`, at most `maxMs`. */
function warmUp(items: readonly Item[], work: (item: Item) => number, minMs: number, maxMs: number) {
  const start = performance.now();
  let passes = 0;
  let previous = 0;
  for (;;) {
    const { cpu } = pass(items, work);
    passes += 1;
    const elapsed = performance.now() - start;
    const stable = previous > 0 && Math.abs(cpu - previous) / previous < 0.1;
    if ((stable && elapsed >= minMs) || elapsed >= maxMs) return { passes, seconds: elapsed / 1000 };
    previous = cpu;
  }
}

/** The best of `rounds` rounds of at least a second, wall-clock and CPU time taken apart. */
function bestOf(items: readonly Item[], work: (item: Item) => number, rounds = 5): Rates {
  let wall = 0;
  let cpu = 0;
  for (let round = 0; round < rounds; round += 1) {
    const rates = pass(items, work, 1000);
    if (rates.sink === 0) throw new Error('the texts mention no factors');
    wall = Math.max(wall, rates.wall);
    cpu = Math.max(cpu, rates.cpu);
  }
  return { wall, cpu };
}

const coldSchema = z.object({
  arguments: z.number(),
  compileMs: z.number(),
  wall: z.number(),
  cpu: z.number(),
  floorWall: z.number(),
  floorCpu: z.number(),
});

/** The cold pass, in a fresh process started the way this one was (tsx's loader included). */
function coldRun(): z.output<typeof coldSchema> {
  const script = fileURLToPath(new URL('./rules-extractor-cold.ts', import.meta.url));
  const child = spawnSync(process.execPath, [...process.execArgv, script], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`the cold run failed: ${child.stderr}`);
  return coldSchema.parse(JSON.parse(child.stdout.trim().split('\n').at(-1) ?? ''));
}

const bench: Bench = {
  name: 'rule-based factor extractor (warm: after the JIT warm-up; cold: a fresh process)',
  async run() {
    const cold = coldRun();
    const lexicon = loadLexicon();
    const demo = buildDemoStudy().arguments.map((argument) => ({
      text: argument.text,
      finishReason: argument.finish_reason ?? null,
    }));
    const labelled = (['arguments', 'holdout', 'holdout-2'] as const)
      .flatMap((set) => loadLabelledSet(set))
      .map((gold) => ({ text: gold.text, finishReason: gold.finish_reason ?? null }));
    const extract = (item: Item) =>
      extractFactors(item.text, lexicon, { finishReason: item.finishReason }).mentions.length;
    const scan = (item: Item) => item.text.match(/F\d+/g)?.length ?? 0;

    const warm = warmUp(demo, extract, 2000, 20_000);
    const demoRates = bestOf(demo, extract);
    const demoFloor = bestOf(demo, scan);
    const labelledRates = bestOf(labelled, extract);
    const labelledFloor = bestOf(labelled, scan);
    const load = loadAverage();
    const meanChars = (items: readonly Item[]) =>
      Math.round(items.reduce((sum, item) => sum + item.text.length, 0) / items.length);
    const scanName = 'one /F\\d+/g scan of the same texts';
    const figures: BenchFigure[] = [
      {
        name: `demo, warm, wall clock (${demo.length} arguments, mean ${meanChars(demo)} characters; load ${load})`,
        value: demoRates.wall,
        unit: 'arguments/s',
        floor: { name: `${scanName}, wall clock`, value: demoFloor.wall },
      },
      {
        name: 'demo, warm, CPU time',
        value: demoRates.cpu,
        unit: 'arguments/s',
        floor: { name: `${scanName}, CPU time`, value: demoFloor.cpu },
      },
      {
        name: `demo, cold: the first pass in a fresh process, wall clock (lexicon compiled first: ${Math.round(cold.compileMs)} ms)`,
        value: cold.wall,
        unit: 'arguments/s',
        floor: { name: `${scanName}, same process, wall clock`, value: cold.floorWall },
      },
      {
        name: 'demo, cold, CPU time',
        value: cold.cpu,
        unit: 'arguments/s',
        floor: { name: `${scanName}, same process, CPU time`, value: cold.floorCpu },
      },
      {
        name: `warm-up until two passes agree within 10% (${warm.passes} passes of the demo)`,
        value: warm.seconds,
        unit: 's',
      },
      {
        name: `labelled fixtures (first edition's 81), warm, wall clock (mean ${meanChars(labelled)} characters)`,
        value: labelledRates.wall,
        unit: 'arguments/s',
        floor: { name: `${scanName}, wall clock`, value: labelledFloor.wall },
      },
      {
        name: "labelled fixtures (first edition's 81), warm, CPU time",
        value: labelledRates.cpu,
        unit: 'arguments/s',
        floor: { name: `${scanName}, CPU time`, value: labelledFloor.cpu },
      },
    ];
    return figures;
  },
};
export default bench;
