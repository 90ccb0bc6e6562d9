import type { CorrectedFigure, Figure, Report } from '../scoring/index.ts';
import type { Interval } from '../stats/interval.ts';
import { studentTQuantile } from './student-t-quantile.ts';

/** How an interval of the report was computed, as the coverage table names it. */
export type CoverageMethod = 'percentile' | 'bca' | 'wilson' | 'clopper-pearson' | 'normal' | 't (what-if)';

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
 * What the corrected estimate's interval would be with a Student t quantile instead of the normal
 * one — not printed by the report; followed to measure whether the change would help:
 * m̂ ± t_{1−α/2, ν}·√Var(m̂), m̂ unclipped (Σ_h N_h/N·m̂_h), intersected with [0, 1], with ν the
 * smallest of its strata's degrees of freedom (n_h − 1, or the pool's size − 1 where the variance
 * was pooled over the model's `poolSize` differences).
 */
export function tWhatIfInterval(figure: CorrectedFigure, poolSize: number, level: number): Interval | null {
  if (figure.variance === null || figure.population === 0) return null;
  let estimate = 0;
  let degrees = Number.POSITIVE_INFINITY;
  for (const stratum of figure.strata) {
    if (stratum.estimate === null) return null;
    estimate += (stratum.population / figure.population) * stratum.estimate;
    degrees = Math.min(degrees, (stratum.variance_pooled ? poolSize : stratum.sampled) - 1);
  }
  if (!(degrees >= 1)) return null;
  const half = studentTQuantile(1 - (1 - level) / 2, degrees) * Math.sqrt(figure.variance);
  return { lower: Math.max(0, estimate - half), upper: Math.min(1, estimate + half) };
}

/** The corrected figures' what-if t intervals (`tWhatIfInterval`), keyed as `followedFigures` keys them. */
function tWhatIfIntervals(report: Report): PrintedInterval[] {
  const found: PrintedInterval[] = [];
  for (const [extractor, byModel] of Object.entries(report.corrected))
    for (const [model, tests] of Object.entries(byModel)) {
      const poolSize = ['1', '2', '3'].reduce((sum, test) => sum + (tests[test]?.acch?.sampled ?? 0), 0);
      for (const [test, figures] of Object.entries(tests))
        for (const [name, figure] of [
          ['AccH', figures.acch],
          ['RecU', figures.recu],
          ['RatioAbstain', figures.abstain],
        ] as const)
          if (figure)
            found.push({
              family: `corrected ${name}${test === '1_2' ? ' Tests 1–2' : ''} (${extractor})`,
              method: 't (what-if)',
              key: `${model}|${test}`,
              interval: tWhatIfInterval(figure, poolSize, report.meta.level),
            });
    }
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
 *   RatioAbstain (normal interval of the difference estimator);
 * - section 5: τ-b between the gold and the reported ranking (percentile);
 * - and, not printed, the corrected estimates' what-if t interval (`tWhatIfInterval`).
 */
export function printedIntervals(report: Report): PrintedInterval[] {
  const printed = followedFigures(report).flatMap(({ family, key, figure }) => {
    const main = figure ? MAIN[figure.method] : null;
    if (main === null) return [];
    return intervalsOf(figure, main).map(([method, interval]) => ({ family, method, key, interval }));
  });
  return [...printed, ...tWhatIfIntervals(report)];
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
