import { elementAt, float64At, int32At } from '../element-at.ts';
import type { FactorId } from '../factors.ts';
import { byCodeUnits } from '../sampling/code-unit-order.ts';
import type { Judgement } from '../schemas/annotation.ts';
import { wilsonInterval } from '../stats/wilson-interval.ts';
import {
  AGREEMENT_JSON_KEYS,
  AGREEMENT_KEYS,
  type AgreementCoefficients,
  type BinaryTable,
  emptyTable,
  labelAgreement,
  type TableAgreement,
  tableAgreement,
} from './agreement-table.ts';
import { type ClusterEntries, clusterEntriesBuilder } from './cluster-entries.ts';
import { assertedSets, FACTOR_COUNT, factorAt } from './factor-sets.ts';
import type { Figure } from './figure.ts';
import { FlatLayout, type FlatSection } from './flat-layout.ts';
import type { AnnotationInput } from './report-input.ts';
import { spanOverlap } from './span-overlap.ts';
import type { StudyIndex } from './study-index.ts';
import { type BootstrapDraws, bootstrapFigure, sumsBootstrap, weightedSums } from './weighted-bootstrap.ts';

/** A 2 × 2 table in the report's words (first = the first annotator of the pair). */
export interface TableCounts {
  both: number;
  first_only: number;
  second_only: number;
  neither: number;
}

/** The agreement coefficients of one set of binary decisions, each a figure with a bootstrap interval. */
export interface AgreementFigures extends AgreementCoefficients {
  table: TableCounts;
}

/** Agreement between two annotators (or pooled over pairs) — section 2 of the report. */
export interface PairAgreement extends AgreementFigures {
  /** The two annotators (pooled: every pair that contributes, as "a+b"). */
  annotators: string[];
  /** Doubly annotated arguments. */
  items: number;
  /** items × 78. */
  decisions: number;
  /** Cohen's κ on the abstention flag (= abstention.cohen_kappa). */
  abstention_kappa: Figure;
  abstention: AgreementFigures & { items: number };
  /** Unlisted mentions compared by (case, normalised text): positive agreement 2a/(2a + b + c). */
  unlisted: { both: number; first_only: number; second_only: number; positive_agreement: Figure };
  span_overlap: {
    first_spans: number;
    first_matched: number;
    second_spans: number;
    second_matched: number;
    /** Share of the first annotator's spans the second matches. */
    first_matched_share: Figure;
    /** Share of the second annotator's spans the first matches. */
    second_matched_share: Figure;
  };
  /** Factors either annotator marked at least once, over items × 3 decisions each. */
  per_factor: Partial<Record<FactorId, AgreementFigures & { decisions: number }>>;
  /** Factors neither annotator ever marked: every coefficient but raw agreement is n/a there. */
  factors_never_marked: FactorId[];
}

/** Section 2: pooled agreement plus every pair. */
export interface AnnotatorAgreement extends PairAgreement {
  /** Every annotator with a submitted annotation, by name. */
  all_annotators: string[];
  /** Arguments with three or more submitted annotations (pooled over their first two annotators). */
  items_with_more_than_two: number;
  by_pair: Record<string, PairAgreement>;
}

/** One doubly annotated item, summarised for the bootstrap. */
interface PairItem {
  argument: number;
  first: Judgement;
  second: Judgement;
  /** The two annotators' per-case masks (`assertedSets`). */
  firstMasks: readonly number[];
  secondMasks: readonly number[];
  /**
   * The item's decisions where someone said present, as triples (factor, cell, count) with cell 0
   * both, 1 first only, 2 second only; the rest of the 78 decisions are "neither" (sparse: most are).
   */
  marked: Int32Array;
  /** 0 both abstained, 1 first only, 2 second only, 3 neither. */
  abstention: number;
  unlisted: [number, number, number];
  spans: [number, number, number, number];
}

/** The figures each replicate writes: pooled and abstention agreement, unlisted, span shares, per factor. */
const SLOTS = (() => {
  const layout = new FlatLayout();
  return {
    pooled: layout.section(1, AGREEMENT_KEYS.length),
    abstention: layout.section(1, AGREEMENT_KEYS.length),
    unlisted: layout.section(1),
    /** First matched share, second matched share. */
    spans: layout.section(1, 2),
    perFactor: layout.section(FACTOR_COUNT, AGREEMENT_KEYS.length),
    size: layout.size,
  };
})();
/** The cells of a 2 × 2 table, in `PairItem.marked`'s and the sums' order. */
const CELL = { both: 0, firstOnly: 1, secondOnly: 2, neither: 3 } as const;
/** Per factor its 2 × 2 table (`CELL`s), as `PairTables.factors` keeps them. */
const FACTOR_TABLES = new FlatLayout().section(FACTOR_COUNT, 4);
/**
 * The sums an item adds to: per factor its marked cells (`CELL`; "neither" follows from the item
 * count), the abstention table, the unlisted counts, the span counts (`PairItem.spans`), and the item itself.
 */
const SUMS = (() => {
  const layout = new FlatLayout();
  return {
    factor: layout.section(FACTOR_COUNT, 4),
    abstention: layout.section(1, 4),
    unlisted: layout.section(1, 3),
    spans: layout.section(1, 4),
    items: layout.section(1),
    size: layout.size,
  };
})();

/**
 * Section 2: inter-annotator agreement (docs/STATISTICS.md §4).
 * For every argument with two or more *submitted* annotations, the two annotators' 26 × 3 binary
 * decisions ("is factor f asserted present in case c?") and their abstention flags are compared:
 * Cohen's κ, Krippendorff's α (nominal), Gwet's AC1, PABAK, raw agreement and positive/negative
 * specific agreement, pooled over all decisions and per factor (items × 3 decisions), plus
 * unlisted mentions (positive agreement on (case, normalised text)) and span overlap
 * (`spanOverlap`; docs/decisions/006-span-overlap.md).
 *
 * Pairs: every pair of annotators over the items both annotated is reported in `by_pair` (key
 * "a_vs_b", names in code-unit order); the pooled figures take each item once, with its first two
 * annotators by name, so an item annotated three times is not counted three times.
 *
 * Point values come from shared/stats on the decision labels; intervals from a cluster bootstrap
 * over items (within design strata when a sample exists), whose replicates use the closed forms of
 * `tableAgreement` (docs/decisions/003-agreement-figures.md).
 *
 * Degenerate input: no doubly annotated item gives `items: 0` and every figure null ("n/a").
 */
export function annotatorAgreement(
  index: StudyIndex,
  annotations: readonly AnnotationInput[],
  options: AgreementOptions,
): AnnotatorAgreement {
  const position = new Map(index.ids.map((id, i) => [id, i]));
  const byArgument = new Map<number, Map<string, Judgement>>();
  for (const annotation of annotations) {
    const i = position.get(annotation.argumentId);
    if (i === undefined) continue;
    const marks = byArgument.get(i) ?? new Map<string, Judgement>();
    marks.set(annotation.annotator, annotation.judgement);
    byArgument.set(i, marks);
  }
  const allAnnotators = [...new Set(annotations.map((annotation) => annotation.annotator))].sort(byCodeUnits);
  const arguments_ = [...byArgument.keys()].sort((a, b) => a - b);

  const pooledItems: PairItem[] = [];
  const pairItems = new Map<string, { names: [string, string]; items: PairItem[] }>();
  let moreThanTwo = 0;
  for (const i of arguments_) {
    const marks = byArgument.get(i);
    if (!marks || marks.size < 2) continue;
    const names = [...marks.keys()].sort(byCodeUnits);
    if (names.length > 2) moreThanTwo++;
    for (let x = 0; x < names.length; x++)
      for (let y = x + 1; y < names.length; y++) {
        const first = names[x] ?? '';
        const second = names[y] ?? '';
        const item = pairItem(i, marks.get(first), marks.get(second));
        if (!item) continue;
        if (x === 0 && y === 1) pooledItems.push(item);
        const key = `${first}_vs_${second}`;
        const entry = pairItems.get(key) ?? { names: [first, second], items: [] };
        entry.items.push(item);
        pairItems.set(key, entry);
      }
  }

  const pooledNames = [
    ...new Set(
      pooledItems.map((item) => {
        const marks = byArgument.get(item.argument);
        return [...(marks?.keys() ?? [])].sort(byCodeUnits).slice(0, 2).join('+');
      }),
    ),
  ].sort(byCodeUnits);
  const pooled = pairAgreement(index, pooledItems, pooledNames, options);
  const byPair: Record<string, PairAgreement> = {};
  for (const key of [...pairItems.keys()].sort(byCodeUnits)) {
    const entry = pairItems.get(key);
    if (!entry) continue;
    // With one pair of annotators the pair is the pooled set: the same items, the same figures.
    const samePooled =
      entry.items.length === pooledItems.length && entry.items.every((item, k) => item === pooledItems[k]);
    byPair[key] = samePooled
      ? { ...pooled, annotators: entry.names }
      : pairAgreement(index, entry.items, entry.names, options);
  }
  return { ...pooled, all_annotators: allAnnotators, items_with_more_than_two: moreThanTwo, by_pair: byPair };
}

function pairItem(
  argument: number,
  first: Judgement | undefined,
  second: Judgement | undefined,
): PairItem | null {
  if (!first || !second) return null;
  const a = assertedSets(first);
  const b = assertedSets(second);
  const marked: number[] = [];
  for (let c = 0; c < 3; c++)
    for (let f = 0; f < FACTOR_COUNT; f++) {
      const x = (((a.masks[c] ?? 0) >>> f) & 1) === 1;
      const y = (((b.masks[c] ?? 0) >>> f) & 1) === 1;
      if (x || y) marked.push(f, x && y ? CELL.both : x ? CELL.firstOnly : CELL.secondOnly, 1);
    }
  const unlisted: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const x = a.unlisted[c] ?? new Set<string>();
    const y = b.unlisted[c] ?? new Set<string>();
    for (const key of x) unlisted[y.has(key) ? 0 : 1]++;
    for (const key of y) if (!x.has(key)) unlisted[2]++;
  }
  const overlap = spanOverlap(first.spans, second.spans);
  return {
    argument,
    first,
    second,
    firstMasks: [...a.masks],
    secondMasks: [...b.masks],
    marked: Int32Array.from(marked),
    abstention:
      first.abstained && second.abstained
        ? CELL.both
        : first.abstained
          ? CELL.firstOnly
          : second.abstained
            ? CELL.secondOnly
            : CELL.neither,
    unlisted,
    spans: [overlap.firstSpans, overlap.firstMatched, overlap.secondSpans, overlap.secondMatched],
  };
}

type AgreementOptions = { seed: number; replicates: number; level: number; stratified: boolean };

function pairAgreement(
  index: StudyIndex,
  items: readonly PairItem[],
  annotators: string[],
  options: AgreementOptions,
): PairAgreement {
  const itemEntries = pairEntries(items);
  const tables = new PairTables();
  const draws = sumsBootstrap({
    plan: {
      size: items.length,
      ...(options.stratified
        ? { strata: items.map((item) => index.designStratum[item.argument] ?? '') }
        : {}),
    },
    sums: SUMS.size,
    entries: itemEntries,
    slots: SLOTS.size,
    seed: options.seed,
    replicates: options.replicates,
    finish: (totals, out) => {
      tables.read(totals);
      tables.writeFigures(out);
    },
  });

  // Point counts (weights 1) and the point values of the coefficients from shared/stats.
  const pointTotals = new Float64Array(SUMS.size);
  weightedSums(itemEntries, null, pointTotals);
  tables.read(pointTotals);
  return pairSection(items, annotators, draws, tables, options.level);
}

/** Each item's sums (`SUMS`), one cluster per item. */
function pairEntries(items: readonly PairItem[]): ClusterEntries {
  const entries = clusterEntriesBuilder(items.length, items.length * 16);
  for (const item of items) {
    const { marked } = item;
    for (let j = 0; j < marked.length; j += 3)
      entries.add(SUMS.factor.slot(int32At(marked, j), int32At(marked, j + 1)), int32At(marked, j + 2));
    entries.add(SUMS.abstention.slot(0, item.abstention), 1);
    item.unlisted.forEach((count, j) => {
      if (count !== 0) entries.add(SUMS.unlisted.slot(0, j), count);
    });
    item.spans.forEach((count, j) => {
      if (count !== 0) entries.add(SUMS.spans.slot(0, j), count);
    });
    entries.add(SUMS.items.slot(), 1);
    entries.endCluster();
  }
  return entries.finish();
}

/**
 * The weighted sums (`SUMS`) read as the four tables — per factor (with "neither" completed),
 * abstention, unlisted, spans — and the figures of one replicate written from them (`SLOTS`).
 * Reused across replicates: `read` overwrites every table.
 */
class PairTables {
  /** Per factor its four `CELL`s. */
  readonly factors = new Float64Array(FACTOR_TABLES.count * FACTOR_TABLES.width);
  readonly abstention = new Float64Array(4);
  readonly unlisted = new Float64Array(3);
  readonly spans = new Float64Array(4);
  readonly #pooled = new Float64Array(4);
  readonly #table = emptyTable();

  read(totals: Float64Array): void {
    const total = float64At(totals, SUMS.items.slot());
    for (let f = 0; f < FACTOR_COUNT; f++) {
      let marked = 0;
      for (let j = 0; j < 3; j++) {
        const count = float64At(totals, SUMS.factor.slot(f, j));
        this.factors[FACTOR_TABLES.slot(f, j)] = count;
        marked += count;
      }
      // 3 decisions per factor and item; "neither" is every one nobody marked.
      this.factors[FACTOR_TABLES.slot(f, CELL.neither)] = 3 * total - marked;
    }
    for (let j = 0; j < 4; j++) this.abstention[j] = float64At(totals, SUMS.abstention.slot(0, j));
    for (let j = 0; j < 3; j++) this.unlisted[j] = float64At(totals, SUMS.unlisted.slot(0, j));
    for (let j = 0; j < 4; j++) this.spans[j] = float64At(totals, SUMS.spans.slot(0, j));
  }

  /** The four cells of factor f. */
  factorCounts(f: number): number[] {
    return [0, 1, 2, 3].map((j) => float64At(this.factors, FACTOR_TABLES.slot(f, j)));
  }

  writeFigures(out: Float64Array): void {
    const pooled = this.#pooled;
    pooled.fill(0);
    for (let f = 0; f < FACTOR_COUNT; f++) {
      for (let j = 0; j < 4; j++)
        pooled[j] = float64At(pooled, j) + float64At(this.factors, FACTOR_TABLES.slot(f, j));
      writeAgreement(
        out,
        SLOTS.perFactor,
        f,
        tableAgreement(this.#setTable(this.factors, FACTOR_TABLES.slot(f))),
      );
    }
    writeAgreement(out, SLOTS.pooled, 0, tableAgreement(this.#setTable(pooled, 0)));
    writeAgreement(out, SLOTS.abstention, 0, tableAgreement(this.#setTable(this.abstention, 0)));
    const [both = 0, firstOnly = 0, secondOnly = 0] = this.unlisted;
    out[SLOTS.unlisted.slot()] =
      2 * both + firstOnly + secondOnly === 0 ? Number.NaN : (2 * both) / (2 * both + firstOnly + secondOnly);
    const [firstSpans = 0, firstMatched = 0, secondSpans = 0, secondMatched = 0] = this.spans;
    out[SLOTS.spans.slot(0, 0)] = firstSpans === 0 ? Number.NaN : firstMatched / firstSpans;
    out[SLOTS.spans.slot(0, 1)] = secondSpans === 0 ? Number.NaN : secondMatched / secondSpans;
  }

  #setTable(source: Float64Array, offset: number): BinaryTable {
    const table = this.#table;
    table.both = float64At(source, offset + CELL.both);
    table.firstOnly = float64At(source, offset + CELL.firstOnly);
    table.secondOnly = float64At(source, offset + CELL.secondOnly);
    table.neither = float64At(source, offset + CELL.neither);
    return table;
  }
}

function writeAgreement(
  out: Float64Array,
  section: FlatSection,
  record: number,
  agreement: TableAgreement,
): void {
  AGREEMENT_KEYS.forEach((key, k) => {
    out[section.slot(record, k)] = agreement[key] ?? Number.NaN;
  });
}

/** One pair's section from the point tables and the figures `PairTables.writeFigures` wrote. */
function pairSection(
  items: readonly PairItem[],
  annotators: string[],
  draws: BootstrapDraws,
  tables: PairTables,
  level: number,
): PairAgreement {
  const labels = decisionLabels(items);
  const pooledFigures = figuresOf(
    draws,
    SLOTS.pooled,
    0,
    level,
    tableCounts(sumFactorTables(tables.factors)),
    labelAgreement(labels.pooled),
  );
  const abstentionLabels: [boolean[], boolean[]] = [
    items.map((item) => item.first.abstained),
    items.map((item) => item.second.abstained),
  ];
  const abstentionFigures = figuresOf(
    draws,
    SLOTS.abstention,
    0,
    level,
    tableCounts([...tables.abstention]),
    labelAgreement(abstentionLabels),
  );
  const perFactor: PairAgreement['per_factor'] = {};
  const neverMarked: FactorId[] = [];
  for (let f = 0; f < FACTOR_COUNT; f++) {
    const counts = tables.factorCounts(f);
    const id = factorAt(f);
    if ((counts[0] ?? 0) + (counts[1] ?? 0) + (counts[2] ?? 0) === 0) {
      neverMarked.push(id);
      continue;
    }
    perFactor[id] = {
      decisions: items.length * 3,
      ...figuresOf(
        draws,
        SLOTS.perFactor,
        f,
        level,
        tableCounts(counts),
        labelAgreement(labels.perFactor[f] ?? [[], []]),
      ),
    };
  }
  const [both = 0, firstOnly = 0, secondOnly = 0] = tables.unlisted;
  const [firstSpans = 0, firstMatched = 0, secondSpans = 0, secondMatched = 0] = tables.spans;
  return {
    annotators,
    items: items.length,
    decisions: items.length * 78,
    ...pooledFigures,
    abstention_kappa: abstentionFigures.cohen_kappa,
    abstention: { items: items.length, ...abstentionFigures },
    unlisted: {
      both,
      first_only: firstOnly,
      second_only: secondOnly,
      positive_agreement: bootstrapFigure(draws, SLOTS.unlisted.slot(), level),
    },
    span_overlap: {
      first_spans: firstSpans,
      first_matched: firstMatched,
      second_spans: secondSpans,
      second_matched: secondMatched,
      first_matched_share: {
        ...bootstrapFigure(draws, SLOTS.spans.slot(0, 0), level),
        wilson: wilsonInterval(firstMatched, firstSpans, level),
      },
      second_matched_share: {
        ...bootstrapFigure(draws, SLOTS.spans.slot(0, 1), level),
        wilson: wilsonInterval(secondMatched, secondSpans, level),
      },
    },
    per_factor: perFactor,
    factors_never_marked: neverMarked,
  };
}

function sumFactorTables(factorTotals: Float64Array): number[] {
  const sums = [0, 0, 0, 0];
  for (let f = 0; f < FACTOR_COUNT; f++)
    for (let j = 0; j < 4; j++)
      sums[j] = elementAt(sums, j) + float64At(factorTotals, FACTOR_TABLES.slot(f, j));
  return sums;
}

function tableCounts(counts: readonly number[]): TableCounts {
  return {
    both: counts[0] ?? 0,
    first_only: counts[1] ?? 0,
    second_only: counts[2] ?? 0,
    neither: counts[3] ?? 0,
  };
}

function figuresOf(
  draws: BootstrapDraws,
  section: FlatSection,
  record: number,
  level: number,
  table: TableCounts,
  point: TableAgreement,
): AgreementFigures {
  const figures = { table } as AgreementFigures;
  AGREEMENT_KEYS.forEach((key, k) => {
    figures[AGREEMENT_JSON_KEYS[key]] = {
      ...bootstrapFigure(draws, section.slot(record, k), level),
      value: point[key],
    };
  });
  return figures;
}

/** The two annotators' decision labels, item by item and case by case: all 78 per item, and per factor. */
function decisionLabels(items: readonly PairItem[]): {
  pooled: [boolean[], boolean[]];
  perFactor: [boolean[], boolean[]][];
} {
  const pooled: [boolean[], boolean[]] = [[], []];
  const perFactor = Array.from({ length: FACTOR_COUNT }, (): [boolean[], boolean[]] => [[], []]);
  for (const item of items)
    for (let c = 0; c < 3; c++)
      for (let f = 0; f < FACTOR_COUNT; f++) {
        const x = (((item.firstMasks[c] ?? 0) >>> f) & 1) === 1;
        const y = (((item.secondMasks[c] ?? 0) >>> f) & 1) === 1;
        pooled[0].push(x);
        pooled[1].push(y);
        perFactor[f]?.[0].push(x);
        perFactor[f]?.[1].push(y);
      }
  return { pooled, perFactor };
}
