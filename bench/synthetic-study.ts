import { FACTOR_IDS, type FactorId } from '../shared/factors.ts';
import { generateTriples } from '../shared/generate/index.ts';
import type { Judgement } from '../shared/schemas/annotation.ts';
import type { Argument } from '../shared/schemas/argument.ts';
import type { Extraction } from '../shared/schemas/extraction.ts';
import type { Triple } from '../shared/schemas/triple.ts';
import type { ReportInput } from '../shared/scoring/index.ts';
import { createRng, type Rng } from '../shared/stats/rng.ts';

export const SYNTHETIC_MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'llama-3.1-70b',
  'llama-3.1-8b',
  'claude-3.5',
  'gemini-1.5',
  'qwen-2.5',
  'mistral-large',
];

/** The size and make-up of a synthetic study (8 models × 3 tests × `perCell` arguments). */
export interface SyntheticStudyOptions {
  /** Arguments per model × test cell: 30 is the paper's scale (720 arguments), 3,000 is 100× (72,000). */
  perCell: number;
  /**
   * Which arguments have gold and two annotations: every `goldEvery`-th (`{ every: 15 }` → 48 of 720),
   * or exactly `count` of them spread evenly over the study (`{ count: 5000 }`).
   */
  gold: { every: number } | { count: number };
  /** Characters of each argument's text (default 200); the texts are never read by scoring. */
  textLength?: number;
  seed?: number;
}

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
 * A synthetic study in the documented record formats: 8 models × 3 tests × `perCell` arguments over
 * triples from `generateTriples`. Gold perturbs the triple's factors (60% abstentions on Test 3), two
 * extractors perturb the gold (the "rules" one fails now and then), two annotators perturb it too.
 * Deterministic for given options.
 */
export function syntheticStudy(options: SyntheticStudyOptions): ReportInput {
  const { perCell, gold: goldChoice, textLength = 200, seed = 11 } = options;
  const rng = createRng(seed);
  const pool: FactorId[] = [...FACTOR_IDS];
  const triples: Triple[] = [];
  const argumentsList: Argument[] = [];
  const extractions: Extraction[] = [];
  const gold: ReportInput['gold'][number][] = [];
  const annotations: ReportInput['annotations'][number][] = [];
  const total = SYNTHETIC_MODELS.length * 3 * perCell;
  const hasGold = (index: number): boolean =>
    'every' in goldChoice
      ? index % goldChoice.every === 0
      : Math.floor(((index + 1) * goldChoice.count) / total) > Math.floor((index * goldChoice.count) / total);
  const modes = ['arguable', 'reordered', 'non_arguable'] as const;
  modes.forEach((mode, m) => {
    triples.push(...generateTriples({ mode, count: perCell, complexity: 5, seed: seed + m }).triples);
  });
  const text = 'x'.repeat(textLength);
  let index = 0;
  for (const model of SYNTHETIC_MODELS)
    for (const test of [1, 2, 3] as const) {
      const m = test - 1;
      for (let k = 0; k < perCell; k++) {
        const triple = triples[m * perCell + k];
        if (!triple) continue;
        const id = `${model}-t${test}-${k}`;
        argumentsList.push({
          id,
          triple_id: triple.id,
          model,
          test,
          text,
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
        if (hasGold(index)) {
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
  const reported = SYNTHETIC_MODELS.flatMap((model, m) =>
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
