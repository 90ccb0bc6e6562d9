import type { Disagreement, ResolutionChoice } from '../adjudication-api.ts';
import { sortFactorIds } from '../factors.ts';
import type { Judgement, Span } from '../schemas/annotation.ts';
import { unlistedDisagreementId } from './disagreements.ts';

/**
 * What a judgement says on one disputed point: whether it holds the (case, factor), the unlisted
 * factor or the flag — or, for a span dispute, which of the two disputed spans it holds.
 */
export type DisputedValue = boolean | { a: boolean; b: boolean };

/** Whether two spans are exact copies: same range, case, factor, style, polarity and text. */
export function sameSpan(s: Span, t: Span): boolean {
  return (
    s.start === t.start &&
    s.end === t.end &&
    s.case === t.case &&
    s.factor === t.factor &&
    s.style === t.style &&
    s.polarity === t.polarity &&
    s.text === t.text
  );
}

/** Whether two disputed values are the same. */
export function sameValue(x: DisputedValue, y: DisputedValue): boolean {
  if (typeof x === 'boolean' || typeof y === 'boolean') return x === y;
  return x.a === y.a && x.b === y.b;
}

/**
 * The value a judgement holds for a disagreement: for a cell, whether the case lists the factor; for
 * an unlisted factor, whether the case records that folded text; for a flag, the flag; for a span
 * dispute, whether it holds A's disputed span and whether it holds B's (an exact copy: same range,
 * case, factor, style, polarity and text).
 *
 * @example disputedValue({ ...judgement, tsc1: ['F6'] }, cellDisagreement('tsc1', 'F6')) // true
 */
export function disputedValue(judgement: Judgement, disagreement: Disagreement): DisputedValue {
  switch (disagreement.kind) {
    case 'cell':
      return judgement[disagreement.case].includes(disagreement.factor);
    case 'unlisted':
      return judgement.unlisted.some(
        (mention) => unlistedDisagreementId(mention.case, mention.text) === disagreement.id,
      );
    case 'flag':
      return judgement[disagreement.flag];
    case 'span': {
      const holds = (span: Span | null) =>
        span !== null && judgement.spans.some((candidate) => sameSpan(candidate, span));
      return { a: holds(disagreement.a), b: holds(disagreement.b) };
    }
  }
}

/**
 * The value a choice gives a disagreement: `a` A's value, `b` B's, `both` their union (present when
 * either has it; for a span dispute both spans), `neither` absent (no span, flag off); `edited`
 * gives no value of its own (the adjudicator wrote one), so it is `null`.
 *
 * @example resolvedValue({ kind: 'cell', a: true, b: false, … }, 'both') // true
 * @example resolvedValue({ kind: 'span', a: spanA, b: null, … }, 'b') // { a: false, b: false }
 */
export function resolvedValue(disagreement: Disagreement, choice: ResolutionChoice): DisputedValue | null {
  if (choice === 'edited') return null;
  if (disagreement.kind === 'span') {
    const hasA = disagreement.a !== null;
    const hasB = disagreement.b !== null;
    return {
      a: hasA && (choice === 'a' || choice === 'both'),
      b: hasB && (choice === 'b' || choice === 'both'),
    };
  }
  if (choice === 'a') return disagreement.a;
  if (choice === 'b') return disagreement.b;
  return choice === 'both' ? disagreement.a || disagreement.b : false;
}

/**
 * The gold with one disagreement resolved: the disputed point set to `resolvedValue(disagreement,
 * choice)` and nothing else changed (`edited` leaves the gold as it is). A ticked factor keeps the
 * catalogue order; an added unlisted factor takes the disputing side's wording; a removed span is
 * every exact copy of it. The result may break the span rule (an asserted span whose factor is not
 * ticked) when the decisions contradict each other; `goldFromDecisions` settles that.
 *
 * Preconditions: `disagreement` is one of `disagreements(a, b)` for the gold's two annotators. Pure.
 *
 * @example applyDecision(agreed, { kind: 'cell', case: 'tsc1', factor: 'F6', a: true, b: false, … }, 'a').tsc1 // [..., 'F6']
 */
export function applyDecision(
  gold: Judgement,
  disagreement: Disagreement,
  choice: ResolutionChoice,
): Judgement {
  const value = resolvedValue(disagreement, choice);
  if (value === null) return gold;
  switch (disagreement.kind) {
    case 'cell': {
      const { case: caseId, factor } = disagreement;
      const without = gold[caseId].filter((id) => id !== factor);
      return { ...gold, [caseId]: value === true ? sortFactorIds([...without, factor]) : without };
    }
    case 'unlisted': {
      const without = gold.unlisted.filter(
        (mention) => unlistedDisagreementId(mention.case, mention.text) !== disagreement.id,
      );
      return {
        ...gold,
        unlisted:
          value === true ? [...without, { case: disagreement.case, text: disagreement.text }] : without,
      };
    }
    case 'flag':
      return { ...gold, [disagreement.flag]: value === true };
    case 'span': {
      if (typeof value === 'boolean') return gold;
      const disputed = [disagreement.a, disagreement.b].filter((span): span is Span => span !== null);
      const kept = gold.spans.filter((span) => !disputed.some((other) => sameSpan(span, other)));
      const added = [
        ...(value.a && disagreement.a ? [disagreement.a] : []),
        ...(value.b && disagreement.b ? [disagreement.b] : []),
      ];
      return { ...gold, spans: [...kept, ...added] };
    }
  }
}
