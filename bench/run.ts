import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Bench, type BenchFigure, formatFigure, ratioToFloor } from './harness.ts';

/**
 * `npm run bench [-- NAME…] [--scale N] [--FLAG VALUE…]`: runs every bench/*.bench.ts (or those whose
 * file name contains a NAME), hands each the scale (a multiple of the paper's 720 arguments; default 1)
 * and the other flags (a bench's own, such as the soak's `--minutes`),
 * prints every figure with its floor and ratio, and writes them to bench/results.json (git-ignored)
 * with the date, Node's version, the load average and the scale.
 */
const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const flags: Record<string, string> = {};
const filters: string[] = [];
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index] ?? '';
  if (arg.startsWith('--')) {
    flags[arg.slice(2)] = args[index + 1] ?? '';
    index += 1;
  } else filters.push(arg);
}
const scale = flags.scale === undefined ? 1 : Number(flags.scale);
if (!Number.isInteger(scale) || scale < 1) {
  console.error(`--scale takes a whole number ≥ 1 (got ${flags.scale || 'nothing'})`);
  process.exit(2);
}
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) console.log(`no benchmark matches ${filters.join(', ')}`);
const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const results: { bench: string; figures: (BenchFigure & { ratio: number | null })[] }[] = [];
const loadAtStart = loadAverage();
for (const file of files) {
  const module = (await import(`./${file}`)) as { default: Bench };
  const bench = module.default;
  console.log(`${bench.name}`);
  const figures = await bench.run({ scale, flags });
  for (const figure of figures) console.log(formatFigure(figure));
  results.push({
    bench: bench.name,
    figures: figures.map((figure) => ({ ...figure, ratio: ratioToFloor(figure) })),
  });
}
const report = {
  date: new Date().toISOString(),
  node: process.version,
  scale,
  load_average: { start: loadAtStart, end: loadAverage() },
  benches: results,
};
writeFileSync(new URL('results.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `load average ${report.load_average.start} → ${report.load_average.end}; written to bench/results.json`,
);
