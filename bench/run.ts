import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Bench, formatFigure } from './harness.ts';

/** `npm run bench [-- NAME…]`: runs every bench/*.bench.ts (or those whose file name contains a NAME). */
const dir = fileURLToPath(new URL('.', import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) console.log(`no benchmark matches ${filters.join(', ')}`);
for (const file of files) {
  const module = (await import(`./${file}`)) as { default: Bench };
  const bench = module.default;
  console.log(`${bench.name}`);
  for (const figure of await bench.run()) console.log(formatFigure(figure));
}
