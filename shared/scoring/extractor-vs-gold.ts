import type { FactorId } from '../factors.ts';
import { macroAverage } from '../stats/macro-average.ts';
import { type ConfusionCounts, precisionRecallF1 } from '../stats/precision-recall-f1.ts';
import { wilsonInterval } from '../stats/wilson-interval.ts';
import { CASES, type CaseId } from '../vocabulary.ts';
import {
  AGREEMENT_JSON_KEYS,
  AGREEMENT_KEYS,
  labelAgreement,
  type TableAgreement,
  tableAgreement,
} from './agreement-table.ts';
import { type ClusterEntriesBuilder, clusterEntriesBuilder } from './cluster-entries.ts';
import { spanOf, widenDegenerate } from './degenerate-bootstrap.ts';
import { assertedSets, FACTOR_COUNT, factorAt } from './factor-sets.ts';
import type { Figure } from './figure.ts';
import { compareWithGold } from './gold-comparison.ts';
import { GOLD_STYLES, type GoldStyle } from './mention-evidence.ts';
import { type StudyIndex, usableExtraction } from './study-index.ts';
import { bootstrapFigure, type ResamplingPlan, sumsBootstrap, weightedSums } from './weighted-bootstrap.ts';

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
export interface DecisionAgreement {
  decisions: number;
  cohen_kappa: Figure;
  krippendorff_alpha: Figure;
  gwet_ac1: Figure;
  pabak: Figure;
  percent_agreement: Figure;
  positive_agreement: Figure;
  negative_agreement: Figure;
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
const DECISIONS_PER_ITEM = 78;

/** Group numbering: micro, models, tests 1–3, cases, factors, unlisted, styles. */
function groupLayout(models: number) {
  const model0 = 1;
  const test0 = model0 + models;
  const case0 = test0 + 3;
  const factor0 = case0 + 3;
  const unlisted = factor0 + FACTOR_COUNT;
  const style0 = unlisted + 1;
  return { model0, test0, case0, factor0, unlisted, style0, groups: style0 + GOLD_STYLES.length };
}

/**
 * The sums each gold item adds to, per extractor e at base e · SUMS: tp, fp and fn per group
 * (sum group · 3 + kind, kind tp 0, fp 1, fn 2; its units summed — all of them into micro, model
 * and test, each into its case, factor and style), then the item itself (1 if scored), its
 * gold-negated mentions and those the extractor counted as present. Sparse: one entry per sum the
 * item touches, so a resample costs one addition per entry, not six per unit.
 */
function sumLayout(groups: number) {
  const items = groups * 3;
  return { items, negatedMentions: items + 1, negatedAsPresent: items + 2, sums: items + 3 };
}

/** What one extractor's outputs on the gold items are, besides their sums. */
interface ExtractorItems {
  usable: Uint8Array;
  failed: number;
  missing: number;
}

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
export function extractorVsGold(
  index: StudyIndex,
  options: { seed: number; replicates: number; level: number; stratified: boolean },
): Record<string, ExtractorVsGold> {
  const goldItems: number[] = [];
  index.gold.forEach((judgement, i) => {
    if (judgement !== undefined) goldItems.push(i);
  });
  const layout = groupLayout(index.models.length);
  const G = layout.groups;
  const sumsOf = sumLayout(G);
  const E = index.extractors.length;
  const entries = clusterEntriesBuilder(goldItems.length, goldItems.length * E * 40);
  const perExtractor: ExtractorItems[] = index.extractors.map(() => ({
    usable: new Uint8Array(goldItems.length),
    failed: 0,
    missing: 0,
  }));
  goldItems.forEach((i, g) => {
    index.extractors.forEach((extractor, e) => {
      const items = perExtractor[e];
      if (items) addItemSums(index, extractor, i, g, items, layout, e * sumsOf.sums, entries);
    });
    entries.endCluster();
  });
  const itemEntries = entries.finish();
  const slotsPerExtractor = G * 3 + 3 + AGREEMENT_KEYS.length + 1;
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
    sums: sumsOf.sums * E,
    entries: itemEntries,
    slots: slotsPerExtractor * E,
    seed: options.seed,
    replicates: options.replicates,
    finish: (totals, out) => {
      for (let e = 0; e < E; e++) {
        const sums = e * sumsOf.sums;
        const base = e * slotsPerExtractor;
        for (let group = 0; group < G; group++) {
          const figures = precisionRecallF1(countsAt(totals, sums, group));
          out[base + group * 3] = figures.precision ?? Number.NaN;
          out[base + group * 3 + 1] = figures.recall ?? Number.NaN;
          out[base + group * 3 + 2] = figures.f1 ?? Number.NaN;
        }
        for (let f = 0; f < FACTOR_COUNT; f++) {
          const target = factorCounts[f]!;
          const at = sums + (layout.factor0 + f) * 3;
          target.tp = totals[at]!;
          target.fp = totals[at + 1]!;
          target.fn = totals[at + 2]!;
        }
        const macro = macroAverage(factorCounts);
        out[base + G * 3] = macro.precision ?? Number.NaN;
        out[base + G * 3 + 1] = macro.recall ?? Number.NaN;
        out[base + G * 3 + 2] = macro.f1 ?? Number.NaN;
        const micro = countsAt(totals, sums, 0);
        const unlisted = countsAt(totals, sums, layout.unlisted);
        const tp = micro.tp - unlisted.tp;
        const fp = micro.fp - unlisted.fp;
        const fn = micro.fn - unlisted.fn;
        const agreement = tableAgreement({
          both: tp,
          firstOnly: fn,
          secondOnly: fp,
          neither: DECISIONS_PER_ITEM * totals[sums + sumsOf.items]! - tp - fp - fn,
        });
        AGREEMENT_KEYS.forEach((key, k) => {
          out[base + G * 3 + 3 + k] = agreement[key] ?? Number.NaN;
        });
        const negatedMentions = totals[sums + sumsOf.negatedMentions]!;
        out[base + G * 3 + 3 + AGREEMENT_KEYS.length] =
          negatedMentions === 0 ? Number.NaN : totals[sums + sumsOf.negatedAsPresent]! / negatedMentions;
      }
    },
  });
  const pointTotals = new Float64Array(sumsOf.sums * E);
  weightedSums(itemEntries, null, pointTotals);

  const result: Record<string, ExtractorVsGold> = {};
  index.extractors.forEach((extractor, e) => {
    const flat = perExtractor[e];
    if (!flat) return;
    const base = e * slotsPerExtractor;
    const sums = e * sumsOf.sums;
    const counts = (group: number): ConfusionCounts => countsAt(pointTotals, sums, group);
    const block = (group: number): ConfusionBlock => {
      const { tp, fp, fn } = counts(group);
      const precisionWilson = wilsonInterval(tp, tp + fp, options.level);
      const recallWilson = wilsonInterval(tp, tp + fn, options.level);
      return {
        tp,
        fp,
        fn,
        precision: widenDegenerate(
          { ...bootstrapFigure(draws, base + group * 3, options.level), wilson: precisionWilson },
          precisionWilson,
        ),
        recall: widenDegenerate(
          { ...bootstrapFigure(draws, base + group * 3 + 1, options.level), wilson: recallWilson },
          recallWilson,
        ),
        f1: widenDegenerate(
          bootstrapFigure(draws, base + group * 3 + 2, options.level),
          spanOf(precisionWilson, recallWilson),
        ),
      };
    };
    const scored = goldItems.filter((_, g) => flat.usable[g] === 1);
    const modelsWithGold = new Set(scored.map((i) => index.modelOf[i] ?? -1));
    const testsWithGold = new Set(scored.map((i) => index.testOf[i] ?? 0));
    const byFactor: Partial<Record<FactorId, ConfusionBlock>> = {};
    const leftOut: FactorId[] = [];
    for (let f = 0; f < FACTOR_COUNT; f++) {
      const group = layout.factor0 + f;
      const { tp, fp, fn } = counts(group);
      if (tp + fp + fn === 0) leftOut.push(factorAt(f));
      else byFactor[factorAt(f)] = block(group);
    }
    const pointAgreement = decisionAgreementPoint(index, extractor, scored);
    const agreement = {} as DecisionAgreement;
    agreement.decisions = DECISIONS_PER_ITEM * scored.length;
    AGREEMENT_KEYS.forEach((key, k) => {
      agreement[AGREEMENT_JSON_KEYS[key]] = {
        ...bootstrapFigure(draws, base + G * 3 + 3 + k, options.level),
        value: pointAgreement[key],
      };
    });
    const byStyle = {} as Record<GoldStyle, RecallBlock>;
    GOLD_STYLES.forEach((style, s) => {
      const group = layout.style0 + s;
      const { tp, fn } = counts(group);
      const wilson = wilsonInterval(tp, tp + fn, options.level);
      byStyle[style] = {
        tp,
        fn,
        recall: widenDegenerate(
          { ...bootstrapFigure(draws, base + group * 3 + 1, options.level), wilson },
          wilson,
        ),
      };
    });
    const negatedMentions = pointTotals[sums + sumsOf.negatedMentions]!;
    const negatedAsPresent = pointTotals[sums + sumsOf.negatedAsPresent]!;
    const negatedWilson = wilsonInterval(negatedAsPresent, negatedMentions, options.level);
    result[extractor] = {
      items: scored.length,
      failed: flat.failed,
      missing: flat.missing,
      micro: block(0),
      macro: {
        precision: bootstrapFigure(draws, base + G * 3, options.level),
        recall: bootstrapFigure(draws, base + G * 3 + 1, options.level),
        f1: bootstrapFigure(draws, base + G * 3 + 2, options.level),
        factors_included: FACTOR_COUNT - leftOut.length,
        factors_left_out: leftOut,
      },
      kappa: agreement.cohen_kappa,
      agreement,
      by_model: Object.fromEntries(
        index.models.flatMap((model, m) =>
          modelsWithGold.has(m) ? [[model, block(layout.model0 + m)]] : [],
        ),
      ),
      by_test: Object.fromEntries(
        [1, 2, 3].flatMap((test) =>
          testsWithGold.has(test) ? [[String(test), block(layout.test0 + test - 1)]] : [],
        ),
      ),
      by_case: Object.fromEntries(CASES.map((caseId, c) => [caseId, block(layout.case0 + c)])) as Record<
        CaseId,
        ConfusionBlock
      >,
      by_style: byStyle,
      by_factor: byFactor,
      unlisted: block(layout.unlisted),
      negated_as_present: negatedAsPresent,
      negated_mentions: negatedMentions,
      negated_as_present_rate: widenDegenerate(
        {
          ...bootstrapFigure(draws, base + G * 3 + 3 + AGREEMENT_KEYS.length, options.level),
          wilson: negatedWilson,
        },
        negatedWilson,
      ),
    };
  });
  return result;
}

function countsAt(totals: Float64Array, base: number, group: number): ConfusionCounts {
  const at = base + group * 3;
  return { tp: totals[at]!, fp: totals[at + 1]!, fn: totals[at + 2]! };
}

/** Gold item g (argument i) under one extractor: counted as failed or missing, or its sums added at `base`. */
function addItemSums(
  index: StudyIndex,
  extractor: string,
  i: number,
  g: number,
  items: ExtractorItems,
  layout: ReturnType<typeof groupLayout>,
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
  const sumsOf = sumLayout(layout.groups);
  const comparison = compareWithGold(gold, assertedSets(usableRecord));
  entries.add(base + sumsOf.items, 1);
  if (comparison.negatedMentions !== 0)
    entries.add(base + sumsOf.negatedMentions, comparison.negatedMentions);
  if (comparison.negatedAsPresent !== 0)
    entries.add(base + sumsOf.negatedAsPresent, comparison.negatedAsPresent);
  const model = index.modelOf[i] ?? 0;
  const test = index.testOf[i] ?? 1;
  const item = new Map<number, number>();
  const add = (group: number, kind: number) => {
    const cell = group * 3 + kind;
    item.set(cell, (item.get(cell) ?? 0) + 1);
  };
  for (const unit of comparison.units) {
    const kind = KINDS[unit.outcome];
    add(0, kind);
    add(layout.model0 + model, kind);
    add(layout.test0 + test - 1, kind);
    add(layout.case0 + unit.caseIndex, kind);
    add(unit.factor >= 0 ? layout.factor0 + unit.factor : layout.unlisted, kind);
    if (unit.style !== null) add(layout.style0 + GOLD_STYLES.indexOf(unit.style), kind);
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
