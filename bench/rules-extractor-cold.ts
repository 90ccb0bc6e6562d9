import { buildDemoStudy } from '../shared/demo/build-demo.ts';
import { extractFactors } from '../shared/rules/index.ts';
import { loadLexicon } from '../test/fixtures/rules/labelled-arguments.ts';

/**
 * The cold half of bench/rules-extractor.bench.ts, run in a fresh process by it: one pass of the
 * rule-based extractor over the demo's arguments, as the first load of the demo sees it (nothing of
 * the rules compiled by V8 yet), after the lexicon is compiled (timed apart); then one `/F\d+/g`
 * scan of the same texts, the floor. Prints one JSON line of rates (arguments per second, wall clock
 * and CPU time) and the lexicon's compile time in milliseconds.
 */
function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

const items = buildDemoStudy().arguments.map((argument) => ({
  text: argument.text,
  finishReason: argument.finish_reason ?? null,
}));
const lexicon = loadLexicon();
let started = performance.now();
let sink = extractFactors('', lexicon).mentions.length;
const compileMs = performance.now() - started;

started = performance.now();
let cpu = cpuMicros();
for (const item of items)
  sink += extractFactors(item.text, lexicon, { finishReason: item.finishReason }).mentions.length;
const wall = (items.length * 1000) / (performance.now() - started);
const cpuRate = (items.length * 1e6) / (cpuMicros() - cpu);

started = performance.now();
cpu = cpuMicros();
for (const item of items) sink += item.text.match(/F\d+/g)?.length ?? 0;
const floorWall = (items.length * 1000) / (performance.now() - started);
const floorCpu = (items.length * 1e6) / Math.max(1, cpuMicros() - cpu);

if (sink === 0) throw new Error('the demo arguments mention no factors');
console.log(JSON.stringify({ arguments: items.length, compileMs, wall, cpu: cpuRate, floorWall, floorCpu }));
