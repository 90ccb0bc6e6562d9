import { elementAt, float64At } from '../element-at.ts';
import type { FactorId } from '../factors.ts';
import { macroAverage } from '../stats/macro-average.ts';
import { type ConfusionCounts, precisionRecallF1 } from '../stats/precision-recall-f1.ts';
import { wilsonInterval } from '../stats/wilson-interval.ts';
import { CASES, type CaseId } from '../vocabulary.ts';
import {
  AGREEMENT_JSON_KEYS,
  AGREEMENT_KEYS,
  type AgreementCoefficients,
  labelAgreement,
  type TableAgreement,
  tableAgreement,
} from './agreement-table.ts';
import { type ClusterEntriesBuilder, clusterEntriesBuilder } from './cluster-entries.ts';
import { spanOf, widenDegenerate } from './degenerate-bootstrap.ts';
import { assertedSets, FACTOR_COUNT, factorAt } from './factor-sets.ts';
import type { Figure } from './figure.ts';
import { FlatLayout, type FlatSection } from './flat-layout.ts';
import { compareWithGold } from './gold-comparison.ts';
import { GOLD_STYLES, type GoldStyle } from './mention-evidence.ts';
import { type StudyIndex, usableExtraction } from './study-index.ts';
import {
  type BootstrapDraws,
  bootstrapFigure,
  type ResamplingPlan,
  sumsBootstrap,
  weightedSums,
} from './weighted-bootstrap.ts';

/** Counts and P/R/F1 of one group of units. */
export interface ConfusionBlock {
  tp: number;
  fp: number;
  fn: number;
  /** tp/(tp + fp): cluster-bootstrap `ci`, Wilson beside it. */
  precision: Figure;
  /** tp/(tp + fn): cluster-bootstrap `ci`, Wilson beside it. */
  recall: Figure;
  /** 2tp/(2tp + fp + fn): cluster-bootstrap `ci`. */
  f1: Figure;
}

/** Recall of gold units of one mention style (style is a property of gold units only). */
export interface RecallBlock {
  tp: number;
  fn: number;
  recall: Figure;
}

/** The agreement of an extractor with the gold over the 78 catalogue decisions of each argument. */
export interface DecisionAgreement extends AgreementCoefficients {
  decisions: number;
}

/** Section 1 of the report for one extractor. */
export interface ExtractorVsGold {
  /** Gold arguments scored (with a usable extraction). */
  items: number;
  /** Gold arguments whose extraction failed: left out, counted. */
  failed: number;
  /** Gold arguments the extractor has no output for: left out, counted. */
  missing: number;
  micro: ConfusionBlock;
  macro: {
    precision: Figure;
    recall: Figure;
    f1: Figure;
    factors_included: number;
    /** Factors with no gold and no predicted positive: no figure, left out of the means. */
    factors_left_out: FactorId[];
  };
  /** Cohen's κ of the extractor with the gold over the 78 decisions per argument (= agreement.cohen_kappa). */
  kappa: Figure;
  agreement: DecisionAgreement;
  by_model: Record<string, ConfusionBlock>;
  by_test: Record<string, ConfusionBlock>;
  by_case: Record<CaseId, ConfusionBlock>;
  by_style: Record<GoldStyle, RecallBlock>;
  /** Factors with at least one unit, in catalogue order. */
  by_factor: Partial<Record<FactorId, ConfusionBlock>>;
  /** Unlisted mentions, compared by (case, normalised text). */
  unlisted: ConfusionBlock;
  /** Gold-negated mentions (a negated span, not asserted) the extractor counted as present (fp units). */
  negated_as_present: number;
  /** Gold-negated mentions in all. */
  negated_mentions: number;
  /** negated_as_present / negated_mentions (cluster bootstrap, Wilson beside it). */
  negated_as_present_rate: Figure;
}

const KINDS = { tp: 0, fp: 1, fn: 2 } as const;
const PRF = { precision: 0, recall: 1, f1: 2 } as const;
const DECISIONS_PER_ITEM = 78;

/** Group numbering: micro, models, tests 1–3, cases, factors, unlisted, styles (one record each). */
function groupLayout(models: number) {
  const layout = new FlatLayout();
  return {
    micro: layout.section(1),
    models: layout.section(models),
    tests: layout.section(3),
    cases: layout.section(CASES.length),
    factors: layout.section(FACTOR_COUNT),
    unlisted: layout.section(1),
    styles: layout.section(GOLD_STYLES.length),
    count: layout.size,
  };
}
type GroupLayout = ReturnType<typeof groupLayout>;

/**
 * The sums each gold item adds to, per extractor: tp, fp and fn per group (`counts`, fields
 * `KINDS`; its units summed — all of them into micro, model and test, each into its case, factor
 * and style), then the item itself (1 if scored), its gold-negated mentions and those the extractor
 * counted as present. Sparse: one entry per sum the item touches, so a resample costs one addition
 * per entry, not six per unit.
 */
function sumLayout(groups: number) {
  const layout = new FlatLayout();
  return {
    counts: layout.section(groups, 3),
    items: layout.section(1),
    negatedMentions: layout.section(1),
    negatedAsPresent: layout.section(1),
    size: layout.size,
  };
}
type SumLayout = ReturnType<typeof sumLayout>;

/**
 * The figures each replicate writes, per extractor: P, R and F1 per group (`figures`, fields
 * `PRF`), the macro P, R and F1, the decision agreement (`AGREEMENT_KEYS`) and the rate of negated
 * mentions counted as present.
 */
function slotLayout(groups: number) {
  const layout = new FlatLayout();
  return {
    figures: layout.section(groups, 3),
    macro: layout.section(1, 3),
    agreement: layout.section(1, AGREEMENT_KEYS.length),
    negatedRate: layout.section(1),
    size: layout.size,
  };
}
type SlotLayout = ReturnType<typeof slotLayout>;

/** Every extractor's sums and slots side by side: extractor e's block is record e of each. */
interface ScoringLayout {
  groups: GroupLayout;
  sums: SumLayout;
  slots: SlotLayout;
  extractorSums: FlatSection;
  extractorSlots: FlatSection;
}

function scoringLayout(models: number, extractors: number): ScoringLayout {
  const groups = groupLayout(models);
  const sums = sumLayout(groups.count);
  const slots = slotLayout(groups.count);
  return {
    groups,
    sums,
    slots,
    extractorSums: new FlatLayout().section(extractors, sums.size),
    extractorSlots: new FlatLayout().section(extractors, slots.size),
  };
}

/** What one extractor's outputs on the gold items are, besides their sums. */
interface ExtractorItems {
  usable: Uint8Array;
  failed: number;
  missing: number;
}

type ScoringOptions = { seed: number; replicates: number; level: number; stratified: boolean };

/**
 * Section 1: every extractor against the adjudicated gold (docs/STATISTICS.md §3). Over the arguments with gold, each (argument, case, factor)
 * either side asserts is tp, fp or fn (`compareWithGold`); unlisted mentions are extra units
 * compared by (case, normalised text). Failed and missing extractions are left out and counted.
 *
 * - micro P/R/F1 pool the units (`precisionRecallF1`); macro averages the 26 factors
 *   (`macroAverage`: a factor with no gold and no predicted positive is left out, and listed);
 *   unlisted units are in micro and in their case, model and test, not in the per-factor macro;
 * - by model, test, case, factor and unlisted: the same counts and figures per group; by mention
 *   style: recall of the gold units of that style (code > name > paraphrase, or unspanned);
 * - κ, α, AC1, PABAK, raw and specific agreement of extractor and gold over the 78 catalogue
 *   decisions of every scored argument (point values by shared/stats on the decision labels);
 * - negated mentions the extractor counted as present: their own count and rate.
 *
 * Intervals: P, R, F1, κ and the other agreement figures carry a cluster-bootstrap percentile `ci`
 * (resampling gold arguments, within design strata when a sample exists; `weightedBootstrap`), BCa
 * beside it; P and R also a Wilson interval on tp/(tp + fp) and tp/(tp + fn), which treats the units
 * as independent trials and so ignores their clustering in arguments.
 *
 * Degenerate input: figures with a zero denominator are `null` ("n/a"); an extractor with no scored
 * gold argument has all figures null.
 */
export function extractorVsGold(index: StudyIndex, options: ScoringOptions): Record<string, ExtractorVsGold> {
  const goldItems: number[] = [];
  index.gold.forEach((judgement, i) => {
    if (judgement !== undefined) goldItems.push(i);
  });
  const E = index.extractors.length;
  const layout = scoringLayout(index.models.length, E);
  const entries = clusterEntriesBuilder(goldItems.length, goldItems.length * E * 40);
  const perExtractor: ExtractorItems[] = index.extractors.map(() => ({
    usable: new Uint8Array(goldItems.length),
    failed: 0,
    missing: 0,
  }));
  goldItems.forEach((i, g) => {
    index.extractors.forEach((extractor, e) => {
      const items = perExtractor[e];
      if (items) addItemSums(index, extractor, i, g, items, layout, layout.extractorSums.slot(e), entries);
    });
    entries.endCluster();
  });
  const itemEntries = entries.finish();
  const plan: ResamplingPlan = {
    size: goldItems.length,
    ...(options.stratified ? { strata: goldItems.map((i) => index.designStratum[i] ?? '') } : {}),
  };
  const factorCounts: ConfusionCounts[] = Array.from({ length: FACTOR_COUNT }, () => ({
    tp: 0,
    fp: 0,
    fn: 0,
  }));

  const draws = sumsBootstrap({
    plan,
    sums: layout.sums.size * E,
    entries: itemEntries,
    slots: layout.slots.size * E,
    seed: options.seed,
    replicates: options.replicates,
    finish: (totals, out) => {
      for (let e = 0; e < E; e++) writeFigures(totals, out, layout, e, factorCounts);
    },
  });
  const pointTotals = new Float64Array(layout.sums.size * E);
  weightedSums(itemEntries, null, pointTotals);

  const result: Record<string, ExtractorVsGold> = {};
  index.extractors.forEach((extractor, e) => {
    const items = perExtractor[e];
    if (!items) return;
    const scored = goldItems.filter((_, g) => items.usable[g] === 1);
    const read: ExtractorReading = {
      draws,
      pointTotals,
      layout,
      sums: layout.extractorSums.slot(e),
      slots: layout.extractorSlots.slot(e),
      level: options.level,
    };
    result[extractor] = extractorSection(index, extractor, scored, items, read);
  });
  return result;
}

/**
 * One replicate's figures of extractor e from its weighted sums `totals`, into `out` — the writer
 * of `slotLayout`, read back by `extractorSection`. `factorCounts` is scratch for the macro means.
 */
function writeFigures(
  totals: Float64Array,
  out: Float64Array,
  layout: ScoringLayout,
  e: number,
  factorCounts: ConfusionCounts[],
): void {
  const { groups, sums: sumsOf, slots } = layout;
  const sums = layout.extractorSums.slot(e);
  const base = layout.extractorSlots.slot(e);
  for (let group = 0; group < groups.count; group++) {
    const figures = precisionRecallF1(countsAt(totals, sums, sumsOf, group));
    out[base + slots.figures.slot(group, PRF.precision)] = figures.precision ?? Number.NaN;
    out[base + slots.figures.slot(group, PRF.recall)] = figures.recall ?? Number.NaN;
    out[base + slots.figures.slot(group, PRF.f1)] = figures.f1 ?? Number.NaN;
  }
  for (let f = 0; f < FACTOR_COUNT; f++) {
    const target = elementAt(factorCounts, f);
    const counts = countsAt(totals, sums, sumsOf, groups.factors.slot(f));
    target.tp = counts.tp;
    target.fp = counts.fp;
    target.fn = counts.fn;
  }
  const macro = macroAverage(factorCounts);
  out[base + slots.macro.slot(0, PRF.precision)] = macro.precision ?? Number.NaN;
  out[base + slots.macro.slot(0, PRF.recall)] = macro.recall ?? Number.NaN;
  out[base + slots.macro.slot(0, PRF.f1)] = macro.f1 ?? Number.NaN;
  const micro = countsAt(totals, sums, sumsOf, groups.micro.slot());
  const unlisted = countsAt(totals, sums, sumsOf, groups.unlisted.slot());
  const tp = micro.tp - unlisted.tp;
  const fp = micro.fp - unlisted.fp;
  const fn = micro.fn - unlisted.fn;
  const agreement = tableAgreement({
    both: tp,
    firstOnly: fn,
    secondOnly: fp,
    neither: DECISIONS_PER_ITEM * float64At(totals, sums + sumsOf.items.slot()) - tp - fp - fn,
  });
  AGREEMENT_KEYS.forEach((key, k) => {
    out[base + slots.agreement.slot(0, k)] = agreement[key] ?? Number.NaN;
  });
  const negatedMentions = float64At(totals, sums + sumsOf.negatedMentions.slot());
  out[base + slots.negatedRate.slot()] =
    negatedMentions === 0
      ? Number.NaN
      : float64At(totals, sums + sumsOf.negatedAsPresent.slot()) / negatedMentions;
}

/** Where one extractor's figures and point sums are, for `extractorSection`. */
interface ExtractorReading {
  draws: BootstrapDraws;
  pointTotals: Float64Array;
  layout: ScoringLayout;
  /** The extractor's first sum and first slot. */
  sums: number;
  slots: number;
  level: number;
}

/** Section 1 for one extractor, from the figures `writeFigures` wrote and the point sums. */
function extractorSection(
  index: StudyIndex,
  extractor: string,
  scored: readonly number[],
  items: ExtractorItems,
  read: ExtractorReading,
): ExtractorVsGold {
  const { draws, pointTotals, layout, sums, slots, level } = read;
  const { groups, sums: sumsOf, slots: slotsOf } = layout;
  const figure = (slot: number): Figure => bootstrapFigure(draws, slots + slot, level);
  const counts = (group: number): ConfusionCounts => countsAt(pointTotals, sums, sumsOf, group);
  const block = (group: number): ConfusionBlock => {
    const { tp, fp, fn } = counts(group);
    const precisionWilson = wilsonInterval(tp, tp + fp, level);
    const recallWilson = wilsonInterval(tp, tp + fn, level);
    return {
      tp,
      fp,
      fn,
      precision: widenDegenerate(
        { ...figure(slotsOf.figures.slot(group, PRF.precision)), wilson: precisionWilson },
        precisionWilson,
      ),
      recall: widenDegenerate(
        { ...figure(slotsOf.figures.slot(group, PRF.recall)), wilson: recallWilson },
        recallWilson,
      ),
      f1: widenDegenerate(figure(slotsOf.figures.slot(group, PRF.f1)), spanOf(precisionWilson, recallWilson)),
    };
  };
  const modelsWithGold = new Set(scored.map((i) => index.modelOf[i] ?? -1));
  const testsWithGold = new Set(scored.map((i) => index.testOf[i] ?? 0));
  const byFactor: Partial<Record<FactorId, ConfusionBlock>> = {};
  const leftOut: FactorId[] = [];
  for (let f = 0; f < FACTOR_COUNT; f++) {
    const group = groups.factors.slot(f);
    const { tp, fp, fn } = counts(group);
    if (tp + fp + fn === 0) leftOut.push(factorAt(f));
    else byFactor[factorAt(f)] = block(group);
  }
  const pointAgreement = decisionAgreementPoint(index, extractor, scored);
  const agreement = {} as DecisionAgreement;
  agreement.decisions = DECISIONS_PER_ITEM * scored.length;
  AGREEMENT_KEYS.forEach((key, k) => {
    agreement[AGREEMENT_JSON_KEYS[key]] = {
      ...figure(slotsOf.agreement.slot(0, k)),
      value: pointAgreement[key],
    };
  });
  const byStyle = {} as Record<GoldStyle, RecallBlock>;
  GOLD_STYLES.forEach((style, s) => {
    const group = groups.styles.slot(s);
    const { tp, fn } = counts(group);
    const wilson = wilsonInterval(tp, tp + fn, level);
    byStyle[style] = {
      tp,
      fn,
      recall: widenDegenerate({ ...figure(slotsOf.figures.slot(group, PRF.recall)), wilson }, wilson),
    };
  });
  const negatedMentions = float64At(pointTotals, sums + sumsOf.negatedMentions.slot());
  const negatedAsPresent = float64At(pointTotals, sums + sumsOf.negatedAsPresent.slot());
  const negatedWilson = wilsonInterval(negatedAsPresent, negatedMentions, level);
  return {
    items: scored.length,
    failed: items.failed,
    missing: items.missing,
    micro: block(groups.micro.slot()),
    macro: {
      precision: figure(slotsOf.macro.slot(0, PRF.precision)),
      recall: figure(slotsOf.macro.slot(0, PRF.recall)),
      f1: figure(slotsOf.macro.slot(0, PRF.f1)),
      factors_included: FACTOR_COUNT - leftOut.length,
      factors_left_out: leftOut,
    },
    kappa: agreement.cohen_kappa,
    agreement,
    by_model: Object.fromEntries(
      index.models.flatMap((model, m) =>
        modelsWithGold.has(m) ? [[model, block(groups.models.slot(m))]] : [],
      ),
    ),
    by_test: Object.fromEntries(
      [1, 2, 3].flatMap((test) =>
        testsWithGold.has(test) ? [[String(test), block(groups.tests.slot(test - 1))]] : [],
      ),
    ),
    by_case: Object.fromEntries(CASES.map((caseId, c) => [caseId, block(groups.cases.slot(c))])) as Record<
      CaseId,
      ConfusionBlock
    >,
    by_style: byStyle,
    by_factor: byFactor,
    unlisted: block(groups.unlisted.slot()),
    negated_as_present: negatedAsPresent,
    negated_mentions: negatedMentions,
    negated_as_present_rate: widenDegenerate(
      { ...figure(slotsOf.negatedRate.slot()), wilson: negatedWilson },
      negatedWilson,
    ),
  };
}

/** The tp, fp and fn of `group` among the sums from `base`. */
function countsAt(totals: Float64Array, base: number, sumsOf: SumLayout, group: number): ConfusionCounts {
  return {
    tp: float64At(totals, base + sumsOf.counts.slot(group, KINDS.tp)),
    fp: float64At(totals, base + sumsOf.counts.slot(group, KINDS.fp)),
    fn: float64At(totals, base + sumsOf.counts.slot(group, KINDS.fn)),
  };
}

/** Gold item g (argument i) under one extractor: counted as failed or missing, or its sums added at `base`. */
function addItemSums(
  index: StudyIndex,
  extractor: string,
  i: number,
  g: number,
  items: ExtractorItems,
  layout: ScoringLayout,
  base: number,
  entries: ClusterEntriesBuilder,
): void {
  const record = index.extraction.get(extractor)?.[i];
  const gold = index.gold[i];
  if (record === undefined) items.missing++;
  else if (record.status === 'failed') items.failed++;
  const usableRecord = usableExtraction(index, extractor, i);
  if (usableRecord === undefined || gold === undefined) return;
  items.usable[g] = 1;
  const { groups, sums: sumsOf } = layout;
  const comparison = compareWithGold(gold, assertedSets(usableRecord));
  entries.add(base + sumsOf.items.slot(), 1);
  if (comparison.negatedMentions !== 0)
    entries.add(base + sumsOf.negatedMentions.slot(), comparison.negatedMentions);
  if (comparison.negatedAsPresent !== 0)
    entries.add(base + sumsOf.negatedAsPresent.slot(), comparison.negatedAsPresent);
  const model = index.modelOf[i] ?? 0;
  const test = index.testOf[i] ?? 1;
  const item = new Map<number, number>();
  const add = (group: number, kind: number) => {
    const cell = sumsOf.counts.slot(group, kind);
    item.set(cell, (item.get(cell) ?? 0) + 1);
  };
  for (const unit of comparison.units) {
    const kind = KINDS[unit.outcome];
    add(groups.micro.slot(), kind);
    add(groups.models.slot(model), kind);
    add(groups.tests.slot(test - 1), kind);
    add(groups.cases.slot(unit.caseIndex), kind);
    add(unit.factor >= 0 ? groups.factors.slot(unit.factor) : groups.unlisted.slot(), kind);
    if (unit.style !== null) add(groups.styles.slot(GOLD_STYLES.indexOf(unit.style)), kind);
  }
  for (const [cell, count] of item) entries.add(base + cell, count);
}
/** κ & co. of extractor and gold on the decision labels, by the shared/stats functions (the point values). */
function decisionAgreementPoint(
  index: StudyIndex,
  extractor: string,
  scored: readonly number[],
): TableAgreement {
  const goldLabels: boolean[] = [];
  const extractorLabels: boolean[] = [];
  for (const i of scored) {
    const gold = index.gold[i];
    const record = usableExtraction(index, extractor, i);
    if (!gold || !record) continue;
    const g = assertedSets(gold).masks;
    const e = assertedSets(record).masks;
    for (let c = 0; c < 3; c++)
      for (let f = 0; f < FACTOR_COUNT; f++) {
        goldLabels.push((((g[c] ?? 0) >>> f) & 1) === 1);
        extractorLabels.push((((e[c] ?? 0) >>> f) & 1) === 1);
      }
  }
  return labelAgreement([goldLabels, extractorLabels]);
}
