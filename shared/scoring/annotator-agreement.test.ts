import { describe, expect, it } from 'vitest';
import { annotatorAgreement } from './annotator-agreement.ts';
import { indexStudy } from './study-index.ts';
import { judgement, smallStudy } from './test-fixtures.ts';

const OPTIONS = { seed: 4, replicates: 200, level: 0.95, stratified: false };

describe('annotatorAgreement', () => {
  // Two items: on a1 both mark current {F1}; on a2 ann marks current {F1}, TSC1 {F2}, bob current {F1};
  // ann abstains on a2, bob does not.
  const annotations = [
    { argumentId: 'a1', annotator: 'ann', judgement: judgement({ current: ['F1'] }) },
    { argumentId: 'a1', annotator: 'bob', judgement: judgement({ current: ['F1'] }) },
    {
      argumentId: 'a2',
      annotator: 'ann',
      judgement: judgement({ current: ['F1'], tsc1: ['F2'], abstained: true }),
    },
    { argumentId: 'a2', annotator: 'bob', judgement: judgement({ current: ['F1'] }) },
    { argumentId: 'a3', annotator: 'ann', judgement: judgement({ current: ['F1'] }) },
  ];
  const agreement = annotatorAgreement(indexStudy(smallStudy()), annotations, OPTIONS);

  it('pools the 78 decisions of each doubly annotated item: a = 2, b = 1, c = 0, d = 153', () => {
    expect(agreement.items).toBe(2);
    expect(agreement.table).toEqual({ both: 2, first_only: 1, second_only: 0, neither: 153 });
    // κ: C = 3·2 + 153·154 = 23568; κ = (156·155 − 23568)/(156² − 23568) = 612/768 = 0.796875
    expect(agreement.cohen_kappa.value).toBeCloseTo(612 / 768, 12);
    expect(agreement.percent_agreement.value).toBeCloseTo(155 / 156, 12);
    expect(agreement.positive_agreement.value).toBeCloseTo(4 / 5, 12);
  });

  it('compares the abstention flags over items: one agreement (neither), one disagreement', () => {
    expect(agreement.abstention.table).toEqual({ both: 0, first_only: 1, second_only: 0, neither: 1 });
    // C = 1·0 + 1·2 = 2; κ = (2·1 − 2)/(4 − 2) = 0
    expect(agreement.abstention_kappa.value).toBe(0);
  });

  it('reports factors per factor, and those never marked', () => {
    expect(Object.keys(agreement.per_factor)).toEqual(['F1', 'F2']);
    // F1: both on current of both items, 4 neither → κ = 1
    expect(agreement.per_factor.F1?.cohen_kappa.value).toBe(1);
    expect(agreement.per_factor.F1?.decisions).toBe(6);
    expect(agreement.factors_never_marked).toHaveLength(24);
  });

  it('names the pair, with the same figures as the pooled set when it is the only pair', () => {
    expect(agreement.annotators).toEqual(['ann+bob']);
    expect(agreement.all_annotators).toEqual(['ann', 'bob']);
    expect(agreement.by_pair.ann_vs_bob?.annotators).toEqual(['ann', 'bob']);
    expect(agreement.by_pair.ann_vs_bob?.cohen_kappa).toEqual(agreement.cohen_kappa);
  });

  it('is n/a without doubly annotated items', () => {
    const none = annotatorAgreement(indexStudy(smallStudy()), annotations.slice(4), OPTIONS);
    expect(none.items).toBe(0);
    expect(none.cohen_kappa.value).toBeNull();
    expect(none.by_pair).toEqual({});
  });
});
