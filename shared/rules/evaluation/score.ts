import { foldFactorText } from '../../factor-reference.ts';
import type { FactorId } from '../../factors.ts';
import type { MentionStyle } from '../../schemas/annotation.ts';
import { type ConfusionCounts, precisionRecallF1 } from '../../stats/precision-recall-f1.ts';
import { CASES, type CaseId } from '../../vocabulary.ts';
import type { RulesExtraction } from '../types.ts';
import type { LabelledArgument } from './labelled-argument.ts';

/** Units right (tp), invented (fp) and missed (fn); P, R and F1 of them by `precisionRecallF1`. */
export type Counts = ConfusionCounts;

/**
 * The rules extractor scored against labelled arguments. The unit is one (argument, case, factor)
 * asserted present, pooled over the arguments (micro). Besides the counts:
 * - `recallByStyle`: recall per gold style (code, name, paraphrase): paraphrase recall is
 *   found / gold of the paraphrase-only units;
 * - `negatedAsPresent`: (case, factor) pairs the gold records as mentioned only negated that the
 *   extractor lists as present ("F5 is not present in the input case" read as F5);
 * - `excludedCase`: factors put in a case the argument does not assert them for while it asserts
 *   them for another case ("F15 is present here but not in TSC2" read as F15 in TSC2 too): the
 *   misattribution that counts as a hallucination in one case and a miss in another;
 * - abstention (none, exact phrase, near miss) and truncation right, and the unlisted factors.
 */
export interface Score {
  arguments: number;
  units: Counts;
  byCase: Record<CaseId, Counts>;
  recallByStyle: Record<MentionStyle, { found: number; gold: number }>;
  unlisted: Counts;
  negatedAsPresent: string[];
  excludedCase: string[];
  abstention: { right: number; total: number; wrong: string[] };
  truncation: { right: number; total: number; wrong: string[] };
}

function emptyCounts(): Counts {
  return { tp: 0, fp: 0, fn: 0 };
}

export function emptyScore(): Score {
  return {
    arguments: 0,
    units: emptyCounts(),
    byCase: { current: emptyCounts(), tsc1: emptyCounts(), tsc2: emptyCounts() },
    recallByStyle: {
      code: { found: 0, gold: 0 },
      name: { found: 0, gold: 0 },
      paraphrase: { found: 0, gold: 0 },
    },
    unlisted: emptyCounts(),
    negatedAsPresent: [],
    excludedCase: [],
    abstention: { right: 0, total: 0, wrong: [] },
    truncation: { right: 0, total: 0, wrong: [] },
  };
}

/** An unlisted mention's identity for matching: its case and its code if it has one ("F30"), else its folded words. */
function unlistedKey(mention: { case: CaseId; text: string }): string {
  const code = /^f\s?-?(\d{1,2})\b/i.exec(mention.text.trim());
  return `${mention.case}:${code ? `f${Number(code[1])}` : foldFactorText(mention.text)}`;
}

function goldAbstention(gold: LabelledArgument): RulesExtraction['abstention'] {
  if (!gold.abstained) return 'none';
  return gold.exact_phrase ? 'exact' : 'near_miss';
}

/** The result's per-case lists, abstention, truncation and unlisted factors: all that is scored. */
export type ScoredResult = Pick<RulesExtraction, CaseId | 'unlisted' | 'abstention' | 'truncated'>;

/** Adds one argument's result to `score` (mutates it). */
export function addToScore(score: Score, gold: LabelledArgument, result: ScoredResult): void {
  score.arguments += 1;
  const goldCases = new Map<FactorId, CaseId[]>();
  for (const caseId of CASES)
    for (const unit of gold[caseId])
      goldCases.set(unit.factor, [...(goldCases.get(unit.factor) ?? []), caseId]);
  for (const caseId of CASES) {
    const predicted = new Set<FactorId>(result[caseId]);
    const expected = new Map(gold[caseId].map((unit) => [unit.factor, unit.style]));
    for (const factor of predicted) {
      const hit = expected.has(factor);
      score.units[hit ? 'tp' : 'fp'] += 1;
      score.byCase[caseId][hit ? 'tp' : 'fp'] += 1;
      if (!hit && goldCases.has(factor)) score.excludedCase.push(`${gold.id} ${caseId} ${factor}`);
    }
    for (const [factor, style] of expected) {
      const found = predicted.has(factor);
      if (!found) {
        score.units.fn += 1;
        score.byCase[caseId].fn += 1;
      }
      score.recallByStyle[style].gold += 1;
      if (found) score.recallByStyle[style].found += 1;
    }
  }
  for (const negated of gold.negated) {
    if (result[negated.case].includes(negated.factor))
      score.negatedAsPresent.push(`${gold.id} ${negated.case} ${negated.factor}`);
  }
  const predictedUnlisted = new Set(result.unlisted.map(unlistedKey));
  const expectedUnlisted = new Set(gold.unlisted.map(unlistedKey));
  for (const item of predictedUnlisted) score.unlisted[expectedUnlisted.has(item) ? 'tp' : 'fp'] += 1;
  for (const item of expectedUnlisted) if (!predictedUnlisted.has(item)) score.unlisted.fn += 1;

  const abstention = goldAbstention(gold);
  score.abstention.total += 1;
  if (result.abstention === abstention) score.abstention.right += 1;
  else score.abstention.wrong.push(`${gold.id}: ${abstention} read as ${result.abstention}`);
  score.truncation.total += 1;
  if (result.truncated === gold.truncated) score.truncation.right += 1;
  else score.truncation.wrong.push(`${gold.id}: ${gold.truncated} read as ${result.truncated}`);
}

/** The pooled score of several (new object; the inputs are not changed). */
export function mergeScores(scores: readonly Score[]): Score {
  const total = emptyScore();
  const add = (into: Counts, from: Counts) => {
    into.tp += from.tp;
    into.fp += from.fp;
    into.fn += from.fn;
  };
  for (const score of scores) {
    total.arguments += score.arguments;
    add(total.units, score.units);
    for (const caseId of CASES) add(total.byCase[caseId], score.byCase[caseId]);
    for (const style of ['code', 'name', 'paraphrase'] as const) {
      total.recallByStyle[style].found += score.recallByStyle[style].found;
      total.recallByStyle[style].gold += score.recallByStyle[style].gold;
    }
    add(total.unlisted, score.unlisted);
    total.negatedAsPresent.push(...score.negatedAsPresent);
    total.excludedCase.push(...score.excludedCase);
    for (const flag of ['abstention', 'truncation'] as const) {
      total[flag].right += score[flag].right;
      total[flag].total += score[flag].total;
      total[flag].wrong.push(...score[flag].wrong);
    }
  }
  return total;
}

/** part / whole, null when there is no whole. */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** Paraphrase recall: found / gold of the units the gold has by paraphrase only; null without any. */
export function paraphraseRecall(score: Score): number | null {
  return ratio(score.recallByStyle.paraphrase.found, score.recallByStyle.paraphrase.gold);
}

function show(value: number | null): string {
  return value === null ? 'n/a' : value.toFixed(3);
}

/** The header of `scoreRow`'s table. */
export const SCORE_HEADER =
  'set                     n     tp/fp/fn      P      R     F1     paraphrase R   abst  trunc unl.F1 neg+ excl';

/** One line of the score table: the set's label, counts, P/R/F1, paraphrase recall, flags, errors. */
export function scoreRow(label: string, score: Score): string {
  const micro = precisionRecallF1(score.units);
  const paraphrase = score.recallByStyle.paraphrase;
  return [
    label.padEnd(20),
    String(score.arguments).padStart(4),
    `${score.units.tp}/${score.units.fp}/${score.units.fn}`.padStart(12),
    show(micro.precision).padStart(6),
    show(micro.recall).padStart(6),
    show(micro.f1).padStart(6),
    `${show(paraphraseRecall(score))} (${paraphrase.found}/${paraphrase.gold})`.padStart(16),
    show(ratio(score.abstention.right, score.abstention.total)).padStart(6),
    show(ratio(score.truncation.right, score.truncation.total)).padStart(6),
    show(precisionRecallF1(score.unlisted).f1).padStart(6),
    String(score.negatedAsPresent.length).padStart(4),
    String(score.excludedCase.length).padStart(4),
  ].join(' ');
}
