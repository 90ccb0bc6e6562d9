import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

// An outsider the plaintiff disclosed to: a customer, supplier, licensee, contractor … .
const OUTSIDER =
  /\b(?:outsiders?|customers?|clients?|suppliers?|vendors?|licensees?|contractors?|subcontractors?|distributors?|integrators?|co-?packers?|consultants?|manufacturers?|fabricators?|printers?|third\s+part(?:y|ies))\b/gi;
// The defendant, or one of its people.
const DEFENDANT =
  /\b(?:defendants?|rivals?|competitors?|former\s+employees?|employees?|engineers?|new\s+employer|misappropriators?)\b/gi;
const REACH = 160;

function lastIndex(pattern: RegExp, text: string): number {
  let last = -1;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) last = match.index;
  return last;
}

/**
 * Who promised decides between two factors that read alike: F4 Agreed-not-to-disclose (the
 * DEFENDANT agreed to keep the information confidential) and F12 Outsider-disclosures-restricted
 * (OUTSIDERS the plaintiff disclosed to were bound to confidentiality). A paraphrase of F4 whose
 * sentence names an outsider — a customer, supplier, licensee, contractor, co-packer … — nearer
 * before it than the defendant or one of its people is read as F12: "the only outsider who saw the
 * recipe was the co-packer, and it was contractually bound to keep it secret". Codes and names stay
 * as the writer labelled them. `sentences` are the answer's sentences.
 *
 * @example readRecipient('Its supplier was bound to keep it secret.', [{ start: 17, end: 39, factor: 'F4', style: 'paraphrase', text: 'bound to keep it secret' }], [{ start: 0, end: 40 }])[0]?.factor // 'F12'
 */
export function readRecipient(
  text: string,
  mentions: readonly FoundMention[],
  sentences: readonly Span[],
): FoundMention[] {
  return mentions.map((mention) => {
    if (mention.factor !== 'F4' || mention.style !== 'paraphrase') return mention;
    const sentence = sentences.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!sentence) return mention;
    const before = text.slice(Math.max(sentence.start, mention.start - REACH), mention.start);
    const outsider = lastIndex(OUTSIDER, before);
    return outsider !== -1 && outsider > lastIndex(DEFENDANT, before)
      ? { ...mention, factor: 'F12' }
      : mention;
  });
}
