import { sortFactorIds } from '../factors.ts';
import type { Judgement } from '../schemas/annotation.ts';
import type { CASES } from '../vocabulary.ts';
import { unlistedDisagreementId } from './disagreements.ts';
import { pairSpans } from './span-pairing.ts';

/**
 * What two annotators agree on: the gold an adjudicator starts from, before resolving every
 * disagreement (`disagreements`). Per case the factors both tick; the unlisted factors both record
 * (same case and folded text; A's wording); each flag set only when both set it; the mentions both
 * marked alike (`pairSpans(...).agreed`, A's copy). Comments are the annotators' own and are not
 * carried over; `guideline_version` is kept when both share it.
 *
 * The result is a valid judgement by construction: an agreed asserted span marks a factor both
 * annotators ticked for its case (each judgement satisfies `checkSpans`), and `exact_phrase` is set
 * only when both set it, so both also set `abstained`.
 *
 * Preconditions: validated judgements. Never throws. Degenerate input: agreedJudgement(x, x) is x
 * without its comment.
 *
 * @example
 * // A: current [F4, F6], abstained false;  B: current [F4], abstained true
 * agreedJudgement(a, b) // current [F4], abstained false
 */
export function agreedJudgement(a: Judgement, b: Judgement): Judgement {
  const both = (caseId: (typeof CASES)[number]) =>
    sortFactorIds(a[caseId].filter((factor) => b[caseId].includes(factor)));
  const unlistedOfB = new Set(
    b.unlisted.map((mention) => unlistedDisagreementId(mention.case, mention.text)),
  );
  const agreed: Judgement = {
    current: both('current'),
    tsc1: both('tsc1'),
    tsc2: both('tsc2'),
    unlisted: a.unlisted.filter((mention) =>
      unlistedOfB.has(unlistedDisagreementId(mention.case, mention.text)),
    ),
    abstained: a.abstained && b.abstained,
    exact_phrase: a.exact_phrase && b.exact_phrase,
    truncated: a.truncated && b.truncated,
    spans: pairSpans(a.spans, b.spans).agreed,
  };
  if (a.guideline_version !== undefined && a.guideline_version === b.guideline_version)
    agreed.guideline_version = a.guideline_version;
  return agreed;
}
