import { cohenKappa } from '../stats/cohen-kappa.ts';
import { gwetAC1 } from '../stats/gwet-ac1.ts';
import { krippendorffAlpha } from '../stats/krippendorff-alpha.ts';
import { pabak } from '../stats/pabak.ts';
import { percentAgreement } from '../stats/percent-agreement.ts';
import { specificAgreement } from '../stats/specific-agreement.ts';
import type { Figure } from './figure.ts';

/** Two readers' binary decisions summed into a 2 × 2 table (counts may be bootstrap multiplicities). */
export interface BinaryTable {
  /** a: both say present. */
  both: number;
  /** b: only the first says present. */
  firstOnly: number;
  /** c: only the second says present. */
  secondOnly: number;
  /** d: both say absent. */
  neither: number;
}

/** The agreement figures of a 2 × 2 table; each `null` where the statistic is undefined. */
export interface TableAgreement {
  cohenKappa: number | null;
  krippendorffAlpha: number | null;
  gwetAC1: number | null;
  pabak: number | null;
  percentAgreement: number | null;
  positiveAgreement: number | null;
  negativeAgreement: number | null;
}

/**
 * Every agreement figure the report gives for two readers and binary decisions, in closed form from
 * the 2 × 2 table (a = both present, b = first only, c = second only, d = both absent, n = a+b+c+d).
 * The same numbers, with the same degenerate cases, as the label-array functions of shared/stats
 * (`cohenKappa`, `krippendorffAlpha(…, 'nominal')`, `gwetAC1`, `pabak`, `percentAgreement`,
 * `specificAgreement`) — a property test checks that — but O(1) per call, which the cluster
 * bootstrap needs: 2,000 replicates × (26 factors + pooled + abstention) tables would otherwise
 * rebuild 2 × 78 labels per item each time (docs/decisions/003-agreement-figures.md).
 *
 *   p_o   = (a + d)/n                                              raw agreement
 *   κ     = (n(a + d) − C)/(n² − C),  C = (a+b)(a+c) + (c+d)(b+d)   Cohen 1960 (C = n²·p_e)
 *   α     = 1 − (2n − 1)(b + c)/(n₀ n₁),  n₁ = 2a+b+c, n₀ = 2d+b+c    Krippendorff 2011, binary, two coders
 *   AC1   = (p_o − p_e)/(1 − p_e),  p_e = 2π(1 − π), π = n₁/(2n)    Gwet 2008, q = 2
 *   PABAK = 2p_o − 1                                                Byrt, Bishop & Carlin 1993
 *   positive = 2a/(2a + b + c),  negative = 2d/(2d + b + c)         Fleiss 1975; Cicchetti & Feinstein 1990
 *
 * Degenerate input (`null`, shown as "n/a"), as in shared/stats: n = 0 → all null; κ when
 * n² = C (both readers used one and the same category); α, AC1 and PABAK when only one category
 * occurs at all (n₀ = 0 or n₁ = 0); positive when 2a+b+c = 0, negative when 2d+b+c = 0.
 *
 * Preconditions: non-negative finite counts (not checked: this runs inside bootstrap loops).
 *
 * @example tableAgreement({ both: 1, firstOnly: 1, secondOnly: 3, neither: 5 }).krippendorffAlpha
 * // 0.0952… (Krippendorff 2011, section B: 1 − 19·4/(14·6))
 */
export function tableAgreement(table: BinaryTable): TableAgreement {
  const { both: a, firstOnly: b, secondOnly: c, neither: d } = table;
  const n = a + b + c + d;
  if (n === 0) {
    return {
      cohenKappa: null,
      krippendorffAlpha: null,
      gwetAC1: null,
      pabak: null,
      percentAgreement: null,
      positiveAgreement: null,
      negativeAgreement: null,
    };
  }
  const agree = a + d;
  const observed = agree / n;
  const chanceProducts = (a + b) * (a + c) + (c + d) * (b + d);
  const kappaDenominator = n * n - chanceProducts;
  const present = 2 * a + b + c;
  const absent = 2 * d + b + c;
  const twoCategories = present > 0 && absent > 0;
  const pi = present / (2 * n);
  const chance = 2 * pi * (1 - pi);
  return {
    cohenKappa: kappaDenominator === 0 ? null : (n * agree - chanceProducts) / kappaDenominator,
    krippendorffAlpha: twoCategories ? 1 - ((2 * n - 1) * (b + c)) / (present * absent) : null,
    gwetAC1: twoCategories ? (observed - chance) / (1 - chance) : null,
    pabak: twoCategories ? 2 * observed - 1 : null,
    percentAgreement: observed,
    positiveAgreement: present === 0 ? null : (2 * a) / present,
    negativeAgreement: absent === 0 ? null : (2 * d) / absent,
  };
}

/** Adds one pair of decisions to a table (first reader's, second reader's), `weight` times. */
export function addToTable(table: BinaryTable, first: boolean, second: boolean, weight = 1): void {
  if (first && second) table.both += weight;
  else if (first) table.firstOnly += weight;
  else if (second) table.secondOnly += weight;
  else table.neither += weight;
}

/** An empty table. */
export function emptyTable(): BinaryTable {
  return { both: 0, firstOnly: 0, secondOnly: 0, neither: 0 };
}

/**
 * The same coefficients computed by the shared/stats functions on two label arrays — the point
 * values the report prints (the closed 2 × 2 forms above serve the bootstrap replicates).
 */
export function labelAgreement([a, b]: readonly [boolean[], boolean[]]): TableAgreement {
  const specific = specificAgreement(a, b);
  return {
    cohenKappa: cohenKappa(a, b),
    krippendorffAlpha: krippendorffAlpha([a, b], 'nominal'),
    gwetAC1: gwetAC1([a, b]),
    pabak: pabak(a, b),
    percentAgreement: percentAgreement(a, b),
    positiveAgreement: specific.positive,
    negativeAgreement: specific.negative,
  };
}

/** The coefficients of a `TableAgreement`, in the order the report lists them. */
export const AGREEMENT_KEYS = [
  'cohenKappa',
  'krippendorffAlpha',
  'gwetAC1',
  'pabak',
  'percentAgreement',
  'positiveAgreement',
  'negativeAgreement',
] as const satisfies readonly (keyof TableAgreement)[];

/** Each coefficient's key in the report JSON. */
export const AGREEMENT_JSON_KEYS = {
  cohenKappa: 'cohen_kappa',
  krippendorffAlpha: 'krippendorff_alpha',
  gwetAC1: 'gwet_ac1',
  pabak: 'pabak',
  percentAgreement: 'percent_agreement',
  positiveAgreement: 'positive_agreement',
  negativeAgreement: 'negative_agreement',
} as const satisfies Record<(typeof AGREEMENT_KEYS)[number], string>;

/** The seven coefficients under their report JSON keys, each a figure with its interval. */
export type AgreementCoefficients = Record<
  (typeof AGREEMENT_JSON_KEYS)[keyof typeof AGREEMENT_JSON_KEYS],
  Figure
>;
