import type { FactorId } from '../factors.ts';
import { inflections } from './inflections.ts';
import { type Lexicon, lexiconFillers, type PhraseSlot, parsePhrase } from './lexicon.ts';
import { stemWord } from './stem.ts';
import type { FoundMention } from './types.ts';
import type { Word } from './words.ts';

/** A phrase slot ready for matching: the set of stems its word may take, or a gap. */
type CompiledSlot = { kind: 'word'; keys: ReadonlySet<string> } | { kind: 'gap'; max: number };

interface CompiledPhrase {
  factor: FactorId;
  /** The phrase's place among its first key's phrases: mentions at one word keep this order. */
  order: number;
  slots: readonly CompiledSlot[];
  /**
   * The keys of the first word after the first (null if the phrase has one word) and how many words
   * may stand between them: a cheap test that drops most candidates before matching.
   */
  next: { keys: ReadonlySet<string>; within: number } | null;
}

function nextOf(slots: readonly CompiledSlot[]): CompiledPhrase['next'] {
  const second = slots[1];
  if (!second) return null;
  if (second.kind === 'word') return { keys: second.keys, within: 0 };
  const third = slots[2];
  return third?.kind === 'word' ? { keys: third.keys, within: second.max } : null;
}

/** Whether the word after `at` that the phrase needs next can be there at all (no negation or boundary crossed). */
function nextWithinReach(
  words: readonly Word[],
  limit: number,
  at: number,
  next: CompiledPhrase['next'],
): boolean {
  if (!next) return true;
  for (let index = at + 1; index <= at + 1 + next.within && index < limit; index += 1) {
    const word = words[index];
    if (!word || word.breakBefore) return false;
    if (next.keys.has(word.key)) return true;
    if (word.negation) return false;
  }
  return false;
}

/**
 * The phrases that begin with one key, grouped by the word they need next (one `nextWithinReach`
 * test per group rather than per phrase: the phrases of a synonym class share it), in lexicon order
 * within a group.
 */
interface CandidateGroup {
  next: CompiledPhrase['next'];
  phrases: readonly CompiledPhrase[];
}

/** A lexicon ready for matching: its phrases indexed by the keys their first word may take. */
export interface CompiledLexicon {
  byFirstKey: ReadonlyMap<string, readonly CandidateGroup[]>;
}

/** One object per distinct (keys, within) pair, so phrases needing the same next word share it. */
function internNext(
  next: CompiledPhrase['next'],
  interned: Map<string, NonNullable<CompiledPhrase['next']>>,
): CompiledPhrase['next'] {
  if (!next) return null;
  const id = `${next.within}|${[...next.keys].sort().join(' ')}`;
  const known = interned.get(id);
  if (known) return known;
  interned.set(id, next);
  return next;
}

/** The candidates of one first key, grouped by their interned `next` (first appearance order). */
function groupCandidates(phrases: readonly CompiledPhrase[]): CandidateGroup[] {
  const groups = new Map<CompiledPhrase['next'], CompiledPhrase[]>();
  for (const phrase of phrases) {
    const group = groups.get(phrase.next);
    if (group) group.push(phrase);
    else groups.set(phrase.next, [phrase]);
  }
  return [...groups].map(([next, grouped]) => ({ next, phrases: grouped }));
}

const COMPILED = new WeakMap<Lexicon, CompiledLexicon>();
const COMPILED_STEMS_ONLY = new WeakMap<Lexicon, CompiledLexicon>();

/**
 * A word slot that matches every inflection of its words: the keys are the stems of all the forms
 * compromise gives (`inflections`), so the lemma "take" meets "took" and "taken", "keep" meets
 * "kept", "company" meets "companies" — forms the suffix stemmer alone cannot join.
 */
function lemmaSlot(slot: PhraseSlot, inflect: boolean): CompiledSlot {
  if (slot.kind === 'gap') return slot;
  return { kind: 'word', keys: inflect ? inflectedKeys(slot) : new Set(slot.keys) };
}

/** The stems of a word slot's words and of every inflection compromise gives for them (phrases and frames alike). */
export function inflectedKeys(slot: {
  readonly words: readonly string[];
  readonly keys: readonly string[];
}): Set<string> {
  const keys = new Set(slot.keys);
  for (const word of slot.words) for (const form of inflections(word)) keys.add(stemWord(form));
  return keys;
}

/**
 * Indexes a (validated) lexicon for `findParaphraseMentions`: `@class` references replaced by their
 * members, every word expanded to its inflections, phrases indexed by the keys their first word
 * may take. The result is cached per lexicon object, so calling this for every argument costs one
 * lookup; compiling itself is the only place the NLP library runs. `inflections: false` leaves the
 * inflection tables out (stems only), for measuring what they add (bench/compare-nlp.ts).
 */
export function compileLexicon(lexicon: Lexicon, options: { inflections?: boolean } = {}): CompiledLexicon {
  const inflect = options.inflections ?? true;
  const cache = inflect ? COMPILED : COMPILED_STEMS_ONLY;
  const cached = cache.get(lexicon);
  if (cached) return cached;
  const byFirstKeyFlat = new Map<string, CompiledPhrase[]>();
  const interned = new Map<string, NonNullable<CompiledPhrase['next']>>();
  for (const [factor, phrases] of Object.entries(lexicon.factors) as [FactorId, string[]][]) {
    for (const phrase of phrases) {
      const parsed = parsePhrase(phrase, lexicon.synonyms, lexiconFillers(lexicon));
      if (!parsed.ok)
        throw new Error(`lexicon phrase "${phrase}" ${parsed.error}; validate with lexiconSchema`);
      const slots = parsed.slots.map((slot) => lemmaSlot(slot, inflect));
      const first = slots[0];
      if (first?.kind !== 'word') continue;
      const next = internNext(nextOf(slots), interned);
      for (const key of first.keys) {
        const list = byFirstKeyFlat.get(key) ?? [];
        list.push({ factor, order: list.length, slots, next });
        byFirstKeyFlat.set(key, list);
      }
    }
  }
  const byFirstKey = new Map<string, CandidateGroup[]>();
  for (const [key, phrases] of byFirstKeyFlat) byFirstKey.set(key, groupCandidates(phrases));
  const compiled = { byFirstKey };
  cache.set(lexicon, compiled);
  return compiled;
}

/** The index of the last word of the shortest match of `slots[slot…]` starting at `words[at]` (before `limit`), or -1. */
function matchFrom(
  words: readonly Word[],
  limit: number,
  slots: readonly CompiledSlot[],
  slot: number,
  at: number,
): number {
  const current = slots[slot];
  if (!current) return at - 1;
  if (current.kind === 'gap') {
    // The shortest match is taken (a phrase that carries its own negation outranks others in its
    // scope anyway, `resolveOverlaps`), which keeps the search cheap.
    for (let skip = 0; skip <= current.max; skip += 1) {
      const end = matchFrom(words, limit, slots, slot + 1, at + skip);
      if (end !== -1) return end;
      // A gap never swallows a negation: "disclosures were not restricted" is no match for
      // "disclosures * restricted".
      const skipped = at + skip < limit ? words[at + skip] : undefined;
      if (!skipped || skipped.negation || skipped.breakBefore) return -1;
    }
    return -1;
  }
  const word = at < limit ? words[at] : undefined;
  // No phrase runs across a clause boundary ("… a trade journal, and the plaintiff here published …").
  if (!word || !current.keys.has(word.key) || (slot > 0 && word.breakBefore)) return -1;
  return matchFrom(words, limit, slots, slot + 1, at + 1);
}

/** Sorts `mentions[from…]` (found at one word, group by group) back into the phrases' lexicon order. */
function keepLexiconOrder(mentions: FoundMention[], orders: number[], from: number): void {
  const here = mentions.slice(from).map((mention, index) => ({ mention, order: orders[from + index] ?? 0 }));
  here.sort((a, b) => a.order - b.order);
  for (const [index, { mention, order }] of here.entries()) {
    mentions[from + index] = mention;
    orders[from + index] = order;
  }
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
  words: readonly Word[],
): FoundMention[] {
  const mentions: FoundMention[] = [];
  const orders: number[] = []; // beside `mentions`: each one's phrase order
  let first = 0;
  for (const [from, to] of ranges) {
    while (first < words.length && (words[first]?.start ?? 0) < from) first += 1;
    let limit = first;
    while (limit < words.length && (words[limit]?.start ?? 0) < to) limit += 1;
    for (let at = first; at < limit; at += 1) {
      const groups = compiled.byFirstKey.get(words[at]?.key ?? '');
      if (!groups) continue;
      const firstHere = mentions.length;
      for (const group of groups) {
        if (!nextWithinReach(words, limit, at, group.next)) continue;
        for (const phrase of group.phrases) {
          const last = matchFrom(words, limit, phrase.slots, 0, at);
          if (last === -1) continue;
          const start = words[at]?.start ?? 0;
          const end = words[last]?.end ?? start;
          const mention: FoundMention = {
            start,
            end,
            factor: phrase.factor,
            style: 'paraphrase',
            text: text.slice(start, end),
            found: 'find.phrase',
          };
          for (let index = at; index <= last; index += 1) {
            const word = words[index];
            if (word?.negation) {
              mention.negationAt = word.start;
              break;
            }
          }
          mentions.push(mention);
          orders.push(phrase.order);
        }
      }
      if (mentions.length - firstHere > 1) keepLexiconOrder(mentions, orders, firstHere);
    }
  }
  return mentions;
}
