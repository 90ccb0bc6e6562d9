import { z } from 'zod';
import { type FactorId, factorIdSchema } from '../factors.ts';
import { FILLER_WORDS, stemWord } from './words.ts';

/** One position of a lexicon phrase: a word (any of its alternatives) or a gap of 0…GAP_MAX words. */
export type PhraseSlot = { kind: 'word'; keys: readonly string[] } | { kind: 'gap' };

/** The most words a `*` gap in a lexicon phrase may skip. */
export const GAP_MAX = 3;

const WORD_ONLY = /^[a-z0-9]+(?:'[a-z]+)*$/;

/**
 * Reads one lexicon phrase. Syntax (case-insensitive): words separated by spaces; `*` stands for
 * 0…3 words; `a|b|c` offers one-word alternatives for one position; a hyphenated word counts as its
 * parts ("reverse-engineered" = "reverse engineered"). Filler words ("the", "a", "its", "any" …) may
 * be written for readability and are ignored, as they are in the text. Words are compared stemmed
 * (`stemWord`), so "signed" also matches "signs" and "signing".
 *
 * @example parsePhrase('signed|executed * nondisclosure agreement') // 4 slots: word, gap, word, word
 */
export function parsePhrase(
  phrase: string,
): { ok: true; slots: PhraseSlot[] } | { ok: false; error: string } {
  const slots: PhraseSlot[] = [];
  const parts = phrase.toLowerCase().replace(/’/g, "'").trim().split(/\s+/);
  for (const part of parts) {
    if (part === '*') {
      if (slots.length === 0) return { ok: false, error: 'cannot start with a * gap' };
      if (slots.at(-1)?.kind === 'gap') return { ok: false, error: 'has two * gaps in a row' };
      slots.push({ kind: 'gap' });
      continue;
    }
    const alternatives = part.split('|');
    if (alternatives.length > 1) {
      if (alternatives.some((word) => !WORD_ONLY.test(word)))
        return { ok: false, error: `"${part}": alternatives must be single words` };
      if (alternatives.some((word) => FILLER_WORDS.has(word)))
        return { ok: false, error: `"${part}": a filler word cannot be an alternative` };
      slots.push({ kind: 'word', keys: alternatives.map(stemWord) });
      continue;
    }
    for (const word of part.split('-')) {
      if (!WORD_ONLY.test(word)) return { ok: false, error: `"${part}" is not a word, * or a|b` };
      if (!FILLER_WORDS.has(word)) slots.push({ kind: 'word', keys: [stemWord(word)] });
    }
  }
  if (slots.at(-1)?.kind === 'gap') return { ok: false, error: 'cannot end with a * gap' };
  if (!slots.some((slot) => slot.kind === 'word')) return { ok: false, error: 'has no content word' };
  return { ok: true, slots };
}

const phraseSchema = z.string().superRefine((phrase, ctx) => {
  const parsed = parsePhrase(phrase);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `phrase "${phrase}" ${parsed.error}` });
});

/**
 * The paraphrase lexicon of the rule-based extractor (`data/lexicon.json`): for every one of the 26
 * factors, phrasings an argument may use instead of the code or the name. A phrase may be listed
 * under one factor only.
 */
export const lexiconSchema = z
  .strictObject({
    version: z.string().trim().min(1),
    description: z.string().optional(),
    factors: z.record(factorIdSchema, z.array(phraseSchema).min(1, 'needs at least one phrase')),
  })
  .superRefine((lexicon, ctx) => {
    const owner = new Map<string, FactorId>();
    for (const [id, phrases] of Object.entries(lexicon.factors) as [FactorId, string[]][]) {
      for (const [index, phrase] of phrases.entries()) {
        const key = phrase.toLowerCase().trim().replace(/\s+/g, ' ');
        const first = owner.get(key);
        if (first)
          ctx.addIssue({
            code: 'custom',
            path: ['factors', id, index],
            message: `phrase "${phrase}" is already listed under ${first}`,
          });
        else owner.set(key, id);
      }
    }
  });
export type Lexicon = z.output<typeof lexiconSchema>;
