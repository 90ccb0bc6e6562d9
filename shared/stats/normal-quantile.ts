/**
 * The standard normal quantile Φ⁻¹(p): the z with P(Z ≤ z) = p for Z ~ N(0, 1).
 *
 * Algorithm: Wichura, M. J. (1988), "Algorithm AS 241: The Percentage Points of the Normal
 * Distribution", Applied Statistics 37(3), 477–484 — routine PPND16, relative accuracy about
 * 1e-16 over the whole range. It is the algorithm behind R's `qnorm`. Three rational
 * approximations (minimax in r) cover three regions:
 * - central, |p − 0.5| ≤ 0.425: in r = 0.180625 − q², q = p − 0.5;
 * - tails with r = √(−ln min(p, 1 − p)) ≤ 5, i.e. down to p ≈ 1.4e-11: in r − 1.6;
 * - far tails, r > 5: in r − 5.
 * simple-statistics' `probit` interpolates a printed table and is too coarse for interval
 * endpoints, hence this file.
 *
 * Preconditions: 0 ≤ p ≤ 1 (anything else, including NaN, throws a RangeError).
 * Degenerate input: p = 0 gives −Infinity and p = 1 gives +Infinity, the true limits.
 *
 * @example normalQuantile(0.975) // 1.959963984540054
 * @example normalQuantile(0.5) // 0
 */
export function normalQuantile(p: number): number {
  if (typeof p !== 'number' || !(p >= 0 && p <= 1)) {
    throw new RangeError(`normalQuantile: p must be between 0 and 1 (got ${String(p)})`);
  }
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;

  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * horner(CENTRAL_NUMERATOR, r)) / horner(CENTRAL_DENOMINATOR, r);
  }
  // Work with the smaller tail probability; the sign of q restores the side.
  const tail = q < 0 ? p : 1 - p;
  const r = Math.sqrt(-Math.log(tail));
  const magnitude =
    r <= 5
      ? horner(NEAR_TAIL_NUMERATOR, r - 1.6) / horner(NEAR_TAIL_DENOMINATOR, r - 1.6)
      : horner(FAR_TAIL_NUMERATOR, r - 5) / horner(FAR_TAIL_DENOMINATOR, r - 5);
  return q < 0 ? -magnitude : magnitude;
}

/** Evaluates c[0] + c[1]·x + … + c[k]·x^k by Horner's rule. */
function horner(coefficients: readonly number[], x: number): number {
  let value = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) value = value * x + (coefficients[i] ?? 0);
  return value;
}

// PPND16's coefficients from AS 241 (constant term first), each written as the nearest double
// (the 20-digit printed values round to these).
const CENTRAL_NUMERATOR = [
  3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946, 45921.95393154987,
  67265.7709270087, 33430.57558358813, 2509.0809287301227,
];
const CENTRAL_DENOMINATOR = [
  1, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597, 39307.89580009271,
  28729.085735721943, 5226.495278852854,
];
const NEAR_TAIL_NUMERATOR = [
  1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045, 1.2704582524523684,
  0.2417807251774506, 0.022723844989269184, 0.0007745450142783414,
];
const NEAR_TAIL_DENOMINATOR = [
  1, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008, 0.015198666563616457,
  0.0005475938084995345, 1.0507500716444169e-9,
];
const FAR_TAIL_NUMERATOR = [
  6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487, 0.026532189526576124,
  0.0012426609473880784, 0.000027115555687434876, 2.0103343992922881e-7,
];
const FAR_TAIL_DENOMINATOR = [
  1, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133,
  0.000018463183175100548, 1.421511758316446e-7, 2.0442631033899397e-15,
];
