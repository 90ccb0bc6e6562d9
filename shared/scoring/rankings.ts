import { elementAt } from '../element-at.ts';
import type { ReportedMetric } from '../schemas/reported.ts';
import { kendallTauB } from '../stats/kendall-tau-b.ts';
import type { TestNumber } from '../vocabulary.ts';
import { type CellMetrics, MEAN_METRICS } from './cell-metrics.ts';
import { MIN_GOLD_FOR_RANKING } from './claim-sample.ts';
import { deriveDraws } from './derive-draws.ts';
import { type Figure, withholdInterval } from './figure.ts';
import { rankModels } from './rank-models.ts';
import type { StudyIndex } from './study-index.ts';
import { reportedKey } from './study-metrics.ts';
import { type BootstrapDraws, bootstrapFigure } from './weighted-bootstrap.ts';

/** τ-b between two sources' rankings, with the number of models both rank. */
export type TauFigure = Figure & { models: number };

/** How often two models adjacent in a source's ranking swap places across bootstrap replicates. */
export interface AdjacentFlip {
  higher: string;
  lower: string;
  /** Share of replicates in which `lower` scores strictly above `higher`. */
  share: number | null;
  /** Share of replicates in which the two tie. */
  ties: number | null;
}

/** One metric on one test, ranked under every source: besides these fields, per source its models best first. */
export interface RankingDetails {
  metric: ReportedMetric;
  test: TestNumber;
  /** Per source, the value each model is ranked by. */
  values: Record<string, Record<string, number | null>>;
  /**
   * Per pair of sources "a_vs_b": τ-b over the models both rank (with the gold on one side, `gold`:
   * the fewest gold arguments of a ranked cell), bootstrap percentile `ci` — withheld
   * (`interval: 'too_few'`) for a pair with the gold when a ranked cell has fewer than
   * `MIN_GOLD_FOR_RANKING` gold arguments.
   */
  kendall_tau_b: Record<string, TauFigure>;
  /** Per resampled source (not `reported`), the flip share of every adjacent pair of its ranking. */
  flips: Record<string, AdjacentFlip[]>;
}

/** A ranking: `RankingDetails` plus, under each source's name (gold, every extractor, reported), its models best first. */
export type Ranking = RankingDetails & { [source: string]: string[] | RankingDetails[keyof RankingDetails] };

/** Names a ranking uses for its own fields, which no extractor may take. */
export const RANKING_FIELDS = ['metric', 'test', 'values', 'kendall_tau_b', 'flips'] as const;

/**
 * Section 5: models ranked per metric (AccH, RecU on every test; RatioAbstain on Test 3) under every
 * source — the gold's cell means, each extractor's, the reported figures — and compared
 * (docs/STATISTICS.md §7):
 *
 * - Kendall's τ-b (`kendallTauB`, tie-corrected) between every pair of sources, over the models
 *   both rank; its interval is the percentile interval of τ-b recomputed in every replicate of the
 *   cell-metric bootstrap (`cellMetrics`: arguments resampled within model × test cells, every
 *   model's metric recomputed under both sources from the same resample; reported values fixed);
 * - with the gold on one side, τ-b keeps its estimate but loses its interval (`withholdInterval`) when
 *   the smallest ranked cell has fewer than `MIN_GOLD_FOR_RANKING` gold arguments: `simulate
 *   coverage` measured its coverage at 8–11 % with 2–3 per cell;
 * - per source and pair of models adjacent in its ranking, the share of replicates in which their
 *   order flips (ties counted apart).
 *
 * Degenerate input: τ-b is `null` with fewer than two common models or a constant side; a flip
 * share is `null` without replicates. With no reported figure the `reported` list is empty and
 * no pair with it is formed.
 */
export function rankings(
  index: StudyIndex,
  cells: CellMetrics,
  reported: ReadonlyMap<string, number>,
  level: number,
): Record<string, Ranking> {
  const reportedCells = [...reported.keys()].map(
    (key) => JSON.parse(key) as [string, TestNumber, ReportedMetric],
  );
  const hasReported = reportedCells.length > 0;
  const sources = [...cells.sources, ...(hasReported ? ['reported'] : [])];
  const tests = [...new Set<TestNumber>([...index.tests, ...reportedCells.map(([, test]) => test)])].sort(
    (a, b) => a - b,
  );
  const result: Record<string, Ranking> = {};
  const goldInCell = index.cells.map(() => 0);
  index.gold.forEach((judgement, i) => {
    const c = index.cellOf[i];
    if (judgement !== undefined && c !== undefined) goldInCell[c] = (goldInCell[c] ?? 0) + 1;
  });
  for (const metric of ['acch', 'recu', 'abstain'] as const) {
    for (const test of tests) {
      if (metric === 'abstain' && test !== 3) continue;
      const k = MEAN_METRICS.indexOf(metric);
      const models = [...new Set([...index.models, ...reportedCells.map(([model]) => model)])].sort();
      /** Slot of a model's cell mean under a resampled source, or −1 (no such cell or source). */
      const slotOf = (model: string, source: string): number => {
        const s = cells.sources.indexOf(source);
        const c = index.cells.findIndex((cell) => cell.model === model && cell.test === test);
        return s < 0 || c < 0 ? -1 : cells.slot(c, s, k);
      };
      const values: Record<string, Record<string, number | null>> = {};
      for (const source of sources) {
        values[source] = Object.fromEntries(
          models.map((model) => {
            if (source === 'reported') return [model, reported.get(reportedKey(model, test, metric)) ?? null];
            const slot = slotOf(model, source);
            const value = slot < 0 ? Number.NaN : (cells.draws.estimate[slot] ?? Number.NaN);
            return [model, Number.isNaN(value) ? null : value];
          }),
        );
      }
      if (sources.every((source) => Object.values(values[source] ?? {}).every((value) => value === null)))
        continue;
      const order: Record<string, string[]> = Object.fromEntries(
        sources.map((source) => [source, rankModels(values[source] ?? {})]),
      );
      // Always a `reported` list, empty when the study has no reported figures (no τ-b is computed then).
      order.reported ??= [];

      // τ-b per pair of sources, derived from the cell-mean draws.
      const pairs: { key: string; models: string[]; a: string; b: string }[] = [];
      for (let x = 0; x < sources.length; x++)
        for (let y = x + 1; y < sources.length; y++) {
          const a = sources[x] ?? '';
          const b = sources[y] ?? '';
          const common = models.filter((model) => values[a]?.[model] != null && values[b]?.[model] != null);
          pairs.push({ key: `${a}_vs_${b}`, models: common, a, b });
        }
      // Per pair and model, where each side's value comes from: a slot of the draws (≥ 0), or a
      // fixed reported value (slot −1, value in `fixed`). Precomputed: this runs B times and once per
      // argument whose deletion moves one of the pair's cell means.
      const sides = pairs.map((pair) =>
        [pair.a, pair.b].map((source) => ({
          slots: Int32Array.from(pair.models, (model) =>
            source === 'reported' ? -1 : slotOf(model, source),
          ),
          fixed: Float64Array.from(pair.models, (model) =>
            source === 'reported'
              ? (reported.get(reportedKey(model, test, metric)) ?? Number.NaN)
              : Number.NaN,
          ),
        })),
      );
      const xs = pairs.map((pair) => new Array<number>(pair.models.length).fill(0));
      const ys = pairs.map((pair) => new Array<number>(pair.models.length).fill(0));
      const tau = deriveDraws(cells.draws, {
        reads: sides.map(([a, b]) => [...(a?.slots ?? []), ...(b?.slots ?? [])].filter((slot) => slot >= 0)),
        value: (p, get) => {
          const x = xs[p] ?? [];
          const y = ys[p] ?? [];
          const [a, b] = sides[p] ?? [];
          if (!a || !b) return Number.NaN;
          for (let j = 0; j < x.length; j++) {
            const slotA = elementAt(a.slots, j);
            const slotB = elementAt(b.slots, j);
            x[j] = slotA < 0 ? elementAt(a.fixed, j) : get(slotA);
            y[j] = slotB < 0 ? elementAt(b.fixed, j) : get(slotB);
            if (Number.isNaN(elementAt(x, j)) || Number.isNaN(elementAt(y, j))) return Number.NaN;
          }
          return kendallTauB(x, y) ?? Number.NaN;
        },
      });

      const flips: Record<string, AdjacentFlip[]> = {};
      for (const source of cells.sources) {
        const ranked = order[source] ?? [];
        flips[source] = adjacentFlips(cells.draws, ranked, (model) => slotOf(model, source));
      }

      const details: RankingDetails = {
        metric,
        test,
        values,
        kendall_tau_b: Object.fromEntries(
          pairs.map((pair, p) => {
            const figure = bootstrapFigure(tau, p, level);
            if (pair.a !== 'gold' && pair.b !== 'gold')
              return [pair.key, { ...figure, models: pair.models.length }];
            const fewest =
              pair.models.length === 0
                ? 0
                : Math.min(
                    ...pair.models.map((model) => {
                      const c = index.cells.findIndex((cell) => cell.model === model && cell.test === test);
                      return c < 0 ? 0 : (goldInCell[c] ?? 0);
                    }),
                  );
            return [
              pair.key,
              {
                ...withholdInterval(figure, fewest, MIN_GOLD_FOR_RANKING),
                gold: fewest,
                models: pair.models.length,
              },
            ];
          }),
        ),
        flips,
      };
      result[`${metric}_test${test}`] = Object.assign({}, order, details);
    }
  }
  return result;
}

/**
 * Per pair of models adjacent in one source's ranking, the share of replicates in which their order
 * flips and the share in which they tie (replicates where either mean is undefined left out).
 */
function adjacentFlips(
  draws: BootstrapDraws,
  ranked: readonly string[],
  slotOf: (model: string) => number,
): AdjacentFlip[] {
  const B = draws.replicates;
  return ranked.slice(0, -1).map((higher, j) => {
    const lower = ranked[j + 1] ?? '';
    const high = slotOf(higher);
    const low = slotOf(lower);
    let flipped = 0;
    let tied = 0;
    let defined = 0;
    for (let b = 0; b < B; b++) {
      const h = draws.draws[high * B + b] ?? Number.NaN;
      const l = draws.draws[low * B + b] ?? Number.NaN;
      if (Number.isNaN(h) || Number.isNaN(l)) continue;
      defined++;
      if (l > h) flipped++;
      else if (l === h) tied++;
    }
    return {
      higher,
      lower,
      share: defined === 0 ? null : flipped / defined,
      ties: defined === 0 ? null : tied / defined,
    };
  });
}
