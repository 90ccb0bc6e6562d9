import { FACTOR_IDS, type FactorId, sortFactorIds } from '../factors.ts';
import { generateTriples } from '../generate/index.ts';
import type { Judgement, MentionStyle, Span } from '../schemas/annotation.ts';
import type { Argument } from '../schemas/argument.ts';
import type { Extraction } from '../schemas/extraction.ts';
import type { Triple } from '../schemas/triple.ts';
import type { AnnotationInput } from '../scoring/index.ts';
import { createRng, type Rng } from '../stats/rng.ts';
import { CASES, type CaseId, MODE_OF_TEST, type TestNumber } from '../vocabulary.ts';
import type { AnnotatorErrors, ExtractorErrors, ModelTruth, Scenario, StyleShares } from './scenario.ts';

/** A synthetic population: every argument with its extractions, its gold and every annotator's annotation. */
export interface Population {
  triples: Triple[];
  arguments: Argument[];
  /** Every extractor's output on every argument. */
  extractions: Extraction[];
  /** The gold every argument would get: the truth the report's figures estimate. */
  gold: Map<string, Judgement>;
  /** Every annotator's annotation of every argument (only the sampled ones are ever revealed). */
  annotations: Map<string, AnnotationInput[]>;
}

type CaseSets = Record<CaseId, Set<FactorId>>;

/** Characters between two spans' starts: spans only need distinct places; scoring never reads the text. */
const SPAN_STEP = 8;
const TEXT = 'x'.repeat(SPAN_STEP * 80);

function pick<T>(rng: Rng, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[rng.nextInt(items.length)];
}

function drawStyle(rng: Rng, shares: StyleShares): MentionStyle | null {
  const total = shares.code + shares.name + shares.paraphrase + shares.unspanned;
  let u = rng.next() * total;
  for (const style of ['code', 'name', 'paraphrase'] as const) {
    if (u < shares[style]) return style;
    u -= shares[style];
  }
  return null;
}

/**
 * The gold judgement of one argument drawn from its model's truth (`ModelTruth`): per case the
 * triple's factors each kept with probability 1 − miss, one misattributed factor (from another case
 * of the triple) with probability `misattribute`, one invented factor (in no case) with probability
 * `invent`; an unlisted mention with probability `unlisted`; on Test 3 an abstention (nothing
 * asserted) with probability `abstain`, on Tests 1–2 an empty output with probability `emptyOutput`.
 * Each asserted unit gets a span of a style drawn from `styles` (or none: unspanned), and with
 * probability `negatedMention` one factor the argument does not assert is mentioned negated.
 */
export function drawGold(
  rng: Rng,
  triple: Triple,
  test: TestNumber,
  truth: ModelTruth,
  scenario: Pick<Scenario, 'styles' | 'negatedMention'>,
): Judgement {
  const given: Record<CaseId, readonly FactorId[]> = {
    current: triple.current.factors,
    tsc1: triple.tsc1.factors,
    tsc2: triple.tsc2.factors,
  };
  const inTriple = new Set<FactorId>([...given.current, ...given.tsc1, ...given.tsc2]);
  const abstains = test === 3 ? rng.next() < truth.abstain : rng.next() < truth.emptyOutput;
  const sets: CaseSets = { current: new Set(), tsc1: new Set(), tsc2: new Set() };
  const unlisted: Judgement['unlisted'] = [];
  if (!abstains) {
    for (const c of CASES) {
      for (const factor of given[c]) if (rng.next() >= truth.miss) sets[c].add(factor);
      if (rng.next() < truth.misattribute) {
        const other = pick(
          rng,
          [...inTriple].filter((factor) => !given[c].includes(factor)),
        );
        if (other !== undefined) sets[c].add(other);
      }
      if (rng.next() < truth.invent) {
        const invented = pick(
          rng,
          FACTOR_IDS.filter((factor) => !inTriple.has(factor)),
        );
        if (invented !== undefined) sets[c].add(invented);
      }
    }
    if (rng.next() < truth.unlisted)
      unlisted.push({ case: pick(rng, CASES) ?? 'current', text: 'F30 Market dominance' });
  }
  const spans: Span[] = [];
  const place = () => ({ start: spans.length * SPAN_STEP, end: spans.length * SPAN_STEP + SPAN_STEP / 2 });
  for (const c of CASES)
    for (const factor of sortFactorIds(sets[c])) {
      const style = drawStyle(rng, scenario.styles);
      if (style !== null) spans.push({ ...place(), case: c, factor, style, polarity: 'asserted' });
    }
  if (rng.next() < scenario.negatedMention) {
    const c = pick(rng, CASES) ?? 'current';
    const negated = pick(
      rng,
      FACTOR_IDS.filter((factor) => !sets[c].has(factor)),
    );
    if (negated !== undefined)
      spans.push({ ...place(), case: c, factor: negated, style: 'name', polarity: 'negated' });
  }
  return {
    current: sortFactorIds(sets.current),
    tsc1: sortFactorIds(sets.tsc1),
    tsc2: sortFactorIds(sets.tsc2),
    unlisted,
    abstained: abstains && test === 3,
    exact_phrase: abstains && test === 3 && rng.next() < 0.5,
    truncated: false,
    spans,
  };
}

/** The style of a gold unit: its asserted span's, or `unspanned`. */
function unitStyle(gold: Judgement, c: CaseId, factor: FactorId): MentionStyle | 'unspanned' {
  const span = gold.spans.find((s) => s.case === c && s.factor === factor && s.polarity === 'asserted');
  return span?.style ?? 'unspanned';
}

/** A random catalogue factor not in `present`, or undefined. */
function extraFactor(rng: Rng, present: ReadonlySet<FactorId>): FactorId | undefined {
  return pick(
    rng,
    FACTOR_IDS.filter((factor) => !present.has(factor)),
  );
}

/**
 * An extractor's output on one argument, drawn from the gold by its errors (`ExtractorErrors`):
 * failed with probability `failure`; else each gold unit found with its style's recall, each
 * negated mention asserted with probability `negatedAsPresent`, one extra factor per case with
 * probability `extra`, an unlisted mention kept with the paraphrase recall.
 */
export function drawExtraction(
  rng: Rng,
  argumentId: string,
  gold: Judgement,
  errors: ExtractorErrors,
): Extraction {
  if (rng.next() < errors.failure)
    return {
      argument_id: argumentId,
      extractor: errors.name,
      current: [],
      tsc1: [],
      tsc2: [],
      unlisted: [],
      status: 'failed',
      error: 'simulated failure',
    };
  const sets: CaseSets = { current: new Set(), tsc1: new Set(), tsc2: new Set() };
  for (const c of CASES) {
    for (const factor of gold[c])
      if (rng.next() < errors.recall[unitStyle(gold, c, factor)]) sets[c].add(factor);
    for (const span of gold.spans)
      if (
        span.case === c &&
        span.polarity === 'negated' &&
        span.factor !== 'unlisted' &&
        rng.next() < errors.negatedAsPresent
      )
        sets[c].add(span.factor);
    if (rng.next() < errors.extra) {
      const extra = extraFactor(rng, sets[c]);
      if (extra !== undefined) sets[c].add(extra);
    }
  }
  return {
    argument_id: argumentId,
    extractor: errors.name,
    current: sortFactorIds(sets.current),
    tsc1: sortFactorIds(sets.tsc1),
    tsc2: sortFactorIds(sets.tsc2),
    unlisted: gold.unlisted.filter(() => rng.next() < errors.recall.paraphrase),
    status: 'extracted',
  };
}

/**
 * An annotator's judgement of one argument, drawn from the gold by the annotator's disagreement
 * (`AnnotatorErrors`): each gold mark missed with probability `miss` (its span goes with it), one
 * extra mark per case with probability `spurious`, the abstention flag flipped with probability
 * `abstainFlip`.
 */
export function drawAnnotation(rng: Rng, gold: Judgement, errors: AnnotatorErrors): Judgement {
  const sets: CaseSets = { current: new Set(), tsc1: new Set(), tsc2: new Set() };
  for (const c of CASES) {
    for (const factor of gold[c]) if (rng.next() >= errors.miss) sets[c].add(factor);
    if (rng.next() < errors.spurious) {
      const extra = extraFactor(rng, sets[c]);
      if (extra !== undefined) sets[c].add(extra);
    }
  }
  const abstained = rng.next() < errors.abstainFlip ? !gold.abstained : gold.abstained;
  return {
    current: sortFactorIds(sets.current),
    tsc1: sortFactorIds(sets.tsc1),
    tsc2: sortFactorIds(sets.tsc2),
    unlisted: gold.unlisted,
    abstained,
    exact_phrase: abstained && gold.exact_phrase,
    truncated: false,
    spans: gold.spans.filter(
      (span) => span.polarity === 'negated' || span.factor === 'unlisted' || sets[span.case].has(span.factor),
    ),
  };
}

/**
 * A population like the study (`Scenario`): per test `argumentsPerCell` triples (`generateTriples`,
 * the test's mode, complexity 5: about five factors per case), argued by every model; every
 * argument's gold drawn from its model's truth (`drawGold`), every extractor's output
 * (`drawExtraction`) and every annotator's annotation (`drawAnnotation`) from the gold.
 * Deterministic for a scenario and seed.
 */
export function buildPopulation(scenario: Scenario, seed: number): Population {
  const rng = createRng(seed);
  const triples: Triple[] = [];
  const byTest = new Map<TestNumber, Triple[]>();
  for (const test of scenario.tests) {
    const made = generateTriples({
      mode: MODE_OF_TEST[test],
      count: scenario.argumentsPerCell,
      complexity: 5,
      seed: rng.nextUint32(),
      idPrefix: `t${test}`,
    }).triples;
    byTest.set(test, made);
    triples.push(...made);
  }
  const argumentsList: Argument[] = [];
  const extractions: Extraction[] = [];
  const gold = new Map<string, Judgement>();
  const annotations = new Map<string, AnnotationInput[]>();
  for (const truth of scenario.models)
    for (const test of scenario.tests)
      (byTest.get(test) ?? []).forEach((triple, k) => {
        const id = `${truth.name}|t${test}|${k + 1}`;
        argumentsList.push({ id, triple_id: triple.id, model: truth.name, test, text: TEXT });
        const judgement = drawGold(rng, triple, test, truth, scenario);
        gold.set(id, judgement);
        for (const errors of scenario.extractors)
          extractions.push(drawExtraction(rng, id, judgement, errors));
        annotations.set(
          id,
          scenario.annotators.map((errors) => ({
            argumentId: id,
            annotator: errors.name,
            judgement: drawAnnotation(rng, judgement, errors),
          })),
        );
      });
  return { triples, arguments: argumentsList, extractions, gold, annotations };
}
