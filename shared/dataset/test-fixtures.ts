/**
 * A small frozen study for the tests of this folder (not part of the public API): two arguments of
 * model m1 over triple T, test 1.
 *
 *   a1  annotated by bob then alice (the adjudication showed bob as A), gold fixed by carol with one
 *       decision; extractor "x" asserts current F1 (correct) and F5 (extra); extractor "y" failed
 *   a2  annotated by alice alone, no gold; drawn by sample versions 1 and 2
 *   a3  nothing: left out of the dataset
 */
import { emptyJudgement, type Judgement } from '../schemas/annotation.ts';
import type { Triple } from '../schemas/triple.ts';
import type { DatasetSource } from './build-records.ts';

export function judgement(overrides: Partial<Judgement> = {}): Judgement {
  return { ...emptyJudgement(), ...overrides };
}

export const TRIPLE_T: Triple = {
  id: 'T',
  mode: 'arguable',
  current: { factors: ['F1', 'F2'] },
  tsc1: { factors: ['F2', 'F3'], outcome: 'plaintiff' },
  tsc2: { factors: ['F1', 'F4'], outcome: 'defendant' },
};

export const TEXT = 'F1 and F2, as in "TSC1", with F3.';

export function smallSource(): DatasetSource {
  const a = judgement({
    current: ['F1'],
    spans: [{ start: 0, end: 2, case: 'current', factor: 'F1', style: 'code', polarity: 'asserted' }],
    guideline_version: '2025-06.1',
  });
  const b = judgement({ current: ['F1', 'F2'], guideline_version: '2025-06.1' });
  return {
    triples: [TRIPLE_T],
    arguments: [
      { id: 'a1', triple_id: 'T', model: 'm1', test: 1, text: TEXT, finish_reason: 'stop' },
      { id: 'a2', triple_id: 'T', model: 'm1', test: 1, text: TEXT },
      { id: 'a3', triple_id: 'T', model: 'm1', test: 1, text: TEXT },
    ],
    annotations: [
      { argumentId: 'a1', annotator: 'bob', secondsSpent: 90, judgement: b },
      { argumentId: 'a1', annotator: 'alice', secondsSpent: 120, judgement: a },
      { argumentId: 'a2', annotator: 'alice', secondsSpent: 30, judgement: judgement({ abstained: true }) },
    ],
    gold: [
      {
        argumentId: 'a1',
        status: 'fixed',
        accepted: false,
        adjudicator: 'carol',
        decisions: [{ disagreementId: 'cell:current:F2', choice: 'a', rationale: 'named in the text' }],
        judgement: b,
      },
    ],
    extractions: [
      {
        argument_id: 'a1',
        extractor: 'y',
        current: [],
        tsc1: [],
        tsc2: [],
        unlisted: [],
        status: 'failed',
        error: 'HTTP 500',
      },
      {
        argument_id: 'a1',
        extractor: 'x',
        current: ['F1', 'F5'],
        tsc1: [],
        tsc2: [],
        unlisted: [],
        status: 'extracted',
      },
      {
        argument_id: 'a3',
        extractor: 'x',
        current: [],
        tsc1: [],
        tsc2: [],
        unlisted: [],
        status: 'extracted',
      },
    ],
    errorClasses: [],
    sampleRows: [
      { argumentId: 'a2', version: 1, stratum: 'model=m1|test=1', inclusionProbability: 0.5, weight: 2 },
      { argumentId: 'a2', version: 2, stratum: 'model=m1|test=1', inclusionProbability: 0.25, weight: 4 },
    ],
  };
}
