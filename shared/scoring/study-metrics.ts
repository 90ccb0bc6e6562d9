import type { ReportedMetric } from '../schemas/reported.ts';
import type { TestNumber } from '../vocabulary.ts';
import { type CellMetrics, MEAN_METRICS, type MeanMetric } from './cell-metrics.ts';
import { MIN_GOLD_FOR_CELL_INTERVAL } from './claim-sample.ts';
import { type Figure, plainFigure, proportionFigure, withholdInterval } from './figure.ts';
import type { StudyIndex } from './study-index.ts';
import { bootstrapFigure } from './weighted-bootstrap.ts';

/** One metric of one cell under every source; `null` where a source has nothing for the cell. */
export type SourceFigures = Record<string, Figure | null>;

/** A count out of a total, with the share as a Wilson figure. */
export interface CountShare {
  count: number;
  of: number;
  share: Figure;
}

/** Section 3 for one model × test cell. */
export interface CellReport {
  /** Arguments of the cell. */
  arguments: number;
  /** Of them, with gold. */
  gold: number;
  /** Per extractor: arguments scored, failed and without output. */
  extractions: Record<string, { scored: number; failed: number; missing: number }>;
  /** The paper's AccH = mean over arguments of 1 − NH/N, per source (and the reported figure). */
  acch: SourceFigures;
  /** The paper's RecU = mean of 1 − NU/N. */
  recu: SourceFigures;
  /** RatioAbstain: share of Test-3 arguments with E empty in all three cases (null on Tests 1–2, except a reported value). */
  abstain: SourceFigures;
  /** Share of arguments (all tests) whose E is empty: abstention where it is wrong, on Tests 1–2. */
  empty_output: SourceFigures;
  acch_precision: SourceFigures;
  acch_non_abstained: SourceFigures;
  hallucination_invented: SourceFigures;
  hallucination_misattributed: SourceFigures;
  recu_shared: SourceFigures;
  recu_distinguishing: SourceFigures;
  /** From the gold's flags: abstained with the exact phrase, abstained in other words. */
  abstention_phrasing: { exact_phrase: CountShare | null; near_miss: CountShare | null };
  truncation: { gold_flagged: CountShare | null; finish_reason_length: CountShare };
}

const ABSTAIN = MEAN_METRICS.indexOf('abstain');
const REPORTED: Readonly<Partial<Record<MeanMetric, ReportedMetric>>> = {
  acch: 'acch',
  recu: 'recu',
  abstain: 'abstain',
};

/**
 * Section 3: the study's metrics recomputed per model × test from every source — the gold, each
 * extractor — beside the reported figures (docs/STATISTICS.md §2; `argumentCounts` for the
 * per-argument definitions, `cellMetrics` for the means and their bootstrap):
 *
 * - AccH, RecU and their variants: the mean over the cell's arguments of the per-argument value
 *   (macro, as the released code); cluster-bootstrap percentile interval (BCa beside it). Under the
 *   gold, a cell with fewer than `MIN_GOLD_FOR_CELL_INTERVAL` (13) gold arguments keeps its mean but
 *   gets no interval (`withholdInterval`, `interval: 'too_few'`): `simulate coverage` found no
 *   bootstrap interval of a mean of 2–3 items near its promise (percentile 48–50 %, BCa 58–64 % for
 *   95 % at the paper's scale; 91–95 % from 10 items, 94–97 % from 13 — docs/REPORT.md);
 * - RatioAbstain (Test 3 only) and the empty-output share: x/n with Wilson `ci` and Clopper–Pearson
 *   beside it;
 * - exact-phrase and near-miss abstention (gold's `abstained` and `exact_phrase` flags) and
 *   truncation (gold's `truncated` flag; `finish_reason` "length" of every argument): counts with
 *   Wilson shares.
 *
 * Cells come from the arguments and from the reported figures (a model only a paper reported
 * appears with its reported values and nulls elsewhere).
 */
export function studyMetrics(
  index: StudyIndex,
  cells: CellMetrics,
  reported: ReadonlyMap<string, number>,
  level: number,
): Record<string, Partial<Record<string, CellReport>>> {
  const result: Record<string, Partial<Record<string, CellReport>>> = {};
  const S = cells.sources.length;
  const K = MEAN_METRICS.length;
  const reportedCells = [...reported.keys()].map((key) => JSON.parse(key) as [string, number, string]);
  const models = [...new Set([...index.models, ...reportedCells.map(([model]) => model)])].sort();
  const membersOfCell = index.cells.map((): number[] => []);
  index.cellOf.forEach((c, i) => {
    membersOfCell[c]?.push(i);
  });
  for (const model of models) {
    const tests = [
      ...new Set<number>([
        ...index.cells.filter((cell) => cell.model === model).map((cell) => cell.test),
        ...reportedCells.filter(([m]) => m === model).map(([, test]) => test),
      ]),
    ].sort((a, b) => a - b);
    const byTest: Partial<Record<string, CellReport>> = {};
    for (const test of tests) {
      const c = index.cells.findIndex((cell) => cell.model === model && cell.test === test);
      const members = c < 0 ? [] : (membersOfCell[c] ?? []);
      const goldMembers = members.filter((i) => index.gold[i] !== undefined);
      const scored = cells.sources.map((_, s) =>
        members.filter((i) => !Number.isNaN(cells.values[(i * S + s) * K + ABSTAIN] ?? Number.NaN)),
      );
      const scoredBy = (s: number): number[] => scored[s] ?? [];
      const reportedValue = (metric: MeanMetric): Figure | null => {
        const name = REPORTED[metric];
        const value = name === undefined ? undefined : reported.get(JSON.stringify([model, test, name]));
        return value === undefined ? null : plainFigure(value);
      };
      const meanFigures = (metric: MeanMetric): SourceFigures => {
        const k = MEAN_METRICS.indexOf(metric);
        const figures: SourceFigures = {};
        cells.sources.forEach((source, s) => {
          const count = scoredBy(s).length;
          if (c < 0 || count === 0) {
            figures[source] = null;
            return;
          }
          const figure = bootstrapFigure(cells.draws, cells.slot(c, s, k), level);
          figures[source] = s === 0 ? withholdInterval(figure, count, MIN_GOLD_FOR_CELL_INTERVAL) : figure;
        });
        if (REPORTED[metric]) figures.reported = reportedValue(metric);
        return figures;
      };
      const emptyShare = (onlyTest3: boolean): SourceFigures => {
        const k = MEAN_METRICS.indexOf('abstain');
        const figures: SourceFigures = {};
        cells.sources.forEach((source, s) => {
          const scored = scoredBy(s);
          if (scored.length === 0 || (onlyTest3 && test !== 3)) {
            figures[source] = null;
            return;
          }
          const empty = scored.filter((i) => cells.values[(i * S + s) * K + k] === 1).length;
          figures[source] = proportionFigure(empty, scored.length, level);
        });
        if (onlyTest3) figures.reported = reportedValue('abstain');
        return figures;
      };
      const goldShare = (predicate: (i: number) => boolean): CountShare | null => {
        if (goldMembers.length === 0) return null;
        const count = goldMembers.filter(predicate).length;
        return { count, of: goldMembers.length, share: proportionFigure(count, goldMembers.length, level) };
      };
      const lengthStops = members.filter((i) => index.finishReason[i] === 'length').length;
      byTest[String(test)] = {
        arguments: members.length,
        gold: goldMembers.length,
        extractions: Object.fromEntries(
          index.extractors.map((extractor, e) => {
            const records = index.extraction.get(extractor) ?? [];
            const failed = members.filter((i) => records[i]?.status === 'failed').length;
            const missing = members.filter((i) => records[i] === undefined).length;
            return [extractor, { scored: scoredBy(e + 1).length, failed, missing }];
          }),
        ),
        acch: meanFigures('acch'),
        recu: meanFigures('recu'),
        abstain: emptyShare(true),
        empty_output: emptyShare(false),
        acch_precision: meanFigures('acch_precision'),
        acch_non_abstained: meanFigures('acch_non_abstained'),
        hallucination_invented: meanFigures('hallucination_invented'),
        hallucination_misattributed: meanFigures('hallucination_misattributed'),
        recu_shared: meanFigures('recu_shared'),
        recu_distinguishing: meanFigures('recu_distinguishing'),
        abstention_phrasing: {
          exact_phrase: goldShare(
            (i) => index.gold[i]?.abstained === true && index.gold[i]?.exact_phrase === true,
          ),
          near_miss: goldShare(
            (i) => index.gold[i]?.abstained === true && index.gold[i]?.exact_phrase !== true,
          ),
        },
        truncation: {
          gold_flagged: goldShare((i) => index.gold[i]?.truncated === true),
          finish_reason_length: {
            count: lengthStops,
            of: members.length,
            share: proportionFigure(lengthStops, members.length, level),
          },
        },
      };
    }
    result[model] = byTest;
  }
  return result;
}

/** The key of a reported value in the map `studyMetrics` and `rankings` read: JSON of [model, test, metric]. */
export function reportedKey(model: string, test: TestNumber, metric: ReportedMetric): string {
  return JSON.stringify([model, test, metric]);
}
