import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

// A person who works (or worked) for the plaintiff, or a personal pronoun for one.
const EMPLOYEE =
  /\b(?:employee|engineer|programmer|developer|chemist|designer|scientist|inventor|technician|researcher|salesman|manager|he|she|him|her|his)\b/gi;
// The defendant as an organisation.
const COMPANY = /\b(?:defendant|defendants|competitor|company|firm|corporation|it|its|they|their)\b/gi;
const PERSONAL = /\b(?:his|her)\s+own\b|\b(?:himself|herself)\b/i;
const REACH = 80;

function lastIndex(pattern: RegExp, text: string): number {
  let last = -1;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) last = match.index;
  return last;
}

/**
 * Who did it decides between two factors that read alike: F17 Info-independently-generated (the
 * DEFENDANT developed the information by its own research) and F3 Employee-sole-developer (the
 * EMPLOYEE who took it developed it alone). A paraphrase of F17 said of a person — "his own",
 * "herself", or an employee, engineer, "he" or "she" nearer before it in its clause than the
 * defendant or "it" — is read as F3: "an employee who wrote the entire program on his own". Codes
 * and names stay as the writer labelled them. `segments` are the clause-like pieces of the sentences.
 *
 * @example readAgent('The engineer wrote the code on his own.', [{ start: 13, end: 38, factor: 'F17', style: 'paraphrase', text: 'wrote the code on his own' }], [{ start: 0, end: 39 }])[0]?.factor // 'F3'
 */
export function readAgent(
  text: string,
  mentions: readonly FoundMention[],
  segments: readonly Span[],
): FoundMention[] {
  return mentions.map((mention) => {
    if (mention.factor !== 'F17' || mention.style !== 'paraphrase') return mention;
    if (PERSONAL.test(text.slice(mention.start, mention.end))) return { ...mention, factor: 'F3' };
    const segment = segments.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!segment) return mention;
    const before = text.slice(Math.max(segment.start, mention.start - REACH), mention.start);
    const person = lastIndex(EMPLOYEE, before);
    return person > lastIndex(COMPANY, before) ? { ...mention, factor: 'F3' } : mention;
  });
}
