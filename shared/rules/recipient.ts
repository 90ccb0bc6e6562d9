import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

// An outsider the plaintiff disclosed to: a customer, supplier, licensee, contractor … .
const OUTSIDER =
  /\b(?:outsiders?|customers?|clients?|suppliers?|vendors?|licensees?|contractors?|subcontractors?|distributors?|integrators?|co-?packers?|consultants?|manufacturers?|fabricators?|printers?|partners?|visitors?|testers?|wholesalers?|dealers?|brokers?|recipients?|third\s+part(?:y|ies)|outside\s+(?:companies|firms|parties|businesses|shops)|(?:companies|firms|parties|people)\s+(?:that|who)\s+(?:got|received|saw|obtained|were\s+given))\b/gi;
// The defendant, or one of its people.
const DEFENDANT =
  /\b(?:defendants?|rivals?|competitors?|former\s+employees?|employees?|engineers?|new\s+employer|misappropriators?)\b/gi;
const REACH = 160;
// An outsider word that names the defendant is no outsider the plaintiff disclosed to: an identity
// someone pretends to have ("by pretending to be an equipment vendor, signed a nondisclosure
// agreement" is the defendant's NDA), or what the defendant was ("the defendant, a former
// distributor, … promising to keep it to itself").
const DEFENDANT_AS =
  /(?:defendant,\s+(?:an?|the|its)(?:\s+(?:former|one-time|erstwhile))?|pretend\w*\s+to\s+be|pos\w*\s+as|disguised\s+as|masquerad\w*\s+as|impersonat\w*|presented\s+(?:himself|herself|itself|themselves)\s+as|representative\s+of)\s+(?:(?:an?|the|one\s+of\s+the)\s+)?(?:[\w-]+\s+){0,3}$/i;

const BY_DEFENDANT_AFTER = /^\s*(?:by|from|of)\s+the\s+defendant\b/i;

const NEGOTIATION = /\b(?:negotiat\w*|talks|discussions|due\s+diligence)\b/i;

/** Where the last outsider word of `text` stands that is not a pretended identity, or -1. */
function lastOutsider(text: string): number {
  let last = -1;
  OUTSIDER.lastIndex = 0;
  for (let match = OUTSIDER.exec(text); match; match = OUTSIDER.exec(text))
    if (!DEFENDANT_AS.test(text.slice(Math.max(0, match.index - 60), match.index))) last = match.index;
  return last;
}

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
 * as the writer labelled them. An identity someone pretends to have ("pretending to be an equipment
 * vendor", "posing as a supplier's representative") is no outsider: there the promise is the
 * defendant's, F4, even where an F12 phrase matched it. `sentences` are the answer's sentences.
 *
 * @example readRecipient('Its supplier was bound to keep it secret.', [{ start: 17, end: 39, factor: 'F4', style: 'paraphrase', text: 'bound to keep it secret' }], [{ start: 0, end: 40 }])[0]?.factor // 'F12'
 */
export function readRecipient(
  text: string,
  mentions: readonly FoundMention[],
  sentences: readonly Span[],
): FoundMention[] {
  return mentions.map((mention) => {
    if (mention.style !== 'paraphrase') return mention;
    // An F12 phrase that opens with a pretended outsider ("… pretending to be an equipment vendor,
    // signed a nondisclosure agreement") is the defendant's own agreement.
    // So is one said of a disclosure during negotiations ("disclosed during negotiations under a
    // nondisclosure agreement"): the party negotiating is the defendant (F1 with F4).
    if (mention.factor === 'F12')
      return DEFENDANT_AS.test(text.slice(Math.max(0, mention.start - 60), mention.start)) ||
        NEGOTIATION.test(mention.text)
        ? { ...mention, factor: 'F4' }
        : mention;
    if (mention.factor !== 'F4') return mention;
    const sentence = sentences.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!sentence) return mention;
    const before = text.slice(Math.max(sentence.start, mention.start - REACH), mention.start);
    // "a signed nondisclosure promise by the defendant": the text says whose promise it is.
    if (BY_DEFENDANT_AFTER.test(text.slice(mention.end, mention.end + 30))) return mention;
    const outsider = lastOutsider(before);
    return outsider !== -1 && outsider > lastIndex(DEFENDANT, before)
      ? { ...mention, factor: 'F12' }
      : mention;
  });
}
