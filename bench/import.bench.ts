import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importFile } from '../server/services/import/import-service.ts';
import { openDatabase } from '../server/store/open.ts';
import type { Bench } from './harness.ts';

const LINES = 100_000;

/** Imports a 100,000-line triples JSONL file; the floor is reading and JSON-parsing the same file. */
const bench: Bench = {
  name: `import of a ${LINES.toLocaleString('en-US')}-line triples JSONL file`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'fa-bench-import-'));
    const file = join(dir, 'triples.jsonl');
    const lines: string[] = [];
    for (let index = 0; index < LINES; index += 1)
      lines.push(
        JSON.stringify({
          id: `t${index}`,
          mode: 'arguable',
          current: { factors: ['F4', 'F6', 'F10'] },
          tsc1: { factors: ['F4', 'F15'], outcome: 'plaintiff' },
          tsc2: { factors: ['F10', 'F16'], outcome: 'defendant' },
        }),
      );
    writeFileSync(file, `${lines.join('\n')}\n`);

    const { streamLines, inspectSource } = await import('../server/services/import/read-source.ts');
    const floorStart = performance.now();
    await streamLines(await inspectSource(file), (_line, text) => JSON.parse(text));
    const floorSeconds = (performance.now() - floorStart) / 1000;

    const db = openDatabase(join(dir, 'bench.db'));
    const heapBefore = process.memoryUsage().heapUsed;
    const start = performance.now();
    const summary = await importFile(db, { kind: 'triples', file, study: 'bench' });
    const seconds = (performance.now() - start) / 1000;
    const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    db.close();
    if (summary.counts.inserted !== LINES) throw new Error(`imported ${summary.counts.inserted} of ${LINES}`);
    return [
      {
        name: 'records imported per second',
        value: LINES / seconds,
        unit: 'records/s',
        floor: { name: 'stream + JSON.parse only', value: LINES / floorSeconds },
      },
      { name: 'heap growth during the import', value: heapGrowthMb, unit: 'MiB' },
    ];
  },
};
export default bench;
