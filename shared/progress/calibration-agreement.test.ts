import { describe, expect, it } from 'vitest';
import { FACTOR_IDS, type FactorId } from '../factors.ts';
import { emptyJudgement, type Judgement } from '../schemas/annotation.ts';
import { specificAgreement } from '../stats/specific-agreement.ts';
import {
  type CalibrationAnnotation,
  calibrationAgreement,
  MIN_CALIBRATION_ITEMS,
} from './calibration-agreement.ts';

const ids = (from: number, count: number): FactorId[] => FACTOR_IDS.slice(from, from + count);

/**
 * One item of Feinstein & Cicchetti's skewed table, spread over the cases: 16 factors both tick,
 * 2 only the first ticks, 1 only the second (five items: a = 80, b = 10, c = 5).
 */
function skewedItem(item: number): CalibrationAnnotation[] {
  const shared = { current: ids(0, 8), tsc1: ids(0, 8) };
  const first: Judgement = { ...emptyJudgement(), ...shared, tsc2: ids(10, 2) };
  const second: Judgement = { ...emptyJudgement(), ...shared, tsc2: ids(20, 1) };
  return [
    { annotator: 'alice', item, judgement: first },
    { annotator: 'bob', item, judgement: second },
  ];
}

describe('calibrationAgreement', () => {
  it('gives positive specific agreement on the pooled decisions — Feinstein & Cicchetti (1990) 80/10/5: 160/175', () => {
    const result = calibrationAgreement([1, 2, 3, 4, 5].flatMap(skewedItem));
    const alice = result.get('alice');
    expect(alice).toMatchObject({ items: 5, status: 'stated' });
    expect(alice?.table).toEqual({ both: 80, firstOnly: 10, secondOnly: 5, neither: 5 * 78 - 95 });
    expect(alice?.positiveAgreement).toBeCloseTo(160 / 175, 15);
    // The same figure as shared/stats on the 390 labels, and symmetric for bob (his table transposed).
    const labels = (first: boolean, second: boolean, n: number) =>
      Array.from({ length: n }, () => [first, second]);
    const pairs = [...labels(true, true, 80), ...labels(true, false, 10), ...labels(false, true, 5)];
    expect(alice?.positiveAgreement).toBeCloseTo(
      specificAgreement(
        pairs.map(([x]) => x ?? false),
        pairs.map(([, y]) => y ?? false),
      ).positive ?? Number.NaN,
      15,
    );
    expect(result.get('bob')).toMatchObject({ items: 5, positiveAgreement: alice?.positiveAgreement });
    expect(result.get('bob')?.table).toMatchObject({ firstOnly: 5, secondOnly: 10 });
  });

  it(`states nothing below ${MIN_CALIBRATION_ITEMS} shared items ("too few"), however well they agree`, () => {
    const result = calibrationAgreement([1, 2, 3, 4].flatMap(skewedItem));
    expect(result.get('alice')).toMatchObject({ items: 4, status: 'too_few', positiveAgreement: null });
  });

  it('counts only items another annotator submitted too, and pools every other annotator', () => {
    const lone: CalibrationAnnotation = { annotator: 'alice', item: 9, judgement: emptyJudgement() };
    const carol = [1, 2, 3, 4, 5].map((item) => ({
      annotator: 'carol',
      item,
      judgement: { ...emptyJudgement(), current: ids(0, 8), tsc1: ids(0, 8), tsc2: ids(10, 2) },
    }));
    const result = calibrationAgreement([...[1, 2, 3, 4, 5].flatMap(skewedItem), lone, ...carol]);
    const alice = result.get('alice');
    expect(alice?.items).toBe(5);
    // Against bob 80/10/5, against carol (who ticks as alice does) 90/0/0.
    expect(alice?.table).toMatchObject({ both: 170, firstOnly: 10, secondOnly: 5 });
    expect(alice?.positiveAgreement).toBeCloseTo(340 / 355, 15);
    expect(result.get('carol')?.items).toBe(5);
  });

  it('is undefined, not 0 or 1, when neither side ticked a factor on any shared item', () => {
    const blank = [1, 2, 3, 4, 5].flatMap((item) =>
      ['alice', 'bob'].map((annotator) => ({ annotator, item, judgement: emptyJudgement() })),
    );
    expect(calibrationAgreement(blank).get('alice')).toMatchObject({
      items: 5,
      status: 'none_ticked',
      positiveAgreement: null,
    });
    expect(calibrationAgreement([]).size).toBe(0);
  });
});
