import { describe, expect, it } from 'vitest';
import type { FactorId } from '../factors.ts';
import { type AltTest, alternativeAnnotatorTest, altTestByExtractor } from './alt-test.ts';
import type { AltReading } from './alt-test-alignment.ts';
import { factorMask } from './factor-sets.ts';
import { indexStudy } from './study-index.ts';
import { extraction, judgement, smallStudy } from './test-fixtures.ts';

/** A reading that asserts `factors` in the current case only. */
function read(factors: FactorId[], abstained = false): AltReading {
  return { masks: [factorMask(factors), 0, 0], abstained };
}

/**
 * The hand-computed fixture: annotators ana, ben and cy and one extractor E on four arguments
 * (current case only; "abst" = abstained, nothing listed):
 *
 *        ana         ben         cy          E
 *   p1   {F1, F2}    {F1, F2}    {F1}        {F1, F2}
 *   p2   {F1}        {F1, F2}    {F1, F2}    {F1, F2}
 *   p3   {F3}        {F3, F4}    {F4}        {F3, F5}
 *   p4   abst        abst        {F5}        abst
 *
 * Scores S against the two remaining annotators (the mean of the Jaccard similarities):
 *
 * ana out (R = ben, cy): p1 S(ana) = (1 + ½)/2 = ¾ = S(E) (E = ana) tie, d = 0;
 *   p2 S(ana) = (½ + ½)/2 = ½ < S(E) = (1 + 1)/2 = 1, E wins, d = −1;
 *   p3 S(ana) = (½ + 0)/2 = ¼ > S(E) = (⅓ + 0)/2 = ⅙, ana wins, d = +1;
 *   p4 S(ana) = ({abst}∼{abst} 1 + {abst}∼{F5} 0)/2 = ½ = S(E), tie, d = 0.
 *   d = [0, −1, +1, 0], W_ext = [1, 1, 0, 1]: advantage ¾, mean(d) = 0.
 * ben out (R = ana, cy): p1 S(ben) = (1 + ½)/2 = ¾ = S(E) tie; p2 ben = E, tie;
 *   p3 S(ben) = (½ + ½)/2 = ½ > S(E) = (½ + 0)/2 = ¼, ben wins, d = +1; p4 ben = E, tie.
 *   d = [0, 0, +1, 0], W_ext = [1, 1, 0, 1]: advantage ¾, mean(d) = ¼.
 * cy out (R = ana, ben): p1 S(cy) = (½ + ½)/2 = ½ < S(E) = 1, d = −1; p2 cy = E, tie, d = 0;
 *   p3 S(cy) = (0 + ½)/2 = ¼ < S(E) = (½ + ⅓)/2 = 5/12, d = −1; p4 S(cy) = 0 < S(E) = 1, d = −1.
 *   d = [−1, 0, −1, −1], W_ext = [1, 1, 1, 1]: advantage 1, mean(d) = −¾.
 */
const PATTERN: Record<string, Record<'ana' | 'ben' | 'cy' | 'E', AltReading>> = {
  p1: { ana: read(['F1', 'F2']), ben: read(['F1', 'F2']), cy: read(['F1']), E: read(['F1', 'F2']) },
  p2: { ana: read(['F1']), ben: read(['F1', 'F2']), cy: read(['F1', 'F2']), E: read(['F1', 'F2']) },
  p3: { ana: read(['F3']), ben: read(['F3', 'F4']), cy: read(['F4']), E: read(['F3', 'F5']) },
  p4: { ana: read([], true), ben: read([], true), cy: read(['F5']), E: read([], true) },
};

/** The pattern `copies` times over (arguments p1#0 … p4#copies−1). */
function fixture(copies: number) {
  const extractor = new Map<string, AltReading>();
  const humans = new Map<string, Map<string, AltReading>>([
    ['ana', new Map()],
    ['ben', new Map()],
    ['cy', new Map()],
  ]);
  for (let k = 0; k < copies; k++)
    for (const [id, readings] of Object.entries(PATTERN)) {
      extractor.set(`${id}#${k}`, readings.E);
      for (const name of ['ana', 'ben', 'cy'] as const) humans.get(name)?.set(`${id}#${k}`, readings[name]);
    }
  return { extractor, humans };
}

const JACCARD = { epsilon: 0.2, alignment: 'jaccard' } as const;

function annotator(test: AltTest, name: string) {
  const entry = test.annotators.find((candidate) => candidate.annotator === name);
  if (!entry) throw new Error(`no annotator ${name}`);
  return entry;
}

describe('alternativeAnnotatorTest on the hand-computed fixture', () => {
  it('scores every held-out annotator against the others, argument by argument (4 arguments)', () => {
    const { extractor, humans } = fixture(1);
    const test = alternativeAnnotatorTest(extractor, humans, JACCARD);
    expect(annotator(test, 'ana')).toMatchObject({ n: 4, extractor_wins: 1, tied: 2, annotator_wins: 1 });
    expect(annotator(test, 'ana').advantage).toBe(0.75);
    expect(annotator(test, 'ana').mean_difference).toBe(0);
    // ana: s = √(2/3) = 0.816497, t = (0 − 0.2)/(0.816497/2) = −0.489898; P(T₃ ≤ −0.4899) = 0.328898 (SciPy).
    expect(annotator(test, 'ana').t_statistic).toBeCloseTo(-0.48989794855663565, 12);
    expect(annotator(test, 'ana').p_value).toBeCloseTo(0.3288975500876904, 10);
    expect(annotator(test, 'ben')).toMatchObject({ n: 4, extractor_wins: 0, tied: 3, annotator_wins: 1 });
    expect(annotator(test, 'ben').mean_difference).toBe(0.25);
    // cy: mean −¾, s = ½, t = (−0.75 − 0.2)/(0.5/2) = −3.8; P(T₃ ≤ −3.8) = 0.016002 (SciPy).
    expect(annotator(test, 'cy')).toMatchObject({ n: 4, extractor_wins: 3, tied: 1, annotator_wins: 0 });
    expect(annotator(test, 'cy').advantage).toBe(1);
    expect(annotator(test, 'cy').t_statistic).toBeCloseTo(-3.8, 12);
    expect(annotator(test, 'cy').p_value).toBeCloseTo(0.016002294531319426, 10);
    // Fewer than 30 arguments each: reported, never tested.
    expect(test.annotators.map((entry) => entry.status)).toEqual(['too_few', 'too_few', 'too_few']);
    expect(test.annotators.some((entry) => entry.rejected)).toBe(false);
    expect(test).toMatchObject({
      status: 'too_few_arguments',
      passed: false,
      winning_rate: null,
      advantage_probability: null,
      annotators_tested: 0,
      arguments: 4,
      arguments_without_output: 0,
    });
  });

  it('tests each annotator against ε, corrects by Benjamini–Yekutieli and gives ω and ρ (40 arguments)', () => {
    // Ten copies: ana d = ten −1, ten +1, twenty 0: mean 0, s² = 20/39, s = 0.716115,
    //   t = −0.2/(0.716115/√40) = −1.766352, p = P(T₃₉ ≤ −1.766352) = 0.042582;
    // ben d = ten +1, thirty 0: mean ¼, s² = (10·0.75² + 30·0.25²)/39 = 7.5/39, s = 0.438529,
    //   t = 0.05/(0.438529/√40) = 0.721110, p = 0.762429;
    // cy d = thirty −1, ten 0: mean −¾, s = 0.438529, t = −0.95/0.069338 = −13.701095, p = 8.6e-17.
    // BY, m = 3, c(3) = 11/6: thresholds k · 0.05/(3 · 11/6) = 0.00909, 0.01818, 0.02727. Sorted p:
    // cy 8.6e-17 ≤ 0.00909 ✓, ana 0.0426 > 0.01818, ben 0.762 > 0.02727: only cy is rejected
    // (ana's 0.043 would pass an uncorrected 5% test). ω = 1/3 < 0.5: not passed.
    // ρ = (¾ + ¾ + 1)/3 = 0.833333.
    const { extractor, humans } = fixture(10);
    const test = alternativeAnnotatorTest(extractor, humans, JACCARD);
    expect(annotator(test, 'ana').t_statistic).toBeCloseTo(-1.7663521732655694, 12);
    expect(annotator(test, 'ana').p_value).toBeCloseTo(0.04258179622420187, 10);
    expect(annotator(test, 'ben').t_statistic).toBeCloseTo(0.7211102550927978, 12);
    expect(annotator(test, 'ben').p_value).toBeCloseTo(0.7624287375842769, 10);
    expect(annotator(test, 'cy').t_statistic).toBeCloseTo(-13.70109484676316, 10);
    expect(annotator(test, 'cy').p_value).toBeLessThan(1e-15);
    expect(test.annotators.map((entry) => [entry.annotator, entry.n, entry.status, entry.rejected])).toEqual([
      ['ana', 40, 'tested', false],
      ['ben', 40, 'tested', false],
      ['cy', 40, 'tested', true],
    ]);
    expect(test.winning_rate).toBeCloseTo(1 / 3, 15);
    expect(test.advantage_probability).toBeCloseTo(5 / 6, 15);
    expect(test).toMatchObject({
      status: 'tested',
      passed: false,
      annotators_tested: 3,
      annotators_rejected: 1,
      arguments: 40,
      epsilon: 0.2,
      alignment: 'jaccard',
      q: 0.05,
      min_arguments: 30,
      min_annotators: 3,
    });
  });

  it('passes with a larger ε: ana (mean 0) and ben (mean ¼) are beaten once the margin is 0.3', () => {
    // ε = 0.3: ana t = −0.3/0.113228 = −2.649528, p = P(T₃₉ ≤ −2.649528) = 0.005790 (SciPy);
    // ben t = −0.05/0.069338 = −0.721110, p = 0.237571; cy ≈ 0. BY thresholds 0.00909, 0.01818, 0.02727: cy ✓, ana ✓ (0.0058 ≤ 0.0182),
    // ben ✗ → ω = 2/3 ≥ 0.5, passed.
    const { extractor, humans } = fixture(10);
    const test = alternativeAnnotatorTest(extractor, humans, { epsilon: 0.3, alignment: 'jaccard' });
    expect(annotator(test, 'ana').t_statistic).toBeCloseTo(-2.649528259898354, 10);
    expect(annotator(test, 'ana').p_value).toBeCloseTo(0.005790267244433875, 10);
    expect(annotator(test, 'ben').p_value).toBeCloseTo(0.23757126241572316, 10);
    expect(test.winning_rate).toBeCloseTo(2 / 3, 15);
    expect(test.passed).toBe(true);
  });
});

/**
 * A published-style example, run through the authors' reference implementation (`alt_test` of
 * github.com/nitaytech/AltTest, alt_test_example.ipynb: `accuracy` scoring, SciPy's ttest_1samp,
 * `by_procedure`) with SciPy 1.17: three annotators label 36 instances A, B or C, a fourth labels
 * only the first 12, and the LLM has no label for the last instance. A label is a one-factor reading
 * (A → F1, B → F2, C → F3), so the Jaccard similarity of two readings is the reference's exact-match
 * accuracy, and the mean over the remaining annotators its `accuracy(pred, annotations)`.
 *
 * The reference prints, at ε = 0.2: h1 n = 35, t = −2.189281, p = 0.017769, advantage 0.828571;
 * h2 t = −2.821265, p = 0.003965, advantage 0.885714; h3 t = −2.75, p = 0.004739, advantage
 * 0.828571; "Skipping annotator h4 with only 12 instances"; all three rejected: winning rate 1.0,
 * advantage probability 0.847619. At ε = 0.1: p = 0.113299, 0.046886, 0.034702 — two below 0.05,
 * but none below its BY threshold (0.00909, 0.01818, 0.02727): winning rate 0.0.
 */
describe('alternativeAnnotatorTest against the reference implementation', () => {
  const LABELS = {
    h1: 'ACBBCAAACBCCAABBCBCCCACABBCCAACCBABA',
    h2: 'CCABACAACCCAAABACCCCAABBBCCCCBCBCBAA',
    h3: 'BAABBBBACCCCABBCABAACACBBACCCBAACBCA',
    h4: 'BCBBCCAACBCC',
  };
  const LLM = 'ACBBCCCABBCAAABCAAACACABBCCCCACAAAA';
  const FACTOR_OF: Record<string, FactorId> = { A: 'F1', B: 'F2', C: 'F3' };
  const readings = (labels: string) =>
    new Map([...labels].map((label, k) => [`i${k}`, read([FACTOR_OF[label] ?? 'F1'])]));
  const humans = new Map(Object.entries(LABELS).map(([name, labels]) => [name, readings(labels)]));
  const extractor = readings(LLM);

  it('gives the reference figures at ε = 0.2: every tested annotator beaten, ω = 1, ρ = 0.847619', () => {
    const test = alternativeAnnotatorTest(extractor, humans, JACCARD);
    const rows = test.annotators.map((entry) => [entry.annotator, entry.n, entry.status, entry.rejected]);
    expect(rows).toEqual([
      ['h1', 35, 'tested', true],
      ['h2', 35, 'tested', true],
      ['h3', 35, 'tested', true],
      ['h4', 12, 'too_few', false],
    ]);
    expect(annotator(test, 'h1').t_statistic).toBeCloseTo(-2.1892810559291425, 10);
    expect(annotator(test, 'h1').p_value).toBeCloseTo(0.017769071376143582, 10);
    expect(annotator(test, 'h2').p_value).toBeCloseTo(0.003965051989119542, 10);
    expect(annotator(test, 'h3').t_statistic).toBeCloseTo(-2.75, 12);
    expect(annotator(test, 'h3').p_value).toBeCloseTo(0.004738917463767503, 10);
    expect(annotator(test, 'h1').advantage).toBeCloseTo(0.8285714285714286, 15);
    expect(annotator(test, 'h2').advantage).toBeCloseTo(0.8857142857142857, 15);
    expect(test.winning_rate).toBe(1);
    expect(test.advantage_probability).toBeCloseTo(0.8476190476190477, 15);
    expect(test.passed).toBe(true);
    // 35 instances have two or more annotators and the LLM's label; i35 has no LLM label.
    expect(test.arguments).toBe(35);
    expect(test.arguments_without_output).toBe(1);
  });

  it('gives the reference figures at ε = 0.1: no annotator beaten after BY, ω = 0', () => {
    const test = alternativeAnnotatorTest(extractor, humans, { epsilon: 0.1, alignment: 'jaccard' });
    expect(annotator(test, 'h1').p_value).toBeCloseTo(0.11329851453034114, 10);
    expect(annotator(test, 'h2').p_value).toBeCloseTo(0.04688566607727247, 10);
    expect(annotator(test, 'h3').p_value).toBeCloseTo(0.03470180494197143, 10);
    expect(test.winning_rate).toBe(0);
    expect(test.advantage_probability).toBeCloseTo(0.8476190476190477, 15);
    expect(test.passed).toBe(false);
  });
});

describe('alternativeAnnotatorTest edge cases', () => {
  /** Three annotators and the extractor reading every argument as given, n arguments. */
  function uniform(
    n: number,
    human: (name: string, k: number) => AltReading,
    machine: (k: number) => AltReading,
  ) {
    const humans = new Map(
      ['a', 'b', 'c'].map((name) => [
        name,
        new Map<string, AltReading>(Array.from({ length: n }, (_, k) => [`x${k}`, human(name, k)])),
      ]),
    );
    const extractor = new Map<string, AltReading>(Array.from({ length: n }, (_, k) => [`x${k}`, machine(k)]));
    return { humans, extractor };
  }

  it('counts a tie as a win for both: all ties give d = 0, no variance, p = 0 < ε: every annotator beaten', () => {
    const { humans, extractor } = uniform(
      30,
      () => read(['F1']),
      () => read(['F1']),
    );
    const test = alternativeAnnotatorTest(extractor, humans, JACCARD);
    for (const entry of test.annotators)
      expect(entry).toMatchObject({
        n: 30,
        tied: 30,
        advantage: 1,
        mean_difference: 0,
        t_statistic: null,
        p_value: 0,
        rejected: true,
      });
    expect(test).toMatchObject({ status: 'tested', winning_rate: 1, advantage_probability: 1, passed: true });
  });

  it('without variance and mean(d) ≥ ε, p = 1: annotators who always align better are never beaten', () => {
    // Humans agree ({F1}); the extractor says {F2}: S(h) = 1 > S(E) = 0 everywhere, d = +1.
    const { humans, extractor } = uniform(
      30,
      () => read(['F1']),
      () => read(['F2']),
    );
    const test = alternativeAnnotatorTest(extractor, humans, JACCARD);
    expect(test.annotators.map((entry) => [entry.p_value, entry.t_statistic, entry.advantage])).toEqual([
      [1, null, 0],
      [1, null, 0],
      [1, null, 0],
    ]);
    expect(test).toMatchObject({ winning_rate: 0, advantage_probability: 0, passed: false });
  });

  it('with 29 arguments an annotator is too few: figures reported, no test, no pass', () => {
    const { humans, extractor } = uniform(
      29,
      () => read(['F1']),
      () => read(['F1']),
    );
    const test = alternativeAnnotatorTest(extractor, humans, JACCARD);
    expect(test.annotators.every((entry) => entry.status === 'too_few' && entry.p_value === 0)).toBe(true);
    expect(test.annotators.some((entry) => entry.rejected)).toBe(false);
    expect(test).toMatchObject({ status: 'too_few_arguments', winning_rate: null, passed: false });
  });

  it('with 2 annotators each is scored against the other alone: figures, but the minimum of 3 is not met', () => {
    const { humans, extractor } = uniform(
      30,
      () => read(['F1']),
      () => read(['F1']),
    );
    humans.delete('c');
    const test = alternativeAnnotatorTest(extractor, humans, JACCARD);
    expect(test).toMatchObject({
      status: 'too_few_annotators',
      annotators_tested: 2,
      annotators_rejected: 2,
      winning_rate: 1,
      passed: false,
    });
  });

  it('leaves out arguments without the extractor output, and those with a single annotator', () => {
    const { humans, extractor } = uniform(
      32,
      () => read(['F1']),
      () => read(['F1']),
    );
    extractor.delete('x0');
    extractor.delete('x1');
    humans.get('a')?.set('solo', read(['F10']));
    extractor.set('solo', read(['F10']));
    const test = alternativeAnnotatorTest(extractor, humans, JACCARD);
    expect(test.annotators.map((entry) => entry.n)).toEqual([30, 30, 30]);
    expect(test).toMatchObject({ arguments: 30, arguments_without_output: 2, status: 'tested' });
  });

  it('has no data without two annotators on an argument with output, and refuses ε outside (0, 1)', () => {
    const alone = new Map([['a', new Map([['x0', read(['F1'])]])]]);
    const test = alternativeAnnotatorTest(new Map([['x0', read(['F1'])]]), alone, JACCARD);
    expect(test).toMatchObject({ status: 'no_data', annotators: [], winning_rate: null, passed: false });
    expect(() => alternativeAnnotatorTest(new Map(), alone, { epsilon: 0, alignment: 'jaccard' })).toThrow(
      RangeError,
    );
    expect(() => alternativeAnnotatorTest(new Map(), alone, { epsilon: 1, alignment: 'jaccard' })).toThrow(
      RangeError,
    );
  });

  it('with accuracy alignment, compares the 78 decisions: a near miss is not a total miss', () => {
    // Humans {F1, F2} on every argument; the extractor {F1}: Jaccard ½ vs 1, accuracy 77/78 vs 1 —
    // the annotators still align better (d = +1), but both alignments agree on who wins.
    const { humans, extractor } = uniform(
      30,
      () => read(['F1', 'F2']),
      () => read(['F1']),
    );
    const test = alternativeAnnotatorTest(extractor, humans, { epsilon: 0.2, alignment: 'accuracy' });
    expect(test.alignment).toBe('accuracy');
    expect(test.annotators.every((entry) => entry.annotator_wins === 30)).toBe(true);
  });
});

describe('altTestByExtractor', () => {
  it('runs the test for every extractor on the submitted annotations, failed outputs left out', () => {
    const study = smallStudy();
    const input = {
      ...study,
      extractions: [
        ...study.extractions,
        extraction({ argument_id: 'a1', extractor: 'y', status: 'failed', error: 'HTTP 500' }),
        extraction({ argument_id: 'a2', extractor: 'y', current: ['F1'] }),
      ],
      annotations: [
        { argumentId: 'a1', annotator: 'ann', judgement: judgement({ current: ['F1', 'F2'] }) },
        { argumentId: 'a1', annotator: 'bo', judgement: judgement({ current: ['F1'] }) },
        { argumentId: 'a2', annotator: 'ann', judgement: judgement({ current: ['F1'] }) },
        { argumentId: 'a2', annotator: 'bo', judgement: judgement({ current: ['F1'] }) },
        { argumentId: 'elsewhere', annotator: 'bo', judgement: judgement() },
      ],
    };
    const tests = altTestByExtractor(indexStudy(input), input.annotations, JACCARD);
    expect(Object.keys(tests)).toEqual(['x', 'y']);
    expect(tests.x).toMatchObject({ arguments: 2, arguments_without_output: 0, status: 'too_few_arguments' });
    expect(tests.y).toMatchObject({ arguments: 1, arguments_without_output: 1 });
    // y on a2: {cur F1} = both annotators: ties, d = 0 for each; one argument: no t-test.
    expect(tests.y?.annotators.map((entry) => [entry.annotator, entry.n, entry.tied, entry.p_value])).toEqual(
      [
        ['ann', 1, 1, null],
        ['bo', 1, 1, null],
      ],
    );
  });
});
