import type { FactorId } from '../factors.ts';
import type { Judgement } from '../schemas/annotation.ts';
import type { ReportInput } from '../scoring/index.ts';
import { choosePrimaryExtractor } from '../scoring/index.ts';
import { CASES, type CaseId, type TestNumber } from '../vocabulary.ts';
import { paperScaleScenario } from './paper-scale.ts';
import { type Scenario, scenarioSchema } from './scenario.ts';

/** A rate x/n, shrunk toward `prior` with the weight of `weight` trials: (x + weight·prior)/(n + weight), in [0, 1]. */
export function shrunkRate(x: number, n: number, prior: number, weight: number): number {
  if (n + weight === 0) return prior;
  return Math.min(1, Math.max(0, (x + weight * prior) / (n + weight)));
}

interface Counts {
  arguments: number;
  units: number;
  missed: number;
  /** Case slots (3 per non-abstaining argument). */
  slots: number;
  misattributed: number;
  invented: number;
  unlisted: number;
  test3: number;
  abstained: number;
  tests12: number;
  empty: number;
}

const zero = (): Counts => ({
  arguments: 0,
  units: 0,
  missed: 0,
  slots: 0,
  misattributed: 0,
  invented: 0,
  unlisted: 0,
  test3: 0,
  abstained: 0,
  tests12: 0,
  empty: 0,
});

const isEmpty = (judgement: Pick<Judgement, 'current' | 'tsc1' | 'tsc2' | 'unlisted'>): boolean =>
  judgement.current.length === 0 &&
  judgement.tsc1.length === 0 &&
  judgement.tsc2.length === 0 &&
  judgement.unlisted.length === 0;

/** Trials of "prior weight": the per-model rates lean on the study's pooled rate as much as on three arguments. */
const PRIOR_ARGUMENTS = 3;

const rate = (x: number, n: number) => (n === 0 ? 0 : x / n);

type StyleCounts = { code: number; name: number; paraphrase: number; unspanned: number };

const noStyles = (): StyleCounts => ({ code: 0, name: 0, paraphrase: 0, unspanned: 0 });

const styleTotal = (counts: StyleCounts): number =>
  counts.code + counts.name + counts.paraphrase + counts.unspanned;

type GoldEntry = ReportInput['gold'][number];

/** The gold tallied against the triples: per model and pooled, the assertions' mention styles, the arguments with a negated mention. */
interface GoldTally {
  perModel: Map<string, Counts>;
  pooled: Counts;
  styles: StyleCounts;
  negatedArguments: number;
}

/** Adds one gold judgement of an argument on `given` (its triple's factors per case) to `target`. */
function countJudgement(
  target: Counts,
  test: TestNumber,
  judgement: Judgement,
  given: Record<CaseId, readonly FactorId[]>,
): void {
  const inTriple = new Set<FactorId>([...given.current, ...given.tsc1, ...given.tsc2]);
  target.arguments++;
  const empty = isEmpty(judgement);
  if (test === 3) {
    target.test3++;
    if (empty) target.abstained++;
  } else {
    target.tests12++;
    if (empty) target.empty++;
  }
  if (empty) return;
  if (judgement.unlisted.length > 0) target.unlisted++;
  for (const c of CASES) {
    target.slots++;
    target.units += given[c].length;
    target.missed += given[c].filter((factor) => !judgement[c].includes(factor)).length;
    for (const factor of judgement[c]) {
      if (given[c].includes(factor)) continue;
      if (inTriple.has(factor)) target.misattributed++;
      else target.invented++;
    }
  }
}

const STYLE_ORDER = ['code', 'name', 'paraphrase'];

/** Each asserted factor of the gold by the plainest style of its spans (code before name before paraphrase). */
function countStyles(styles: StyleCounts, judgement: Judgement): void {
  for (const c of CASES)
    for (const factor of judgement[c]) {
      const span = judgement.spans
        .filter((s) => s.case === c && s.factor === factor && s.polarity === 'asserted')
        .sort((a, b) => STYLE_ORDER.indexOf(a.style) - STYLE_ORDER.indexOf(b.style))[0];
      styles[span?.style ?? 'unspanned']++;
    }
}

function tallyGold(input: ReportInput, gold: readonly GoldEntry[]): GoldTally {
  const triples = new Map(input.triples.map((triple) => [triple.id, triple]));
  const argumentById = new Map(input.arguments.map((argument) => [argument.id, argument]));
  const tally: GoldTally = { perModel: new Map(), pooled: zero(), styles: noStyles(), negatedArguments: 0 };
  for (const { argumentId, judgement } of gold) {
    const argument = argumentById.get(argumentId);
    const triple = argument ? triples.get(argument.triple_id) : undefined;
    if (!argument || !triple) continue;
    const counts = tally.perModel.get(argument.model) ?? zero();
    tally.perModel.set(argument.model, counts);
    const given: Record<CaseId, readonly FactorId[]> = {
      current: triple.current.factors,
      tsc1: triple.tsc1.factors,
      tsc2: triple.tsc2.factors,
    };
    for (const target of [counts, tally.pooled]) countJudgement(target, argument.test, judgement, given);
    countStyles(tally.styles, judgement);
    if (judgement.spans.some((span) => span.polarity === 'negated')) tally.negatedArguments++;
  }
  return tally;
}

/** Each model's error rates, shrunk toward the study's pooled rates with the weight of three arguments. */
function modelTruths(models: readonly string[], tally: GoldTally): Scenario['models'] {
  const { pooled, perModel } = tally;
  const prior = {
    miss: rate(pooled.missed, pooled.units),
    misattribute: rate(pooled.misattributed, pooled.slots),
    invent: rate(pooled.invented, pooled.slots),
    unlisted: rate(pooled.unlisted, pooled.arguments - pooled.abstained - pooled.empty),
    abstain: pooled.test3 === 0 ? 0 : rate(pooled.abstained, pooled.test3),
    emptyOutput: rate(pooled.empty, pooled.tests12),
  };
  const unitsPerArgument = pooled.slots === 0 ? 15 : (3 * pooled.units) / pooled.slots;
  return models.map((name) => {
    const c = perModel.get(name) ?? zero();
    return {
      name,
      miss: shrunkRate(c.missed, c.units, prior.miss, PRIOR_ARGUMENTS * unitsPerArgument),
      misattribute: shrunkRate(c.misattributed, c.slots, prior.misattribute, PRIOR_ARGUMENTS * 3),
      invent: shrunkRate(c.invented, c.slots, prior.invent, PRIOR_ARGUMENTS * 3),
      unlisted: shrunkRate(c.unlisted, c.slots / 3, prior.unlisted, PRIOR_ARGUMENTS),
      abstain: shrunkRate(c.abstained, c.test3, prior.abstain, PRIOR_ARGUMENTS),
      emptyOutput: shrunkRate(c.empty, c.tests12, prior.emptyOutput, PRIOR_ARGUMENTS),
    };
  });
}

type Extraction = ReportInput['extractions'][number];

/** One extractor's recall by style, negated-as-present rate and extra factors over the gold arguments it extracted. */
function estimateExtractor(
  name: string,
  all: readonly Extraction[],
  goldById: ReadonlyMap<string, Judgement>,
  notes: string[],
): Scenario['extractors'][number] {
  const failed = all.filter((extraction) => extraction.status === 'failed').length;
  const found = noStyles();
  const units = noStyles();
  let negated = 0;
  let negatedAsserted = 0;
  let extra = 0;
  let slots = 0;
  for (const extraction of all) {
    const judgement = goldById.get(extraction.argument_id);
    if (!judgement || extraction.status === 'failed') continue;
    for (const c of CASES) {
      slots++;
      const negatedHere = new Set(
        judgement.spans
          .filter((s) => s.case === c && s.polarity === 'negated' && s.factor !== 'unlisted')
          .map((s) => s.factor),
      );
      for (const factor of judgement[c]) {
        const style =
          judgement.spans.find((s) => s.case === c && s.factor === factor && s.polarity === 'asserted')
            ?.style ?? 'unspanned';
        units[style]++;
        if (extraction[c].includes(factor)) found[style]++;
      }
      for (const factor of negatedHere) {
        if (judgement[c].includes(factor as FactorId)) continue;
        negated++;
        if (extraction[c].includes(factor as FactorId)) negatedAsserted++;
      }
      extra += extraction[c].filter(
        (factor) => !judgement[c].includes(factor) && !negatedHere.has(factor),
      ).length;
    }
  }
  const totalUnits = styleTotal(units);
  const pooledRecall = totalUnits === 0 ? 0.9 : styleTotal(found) / totalUnits;
  if (totalUnits === 0) notes.push(`Extractor ${name} has no scored gold unit: its recall is taken as 0.9.`);
  const recall = {
    code: shrunkRate(found.code, units.code, pooledRecall, 5),
    name: shrunkRate(found.name, units.name, pooledRecall, 5),
    paraphrase: shrunkRate(found.paraphrase, units.paraphrase, pooledRecall, 5),
    unspanned: shrunkRate(found.unspanned, units.unspanned, pooledRecall, 5),
  };
  if (negated === 0)
    notes.push(
      `No negated mention in the gold: extractor ${name}'s negated-as-present rate is taken as 0.2.`,
    );
  return {
    name,
    recall,
    negatedAsPresent: negated === 0 ? 0.2 : negatedAsserted / negated,
    extra: slots === 0 ? 0 : Math.min(1, extra / slots),
    failure: all.length === 0 ? 0 : failed / all.length,
  };
}

/** One annotator's miss, spurious and abstention-flip rates against the gold of the arguments they annotated. */
function estimateAnnotator(
  name: string,
  annotations: ReportInput['annotations'],
  goldById: ReadonlyMap<string, Judgement>,
): Scenario['annotators'][number] {
  let units = 0;
  let missed = 0;
  let slots = 0;
  let spurious = 0;
  let items = 0;
  let flips = 0;
  for (const annotation of annotations) {
    const judgement = goldById.get(annotation.argumentId);
    if (annotation.annotator !== name || !judgement) continue;
    items++;
    if (annotation.judgement.abstained !== judgement.abstained) flips++;
    for (const c of CASES) {
      slots++;
      units += judgement[c].length;
      missed += judgement[c].filter((factor) => !annotation.judgement[c].includes(factor)).length;
      spurious += annotation.judgement[c].filter((factor) => !judgement[c].includes(factor)).length;
    }
  }
  return {
    name,
    miss: rate(missed, units),
    spurious: Math.min(1, rate(spurious, slots)),
    abstainFlip: rate(flips, items),
  };
}

/**
 * A scenario estimated from a study (`simulate coverage` without `--scenario`/`--paper-scale`):
 *
 * - shape: its models and tests, arguments per cell the mean cell size, gold the sampled arguments
 *   with gold (all gold without a sample), equal allocation;
 * - each model's truth from its gold against the triples: `miss` = Σ|G \ E|/Σ|G|, `misattribute`
 *   and `invent` per case of a non-abstaining argument, `unlisted` per argument, `abstain` on Test 3,
 *   `emptyOutput` on Tests 1–2 — each shrunk toward the study's pooled rate with the weight of three
 *   arguments (a model has few gold arguments);
 * - mention styles and negated mentions from the gold's spans;
 * - each extractor's recall by style, negated-as-present rate and extra factors per case over the
 *   gold arguments it extracted, its failure rate over all its extractions;
 * - the annotators' miss, spurious and abstention-flip rates against the gold over the gold
 *   arguments they annotated (the first two annotators by name with some).
 *
 * What the study cannot tell (no gold: throws; no annotators on gold, no unit of a style, no
 * negated mention) is taken from the paper-scale scenario and said in `notes`.
 */
export function scenarioFromStudy(input: ReportInput): { scenario: Scenario; notes: string[] } {
  const notes: string[] = [];
  const fallback = paperScaleScenario();
  const argumentIds = new Set(input.arguments.map((argument) => argument.id));
  const sampled = input.design ? new Set(input.design.sampled) : null;
  const gold = input.gold.filter((entry) => argumentIds.has(entry.argumentId));
  if (gold.length < 2) throw new RangeError('scenarioFromStudy: the study needs at least two gold arguments');
  const models = [...new Set(input.arguments.map((argument) => argument.model))].sort();
  const tests = [...new Set(input.arguments.map((argument) => argument.test))].sort() as TestNumber[];
  const cells = new Set(input.arguments.map((argument) => `${argument.model}|${argument.test}`)).size;

  const tally = tallyGold(input, gold);
  const { styles } = tally;
  const styleCount = styleTotal(styles);
  if (styleCount === 0)
    notes.push('The gold asserts no factor: mention styles taken from the paper-scale scenario.');

  const goldById = new Map(gold.map((entry) => [entry.argumentId, entry.judgement]));
  const extractorNames = [...new Set(input.extractions.map((extraction) => extraction.extractor))].sort();
  if (extractorNames.length === 0) throw new RangeError('scenarioFromStudy: the study has no extractions');
  const extractors = extractorNames.map((name) =>
    estimateExtractor(
      name,
      input.extractions.filter((extraction) => extraction.extractor === name),
      goldById,
      notes,
    ),
  );

  const annotatorNames = [
    ...new Set(input.annotations.filter((a) => goldById.has(a.argumentId)).map((a) => a.annotator)),
  ].sort();
  let annotators: Scenario['annotators'];
  if (annotatorNames.length < 2) {
    notes.push(
      'Fewer than two annotators annotated gold arguments: annotator disagreement taken from the paper-scale scenario.',
    );
    annotators = fallback.annotators;
  } else
    annotators = annotatorNames
      .slice(0, 2)
      .map((name) => estimateAnnotator(name, input.annotations, goldById));

  const sampledGold =
    sampled === null ? gold.length : gold.filter((entry) => sampled.has(entry.argumentId)).length;
  const scenario = scenarioSchema.parse({
    description: `estimated from study "${input.study}"`,
    tests,
    argumentsPerCell: Math.max(2, Math.round(input.arguments.length / Math.max(1, cells))),
    gold: Math.max(
      2,
      Math.min(
        sampledGold,
        models.length * tests.length * Math.round(input.arguments.length / Math.max(1, cells)),
      ),
    ),
    allocation: 'equal',
    models: modelTruths(models, tally),
    styles:
      styleCount === 0
        ? fallback.styles
        : {
            code: styles.code / styleCount,
            name: styles.name / styleCount,
            paraphrase: styles.paraphrase / styleCount,
            unspanned: styles.unspanned / styleCount,
          },
    negatedMention: rate(tally.negatedArguments, gold.length),
    extractors,
    primaryExtractor: choosePrimaryExtractor(extractorNames).extractor ?? extractorNames[0],
    annotators,
  });
  return { scenario, notes };
}
