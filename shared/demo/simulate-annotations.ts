import { FACTOR_IDS, type FactorId, sortFactorIds } from '../factors.ts';
import { bernoulli } from '../generate/sampling.ts';
import type { Judgement } from '../schemas/annotation.ts';
import type { Rng } from '../stats/rng.ts';
import { CASES } from '../vocabulary.ts';
import type { WrittenAssertions } from './argument-writer.ts';

/** How careless a simulated annotator is: the chance to miss a mark, and to add a wrong one. */
export interface SimulatedAnnotator {
  name: string;
  miss: number;
  spurious: number;
}

export const DEMO_ANNOTATORS: readonly SimulatedAnnotator[] = [
  { name: 'alice', miss: 0.04, spurious: 0.05 },
  { name: 'bob', miss: 0.08, spurious: 0.1 },
];

/** The writer's answer key as a judgement: what the synthetic argument asserts, by construction. */
export function answerKeyJudgement(key: WrittenAssertions, truncated: boolean): Judgement {
  return {
    current: key.current,
    tsc1: key.tsc1,
    tsc2: key.tsc2,
    unlisted: key.unlisted,
    abstained: key.abstention !== 'none',
    exact_phrase: key.abstention === 'exact',
    truncated,
    spans: [],
    comment: 'synthetic demo: the template writer’s answer key',
  };
}

/**
 * A simulated annotator's judgement of a synthetic argument: the answer key, each mark missed with
 * probability `miss`, and with probability `spurious` one extra mark of a random factor in a random
 * case. For the demo only — so a report can be explored before real annotators have worked; never
 * a substitute for them.
 */
export function simulateAnnotation(
  key: WrittenAssertions,
  truncated: boolean,
  annotator: SimulatedAnnotator,
  rng: Rng,
): Judgement {
  const judgement = answerKeyJudgement(key, truncated);
  const marks: Record<(typeof CASES)[number], FactorId[]> = { current: [], tsc1: [], tsc2: [] };
  for (const caseId of CASES) marks[caseId] = judgement[caseId].filter(() => !bernoulli(rng, annotator.miss));
  if (bernoulli(rng, annotator.spurious)) {
    const caseId = CASES[rng.nextInt(CASES.length)] ?? 'current';
    marks[caseId] = sortFactorIds([...marks[caseId], FACTOR_IDS[rng.nextInt(FACTOR_IDS.length)] ?? 'F1']);
  }
  return { ...judgement, ...marks, comment: `synthetic demo: simulated annotator ${annotator.name}` };
}
