import { describe, expect, it } from 'vitest';
import type { Claims } from './claims.ts';
import { formatNumber, writeVerdict } from './verdict.ts';

describe('formatNumber', () => {
  it('prints three decimals, and n/a for a missing value', () => {
    expect(formatNumber(0.91234)).toBe('0.912');
    expect(formatNumber(null)).toBe('n/a');
    expect(formatNumber(Number.NaN)).toBe('n/a');
  });
});

describe('writeVerdict', () => {
  const claims: Claims = {
    acch_above: {
      threshold: 0.9,
      extractor: 'gpt-4.1',
      by_model: {
        m: {
          '1': {
            status: 'holds',
            value: 0.95,
            ci: { lower: 0.92, upper: 0.98 },
            variance_pooled: true,
            sampled: 40,
            needed: 17,
          },
        },
      },
    },
    ranking: {
      threshold: 0.6,
      comparison: 'gold_vs_reported',
      by_ranking: {
        recu_test3: {
          status: 'undecided',
          tau_b: { value: null, ci: null, method: 'cluster-bootstrap', models: 1 },
          flips: [],
          sampled: null,
          needed: 20,
        },
      },
    },
  };
  const verdict = writeVerdict(claims, 0.9);

  it('states the level, the threshold and the tally', () => {
    expect(verdict.acch).toBe(
      'Does ">90% AccH" survive? AccH from gpt-4.1, corrected by the gold sample (90% Student-t interval), against 0.9, per model and test: 1 hold, 0 fail, 0 undecided, 0 too few to judge of 1.',
    );
  });

  it('says why a ranking cannot be compared, and when a variance was pooled', () => {
    expect(verdict.details).toEqual([
      'RecU, Test 3: τ-b (gold_vs_reported) is n/a — fewer than two models ranked by both sources; undecided.',
      'm: corrected AccH Test 1 0.950 [0.920, 0.980] holds (variance pooled across tests).',
    ]);
  });

  it('says when one source ties every model, and counts a cell too small to judge as too few', () => {
    const tied = writeVerdict(
      {
        ...claims,
        ranking: {
          ...claims.ranking,
          by_ranking: {
            acch_test2: {
              status: 'too_few',
              tau_b: { value: null, ci: null, method: 'cluster-bootstrap', gold: 1, models: 8 },
              flips: [],
              sampled: 1,
              needed: 20,
            },
          },
        },
      },
      0.9,
    );
    expect(tied.details[0]).toBe(
      'AccH, Test 2: τ-b (gold_vs_reported) is n/a — one source ranks all 8 models equal; too few to judge (1 gold in the smallest cell; needs 20 per cell).',
    );
    expect(tied.ranking).toContain('0 hold, 0 fail, 0 undecided, 1 too few to judge of 1 rankings');
  });
});
