import type { MentionStyle } from '../schemas/annotation.ts';
import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

const STRENGTH: Readonly<Record<MentionStyle, number>> = { code: 3, name: 2, paraphrase: 1 };

/**
 * A copy of a mention to settle overlaps on, field by field (an object spread of mentions, whose
 * optional fields vary, cost several times more).
 */
function copyOf(mention: FoundMention): FoundMention {
  const copy: FoundMention = {
    start: mention.start,
    end: mention.end,
    factor: mention.factor,
    style: mention.style,
    text: mention.text,
    found: mention.found,
  };
  if (mention.negationAt !== undefined) copy.negationAt = mention.negationAt;
  if (mention.reread !== undefined) copy.reread = mention.reread;
  return copy;
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * One mention per stretch of text. Codes are kept as found. A paraphrase that carries its own
 * negation ("took no measures", F19) beats one of another factor starting inside that negation's
 * scope ("measures to protect the information", F6). Otherwise, among names and paraphrases the
 * longest wins (so "took no security measures", F19, beats the name "security measures", F6) —
 * but a paraphrase that cuts into a name of another factor, or ends inside a hyphenated one, loses
 * to it — a
 * name before a paraphrase of equal length; a loser about the same factor as the winner it overlaps
 * is merged into it, lending its span and its stronger style ("agreed not to disclose the
 * information" found both as the name and as a paraphrase is one `name` mention over both spans); a loser about
 * another factor is dropped. Returns the mentions in text order.
 */
export function resolveOverlaps(mentions: readonly FoundMention[]): FoundMention[] {
  const kept: FoundMention[] = mentions.filter((mention) => mention.style === 'code').map(copyOf);
  const others = mentions
    .filter((mention) => mention.style !== 'code')
    .sort(
      (a, b) =>
        b.end - b.start - (a.end - a.start) || STRENGTH[b.style] - STRENGTH[a.style] || a.start - b.start,
    );
  // Only these can outrank another: phrases with their own negation, and names (each test below
  // asks of them alone, so they are picked out once rather than at every mention).
  const negating = others.filter((other) => other.negationAt !== undefined);
  const names = others.filter((other) => other.style === 'name');
  // A phrase with its own negation outranks one that starts in that negation's scope: in "took no
  // measures to protect the information", F19 ("took no measures") and not a negated F6 ("measures
  // to protect the information"), however long the latter.
  for (const mention of others) {
    if (mention.negationAt === undefined && inNegationScope(mention, negating)) continue;
    if (cutsIntoName(mention, names)) continue;
    const clashes = kept.filter((other) => overlaps(other, mention));
    if (clashes.length === 0) {
      kept.push(copyOf(mention));
      continue;
    }
    for (const other of clashes) {
      if (other.factor !== mention.factor || other.style === 'code') continue;
      if (STRENGTH[mention.style] > STRENGTH[other.style]) {
        other.style = mention.style;
        other.found = mention.found;
      }
      other.start = Math.min(other.start, mention.start);
      other.end = Math.max(other.end, mention.end);
    }
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * Whether a paraphrase begins inside a name of another factor and runs past it: the
 * name is the writer's own label, so "Secrets-disclosed-outsiders and Disclosure-in-public-forum"
 * is two names, not a paraphrase "disclosed … public forum" of F27 that swallows F10.
 */
function cutsIntoName(mention: FoundMention, names: readonly FoundMention[]): boolean {
  if (mention.style !== 'paraphrase') return false;
  return names.some(
    (name) =>
      name.style === 'name' &&
      name.factor !== mention.factor &&
      ((mention.start > name.start && mention.start < name.end && mention.end > name.end) ||
        // … or begins before a name written as a label (hyphenated) and ends inside it: "share
        // Knew-info-confidential" is the name F21, not a paraphrase "share … confidential" of F12
        // (a plain-worded name may be part of a longer wording: "took no security measures", F19).
        (name.text.includes('-') &&
          mention.start < name.start &&
          mention.end > name.start &&
          mention.end <= name.end)),
  );
}

/** Whether another factor's phrase with its own negation (of `negating`) overlaps `mention` and negates from before its start. */
function inNegationScope(mention: FoundMention, negating: readonly FoundMention[]): boolean {
  return negating.some(
    (other) =>
      other !== mention &&
      other.factor !== mention.factor &&
      other.negationAt !== undefined &&
      overlaps(other, mention) &&
      mention.start > other.negationAt &&
      other.start <= mention.start,
  );
}

// A parenthesis right after a phrase, opening a list of codes: " (F2 Bribe-employee, F7 …)".
const OPENS_CODES = /^\s*[([]\s*\**\s*$/;

/**
 * A code carries the phrases it labels, so they are not counted twice ("code wins when a mention
 * has both"): a name or paraphrase is dropped when a code of the same factor sits in the same
 * segment, or when codes follow it at once in parentheses ("agreed not to reveal the recipe (F4)",
 * "under a confidentiality agreement (F12)" — the argument's own label decides, whichever factor it
 * names). `segments` are the clause-like pieces of the sentences.
 */
export function absorbIntoCodes(
  text: string,
  mentions: readonly FoundMention[],
  segments: readonly Span[],
): FoundMention[] {
  const codes = mentions.filter((mention) => mention.style === 'code');
  // The negation inside a wording a code carries stays the factor's own ("the agreement in the
  // input case did not spell out what was secret (F5)": the "not" is F5's, not the input case's).
  const ownNegation = new Map<FoundMention, number>();
  const kept = mentions.filter((mention) => {
    if (mention.style === 'code' || mention.factor === 'unlisted') return true;
    const segment = segments.find((span) => mention.start >= span.start && mention.start < span.end);
    const carrier = segment
      ? codes.find(
          (code) => code.factor === mention.factor && code.start >= segment.start && code.start < segment.end,
        )
      : undefined;
    const next = carrier ?? codes.find((code) => code.start >= mention.end);
    const carried =
      carrier !== undefined || (next !== undefined && OPENS_CODES.test(text.slice(mention.end, next.start)));
    if (carried && next && mention.negationAt !== undefined && !ownNegation.has(next))
      ownNegation.set(next, mention.negationAt);
    return !carried;
  });
  if (ownNegation.size === 0) return kept;
  return kept.map((mention) => {
    const negationAt = ownNegation.get(mention);
    return negationAt === undefined || mention.negationAt !== undefined
      ? mention
      : { ...mention, negationAt };
  });
}
