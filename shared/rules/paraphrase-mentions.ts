import type { FactorId } from '../factors.ts';
import { GAP_MAX, type Lexicon, type PhraseSlot, parsePhrase } from './lexicon.ts';
import type { FoundMention } from './types.ts';
import { isNegationKey, matchWords, type Word } from './words.ts';

interface CompiledPhrase {
  factor: FactorId;
  slots: readonly PhraseSlot[];
}

/** A lexicon ready for matching: its phrases indexed by the keys their first word may take. */
export interface CompiledLexicon {
  byFirstKey: ReadonlyMap<string, readonly CompiledPhrase[]>;
}

const COMPILED = new WeakMap<Lexicon, CompiledLexicon>();

/**
 * Indexes a (validated) lexicon for `findParaphraseMentions`. The result is cached per lexicon
 * object, so calling this for every argument costs one lookup.
 */
export function compileLexicon(lexicon: Lexicon): CompiledLexicon {
  const cached = COMPILED.get(lexicon);
  if (cached) return cached;
  const byFirstKey = new Map<string, CompiledPhrase[]>();
  for (const [factor, phrases] of Object.entries(lexicon.factors) as [FactorId, string[]][]) {
    for (const phrase of phrases) {
      const parsed = parsePhrase(phrase);
      if (!parsed.ok)
        throw new Error(`lexicon phrase "${phrase}" ${parsed.error}; validate with lexiconSchema`);
      const first = parsed.slots[0];
      if (first?.kind !== 'word') continue;
      for (const key of first.keys) {
        const list = byFirstKey.get(key) ?? [];
        list.push({ factor, slots: parsed.slots });
        byFirstKey.set(key, list);
      }
    }
  }
  const compiled = { byFirstKey };
  COMPILED.set(lexicon, compiled);
  return compiled;
}

/** The index of the last word of a match of `slots[slot…]` starting at `words[at]` (before `limit`), or -1. */
function matchFrom(
  words: readonly Word[],
  limit: number,
  slots: readonly PhraseSlot[],
  slot: number,
  at: number,
): number {
  const current = slots[slot];
  if (!current) return at - 1;
  if (current.kind === 'gap') {
    for (let skip = 0; skip <= GAP_MAX; skip += 1) {
      const end = matchFrom(words, limit, slots, slot + 1, at + skip);
      if (end !== -1) return end;
      // A gap never swallows a negation: "disclosures were not restricted" is no match for
      // "disclosures * restricted".
      const skipped = at + skip < limit ? words[at + skip] : undefined;
      if (!skipped || isNegationKey(skipped.key)) return -1;
    }
    return -1;
  }
  const word = at < limit ? words[at] : undefined;
  if (!word || !current.keys.includes(word.key)) return -1;
  return matchFrom(words, limit, slots, slot + 1, at + 1);
}

/**
 * Every lexicon phrase found in `text` within each of `ranges` (a phrase never runs across two
 * ranges; callers pass sentences, in text order and without overlaps). Matching is on stemmed words without filler words, a `*` gap
 * skipping up to three words but never a negation word. Overlapping matches are all returned; `resolveOverlaps` chooses.
 *
 * @example findParaphraseMentions('It kept the recipe under lock and key.', compiled, [[0, 38]]) // F6, 'kept the recipe under lock and key'
 */
export function findParaphraseMentions(
  text: string,
  compiled: CompiledLexicon,
  ranges: ReadonlyArray<readonly [number, number]>,
): FoundMention[] {
  const mentions: FoundMention[] = [];
  const words = matchWords(text);
  let first = 0;
  for (const [from, to] of ranges) {
    while (first < words.length && (words[first]?.start ?? 0) < from) first += 1;
    let limit = first;
    while (limit < words.length && (words[limit]?.start ?? 0) < to) limit += 1;
    for (let at = first; at < limit; at += 1) {
      const candidates = compiled.byFirstKey.get(words[at]?.key ?? '');
      if (!candidates) continue;
      for (const phrase of candidates) {
        const last = matchFrom(words, limit, phrase.slots, 0, at);
        if (last === -1) continue;
        const start = words[at]?.start ?? 0;
        const end = words[last]?.end ?? start;
        mentions.push({
          start,
          end,
          factor: phrase.factor,
          style: 'paraphrase',
          text: text.slice(start, end),
        });
      }
    }
  }
  return mentions;
}
