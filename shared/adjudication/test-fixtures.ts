/**
 * Two frozen judgements of one argument by annotators A and B, for the tests of this folder (not part
 * of the public API). What they differ on, worked out by hand:
 *
 *   cells     current F7 (B only), tsc1 F4 (A only)
 *   unlisted  tsc2 "Prior litigation" (B only); current "F30 Market-dominance" both (B: "f30 market dominance")
 *   spans     [10,12) current F4 code asserted — both (agreed)
 *             [70,80) current F5 name negated — both (agreed)
 *             [20,40) current F6 paraphrase (A) vs [25,45) current F6 name (B) — style dispute
 *             [50,60) tsc1 F4 name asserted — A only
 *             [90,95) current F7 code asserted — B only
 *   flags     truncated (B only)
 */
import { emptyJudgement, type Judgement, type Span } from '../schemas/annotation.ts';

export function span(
  start: number,
  end: number,
  caseId: Span['case'],
  factor: Span['factor'],
  style: Span['style'] = 'code',
  polarity: Span['polarity'] = 'asserted',
  text?: string,
): Span {
  return {
    start,
    end,
    case: caseId,
    factor,
    style,
    polarity,
    ...(text === undefined ? {} : { text }),
  };
}

export function judgement(overrides: Partial<Judgement> = {}): Judgement {
  return { ...emptyJudgement(), ...overrides };
}

export const A_SPANS = {
  f4: span(10, 12, 'current', 'F4'),
  f6: span(20, 40, 'current', 'F6', 'paraphrase'),
  tsc1F4: span(50, 60, 'tsc1', 'F4', 'name'),
  f5Negated: span(70, 80, 'current', 'F5', 'name', 'negated'),
} as const;

export const B_SPANS = {
  f4: span(10, 12, 'current', 'F4'),
  f6: span(25, 45, 'current', 'F6', 'name'),
  f5Negated: span(70, 80, 'current', 'F5', 'name', 'negated'),
  f7: span(90, 95, 'current', 'F7'),
} as const;

export const JUDGEMENT_A: Judgement = Object.freeze(
  judgement({
    current: ['F4', 'F6'],
    tsc1: ['F4'],
    tsc2: ['F10'],
    unlisted: [{ case: 'current', text: 'F30 Market-dominance' }],
    spans: [A_SPANS.f4, A_SPANS.f6, A_SPANS.tsc1F4, A_SPANS.f5Negated],
    comment: 'A thinks so',
    guideline_version: '1.0',
  }),
);

export const JUDGEMENT_B: Judgement = Object.freeze(
  judgement({
    current: ['F4', 'F6', 'F7'],
    tsc1: [],
    tsc2: ['F10'],
    unlisted: [
      { case: 'current', text: 'f30 market dominance' },
      { case: 'tsc2', text: 'Prior litigation' },
    ],
    truncated: true,
    spans: [B_SPANS.f4, B_SPANS.f6, B_SPANS.f5Negated, B_SPANS.f7],
    comment: 'B thinks otherwise',
    guideline_version: '1.0',
  }),
);

/** The ids `disagreements(JUDGEMENT_A, JUDGEMENT_B)` lists, in order. */
export const DISAGREEMENT_IDS = [
  'cell:current:F7',
  'cell:tsc1:F4',
  'unlisted:tsc2:prior litigation',
  'span:current:F6:asserted:20-40/25-45',
  'span:tsc1:F4:asserted:50-60',
  'span:current:F7:asserted:90-95',
  'flag:truncated',
] as const;
