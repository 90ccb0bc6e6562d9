import { byCodeUnits } from '../sampling/code-unit-order.ts';
import { benjaminiYekutieli } from '../stats/benjamini-yekutieli.ts';
import { lowerTailTTest } from '../stats/one-sample-t-test.ts';
import {
  type AltAlignment,
  type AltReading,
  altAlignment,
  extractionReading,
  judgementReading,
} from './alt-test-alignment.ts';
import type { AnnotationInput } from './report-input.ts';
import { type StudyIndex, usableExtraction } from './study-index.ts';

/** The false discovery rate the annotators' tests are corrected to (the authors' q). */
export const ALT_TEST_Q = 0.05;
/** Arguments an annotator needs for the t-test's normal approximation (the authors' minimum). */
export const ALT_TEST_MIN_ARGUMENTS = 30;
/** Annotators the test needs for a consensus to compare with (the authors' recommendation). */
export const ALT_TEST_MIN_ANNOTATORS = 3;
/** ε for expert annotators (the authors' suggestion; 0.15 for skilled annotators, 0.1 for crowd workers). */
export const DEFAULT_ALT_EPSILON = 0.2;
/** Two scores closer than this are a tie: means of the same fractions summed in another order differ by rounding. */
const TIE_TOLERANCE = 1e-12;

/** How the test is run: the cost-benefit margin ε and how two readings are aligned. */
export interface AltTestOptions {
  epsilon: number;
  alignment: AltAlignment;
}

/** One held-out annotator's comparison with the extractor. */
export interface AltTestAnnotator {
  annotator: string;
  /** Arguments compared: annotated by this annotator and at least one other, with the extractor's output. */
  n: number;
  /** `too_few`: fewer than 30 arguments — figures shown, but the annotator is left out of the test. */
  status: 'tested' | 'too_few';
  /** Arguments where the extractor aligns better with the others than the annotator does (W_ext = 1, W_h = 0). */
  extractor_wins: number;
  tied: number;
  annotator_wins: number;
  /** mean(W_ext): the share of arguments where the extractor does at least as well as the annotator. */
  advantage: number | null;
  /** mean(W_h − W_ext), tested against ε. */
  mean_difference: number | null;
  /** t of the one-sided test; null without variance (then p is 0 or 1) or with fewer than two arguments. */
  t_statistic: number | null;
  p_value: number | null;
  /** H0 (mean(W_h − W_ext) ≥ ε) rejected by Benjamini–Yekutieli: the extractor "wins" against this annotator. */
  rejected: boolean;
}

/**
 * `tested`: at least 3 annotators with 30 arguments each; `too_few_annotators`: figures over the
 * annotators with 30 arguments, but fewer than 3 of them; `too_few_arguments`: no annotator has 30;
 * `no_data`: no argument has two annotators and the extractor's output.
 */
export type AltTestStatus = 'tested' | 'too_few_annotators' | 'too_few_arguments' | 'no_data';

/** The alternative annotator test of one extractor (docs/REPORT.md). */
export interface AltTest {
  alignment: AltAlignment;
  epsilon: number;
  q: number;
  min_arguments: number;
  min_annotators: number;
  status: AltTestStatus;
  /** Winning rate ≥ 0.5 with the test's minimum met (`status` = `tested`). */
  passed: boolean;
  /** ω: the share of tested annotators whose H0 is rejected; null when none is tested. */
  winning_rate: number | null;
  /** ρ: the mean over tested annotators of mean(W_ext); null when none is tested. */
  advantage_probability: number | null;
  /** Annotators with at least 30 arguments: those the test runs over. */
  annotators_tested: number;
  annotators_rejected: number;
  /** Arguments with two or more annotators and the extractor's output. */
  arguments: number;
  /** Arguments with two or more annotators but no usable output of the extractor (missing or failed): left out. */
  arguments_without_output: number;
  /** Every annotator of an argument with another annotator, by name. */
  annotators: AltTestAnnotator[];
}

/** Per annotator, per argument, the annotator's reading. */
export type HumanReadings = ReadonlyMap<string, ReadonlyMap<string, AltReading>>;

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** One held-out annotator: the W indicators per argument and the t-test of their difference against ε. */
function holdOut(
  held: string,
  extractor: ReadonlyMap<string, AltReading>,
  humans: HumanReadings,
  annotatorsOf: ReadonlyMap<string, string[]>,
  options: AltTestOptions,
): AltTestAnnotator {
  const differences: number[] = [];
  let extractorWins = 0;
  let ties = 0;
  let annotatorWins = 0;
  let extractorAtLeast = 0;
  for (const [argumentId, own] of humans.get(held) ?? []) {
    const machine = extractor.get(argumentId);
    const others = (annotatorsOf.get(argumentId) ?? []).filter((name) => name !== held);
    if (machine === undefined || others.length === 0) continue;
    const remaining = others.flatMap((name) => {
      const reading = humans.get(name)?.get(argumentId);
      return reading === undefined ? [] : [reading];
    });
    const humanScore = mean(remaining.map((other) => altAlignment(own, other, options.alignment)));
    const machineScore = mean(remaining.map((other) => altAlignment(machine, other, options.alignment)));
    const tie = Math.abs(machineScore - humanScore) <= TIE_TOLERANCE;
    const wExtractor = tie || machineScore > humanScore ? 1 : 0;
    const wHuman = tie || humanScore > machineScore ? 1 : 0;
    if (tie) ties++;
    else if (wExtractor === 1) extractorWins++;
    else annotatorWins++;
    extractorAtLeast += wExtractor;
    differences.push(wHuman - wExtractor);
  }
  const n = differences.length;
  const test = lowerTailTTest(differences, options.epsilon);
  return {
    annotator: held,
    n,
    status: n >= ALT_TEST_MIN_ARGUMENTS ? 'tested' : 'too_few',
    extractor_wins: extractorWins,
    tied: ties,
    annotator_wins: annotatorWins,
    advantage: n === 0 ? null : extractorAtLeast / n,
    mean_difference: test.mean,
    t_statistic: test.t,
    p_value: test.p,
    rejected: false,
  };
}

/**
 * The alternative annotator test (Calderon, Reichart & Dror, ACL 2025, "The Alternative Annotator
 * Test for LLM-as-a-Judge"; the procedure of their reference implementation, github.com/nitaytech/AltTest):
 *
 * 1. Leave one annotator h out at a time. On every argument h annotated that has at least one other
 *    annotator and the extractor's output, score h and the extractor against the remaining
 *    annotators R: S(x) = mean over r ∈ R of alignment(x, r) (`altAlignment`).
 * 2. W_ext = 1 if S(extractor) ≥ S(h), W_h = 1 if S(h) ≥ S(extractor) (a tie gives both 1).
 * 3. One-sided one-sample t-test of d = W_h − W_ext, H0: mean(d) ≥ ε against H1: mean(d) < ε,
 *    p from Student's t with n − 1 degrees of freedom (`lowerTailTTest`; zero variance: p = 0 when
 *    mean(d) < ε, else 1).
 * 4. Annotators with fewer than 30 arguments are reported but not tested (`too_few`), as the
 *    reference implementation skips them. Over the tested annotators: Benjamini–Yekutieli at
 *    q = 0.05 (`benjaminiYekutieli`); the winning rate ω is the share rejected, the advantage
 *    probability ρ the mean of their mean(W_ext).
 * 5. The extractor passes when ω ≥ 0.5 — and, here, only with at least 3 tested annotators (the
 *    authors' minimum; with 2 each is scored against the other alone: figures, no pass).
 *
 * Preconditions: 0 < ε < 1 (RangeError otherwise).
 */
export function alternativeAnnotatorTest(
  extractor: ReadonlyMap<string, AltReading>,
  humans: HumanReadings,
  options: AltTestOptions,
): AltTest {
  if (!(options.epsilon > 0 && options.epsilon < 1))
    throw new RangeError(`alternativeAnnotatorTest: epsilon must lie in (0, 1) (got ${options.epsilon})`);
  const annotatorsOf = new Map<string, string[]>();
  for (const [name, readings] of humans)
    for (const argumentId of readings.keys()) {
      const list = annotatorsOf.get(argumentId);
      if (list) list.push(name);
      else annotatorsOf.set(argumentId, [name]);
    }
  let shared = 0;
  let withoutOutput = 0;
  for (const [argumentId, names] of annotatorsOf) {
    if (names.length < 2) continue;
    if (extractor.has(argumentId)) shared++;
    else withoutOutput++;
  }
  const names = [...humans.keys()]
    .filter((name) =>
      [...(humans.get(name)?.keys() ?? [])].some((id) => (annotatorsOf.get(id)?.length ?? 0) >= 2),
    )
    .sort(byCodeUnits);
  const annotators = names.map((name) => holdOut(name, extractor, humans, annotatorsOf, options));
  const tested = annotators.filter((entry) => entry.status === 'tested');
  const rejected = benjaminiYekutieli(
    tested.map((entry) => entry.p_value ?? 1),
    ALT_TEST_Q,
  );
  tested.forEach((entry, i) => {
    entry.rejected = rejected[i] ?? false;
  });
  const rejectedCount = rejected.filter(Boolean).length;
  const winningRate = tested.length === 0 ? null : rejectedCount / tested.length;
  const status: AltTestStatus =
    shared === 0
      ? 'no_data'
      : tested.length === 0
        ? 'too_few_arguments'
        : tested.length < ALT_TEST_MIN_ANNOTATORS
          ? 'too_few_annotators'
          : 'tested';
  return {
    alignment: options.alignment,
    epsilon: options.epsilon,
    q: ALT_TEST_Q,
    min_arguments: ALT_TEST_MIN_ARGUMENTS,
    min_annotators: ALT_TEST_MIN_ANNOTATORS,
    status,
    passed: status === 'tested' && winningRate !== null && winningRate >= 0.5,
    winning_rate: winningRate,
    advantage_probability: tested.length === 0 ? null : mean(tested.map((entry) => entry.advantage ?? 0)),
    annotators_tested: tested.length,
    annotators_rejected: rejectedCount,
    arguments: shared,
    arguments_without_output: withoutOutput,
    annotators,
  };
}

/**
 * The test for every extractor of the study (report name → test): the submitted annotations
 * (human annotators only — the gold is an adjudication of them, not another annotator) against each
 * extractor's usable output. Annotations on arguments outside the study are left out.
 */
export function altTestByExtractor(
  index: StudyIndex,
  annotations: readonly AnnotationInput[],
  options: AltTestOptions,
): Record<string, AltTest> {
  const position = new Map(index.ids.map((id, i) => [id, i]));
  const humans = new Map<string, Map<string, AltReading>>();
  for (const annotation of annotations) {
    if (!position.has(annotation.argumentId)) continue;
    const readings = humans.get(annotation.annotator) ?? new Map<string, AltReading>();
    readings.set(annotation.argumentId, judgementReading(annotation.judgement));
    humans.set(annotation.annotator, readings);
  }
  const result: Record<string, AltTest> = {};
  for (const name of index.extractors) {
    const readings = new Map<string, AltReading>();
    index.ids.forEach((id, i) => {
      const record = usableExtraction(index, name, i);
      if (record) readings.set(id, extractionReading(record));
    });
    result[name] = alternativeAnnotatorTest(readings, humans, options);
  }
  return result;
}
