import type { Disagreement } from '../adjudication-api.ts';
import { FACTOR_IDS } from '../factors.ts';
import { fnv1a64 } from '../parse/stable-hash.ts';
import type { Judgement, Span } from '../schemas/annotation.ts';
import { unlistedKey } from '../scoring/factor-sets.ts';
import { CASES, type CaseId } from '../vocabulary.ts';
import { pairSpans } from './span-pairing.ts';

/** The whole-response flags an adjudicator resolves, in the order they are listed. */
export const JUDGEMENT_FLAGS = ['abstained', 'exact_phrase', 'truncated'] as const;
export type JudgementFlag = (typeof JUDGEMENT_FLAGS)[number];

/** The longest disagreement id (`disagreementSchema`'s bound). */
const ID_MAX = 200;
/** How much of a folded unlisted text an id keeps before it is shortened with a hash. */
const UNLISTED_KEY_KEPT = 150;

/**
 * The id of an unlisted disagreement: `unlisted:<case>:<folded text>`, the text folded by
 * `unlistedKey` so "F30 Market-Dominance (P)" and "f30 market dominance" are one id. A folded text
 * too long for the 200-character id keeps its first 150 characters and a 64-bit hash of the whole.
 *
 * @example unlistedDisagreementId('tsc1', 'F30 Market-dominance') // 'unlisted:tsc1:f30 market dominance'
 */
export function unlistedDisagreementId(caseId: CaseId, text: string): string {
  const key = unlistedKey(text);
  const id = `unlisted:${caseId}:${key}`;
  return id.length <= ID_MAX ? id : `unlisted:${caseId}:${key.slice(0, UNLISTED_KEY_KEPT)}~${fnv1a64(key)}`;
}

function spanRange(span: Span): string {
  return `${span.start}-${span.end}`;
}

/**
 * The id of a span disagreement: `span:<case>:<factor>:<polarity>:<start>-<end>` of the disputed
 * span (A's when both sides have one), and `/<start>-<end>` of B's for a style dispute.
 */
function spanDisagreementId(a: Span | null, b: Span | null): string {
  const first = a ?? b;
  if (!first) throw new RangeError('a span disagreement needs a span');
  const base = `span:${first.case}:${first.factor}:${first.polarity}:${spanRange(first)}`;
  return a && b ? `${base}/${spanRange(b)}` : base;
}

/**
 * Everything two annotators' judgements of one argument differ on, as the adjudicator resolves it
 * (docs/decisions/010-adjudication.md):
 *
 * - `cell` — a catalogue (case, factor) ticked by one and not the other: id `cell:<case>:<factor>`;
 * - `unlisted` — an unlisted factor (case, folded text) one recorded and the other did not: id
 *   `unlisted:<case>:<folded text>` (`unlistedDisagreementId`); `text` is the wording of the side
 *   that has it;
 * - `span` — a highlighted mention without a match on the other side, or matched by a mention of
 *   another style (`pairSpans`: same case, factor and polarity, overlapping): id
 *   `span:<case>:<factor>:<polarity>:<start>-<end>[/<start>-<end>]`;
 * - `flag` — `abstained`, `exact_phrase` or `truncated` set by one only: id `flag:<name>`.
 *
 * Ids depend only on the two judgements, so a reload lists the same ids and decisions stay attached;
 * a repeated id (two identical disputed spans) gets `#2`, `#3`, … in order. Order: cells by case and
 * catalogue order, unlisted by case and id, spans as `pairSpans` lists them, then flags.
 *
 * Preconditions: validated judgements. Never throws. Degenerate input: identical judgements → [].
 *
 * @example
 * // A: current [F4], abstained false;  B: current [F4, F6], abstained true
 * disagreements(a, b).map((d) => d.id) // ['cell:current:F6', 'flag:abstained']
 */
export function disagreements(a: Judgement, b: Judgement): Disagreement[] {
  const found: Disagreement[] = [];
  for (const caseId of CASES) {
    const inA = new Set(a[caseId]);
    const inB = new Set(b[caseId]);
    for (const factor of FACTOR_IDS) {
      if (inA.has(factor) === inB.has(factor)) continue;
      found.push({
        kind: 'cell',
        id: `cell:${caseId}:${factor}`,
        case: caseId,
        factor,
        a: inA.has(factor),
        b: inB.has(factor),
      });
    }
  }
  for (const caseId of CASES) {
    const textsOf = (judgement: Judgement) =>
      new Map(
        judgement.unlisted
          .filter((mention) => mention.case === caseId)
          .map((mention) => [unlistedDisagreementId(caseId, mention.text), mention.text]),
      );
    const inA = textsOf(a);
    const inB = textsOf(b);
    const ids = [...new Set([...inA.keys(), ...inB.keys()])].sort();
    for (const id of ids) {
      if (inA.has(id) === inB.has(id)) continue;
      found.push({
        kind: 'unlisted',
        id,
        case: caseId,
        text: inA.get(id) ?? inB.get(id) ?? '',
        a: inA.has(id),
        b: inB.has(id),
      });
    }
  }
  const seen = new Map<string, number>();
  for (const { a: spanA, b: spanB } of pairSpans(a.spans, b.spans).disputed) {
    const base = spanDisagreementId(spanA, spanB);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    found.push({ kind: 'span', id: count === 1 ? base : `${base}#${count}`, a: spanA, b: spanB });
  }
  for (const flag of JUDGEMENT_FLAGS) {
    if (a[flag] !== b[flag]) found.push({ kind: 'flag', id: `flag:${flag}`, flag, a: a[flag], b: b[flag] });
  }
  return found;
}
