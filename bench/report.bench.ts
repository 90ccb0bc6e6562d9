import { performance } from 'node:perf_hooks';
import { buildReport, DEFAULT_REPORT_OPTIONS } from '../shared/scoring/index.ts';
import { createRng } from '../shared/stats/rng.ts';
import type { Bench } from './harness.ts';
import { syntheticStudy } from './synthetic-study.ts';

function time(fn: () => unknown): number {
  fn();
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** The report on a 720-argument study: point estimates, and the full 2,000-replicate bootstrap. */
const bench: Bench = {
  name: 'report on a 720-argument study (8 models × 3 tests × 30; 2 extractors)',
  async run() {
    const options = { ...DEFAULT_REPORT_OPTIONS, generatedAt: new Date(0).toISOString() };
    const sampled = syntheticStudy({ perCell: 30, gold: { every: 15 } });
    const allGold = syntheticStudy({ perCell: 30, gold: { every: 1 } });
    // Floors measured here: copying the whole input once (the least any report must touch), and
    // 2,000 resamples of 720 numbers with a mean each (the least any bootstrap over arguments costs).
    const copyFloor = {
      name: 'one JSON copy of the input',
      value: time(() => JSON.parse(JSON.stringify(allGold))),
    };
    const values = Float64Array.from({ length: 720 }, (_, index) => (index % 7) / 7);
    const rng = createRng(1);
    const bootstrapFloor = {
      name: '2,000 resampled means of 720 numbers',
      value: time(() => {
        let total = 0;
        for (let replicate = 0; replicate < 2000; replicate++) {
          let sum = 0;
          for (let draw = 0; draw < values.length; draw++) sum += values[rng.nextInt(values.length)] ?? 0;
          total += sum / values.length;
        }
        return total;
      }),
    };
    return [
      {
        name: 'point estimates, 48 gold arguments (replicates 0)',
        value: time(() => buildReport(sampled, { ...options, replicates: 0 })),
        unit: 'ms',
        floor: copyFloor,
      },
      {
        name: 'point estimates, gold on all 720 (replicates 0)',
        value: time(() => buildReport(allGold, { ...options, replicates: 0 })),
        unit: 'ms',
        floor: copyFloor,
      },
      {
        name: '2,000 replicates, 48 gold arguments',
        value: time(() => buildReport(sampled, options)),
        unit: 'ms',
        floor: bootstrapFloor,
      },
      {
        name: '2,000 replicates, gold on all 720',
        value: time(() => buildReport(allGold, options)),
        unit: 'ms',
        floor: bootstrapFloor,
      },
    ];
  },
};
export default bench;
