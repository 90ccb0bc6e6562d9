import { z } from 'zod';
import { normaliseFactorReference, unlistedMentionKey } from '../factor-reference.ts';
import { type FactorId, sortFactorIds } from '../factors.ts';
import { type CaseId, caseSchema } from '../vocabulary.ts';

/**
 * A list of catalogue factors. Items may be codes ("F4") or labels ("F4 Agreed-not-to-disclose
 * (P)"); they are normalised, deduplicated and put in catalogue order. Anything outside the
 * catalogue is an error naming the item.
 */
export const factorListSchema = z.array(z.string()).transform((items, ctx): FactorId[] => {
  const ids: FactorId[] = [];
  items.forEach((item, index) => {
    const reference = normaliseFactorReference(item);
    if (reference.kind === 'factor') ids.push(reference.id);
    else
      ctx.addIssue({ code: 'custom', path: [index], message: `"${item}" is not one of the 26 CATO factors` });
  });
  return sortFactorIds(ids);
});

/** A mention of a factor outside the catalogue, kept with its wording and the case it was put in. */
export const unlistedMentionSchema = z.strictObject({ case: caseSchema, text: z.string().trim().min(1) });
export type UnlistedMention = z.infer<typeof unlistedMentionSchema>;

/** The longest wording of an unlisted mention a person may enter (a factor's name, not a paragraph). */
export const UNLISTED_TEXT_MAX = 500;

/**
 * An unlisted mention as a judgement (annotation or gold) carries it: bounded, because it arrives
 * from a person over HTTP or in a file. `unlistedMentionSchema` itself stays unbounded: it also reads
 * back the unlisted mentions an extractor produced from whatever wording the model wrote, which the
 * tool records rather than refuses.
 */
export const judgedUnlistedMentionSchema = z.strictObject({
  case: caseSchema,
  text: z.string().trim().min(1).max(UNLISTED_TEXT_MAX),
});

/** Per case, the catalogue factors asserted present. */
export type CaseFactors = Record<CaseId, FactorId[]>;

/**
 * Per-case lists as an extractor or annotator writes them: catalogue references become ids, and a
 * reference outside the catalogue ("F30 Market-dominance") moves to `unlisted` for that case instead
 * of being rejected, because inventing factors is what the study measures.
 */
export function splitReferences(
  caseId: CaseId,
  items: readonly string[],
): { ids: FactorId[]; unlisted: UnlistedMention[] } {
  const ids: FactorId[] = [];
  const unlisted: UnlistedMention[] = [];
  for (const item of items) {
    const reference = normaliseFactorReference(item);
    if (reference.kind === 'factor') ids.push(reference.id);
    else if (reference.text !== '') unlisted.push({ case: caseId, text: reference.text });
  }
  return { ids: sortFactorIds(ids), unlisted };
}

/** Unlisted mentions without repeats (same case, same `unlistedMentionKey`), in first-seen order. */
export function dedupeUnlisted(mentions: readonly UnlistedMention[]): UnlistedMention[] {
  const seen = new Set<string>();
  return mentions.filter((mention) => {
    const key = `${mention.case}\u0000${unlistedMentionKey(mention.text)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
