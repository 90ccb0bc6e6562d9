import type { Decision, Disagreement, ResolutionChoice } from '../adjudication-api.ts';
import type { Judgement, Span } from '../schemas/annotation.ts';
import { inCase } from '../vocabulary.ts';
import { type DisputedValue, disputedValue, resolvedValue, sameValue } from './apply-decision.ts';

const CHOICE_WORDS = { a: 'A', b: 'B', both: 'Both', neither: 'Neither', edited: 'Edited' } as const;

const FLAG_WORDS = {
  abstained: 'the Abstained flag',
  exact_phrase: 'the exact-phrase flag',
  truncated: 'the Truncated flag',
} as const;

/**
 * What a disagreement is about, as a sentence names it: "F8 in TSC2", "a mark of F8 in TSC2",
 * "unlisted “Prior litigation” in TSC2", "the Truncated flag".
 *
 * @example disagreementSubject({ kind: 'cell', case: 'tsc2', factor: 'F8', … }) // 'F8 in TSC2'
 */
export function disagreementSubject(disagreement: Disagreement): string {
  switch (disagreement.kind) {
    case 'cell':
      return `${disagreement.factor} ${inCase(disagreement.case)}`;
    case 'unlisted':
      return `unlisted “${disagreement.text}” ${inCase(disagreement.case)}`;
    case 'flag':
      return FLAG_WORDS[disagreement.flag];
    case 'span': {
      const span = disagreement.a ?? disagreement.b;
      return span
        ? `a mark of ${span.factor === 'unlisted' ? `“${span.text ?? ''}”` : span.factor} ${inCase(span.case)}`
        : 'a mark';
    }
  }
}

/** The marks a span value keeps: "A's mark", "A's and B's marks", "neither mark". */
function marksWords(value: { a: boolean; b: boolean }): string {
  if (value.a && value.b) return "A's and B's marks";
  return value.a ? "A's mark" : value.b ? "B's mark" : 'neither mark';
}

/** What a choice makes of the disputed point: "ticked", "not set", "B's mark kept". */
function choiceWords(disagreement: Disagreement, value: DisputedValue): string {
  if (typeof value !== 'boolean') return `${marksWords(value)} kept`;
  const verb =
    disagreement.kind === 'cell' ? 'ticked' : disagreement.kind === 'unlisted' ? 'recorded' : 'set';
  return value ? verb : `not ${verb}`;
}

/** What the gold holds on the disputed point, as a clause: "the gold does not tick it", "the gold keeps neither mark". */
function goldWords(disagreement: Disagreement, value: DisputedValue): string {
  if (typeof value !== 'boolean') return `the gold keeps ${marksWords(value)}`;
  const [does, doesNot] =
    disagreement.kind === 'cell'
      ? ['ticks', 'tick']
      : disagreement.kind === 'unlisted'
        ? ['records', 'record']
        : ['sets', 'set'];
  return value ? `the gold ${does} it` : `the gold does not ${doesNot} it`;
}

/**
 * Whether the gold carries out a decision: its value on the disputed point is the one the choice
 * gives. An `edited` decision always holds (its value is the adjudicator's own).
 *
 * @example decisionHolds({ ...gold, current: ['F6'] }, cellF6InCurrent, 'a') // true when A ticked F6
 */
export function decisionHolds(
  gold: Judgement,
  disagreement: Disagreement,
  choice: ResolutionChoice,
): boolean {
  const wanted = resolvedValue(disagreement, choice);
  return wanted === null || sameValue(wanted, disputedValue(gold, disagreement));
}

/**
 * The asserted mark a span decision keeps whose factor the gold no longer ticks in its case (so
 * `settleJudgementRules` dropped it, and choosing again would drop it again), or null.
 */
function markOfUntickedCell(gold: Judgement, disagreement: Disagreement, wanted: DisputedValue): Span | null {
  if (disagreement.kind !== 'span' || typeof wanted === 'boolean') return null;
  const kept = [wanted.a ? disagreement.a : null, wanted.b ? disagreement.b : null];
  for (const span of kept)
    if (span?.polarity === 'asserted' && span.factor !== 'unlisted' && !gold[span.case].includes(span.factor))
      return span;
  return null;
}

/** One problem of an adjudicator's decisions, placed where the screen shows it. */
export interface DecisionProblem {
  /** The request's field: `decisions[3]`, `decisions[3].disagreementId`, or `decisions` (the whole list). */
  readonly path: string;
  /** The disagreement meant, numbered from 1 as the screen lists them; null when the decision names none. */
  readonly number: number | null;
  readonly disagreementId: string | null;
  /** "Disagreement 12 — F8 in TSC2: …": what is wrong, and what to do. */
  readonly text: string;
}

/** How the server words a problem for its 400: the field, then the text. */
export function problemMessage(problem: DecisionProblem): string {
  return `${problem.path}: ${problem.text}`;
}

/** "Disagreement 12 — F8 in TSC2", as the screen numbers it. */
function place(number: number, disagreement: Disagreement): string {
  return `Disagreement ${number} — ${disagreementSubject(disagreement)}`;
}

/** A decided cell disagreement that leaves its factor unticked: its number on screen and the choice. */
type UntickingDecision = { readonly number: number; readonly choice: ResolutionChoice } | undefined;

/**
 * Why the gold does not carry out a decision (`wanted` is the value its choice gives), and what to
 * do; `untickedBy` finds a cell decision that unticks a factor (then the two contradict).
 */
function staleText(
  gold: Judgement,
  disagreement: Disagreement,
  choice: ResolutionChoice,
  wanted: DisputedValue,
  untickedBy: (span: Span) => UntickingDecision,
): string {
  const said = `decided as ${CHOICE_WORDS[choice]} (${choiceWords(disagreement, wanted)}), but ${goldWords(disagreement, disputedValue(gold, disagreement))}`;
  const unticked = markOfUntickedCell(gold, disagreement, wanted);
  if (unticked) {
    const where = `${unticked.factor} ${inCase(unticked.case)}`;
    const cell = untickedBy(unticked);
    if (cell)
      return `${said}: Disagreement ${cell.number} leaves ${where} unticked (decided as ${CHOICE_WORDS[cell.choice]}), and a mark needs its factor ticked. The two decisions contradict each other: choose Neither here, or change Disagreement ${cell.number}.`;
    return `${said}: ${where} is no longer ticked, which took the mark away. Tick ${where} again (the mark comes back), or choose Edited to keep the gold as it is.`;
  }
  return `${said}. Choose ${CHOICE_WORDS[choice]} again to set it, or Edited to keep the gold as it is.`;
}

/**
 * The problems of an adjudicator's decisions, each placed by its disagreement's number on screen
 * (its position in `disagreementsList`, from 1) and saying what to do (the first becomes a 400):
 *
 * - a decision naming no current disagreement (the annotations changed, or a typo);
 * - two decisions for one disagreement;
 * - when `fixing`: a disagreement left undecided, and a decision the gold does not carry out —
 *   `disputedValue(gold, d)` differs from `resolvedValue(d, choice)` (choose `edited` for a value of
 *   one's own). A span decision whose kept mark went with its unticked cell says to tick the cell.
 *
 * Saving a draft needs only the first two: the gold and its decisions may disagree while the
 * adjudicator works. Preconditions: `disagreementsList` is `disagreements(a, b)` of the item. Pure.
 *
 * @example
 * // gold tsc2 [], the 12th disagreement is F8 in TSC2, decided 'b' where B ticked it
 * decisionProblems(gold, list, decisions, true)[0].text
 * // 'Disagreement 12 — F8 in TSC2: decided as B (ticked), but the gold does not tick it. Choose B again …'
 */
export function decisionProblems(
  gold: Judgement,
  disagreementsList: readonly Disagreement[],
  decisions: readonly Decision[],
  fixing: boolean,
): DecisionProblem[] {
  const problems: DecisionProblem[] = [];
  const numberOf = new Map(disagreementsList.map((disagreement, index) => [disagreement.id, index + 1]));
  const firstIndex = new Map<string, number>();
  const untickedBy = (span: Span): UntickingDecision => {
    const id = `cell:${span.case}:${span.factor}`;
    const cell = disagreementsList.find((candidate) => candidate.id === id);
    const decision = decisions.find((candidate) => candidate.disagreementId === id);
    const number = numberOf.get(id);
    if (!cell || !decision || number === undefined) return undefined;
    return resolvedValue(cell, decision.choice) === false ? { number, choice: decision.choice } : undefined;
  };
  decisions.forEach((decision, index) => {
    const path = `decisions[${index}]`;
    const disagreement = disagreementsList.find((candidate) => candidate.id === decision.disagreementId);
    const number = numberOf.get(decision.disagreementId) ?? null;
    const earlier = firstIndex.get(decision.disagreementId);
    if (earlier !== undefined) {
      problems.push({
        path: `${path}.disagreementId`,
        number,
        disagreementId: decision.disagreementId,
        text: `${disagreement && number !== null ? place(number, disagreement) : `"${decision.disagreementId}"`}: decided twice (decisions[${earlier}] already does); keep one decision per disagreement`,
      });
      return;
    }
    firstIndex.set(decision.disagreementId, index);
    if (!disagreement || number === null) {
      problems.push({
        path: `${path}.disagreementId`,
        number: null,
        disagreementId: null,
        text: `"${decision.disagreementId}" is not a disagreement of this item; reload the item and decide what it lists`,
      });
      return;
    }
    const wanted = resolvedValue(disagreement, decision.choice);
    if (fixing && wanted !== null && !sameValue(wanted, disputedValue(gold, disagreement)))
      problems.push({
        path,
        number,
        disagreementId: disagreement.id,
        text: `${place(number, disagreement)}: ${staleText(gold, disagreement, decision.choice, wanted, untickedBy)}`,
      });
  });
  if (fixing) {
    const undecided = disagreementsList.filter((disagreement) => !firstIndex.has(disagreement.id));
    const first = undecided[0];
    if (first) {
      const number = numberOf.get(first.id) ?? 0;
      const others = undecided.length - 1;
      problems.push({
        path: 'decisions',
        number,
        disagreementId: first.id,
        text: `${place(number, first)}: undecided${others > 0 ? ` (and ${others} more after it)` : ''}; decide every disagreement before fixing the gold`,
      });
    }
  }
  return problems;
}
