import type { Decision, Disagreement } from '../adjudication-api.ts';
import type { Judgement, Span } from '../schemas/annotation.ts';
import { agreedJudgement } from './agreed-judgement.ts';
import { applyDecision, disputedValue, sameSpan } from './apply-decision.ts';
import { disagreements } from './disagreements.ts';
import { sameMention } from './span-pairing.ts';

/**
 * Makes a judgement satisfy the rules every stored judgement obeys, when decisions contradict each
 * other: an asserted span of a catalogue factor is dropped when its case does not tick the factor (the
 * cell decision says what the argument asserts; a span is only evidence for it), and `exact_phrase`
 * is cleared when `abstained` is not set. Nothing else changes.
 *
 * @example settleJudgementRules({ ...j, current: [], spans: [{ case: 'current', factor: 'F4', polarity: 'asserted', … }] }).spans // []
 */
export function settleJudgementRules(judgement: Judgement): Judgement {
  const spans = judgement.spans.filter(
    (span) =>
      span.polarity !== 'asserted' ||
      span.factor === 'unlisted' ||
      judgement[span.case].includes(span.factor),
  );
  return { ...judgement, spans, exact_phrase: judgement.exact_phrase && judgement.abstained };
}

/**
 * The gold that results from resolving A's and B's disagreements: start from what both agree on
 * (`agreedJudgement`), apply each decision to its disagreement (`applyDecision`), then settle the
 * judgement rules (`settleJudgementRules`). A decision `edited` takes the disputed point's value from
 * `edited` (the adjudicator's own version; without it the point stays as agreed, i.e. absent). A
 * disagreement without a decision stays absent; a decision naming no current disagreement is ignored
 * (the server refuses both before fixing). The order of decisions does not matter: each touches its
 * own point.
 *
 * So the gold equals the chosen resolutions: for every decided disagreement d (other than `edited`),
 * disputedValue(gold, d) = resolvedValue(d, choice) — unless the decisions contradict the span rule, which
 * `settleJudgementRules` resolves in favour of the cell.
 *
 * Preconditions: validated judgements. Pure.
 *
 * @example
 * // A: current [F4, F6];  B: current [F4];  decisions [{ disagreementId: 'cell:current:F6', choice: 'a' }]
 * goldFromDecisions(a, b, decisions).current // ['F4', 'F6']
 */
export function goldFromDecisions(
  a: Judgement,
  b: Judgement,
  decisions: readonly Decision[],
  edited?: Judgement,
): Judgement {
  const choiceOf = new Map(decisions.map((decision) => [decision.disagreementId, decision.choice]));
  let gold = agreedJudgement(a, b);
  for (const disagreement of disagreements(a, b)) {
    const choice = choiceOf.get(disagreement.id);
    if (choice === undefined) continue;
    if (choice !== 'edited') gold = applyDecision(gold, disagreement, choice);
    else if (edited) gold = copyDisputedPoint(gold, edited, disagreement);
  }
  return settleJudgementRules(gold);
}

/**
 * The gold with one disputed point set as `edited` has it: a cell, unlisted factor or flag takes the
 * edited value; a span dispute is replaced by the edited judgement's spans of the same mention (same
 * case, factor and polarity, overlapping either disputed span), so a corrected range or style counts.
 */
function copyDisputedPoint(gold: Judgement, edited: Judgement, disagreement: Disagreement): Judgement {
  if (disagreement.kind !== 'span') {
    const value = disputedValue(edited, disagreement);
    return applyDecision(gold, disagreement, value === true ? 'both' : 'neither');
  }
  const disputed = [disagreement.a, disagreement.b].filter((span): span is Span => span !== null);
  const withoutDisputed = applyDecision(gold, disagreement, 'neither');
  const editedSpans = edited.spans.filter(
    (span) =>
      disputed.some((other) => sameMention(span, other)) &&
      !withoutDisputed.spans.some((kept) => sameSpan(kept, span)),
  );
  return { ...withoutDisputed, spans: [...withoutDisputed.spans, ...editedSpans] };
}
