import { FACTOR_IDS, type FactorId, sortFactorIds } from '../factors.ts';
import { bernoulli } from '../generate/sampling.ts';
import type { Judgement, MentionStyle, Span } from '../schemas/annotation.ts';
import type { Rng } from '../stats/rng.ts';
import { CASES } from '../vocabulary.ts';
import type { WrittenAssertions } from './argument-writer.ts';

/**
 * How careless a simulated annotator is: the chance to miss a mark, to add a wrong one, to leave a
 * mention unhighlighted (the factor stays ticked: a mark without a span), and to record a
 * highlighted mention under another style.
 */
export interface SimulatedAnnotator {
  name: string;
  miss: number;
  spurious: number;
  unmarked: number;
  styleSlip: number;
}

export const DEMO_ANNOTATORS: readonly SimulatedAnnotator[] = [
  { name: 'alice', miss: 0.04, spurious: 0.05, unmarked: 0.1, styleSlip: 0.05 },
  { name: 'bob', miss: 0.08, spurious: 0.1, unmarked: 0.2, styleSlip: 0.1 },
];

/** The style a slip records instead: the neighbouring one (a code is read as a name, a name as a paraphrase, …). */
const SLIPPED: Readonly<Record<MentionStyle, MentionStyle>> = {
  code: 'name',
  name: 'paraphrase',
  paraphrase: 'name',
};

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
    spans: key.spans,
    comment: 'synthetic demo: the template writer’s answer key',
  };
}

/**
 * A simulated annotator's judgement of a synthetic argument: the answer key, each mark missed with
 * probability `miss`, and with probability `spurious` one extra mark of a random factor in a random
 * case; the writer's spans of the marks kept (a missed mark loses its spans, as the span rules
 * require), each left out with probability `unmarked` and recorded under a neighbouring style with
 * probability `styleSlip`. For the demo only — so a report can be explored before real annotators
 * have worked; never a substitute for them.
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
  const spans: Span[] = [];
  for (const span of judgement.spans) {
    if (span.polarity === 'asserted' && span.factor !== 'unlisted' && !marks[span.case].includes(span.factor))
      continue;
    if (bernoulli(rng, annotator.unmarked)) continue;
    spans.push(bernoulli(rng, annotator.styleSlip) ? { ...span, style: SLIPPED[span.style] } : span);
  }
  // The comment reaches the adjudicator beside A's and B's work, so it names no annotator.
  return { ...judgement, ...marks, spans, comment: 'synthetic demo: a simulated annotation' };
}
