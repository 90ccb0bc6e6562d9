import { describe, expect, it } from 'vitest';
import { checkClaims } from './claims.ts';
import type { CorrectedFigure } from './corrected-estimates.ts';
import type { Ranking } from './rankings.ts';
import { writeVerdict } from './verdict.ts';

/** A corrected figure with its interval; 40 gold arguments of 300 unless said otherwise. */
function corrected(
  value: number,
  lower: number,
  upper: number,
  sample: { sampled?: number; population?: number; floored?: boolean } = {},
): CorrectedFigure {
  const halfWidth = (upper - lower) / 2;
  return {
    value,
    ci: { lower, upper },
    clipped: false,
    variance: (halfWidth / 1.959963984540054) ** 2,
    method: 'student-t',
    degrees_of_freedom: null,
    extractor_only: value,
    sampled: sample.sampled ?? 40,
    population: sample.population ?? 300,
    variance_pooled: false,
    variance_floored: sample.floored ?? false,
    strata: [],
  };
}

const ranking = (tau: number, lower: number, upper: number): Ranking =>
  Object.assign(
    { gold: ['a', 'b'], reported: ['a', 'b'] },
    {
      metric: 'acch' as const,
      test: 1 as const,
      values: {},
      kendall_tau_b: {
        gold_vs_reported: {
          value: tau,
          ci: { lower, upper },
          method: 'cluster-bootstrap' as const,
          models: 8,
        },
      },
      flips: {
        gold: [
          { higher: 'a', lower: 'b', share: 0.3, ties: 0 },
          { higher: 'b', lower: 'c', share: 0.1, ties: 0 },
        ],
      },
    },
  );

describe('checkClaims and writeVerdict', () => {
  const claims = checkClaims(
    {
      m1: { '1': { acch: corrected(0.95, 0.92, 0.98) }, '2': { acch: corrected(0.88, 0.85, 0.91) } },
      m2: { '1': { acch: corrected(0.8, 0.7, 0.89) } },
    },
    'gpt-4.1',
    { acch_test1: ranking(0.71, 0.43, 0.93), recu_test1: ranking(0.9, 0.65, 1) },
    { threshold: 0.6, claimThreshold: 0.9, hasReported: true, level: 0.95 },
  );

  it('decides the AccH claim per model and test from the corrected interval', () => {
    expect(claims.acch_above.by_model.m1?.['1']?.status).toBe('holds');
    expect(claims.acch_above.by_model.m2?.['1']?.status).toBe('fails');
  });

  it('says a cell whose interval still contains the threshold is too few to judge, with the gold it needs', () => {
    // 0.88 [0.85, 0.91] on 40 of 300: s² = 0.000234·40/(1 − 40/300) = 0.0108; n₀ = 3.8415·0.0108/0.02² = 104.0;
    // with the finite-population correction n = n₀/(1 + n₀/300) = 77.2 → 78.
    const claim = claims.acch_above.by_model.m1?.['2'];
    expect(claim?.status).toBe('too_few');
    expect(claim?.sampled).toBe(40);
    expect(claim?.needed).toBe(78);
  });

  it('decides the ranking claim from the τ-b interval against the threshold, least stable pair first', () => {
    expect(claims.ranking.comparison).toBe('gold_vs_reported');
    expect(claims.ranking.by_ranking.acch_test1?.status).toBe('undecided');
    expect(claims.ranking.by_ranking.recu_test1?.status).toBe('holds');
    expect(claims.ranking.by_ranking.acch_test1?.flips[0]?.share).toBe(0.3);
  });

  it('answers in words with the numbers, never a bare yes or no', () => {
    const verdict = writeVerdict(claims, 0.95);
    expect(verdict.ranking).toContain('1 hold, 0 fail, 1 undecided, 0 too few to judge of 2 rankings');
    expect(verdict.acch).toContain('1 hold, 1 fail, 0 undecided, 1 too few to judge of 3');
    expect(verdict.details).toContain(
      'AccH, Test 1: τ-b = 0.710 [0.430, 0.930] over 8 models — undecided against 0.6; least stable gold pair: a above b, order flips in 0.300 of replicates.',
    );
    expect(verdict.details).toContain('m2: corrected AccH Test 1 0.800 [0.700, 0.890] fails.');
  });

  it('says a ranking whose τ-b has no value (all gold tied) on too few gold per cell is too few to judge, not undecided', () => {
    const tied = ranking(0.2, 0, 0);
    tied.kendall_tau_b.gold_vs_reported = {
      value: null,
      ci: null,
      method: 'cluster-bootstrap',
      gold: 1,
      models: 8,
    };
    const options = { threshold: 0.6, claimThreshold: 0.9, hasReported: true, level: 0.95 };
    const judged = checkClaims(null, 'gpt-4.1', { acch_test2: tied }, options);
    expect(judged.ranking.by_ranking.acch_test2).toMatchObject({ status: 'too_few', sampled: 1, needed: 20 });
    const enough = ranking(0.2, 0, 0);
    enough.kendall_tau_b.gold_vs_reported = {
      value: null,
      ci: null,
      method: 'cluster-bootstrap',
      gold: 20,
      models: 8,
    };
    expect(
      checkClaims(null, 'gpt-4.1', { acch_test2: enough }, options).ranking.by_ranking.acch_test2?.status,
    ).toBe('undecided');
  });

  it('says a ranking whose τ-b interval was withheld (too few gold per cell) is too few to judge', () => {
    const few = ranking(0.2, 0, 0);
    few.kendall_tau_b.gold_vs_reported = {
      value: 0.2,
      ci: null,
      method: 'cluster-bootstrap',
      interval: 'too_few',
      gold: 2,
      gold_needed: 20,
      models: 8,
    };
    const judged = checkClaims(
      null,
      'gpt-4.1',
      { acch_test1: few },
      {
        threshold: 0.6,
        claimThreshold: 0.9,
        hasReported: true,
        level: 0.95,
      },
    );
    expect(judged.ranking.by_ranking.acch_test1).toMatchObject({ status: 'too_few', sampled: 2, needed: 20 });
    const verdict = writeVerdict(judged, 0.95);
    expect(verdict.ranking).toContain('0 hold, 0 fail, 0 undecided, 1 too few to judge of 1 rankings');
    expect(verdict.details[0]).toBe(
      'AccH, Test 1: τ-b = 0.200 [no interval] over 8 models — too few to judge (2 gold in the smallest cell; needs 20 per cell); least stable gold pair: a above b, order flips in 0.300 of replicates.',
    );
  });

  it('compares with the primary extractor when nothing was reported', () => {
    const without = checkClaims(
      null,
      'gpt-4.1',
      {},
      { threshold: 0.6, claimThreshold: 0.9, hasReported: false, level: 0.95 },
    );
    expect(without.ranking.comparison).toBe('gold_vs_gpt-4.1');
    expect(writeVerdict(without, 0.95).ranking).toContain('cannot be checked');
  });
});

describe('claims from cells too small to judge (the demo: 2–3 gold arguments, no difference seen)', () => {
  const claimFor = (figure: CorrectedFigure) =>
    checkClaims(
      { m: { '1': { acch: figure } } },
      'rules',
      {},
      {
        threshold: 0.6,
        claimThreshold: 0.9,
        hasReported: false,
        level: 0.95,
      },
    ).acch_above.by_model.m?.['1'];

  it('never says "holds" from an interval of zero width on three items', () => {
    // Today's output for demo-negator: 0.995 [0.995, 0.995] holds.
    const claim = claimFor(corrected(0.995, 0.995, 0.995, { sampled: 3, population: 30, floored: true }));
    expect(claim?.status).toBe('too_few');
    // 70 without the finite-population correction; a cell of 30 needs 26 of them.
    expect(claim?.needed).toBe(26);
  });

  it('needs the minimum even when the interval looks decisive', () => {
    const claim = claimFor(corrected(0.99, 0.97, 1, { sampled: 4, population: 30 }));
    expect(claim?.status).toBe('too_few');
    expect(claim?.needed).toBeGreaterThanOrEqual(10);
  });
});
