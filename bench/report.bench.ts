import { performance } from 'node:perf_hooks';
import { FACTOR_IDS, type FactorId } from '../shared/factors.ts';
import { generateTriples } from '../shared/generate/index.ts';
import type { Judgement } from '../shared/schemas/annotation.ts';
import type { Argument } from '../shared/schemas/argument.ts';
import type { Extraction } from '../shared/schemas/extraction.ts';
import type { Triple } from '../shared/schemas/triple.ts';
import { buildReport, DEFAULT_REPORT_OPTIONS, type ReportInput } from '../shared/scoring/index.ts';
import { createRng, type Rng } from '../shared/stats/rng.ts';
import type { Bench } from './harness.ts';

const MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'llama-3.1-70b',
  'llama-3.1-8b',
  'claude-3.5',
  'gemini-1.5',
  'qwen-2.5',
  'mistral-large',
];
const PER_CELL = 30;

/** Keeps each factor with probability `keep`, adds a random other factor with probability `add`. */
function perturb(
  rng: Rng,
  factors: readonly FactorId[],
  keep: number,
  add: number,
  pool: readonly FactorId[],
): FactorId[] {
  const kept = factors.filter(() => rng.next() < keep);
  if (rng.next() < add) {
    const extra = pool[rng.nextInt(pool.length)];
    if (extra !== undefined && !kept.includes(extra)) kept.push(extra);
  }
  return kept;
}

/**
 * A synthetic study the size of the paper's: 8 models × 3 tests × 30 arguments = 720, over triples
 * from `generateTriples`. Gold perturbs the triple's factors (60% abstentions on Test 3), two
 * extractors perturb the gold (the "rules" one fails now and then), two annotators perturb it too.
 * Every `goldEvery`-th argument has gold and two annotations (15 → 48 arguments, like a sample).
 */
export function syntheticStudy(goldEvery: number, seed = 11): ReportInput {
  const rng = createRng(seed);
  const pool: FactorId[] = [...FACTOR_IDS];
  const triples: Triple[] = [];
  const argumentsList: Argument[] = [];
  const extractions: Extraction[] = [];
  const gold: ReportInput['gold'][number][] = [];
  const annotations: ReportInput['annotations'][number][] = [];
  const modes = ['arguable', 'reordered', 'non_arguable'] as const;
  modes.forEach((mode, m) => {
    triples.push(...generateTriples({ mode, count: PER_CELL, complexity: 5, seed: seed + m }).triples);
  });
  let index = 0;
  for (const model of MODELS)
    for (const test of [1, 2, 3] as const) {
      const m = test - 1;
      for (let k = 0; k < PER_CELL; k++) {
        const triple = triples[m * PER_CELL + k];
        if (!triple) continue;
        const id = `${model}-t${test}-${k}`;
        argumentsList.push({
          id,
          triple_id: triple.id,
          model,
          test,
          text: 'x'.repeat(200),
          ...(k % 17 === 0 ? { finish_reason: 'length' } : {}),
        });
        const abstains = test === 3 && rng.next() < 0.6;
        const judgement = (keep: number, add: number): Judgement => ({
          current: abstains ? [] : perturb(rng, triple.current.factors, keep, add, pool),
          tsc1: abstains ? [] : perturb(rng, triple.tsc1.factors, keep, add, pool),
          tsc2: abstains ? [] : perturb(rng, triple.tsc2.factors, keep, add, pool),
          unlisted: rng.next() < 0.05 ? [{ case: 'current', text: 'F30 Market-dominance' }] : [],
          abstained: abstains,
          exact_phrase: abstains && rng.next() < 0.5,
          truncated: k % 17 === 0,
          spans: [],
        });
        const goldJudgement = judgement(0.8, 0.2);
        for (const extractor of ['gpt-4.1', 'rules']) {
          if (extractor === 'rules' && index % 97 === 5) {
            extractions.push({
              argument_id: id,
              extractor,
              current: [],
              tsc1: [],
              tsc2: [],
              unlisted: [],
              status: 'failed',
              error: 'timeout',
            });
            continue;
          }
          extractions.push({
            argument_id: id,
            extractor,
            current: perturb(rng, goldJudgement.current, 0.9, 0.1, pool),
            tsc1: perturb(rng, goldJudgement.tsc1, 0.9, 0.1, pool),
            tsc2: perturb(rng, goldJudgement.tsc2, 0.9, 0.1, pool),
            unlisted: [],
            status: 'extracted',
          });
        }
        if (index % goldEvery === 0) {
          gold.push({ argumentId: id, judgement: goldJudgement });
          for (const annotator of ['alice', 'bob'])
            annotations.push({
              argumentId: id,
              annotator,
              judgement: { ...goldJudgement, current: perturb(rng, goldJudgement.current, 0.9, 0.05, pool) },
            });
        }
        index++;
      }
    }
  const reported = MODELS.flatMap((model, m) =>
    ([1, 2, 3] as const).flatMap((test) => [
      { source: 'Zhang et al. 2025', model, test, metric: 'acch' as const, value: 0.95 - m * 0.01 },
      { source: 'Zhang et al. 2025', model, test, metric: 'recu' as const, value: 0.8 - m * 0.02 },
      ...(test === 3
        ? [{ source: 'Zhang et al. 2025', model, test, metric: 'abstain' as const, value: 0.5 + m * 0.03 }]
        : []),
    ]),
  );
  return {
    study: 'bench',
    triples,
    arguments: argumentsList,
    extractions,
    annotations,
    gold,
    reported,
    design: null,
  };
}

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
    const sampled = syntheticStudy(15);
    const allGold = syntheticStudy(1);
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
