import { assertRatingTable, type Label } from './guards.ts';

/** Krippendorff's levels of measurement, each with its own difference function δ². */
export type MeasurementLevel = 'nominal' | 'ordinal' | 'interval' | 'ratio';

/**
 * Krippendorff's α for two or more coders, missing ratings and four levels of measurement,
 * following Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011, Annenberg School
 * for Communication Departmental Papers 43), sections C–E:
 *
 *   α = 1 − D_o / D_e = 1 − (n − 1) · Σ_{c,k} o_ck δ²_ck / Σ_{c,k} n_c n_k δ²_ck
 *
 * - o_ck, the coincidence matrix: each unit u with m_u ≥ 2 values contributes, for every ordered
 *   pair of values from different coders, 1/(m_u − 1) to o_ck; units with fewer than two values
 *   are not pairable and drop out. n_c = Σ_k o_ck, n = Σ_c n_c (the pairable values).
 * - δ², the difference function: nominal 0 if c = k else 1; interval (c − k)²;
 *   ratio ((c − k)/(c + k))²; ordinal (Σ_{g=c..k} n_g − (n_c + n_k)/2)², values ranked
 *   numerically and n_g their marginal frequencies.
 * α = 1 is perfect agreement, 0 agreement at chance, and it can be negative.
 *
 * Preconditions: `data` is coders × units (`data[coder][unit]`), every row the same length, `null`
 * for a missing rating. Nominal values may be strings, booleans or numbers (compared with `===`);
 * ordinal, interval and ratio values must be finite numbers, and ratio values ≥ 0. Otherwise
 * throws a RangeError or TypeError.
 * Degenerate input returns `null` (shown as "n/a"): no unit with two or more values (nothing
 * pairable), or D_e = 0 — every pairable value is the same, so α is 0/0.
 *
 * @example krippendorffAlpha([[1, 2, 1], [1, 2, 2]], 'nominal') // 0.4444… (= 1 − 5·2 / 18)
 */
export function krippendorffAlpha(
  data: ReadonlyArray<ReadonlyArray<Label | null>>,
  level: MeasurementLevel,
): number | null {
  assertRatingTable(data, 'krippendorffAlpha: data');
  if (!LEVELS.includes(level)) {
    throw new RangeError(
      `krippendorffAlpha: level must be one of ${LEVELS.join(', ')} (got ${String(level)})`,
    );
  }
  const values = distinctValues(data, level);
  const index = new Map(values.map((value, i) => [value, i]));
  const v = values.length;
  const coincidences = Array.from({ length: v }, () => new Array<number>(v).fill(0));

  const units = data[0]?.length ?? 0;
  const unitCounts = new Array<number>(v);
  for (let unit = 0; unit < units; unit++) {
    unitCounts.fill(0);
    let m = 0;
    for (const row of data) {
      const value = row[unit];
      if (value === null || value === undefined) continue;
      const c = index.get(value) ?? -1;
      unitCounts[c] = (unitCounts[c] ?? 0) + 1;
      m++;
    }
    if (m < 2) continue;
    // Ordered pairs of values from different coders, each weighted 1/(m_u − 1).
    for (let c = 0; c < v; c++) {
      const nc = unitCounts[c] ?? 0;
      if (nc === 0) continue;
      const rowC = coincidences[c] ?? [];
      for (let k = 0; k < v; k++) {
        const nk = unitCounts[k] ?? 0;
        const pairs = c === k ? nc * (nc - 1) : nc * nk;
        if (pairs > 0) rowC[k] = (rowC[k] ?? 0) + pairs / (m - 1);
      }
    }
  }

  const marginals = coincidences.map((row) => row.reduce((sum, o) => sum + o, 0));
  const n = marginals.reduce((sum, nc) => sum + nc, 0);
  if (n === 0) return null;

  const delta = differenceFunction(level, values, marginals);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < v; c++) {
    for (let k = 0; k < v; k++) {
      const d = delta(c, k);
      if (d === 0) continue;
      observed += (coincidences[c]?.[k] ?? 0) * d;
      expected += (marginals[c] ?? 0) * (marginals[k] ?? 0) * d;
    }
  }
  if (expected === 0) return null;
  return 1 - ((n - 1) * observed) / expected;
}

const LEVELS: readonly MeasurementLevel[] = ['nominal', 'ordinal', 'interval', 'ratio'];

/** The distinct present values; numerically sorted for the ordered levels. */
function distinctValues(data: ReadonlyArray<ReadonlyArray<Label | null>>, level: MeasurementLevel): Label[] {
  const seen = new Set<Label>();
  data.forEach((row, coder) => {
    row.forEach((value, unit) => {
      if (value === null) return;
      if (level !== 'nominal') {
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          throw new TypeError(
            `krippendorffAlpha: ${level} data must be finite numbers (data[${coder}][${unit}] is ${String(value)})`,
          );
        }
        if (level === 'ratio' && value < 0) {
          throw new RangeError(
            `krippendorffAlpha: ratio data must be ≥ 0 (data[${coder}][${unit}] is ${String(value)})`,
          );
        }
      }
      seen.add(value);
    });
  });
  const values = [...seen];
  if (level !== 'nominal') values.sort((x, y) => Number(x) - Number(y));
  return values;
}

/** δ²(c, k) for value indices c and k, per Krippendorff (2011), section E. */
function differenceFunction(
  level: MeasurementLevel,
  values: readonly Label[],
  marginals: readonly number[],
): (c: number, k: number) => number {
  const numeric = values.map(Number);
  switch (level) {
    case 'nominal':
      return (c, k) => (c === k ? 0 : 1);
    case 'interval':
      return (c, k) => ((numeric[c] ?? 0) - (numeric[k] ?? 0)) ** 2;
    case 'ratio':
      return (c, k) => {
        const sum = (numeric[c] ?? 0) + (numeric[k] ?? 0);
        // Both values 0: no difference (c = k), and the ratio would be 0/0.
        return sum === 0 ? 0 : (((numeric[c] ?? 0) - (numeric[k] ?? 0)) / sum) ** 2;
      };
    case 'ordinal': {
      // cumulative[i] = n_0 + … + n_{i−1}, so Σ_{g=c..k} n_g = cumulative[k+1] − cumulative[c].
      const cumulative = [0];
      for (const nc of marginals) cumulative.push((cumulative[cumulative.length - 1] ?? 0) + nc);
      return (c, k) => {
        if (c === k) return 0;
        const lo = Math.min(c, k);
        const hi = Math.max(c, k);
        const between = (cumulative[hi + 1] ?? 0) - (cumulative[lo] ?? 0);
        return (between - ((marginals[c] ?? 0) + (marginals[k] ?? 0)) / 2) ** 2;
      };
    }
  }
}
