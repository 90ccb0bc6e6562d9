import type { Decision, Disagreement, ResolutionChoice } from '../adjudication-api.ts';
import type { Judgement } from '../schemas/annotation.ts';
import { type DisputedValue, disputedValue, resolvedValue, sameValue } from './apply-decision.ts';

const CHOICE_WORDS = { a: 'A', b: 'B', both: 'both', neither: 'neither', edited: 'edited' } as const;

/** What a value of a disputed point means, in words, for a message. */
function describe(disagreement: Disagreement, value: DisputedValue): string {
  switch (disagreement.kind) {
    case 'cell':
      return `${disagreement.factor} ${value ? 'ticked' : 'not ticked'} in ${disagreement.case}`;
    case 'unlisted':
      return `"${disagreement.text}" ${value ? 'recorded' : 'not recorded'} in ${disagreement.case}`;
    case 'flag':
      return `${disagreement.flag} ${value ? 'set' : 'not set'}`;
    case 'span': {
      if (typeof value === 'boolean') return String(value);
      const held = [value.a ? "A's span" : '', value.b ? "B's span" : ''].filter(Boolean);
      return held.length === 0 ? 'neither span kept' : `${held.join(' and ')} kept`;
    }
  }
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
 * The problems of an adjudicator's decisions, as "path: message" lines (the first becomes a 400):
 *
 * - a decision naming no current disagreement (the annotations changed, or a typo);
 * - two decisions for one disagreement;
 * - when `fixing`: a disagreement left undecided, and a decision the gold does not carry out —
 *   `disputedValue(gold, d)` differs from `resolvedValue(d, choice)` (choose `edited` for a value of
 *   one's own).
 *
 * Saving a draft needs only the first two: the gold and its decisions may disagree while the
 * adjudicator works. Preconditions: `disagreementsList` is `disagreements(a, b)` of the item. Pure.
 *
 * @example
 * // gold current [], decision { disagreementId: 'cell:current:F6', choice: 'a' } where A ticks F6
 * decisionProblems(gold, list, decisions, true) // ['decisions[0]: resolved as A (F6 ticked in current), but the gold has F6 not ticked in current; …']
 */
export function decisionProblems(
  gold: Judgement,
  disagreementsList: readonly Disagreement[],
  decisions: readonly Decision[],
  fixing: boolean,
): string[] {
  const problems: string[] = [];
  const byId = new Map(disagreementsList.map((disagreement) => [disagreement.id, disagreement]));
  const firstIndex = new Map<string, number>();
  decisions.forEach((decision, index) => {
    const path = `decisions[${index}]`;
    const earlier = firstIndex.get(decision.disagreementId);
    if (earlier !== undefined) {
      problems.push(
        `${path}.disagreementId: decides "${decision.disagreementId}" again (decisions[${earlier}] already does); keep one decision per disagreement`,
      );
      return;
    }
    firstIndex.set(decision.disagreementId, index);
    const disagreement = byId.get(decision.disagreementId);
    if (!disagreement) {
      problems.push(
        `${path}.disagreementId: "${decision.disagreementId}" is not a disagreement of this item; reload the item and decide what it lists`,
      );
      return;
    }
    if (!fixing) return;
    const wanted = resolvedValue(disagreement, decision.choice);
    const held = disputedValue(gold, disagreement);
    if (wanted !== null && !decisionHolds(gold, disagreement, decision.choice))
      problems.push(
        `${path}: resolved as ${CHOICE_WORDS[decision.choice]} (${describe(disagreement, wanted)}), but the gold has ${describe(disagreement, held)}; change the gold or choose "edited"`,
      );
  });
  if (fixing) {
    const undecided = disagreementsList.filter((disagreement) => !firstIndex.has(disagreement.id));
    if (undecided.length > 0)
      problems.push(
        `decisions: ${undecided.length} disagreement${undecided.length === 1 ? '' : 's'} undecided (first: ${undecided[0]?.id}); decide every one before fixing the gold`,
      );
  }
  return problems;
}
