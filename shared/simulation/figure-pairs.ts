import type { Figure, Report } from '../scoring/index.ts';
import type { Interval } from '../stats/interval.ts';

/** How an interval of the report was computed, as the coverage table names it. */
export type CoverageMethod = 'percentile' | 'bca' | 'wilson' | 'clopper-pearson' | 'normal' | 'student-t';

/** One interval a study's report printed, for one figure. */
export interface PrintedInterval {
  /** The kind of figure, e.g. `extractor precision (gpt-4.1)`, `corrected AccH (gpt-4.1)`. */
  family: string;
  method: CoverageMethod;
  /** Which figure of the family, e.g. the cell `gpt-4o|1`; the same key finds its truth. */
  key: string;
  /** `null` when the report printed no interval for it (e.g. a bootstrap without a defined replicate). */
  interval: Interval | null;
}

/** The truth of every figure, by `family` and `key`: the population value the interval should cover. */
export type Truths = Map<string, number>;

export const truthKey = (family: string, key: string): string => `${family}\u0000${key}`;

/** The intervals of a figure by method: the main `ci` under its own method, and the secondary ones beside it. */
function intervalsOf(
  figure: Figure | null | undefined,
  main: CoverageMethod,
): [CoverageMethod, Interval | null][] {
  if (!figure) return [];
  const found: [CoverageMethod, Interval | null][] = [[main, figure.ci]];
  if (figure.bca !== undefined) found.push(['bca', figure.bca]);
  if (figure.wilson !== undefined) found.push(['wilson', figure.wilson]);
  if (figure.clopper_pearson !== undefined) found.push(['clopper-pearson', figure.clopper_pearson]);
  return found;
}

const MAIN: Readonly<Record<Figure['method'], CoverageMethod | null>> = {
  'cluster-bootstrap': 'percentile',
  wilson: 'wilson',
  normal: 'normal',
  'student-t': 'student-t',
  none: null,
};

/** Every (family, key, figure) the coverage study follows, read from a report. */
function followedFigures(
  report: Report,
): { family: string; key: string; figure: Figure | null | undefined }[] {
  const found: { family: string; key: string; figure: Figure | null | undefined }[] = [];
  for (const [extractor, block] of Object.entries(report.extractor_vs_gold)) {
    found.push({ family: `extractor precision (${extractor})`, key: 'micro', figure: block.micro.precision });
    found.push({ family: `extractor recall (${extractor})`, key: 'micro', figure: block.micro.recall });
    found.push({ family: `extractor F1 (${extractor})`, key: 'micro', figure: block.micro.f1 });
    found.push({ family: `extractor κ vs gold (${extractor})`, key: 'decisions', figure: block.kappa });
  }
  found.push({ family: 'annotators κ', key: 'pooled', figure: report.agreement.cohen_kappa });
  found.push({ family: 'annotators AC1', key: 'pooled', figure: report.agreement.gwet_ac1 });
  for (const [model, tests] of Object.entries(report.metrics))
    for (const [test, cell] of Object.entries(tests)) {
      if (!cell) continue;
      const key = `${model}|${test}`;
      found.push({ family: 'gold AccH (sample mean)', key, figure: cell.acch.gold });
      found.push({ family: 'gold RecU (sample mean)', key, figure: cell.recu.gold });
      if (test === '3') found.push({ family: 'gold RatioAbstain', key, figure: cell.abstain.gold });
    }
  for (const [extractor, byModel] of Object.entries(report.corrected))
    for (const [model, tests] of Object.entries(byModel))
      for (const [test, figures] of Object.entries(tests)) {
        const key = `${model}|${test}`;
        const metrics = [
          ['AccH', figures.acch],
          ['RecU', figures.recu],
          ['RatioAbstain', figures.abstain],
        ] as const;
        for (const [name, figure] of metrics)
          if (figure)
            found.push({
              family: `corrected ${name}${test === '1_2' ? ' Tests 1–2' : ''} (${extractor})`,
              key,
              figure,
            });
      }
  for (const [ranking, details] of Object.entries(report.rankings))
    found.push({
      family: 'τ-b gold vs reported',
      key: ranking,
      figure: details.kendall_tau_b.gold_vs_reported,
    });
  return found;
}

/**
 * Every interval a study's report printed for the figures the coverage study follows:
 *
 * - section 1, per extractor: micro precision and recall (percentile bootstrap `ci`, `bca`,
 *   `wilson`), F1 and κ against the gold (percentile, BCa);
 * - section 2: the annotators' pooled κ and AC1 (percentile, BCa);
 * - section 3, per model × test: the gold's AccH and RecU (sample means; percentile, BCa), and on
 *   Test 3 the gold's RatioAbstain (Wilson, Clopper–Pearson);
 * - section 4, per extractor, model and test (and Tests 1–2): the corrected AccH, RecU and
 *   RatioAbstain (Student-t interval of the difference estimator);
 * - section 5: τ-b between the gold and the reported ranking (percentile).
 *
 * A figure whose interval the report withheld (`interval: 'too_few'`) is listed with `interval:
 * null`, so the table counts it among those "without".
 */
export function printedIntervals(report: Report): PrintedInterval[] {
  return followedFigures(report).flatMap(({ family, key, figure }) => {
    const main = figure ? MAIN[figure.method] : null;
    if (main === null) return [];
    return intervalsOf(figure, main).map(([method, interval]) => ({ family, method, key, interval }));
  });
}

/**
 * The population value of every followed figure, read from the census report (every argument
 * gold, `censusInput`): what each interval estimates.
 *
 * - section 1 and 2 figures: the same figure over the whole population (census P, R, F1, κ, AC1);
 * - the gold's cell means and RatioAbstain: the cell's mean over all its arguments;
 * - a corrected estimate: the gold's mean over all the cell's arguments — per test the census
 *   cell figure, over Tests 1–2 the two cells' means weighted by their sizes (the estimator's N_h/N);
 * - τ-b: between the census gold ranking (every model's population mean) and the reported one.
 *
 * A figure whose census value is undefined has no truth and is left out of the tally.
 */
export function populationTruths(census: Report): Truths {
  const truths: Truths = new Map();
  for (const { family, key, figure } of followedFigures(census))
    if (figure && figure.value !== null && !family.startsWith('corrected'))
      truths.set(truthKey(family, key), figure.value);
  const cellMean = (model: string, test: string, metric: 'acch' | 'recu' | 'abstain') => {
    const cell = census.metrics[model]?.[test];
    const value = cell?.[metric].gold?.value ?? null;
    return cell && value !== null ? { value, size: cell.arguments } : null;
  };
  for (const [extractor, byModel] of Object.entries(census.corrected))
    for (const [model, tests] of Object.entries(byModel))
      for (const test of Object.keys(tests)) {
        const key = `${model}|${test}`;
        if (test === '1_2') {
          const one = cellMean(model, '1', 'acch');
          const two = cellMean(model, '2', 'acch');
          if (one && two)
            truths.set(
              truthKey(`corrected AccH Tests 1–2 (${extractor})`, key),
              (one.value * one.size + two.value * two.size) / (one.size + two.size),
            );
          continue;
        }
        for (const [name, metric] of [
          ['AccH', 'acch'],
          ['RecU', 'recu'],
          ['RatioAbstain', 'abstain'],
        ] as const) {
          const mean = cellMean(model, test, metric);
          if (mean && (metric !== 'abstain' || test === '3'))
            truths.set(truthKey(`corrected ${name} (${extractor})`, key), mean.value);
        }
      }
  return truths;
}
