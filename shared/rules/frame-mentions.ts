import type { FactorId } from '../factors.ts';
import { definePatterns } from './grammar.ts';
import { FRAME_WINDOW, type Lexicon, lexiconFillers, parseFrame } from './lexicon.ts';
import { inflectedKeys } from './paraphrase-mentions.ts';
import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';
import type { Word } from './words.ts';

interface CompiledFrame {
  factor: FactorId;
  /** One entry per slot (so its length is the slot count): must its word stand after the previous slot's? */
  afterPrevious: readonly boolean[];
}

/**
 * A lexicon's frames ready for matching: for each word key, the (frame, slot) pairs it can fill,
 * flat (frame, slot, frame, slot …) so the hot loop reads numbers, not tuples.
 */
export interface CompiledFrames {
  frames: readonly CompiledFrame[];
  byKey: ReadonlyMap<string, Int32Array>;
  /** Scratch: the slots of each frame a sentence fills (a bit mask), all 0 between sentences. */
  filled: Uint8Array;
}

const COMPILED = new WeakMap<Lexicon, CompiledFrames>();

/** Indexes a (validated) lexicon's `frames`, every slot word expanded to its inflections; cached per lexicon object. */
export function compileFrames(lexicon: Lexicon): CompiledFrames {
  const cached = COMPILED.get(lexicon);
  if (cached) return cached;
  const frames: CompiledFrame[] = [];
  const byKey = new Map<string, Array<readonly [number, number]>>();
  for (const [factor, list] of Object.entries(lexicon.frames) as [FactorId, string[]][]) {
    for (const frame of list) {
      const parsed = parseFrame(frame, lexicon.synonyms, lexiconFillers(lexicon));
      if (!parsed.ok)
        throw new Error(`lexicon frame "${frame}" ${parsed.error}; validate with lexiconSchema`);
      const index = frames.length;
      frames.push({
        factor,
        afterPrevious: parsed.slots.map((slot) => slot.afterPrevious),
      });
      for (const [slotIndex, slot] of parsed.slots.entries()) {
        for (const key of inflectedKeys(slot)) {
          const pairs = byKey.get(key) ?? [];
          pairs.push([index, slotIndex]);
          byKey.set(key, pairs);
        }
      }
    }
  }
  const flat = new Map<string, Int32Array>();
  for (const [key, pairs] of byKey) flat.set(key, Int32Array.from(pairs.flat()));
  const compiled = { frames, byKey: flat, filled: new Uint8Array(frames.length) };
  COMPILED.set(lexicon, compiled);
  return compiled;
}

/**
 * Whether words[from…to] lie in one clause with no negation word among them but the frame's own
 * (a slot may name one: "never + guard + anything" is F19's meaning, not a negated F6).
 */
function oneClauseUnnegated(
  words: readonly Word[],
  from: number,
  to: number,
  chosen: readonly number[],
): boolean {
  for (let index = from; index <= to; index += 1) {
    const word = words[index];
    if (!word || (index > from && word.breakBefore)) return false;
    if (word.negation && !chosen.includes(index)) return false;
  }
  return true;
}

type Match = readonly [first: number, last: number, negation: number | undefined];

/** Bounds the search in a long sentence full of class words; a frame has at most 4 slots. */
const MAX_COMBINATIONS = 512;

/**
 * The narrowest choice of one distinct word per slot within the window, as [first, last] word
 * indexes and the index of the frame's own negation word if it has one, or null. Walks the
 * combinations like an odometer (a module function without closures: see `negatesForward` in
 * segment-facts.ts for why).
 */
function narrowestMatch(
  words: readonly Word[],
  positions: readonly (readonly number[])[],
  afterPrevious: readonly boolean[],
): Match | null {
  const slots = positions.length;
  const at: number[] = new Array<number>(slots).fill(0);
  const chosen: number[] = new Array<number>(slots).fill(0);
  let best: Match | null = null;
  for (let tried = 0; tried <= MAX_COMBINATIONS; tried += 1) {
    let first = Number.POSITIVE_INFINITY;
    let last = -1;
    let valid = true;
    for (let slot = 0; slot < slots; slot += 1) {
      const position = positions[slot]?.[at[slot] ?? 0] ?? -1;
      for (let earlier = 0; earlier < slot; earlier += 1) if (chosen[earlier] === position) valid = false;
      if (afterPrevious[slot] && position <= (chosen[slot - 1] ?? -1)) valid = false;
      chosen[slot] = position;
      if (position < first) first = position;
      if (position > last) last = position;
    }
    if (
      valid &&
      last - first <= FRAME_WINDOW &&
      (!best || last - first < best[1] - best[0]) &&
      oneClauseUnnegated(words, first, last, chosen)
    )
      best = [first, last, chosen.find((index) => words[index]?.negation)];
    let slot = slots - 1;
    while (slot >= 0) {
      at[slot] = (at[slot] ?? 0) + 1;
      if ((at[slot] ?? 0) < (positions[slot]?.length ?? 0)) break;
      at[slot] = 0;
      slot -= 1;
    }
    if (slot < 0) break;
  }
  return best;
}

/**
 * Every frame of the lexicon met in `text` within each of `ranges` (sentences, in text order):
 * a word of each slot, in one clause, any order, within `FRAME_WINDOW` words, no negation word
 * between them; the narrowest match per frame and sentence. Overlapping matches are all returned;
 * the caller keeps those no phrase, name or code overlaps.
 *
 * @example findFrameMentions('a covenant barring him from working for a rival', compiled, [[0, 48]]) // F13 over "covenant barring him from working for a rival"
 */
export function findFrameMentions(
  text: string,
  compiled: CompiledFrames,
  ranges: ReadonlyArray<readonly [number, number]>,
  words: readonly Word[],
): FoundMention[] {
  const mentions: FoundMention[] = [];
  if (compiled.frames.length === 0) return mentions;
  // Which slots of each frame a sentence fills, as a bit mask: most frames touched by common words
  // ("information", "agreement") never fill all their slots, so positions are gathered only for
  // those that do, from the words that fill some slot (`hits`).
  const { filled } = compiled;
  const touched: number[] = [];
  const hits: number[] = [];
  let first = 0;
  for (const [from, to] of ranges) {
    while (first < words.length && (words[first]?.start ?? 0) < from) first += 1;
    let limit = first;
    touched.length = 0;
    hits.length = 0;
    for (; limit < words.length && (words[limit]?.start ?? 0) < to; limit += 1) {
      const pairs = compiled.byKey.get(words[limit]?.key ?? '');
      if (!pairs) continue;
      hits.push(limit);
      for (let index = 0; index < pairs.length; index += 2) {
        const frame = pairs[index] ?? 0;
        if (filled[frame] === 0) touched.push(frame);
        filled[frame] = (filled[frame] ?? 0) | (1 << (pairs[index + 1] ?? 0));
      }
    }
    for (const frameIndex of touched) {
      const frame = compiled.frames[frameIndex];
      const complete = frame !== undefined && filled[frameIndex] === (1 << frame.afterPrevious.length) - 1;
      filled[frameIndex] = 0;
      if (!complete) continue;
      const match = narrowestMatch(
        words,
        slotPositions(words, compiled, frameIndex, frame.afterPrevious.length, hits),
        frame.afterPrevious,
      );
      if (match) mentions.push(frameMention(text, words, frame.factor, match));
    }
    first = limit;
  }
  return mentions;
}

/** Where among the sentence's `hits` (word indexes) each slot of one frame is filled. */
function slotPositions(
  words: readonly Word[],
  compiled: CompiledFrames,
  frameIndex: number,
  slotCount: number,
  hits: readonly number[],
): number[][] {
  const positions: number[][] = [];
  for (let slot = 0; slot < slotCount; slot += 1) positions.push([]);
  for (const at of hits) {
    const pairs = compiled.byKey.get(words[at]?.key ?? '');
    if (!pairs) continue;
    for (let index = 0; index < pairs.length; index += 2)
      if (pairs[index] === frameIndex) positions[pairs[index + 1] ?? 0]?.push(at);
  }
  return positions;
}

function frameMention(text: string, words: readonly Word[], factor: FactorId, match: Match): FoundMention {
  const start = words[match[0]]?.start ?? 0;
  const end = words[match[1]]?.end ?? start;
  const mention: FoundMention = {
    start,
    end,
    factor,
    style: 'paraphrase',
    text: text.slice(start, end),
    found: 'find.frame',
  };
  const negation = match[2] === undefined ? undefined : words[match[2]];
  if (negation) mention.negationAt = negation.start;
  return mention;
}

// A factor whose wording states an absence ("took no measures", "did not lock anything", F19): its
// negation reaches the rest of its clause ("… or use passwords", "… to keep the secret safe"), which
// is part of that statement. Other factors' own negations ("promised not to compete") stay in them.
const SAYS_ABSENCE: ReadonlySet<FactorId | 'unlisted'> = new Set(['F19']);

// What ends the clause a negating frame carries: ";", ":", or a comma before a new clause or a
// new item of a list ("nothing like it was sold by anyone else, the defendant's awareness that …").
const patternsOf = definePatterns({
  CLAUSE_BREAK: [
    '[;:]|,\\s*(?:{frame-clause-break}|and\\s+(?:in|TSC|here)|(?:and\\s+)?{list-item-determiner})\\b',
    'i',
  ],
});

/**
 * The mentions found with the frame mentions that add something: those overlapping no mention
 * already found (a phrase, name or code is the more precise reading) nor a narrower frame mention,
 * narrowest first, and holding no case word after a comma (their concepts would be said of two
 * cases: "bore little resemblance to the plaintiff's, the input case presents a duplicate"; "the
 * contract here was silent" is one clause); none after a phrase
 * that carries its own negation in the same sentence ("did nothing to keep the secret safe": the
 * negation belongs to that phrase's factor, so it could not negate the frame). A frame that names a
 * negation word ("did not lock anything", F19) carries the rest of its clause: a name or
 * paraphrase of another factor there ("… or use passwords") is part of that statement, not a
 * mention of its own. In text order.
 */
export function addFrameMentions(
  text: string,
  found: readonly FoundMention[],
  frames: readonly FoundMention[],
  ranges: ReadonlyArray<readonly [number, number]>,
  cues: readonly Span[],
  lexicon: Lexicon,
): FoundMention[] {
  const { CLAUSE_BREAK } = patternsOf(lexicon);
  const kept: FoundMention[] = [];
  const taken = [...found];
  const negating = found.filter(
    (mention) => mention.negationAt !== undefined && SAYS_ABSENCE.has(mention.factor),
  );
  for (const frame of [...frames].sort((a, b) => a.end - a.start - (b.end - b.start) || a.start - b.start)) {
    if (taken.some((other) => other.start < frame.end && frame.start < other.end)) continue;
    if (
      cues.some(
        (cue) =>
          cue.start > frame.start && cue.end < frame.end && text.slice(frame.start, cue.start).includes(','),
      )
    )
      continue;
    const range = sentenceOf(ranges, frame);
    if (
      range &&
      negating.some(
        (other) =>
          (other.negationAt ?? 0) >= range[0] &&
          (other.negationAt ?? 0) < frame.start &&
          !CLAUSE_BREAK.test(text.slice(other.negationAt ?? 0, frame.start)),
      )
    )
      continue;
    kept.push(frame);
    taken.push(frame);
  }
  const negatingAll = [
    ...negating,
    ...kept.filter((frame) => frame.negationAt !== undefined && SAYS_ABSENCE.has(frame.factor)),
  ];
  const carried = new Set(
    found.filter(
      (mention) =>
        mention.style !== 'code' &&
        // A name is the writer's own label; a frame or phrase with its own negation carries only paraphrases.
        (mention.style === 'paraphrase' || kept.some((frame) => negatingAll.includes(frame))) &&
        negatingAll.some(
          (negative) =>
            negative.factor !== mention.factor &&
            mention.start >= negative.end &&
            mention.start < (sentenceOf(ranges, negative)?.[1] ?? 0) &&
            (kept.includes(negative) || mention.style === 'paraphrase') &&
            !CLAUSE_BREAK.test(text.slice(negative.end, mention.start)),
        ),
    ),
  );
  return [...found.filter((mention) => !carried.has(mention)), ...kept].sort((a, b) => a.start - b.start);
}

function sentenceOf(
  ranges: ReadonlyArray<readonly [number, number]>,
  mention: FoundMention,
): readonly [number, number] | undefined {
  return ranges.find(([from, to]) => mention.start >= from && mention.start < to);
}
