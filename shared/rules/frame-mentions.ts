import type { FactorId } from '../factors.ts';
import { FRAME_WINDOW, type Lexicon, parseFrame } from './lexicon.ts';
import { lemmaSlot } from './paraphrase-mentions.ts';
import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';
import { matchWords, type Word } from './words.ts';

interface CompiledFrame {
  factor: FactorId;
  slotCount: number;
}

/** A lexicon's frames ready for matching: for each word key, the (frame, slot) pairs it can fill. */
export interface CompiledFrames {
  frames: readonly CompiledFrame[];
  byKey: ReadonlyMap<string, ReadonlyArray<readonly [frame: number, slot: number]>>;
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
      const parsed = parseFrame(frame, lexicon.synonyms);
      if (!parsed.ok)
        throw new Error(`lexicon frame "${frame}" ${parsed.error}; validate with lexiconSchema`);
      const index = frames.length;
      frames.push({ factor, slotCount: parsed.slots.length });
      for (const [slotIndex, slot] of parsed.slots.entries()) {
        const compiled = lemmaSlot(slot, true);
        if (compiled.kind !== 'word') continue;
        for (const key of compiled.keys) {
          const pairs = byKey.get(key) ?? [];
          pairs.push([index, slotIndex]);
          byKey.set(key, pairs);
        }
      }
    }
  }
  const compiled = { frames, byKey };
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
 * indexes and the index of the frame's own negation word if it has one, or null.
 */
function narrowestMatch(words: readonly Word[], positions: readonly (readonly number[])[]): Match | null {
  let best: Match | null = null;
  let tried = 0;
  const chosen: number[] = [];
  const visit = (slot: number): void => {
    if (tried > MAX_COMBINATIONS) return;
    if (slot === positions.length) {
      tried += 1;
      const first = Math.min(...chosen);
      const last = Math.max(...chosen);
      if (last - first > FRAME_WINDOW) return;
      if (best && last - first >= best[1] - best[0]) return;
      if (oneClauseUnnegated(words, first, last, chosen))
        best = [first, last, chosen.find((index) => words[index]?.negation)];
      return;
    }
    for (const position of positions[slot] ?? []) {
      if (chosen.includes(position)) continue;
      chosen.push(position);
      visit(slot + 1);
      chosen.pop();
    }
  };
  visit(0);
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
): FoundMention[] {
  const mentions: FoundMention[] = [];
  if (compiled.frames.length === 0) return mentions;
  const words = matchWords(text);
  let first = 0;
  for (const [from, to] of ranges) {
    while (first < words.length && (words[first]?.start ?? 0) < from) first += 1;
    const positions = new Map<number, number[][]>();
    let at = first;
    for (; at < words.length && (words[at]?.start ?? 0) < to; at += 1) {
      for (const [frame, slot] of compiled.byKey.get(words[at]?.key ?? '') ?? []) {
        let slots = positions.get(frame);
        if (!slots) {
          slots = Array.from({ length: compiled.frames[frame]?.slotCount ?? 0 }, () => []);
          positions.set(frame, slots);
        }
        slots[slot]?.push(at);
      }
    }
    first = at;
    for (const [frameIndex, slots] of positions) {
      const frame = compiled.frames[frameIndex];
      if (!frame || slots.some((list) => list.length === 0)) continue;
      const match = narrowestMatch(words, slots);
      if (!match) continue;
      const start = words[match[0]]?.start ?? 0;
      const end = words[match[1]]?.end ?? start;
      const mention: FoundMention = {
        start,
        end,
        factor: frame.factor,
        style: 'paraphrase',
        text: text.slice(start, end),
      };
      const negation = match[2] === undefined ? undefined : words[match[2]];
      if (negation) mention.negationAt = negation.start;
      mentions.push(mention);
    }
  }
  return mentions;
}

// What ends the clause a negating frame carries: ";", ":", or a comma before a new clause or a
// new item of a list ("nothing like it was sold by anyone else, the defendant's awareness that …").
const CLAUSE_BREAK =
  /[;:]|,\s*(?:but|which|where|whereas|while|although|though|and\s+(?:in|TSC|here)|(?:and\s+)?(?:the|its|their|his|her|a|an|this|that))\b/i;

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
): FoundMention[] {
  const kept: FoundMention[] = [];
  const taken = [...found];
  const negating = found.filter((mention) => mention.negationAt !== undefined);
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
      negating.some((other) => (other.negationAt ?? 0) >= range[0] && (other.negationAt ?? 0) < frame.start)
    )
      continue;
    kept.push(frame);
    taken.push(frame);
  }
  const carried = new Set(
    found.filter(
      (mention) =>
        mention.style !== 'code' &&
        kept.some(
          (frame) =>
            frame.negationAt !== undefined &&
            frame.factor !== mention.factor &&
            mention.start >= frame.end &&
            mention.start < (sentenceOf(ranges, frame)?.[1] ?? 0) &&
            !CLAUSE_BREAK.test(text.slice(frame.end, mention.start)),
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
