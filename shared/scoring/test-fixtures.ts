/**
 * Small frozen studies for the tests in this folder (not part of the public API). Every figure the
 * tests expect from them is worked out by hand in the test that uses it.
 */
import { emptyJudgement, type Judgement } from '../schemas/annotation.ts';
import type { Argument } from '../schemas/argument.ts';
import type { Extraction } from '../schemas/extraction.ts';
import type { Triple } from '../schemas/triple.ts';
import type { ReportInput } from './report-input.ts';

export function judgement(overrides: Partial<Judgement> = {}): Judgement {
  return { ...emptyJudgement(), ...overrides };
}

export function extraction(overrides: Partial<Extraction> & Pick<Extraction, 'argument_id'>): Extraction {
  return { extractor: 'x', current: [], tsc1: [], tsc2: [], unlisted: [], status: 'extracted', ...overrides };
}

/** Triple T: current {F1, F2}, TSC1 {F2, F3}, TSC2 {F1, F4}; N = 6, shared units 4, distinguishing 2. */
export const TRIPLE_T: Triple = {
  id: 'T',
  mode: 'arguable',
  current: { factors: ['F1', 'F2'] },
  tsc1: { factors: ['F2', 'F3'], outcome: 'plaintiff' },
  tsc2: { factors: ['F1', 'F4'], outcome: 'defendant' },
};

/** Triple U (non-arguable): current {F5}, TSC1 {F6}, TSC2 {F7}; N = 3, no shared unit. */
export const TRIPLE_U: Triple = {
  id: 'U',
  mode: 'non_arguable',
  current: { factors: ['F5'] },
  tsc1: { factors: ['F6'], outcome: 'plaintiff' },
  tsc2: { factors: ['F7'], outcome: 'defendant' },
};

export function argument(
  id: string,
  model: string,
  test: 1 | 2 | 3,
  tripleId = test === 3 ? 'U' : 'T',
): Argument {
  return { id, triple_id: tripleId, model, test, text: 'x'.repeat(100) };
}

/**
 * Two models (m1, m2) × Test 1, two arguments each, over triple T; gold on all four; extractor x
 * perfect on a1 and a3, missing F4 of TSC2 on a2, adding F5 to the current case on a4.
 *
 *   gold a1 = G, a2 = G, a3 = G minus TSC1 F3, a4 = G
 *   x    a1 = G, a2 = G minus TSC2 F4, a3 = G, a4 = G plus current F5
 */
/** A study with nothing in it: every list empty, no design. */
export function emptyStudy(study = 'empty'): ReportInput {
  return {
    study,
    triples: [],
    arguments: [],
    extractions: [],
    annotations: [],
    gold: [],
    reported: [],
    design: null,
  };
}

export function smallStudy(): ReportInput {
  const truth = {
    current: TRIPLE_T.current.factors,
    tsc1: TRIPLE_T.tsc1.factors,
    tsc2: TRIPLE_T.tsc2.factors,
  };
  return {
    study: 'small',
    triples: [TRIPLE_T, TRIPLE_U],
    arguments: [
      argument('a1', 'm1', 1),
      argument('a2', 'm1', 1),
      argument('a3', 'm2', 1),
      argument('a4', 'm2', 1),
    ],
    extractions: [
      extraction({ argument_id: 'a1', ...truth }),
      extraction({ argument_id: 'a2', ...truth, tsc2: ['F1'] }),
      extraction({ argument_id: 'a3', ...truth }),
      extraction({ argument_id: 'a4', ...truth, current: ['F1', 'F2', 'F5'] }),
    ],
    annotations: [],
    gold: [
      { argumentId: 'a1', judgement: judgement(truth) },
      { argumentId: 'a2', judgement: judgement(truth) },
      { argumentId: 'a3', judgement: judgement({ ...truth, tsc1: ['F2'] }) },
      { argumentId: 'a4', judgement: judgement(truth) },
    ],
    reported: [],
    design: null,
  };
}
