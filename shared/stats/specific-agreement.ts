import { assertSameLength } from './guards.ts';

/** A binary decision: `true`/`1` is positive (e.g. "factor present"), `false`/`0` negative. */
export type BinaryLabel = boolean | 0 | 1;

/** Proportions of specific agreement, each `null` when undefined. */
export interface SpecificAgreement {
  /** Agreement on the positive label (`true`/`1`): 2a / (2a + b + c). */
  positive: number | null;
  /** Agreement on the negative label (`false`/`0`): 2d / (2d + b + c). */
  negative: number | null;
}

/**
 * Positive and negative specific agreement for two raters and binary labels (Dice 1945; Fleiss,
 * "Measuring agreement between two judges on the presence or absence of a trait", Biometrics 31,
 * 1975; Cicchetti & Feinstein, "High agreement but low kappa: II", Journal of Clinical
 * Epidemiology 43, 1990). With a = both positive, b and c = the two kinds of disagreement,
 * d = both negative:
 *
 *   positive = 2a / (2a + b + c)    negative = 2d / (2d + b + c)
 *
 * "Positive" is the label `true` (or `1`): in this project, "the factor is present". Positive
 * agreement is the chance that, when one rater (picked at random) says present, the other does
 * too; it is the measure that stays informative when nearly every decision is "absent" and κ
 * collapses.
 *
 * Preconditions: equal-length arrays of `true`/`false` or `1`/`0` (the two spellings may be
 * mixed: `1` and `true` are the same label). Anything else throws.
 * Degenerate input: each proportion is `null` (shown as "n/a") when its denominator is 0 —
 * positive when neither rater ever said positive, negative when neither ever said negative;
 * no items gives `{ positive: null, negative: null }`.
 *
 * @example specificAgreement([1, 1, 0, 0], [1, 0, 0, 0]) // { positive: 0.6667 (2/3), negative: 0.8 (4/5) }
 */
export function specificAgreement(a: readonly BinaryLabel[], b: readonly BinaryLabel[]): SpecificAgreement {
  assertSameLength(a, b, 'specificAgreement: a and b');
  let bothPositive = 0;
  let bothNegative = 0;
  let disagreements = 0;
  a.forEach((labelA, i) => {
    const positiveA = asPositive(labelA, 'a', i);
    const positiveB = asPositive(b[i], 'b', i);
    if (positiveA && positiveB) bothPositive++;
    else if (!positiveA && !positiveB) bothNegative++;
    else disagreements++;
  });
  const positiveDenominator = 2 * bothPositive + disagreements;
  const negativeDenominator = 2 * bothNegative + disagreements;
  return {
    positive: positiveDenominator === 0 ? null : (2 * bothPositive) / positiveDenominator,
    negative: negativeDenominator === 0 ? null : (2 * bothNegative) / negativeDenominator,
  };
}

function asPositive(label: unknown, list: 'a' | 'b', i: number): boolean {
  if (label === true || label === 1) return true;
  if (label === false || label === 0) return false;
  throw new TypeError(`specificAgreement: ${list}[${i}] must be true/false or 1/0 (got ${String(label)})`);
}
