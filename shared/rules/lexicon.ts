import { z } from 'zod';
import { type FactorId, factorIdSchema } from '../factors.ts';
import { stemWord } from './stem.ts';

/**
 * One position of a lexicon phrase: a word (one of its alternatives) or a gap of 0…`max` words.
 * A word slot keeps the `words` as written (after `@class` references are replaced by their
 * members), which `compileLexicon` expands to every inflection, and their stems as `keys`.
 */
export type PhraseSlot =
  | { kind: 'word'; words: readonly string[]; keys: readonly string[] }
  | { kind: 'gap'; max: number };

/** Near-synonym classes of a lexicon: a name ("disclose") and its member words, each one word. */
export type SynonymClasses = Readonly<Record<string, readonly string[]>>;

/** The most words a `*` gap in a lexicon phrase may skip. */
export const GAP_MAX = 3;
/**
 * The most words a `**` gap may skip: room for a relative clause between a subject and its verb
 * ("every supplier who saw the plans had signed …"). Use it sparingly; it reaches far.
 */
export const LONG_GAP_MAX = 6;

const WORD_ONLY = /^[a-z0-9]+(?:'[a-z]+)*$/;
const CLASS_NAME = /^[a-z][a-z0-9-]*$/;

function wordSlot(words: readonly string[]): PhraseSlot {
  const unique = [...new Set(words)];
  return { kind: 'word', words: unique, keys: [...new Set(unique.map(stemWord))] };
}

/**
 * Reads one lexicon phrase. Syntax (case-insensitive): words separated by spaces, written as
 * lemmas (each matches every inflection: "take" also "took", "taken"; see `compileLexicon`); `*`
 * stands for 0…3 words, `**` for 0…6 (neither ever skips a negation word); `a|b|c` offers one-word alternatives for one position; `@name` stands for
 * every member of the near-synonym class `name` (and may be one of the alternatives: `@disclose|tell`);
 * a hyphenated word counts as its parts ("reverse-engineered" = "reverse engineered"). Filler words
 * ("the", "a", "its" …) may be written for readability and are ignored, as they are in the
 * text (`fillers`: the lexicon's class `filler`, `lexiconFillers`).
 *
 * @example parsePhrase('signed|executed * nondisclosure agreement', {}, lexiconFillers(lexicon)) // 4 slots: word, gap, word, word
 * @example parsePhrase('@disclose * customer', { disclose: ['disclose', 'reveal'] }) // first slot: disclose|reveal
 */
export function parsePhrase(
  phrase: string,
  classes: SynonymClasses = {},
  fillers: ReadonlySet<string> = NO_FILLERS,
): { ok: true; slots: PhraseSlot[] } | { ok: false; error: string } {
  const slots: PhraseSlot[] = [];
  const parts = phrase.toLowerCase().replace(/’/g, "'").trim().split(/\s+/);
  for (const part of parts) {
    if (part === '*' || part === '**') {
      if (slots.length === 0) return { ok: false, error: 'cannot start with a * gap' };
      if (slots.at(-1)?.kind === 'gap') return { ok: false, error: 'has two * gaps in a row' };
      slots.push({ kind: 'gap', max: part === '*' ? GAP_MAX : LONG_GAP_MAX });
      continue;
    }
    const alternatives = part.split('|');
    if (alternatives.length > 1 || part.startsWith('@')) {
      const words: string[] = [];
      for (const alternative of alternatives) {
        if (alternative.startsWith('@')) {
          const members = classes[alternative.slice(1)];
          if (!members) return { ok: false, error: `"${alternative}" is no synonym class of the lexicon` };
          words.push(...members);
          continue;
        }
        if (!WORD_ONLY.test(alternative))
          return { ok: false, error: `"${part}": alternatives must be single words` };
        if (fillers.has(alternative))
          return { ok: false, error: `"${part}": a filler word cannot be an alternative` };
        words.push(alternative);
      }
      slots.push(wordSlot(words));
      continue;
    }
    for (const word of part.split('-')) {
      if (!WORD_ONLY.test(word)) return { ok: false, error: `"${part}" is not a word, * or a|b` };
      if (!fillers.has(word)) slots.push(wordSlot([word]));
    }
  }
  if (slots.at(-1)?.kind === 'gap') return { ok: false, error: 'cannot end with a * gap' };
  if (!slots.some((slot) => slot.kind === 'word')) return { ok: false, error: 'has no content word' };
  return { ok: true, slots };
}

/** A slot of a concept frame; `afterPrevious`: its word must stand after the previous slot's (" > "). */
export type FrameSlot = Extract<PhraseSlot, { kind: 'word' }> & { afterPrevious: boolean };

/** The most words a frame's match may span, first matched word to last, fillers not counted. */
export const FRAME_WINDOW = 10;

/**
 * Reads one concept frame: two to four slots joined by ` + ` (in every order) or ` > ` (the next slot's
 * word after this one's: "@aware > @private" reads "knew it was secret", not "the secret was
 * told"), each one word position (`word`, `a|b|c`, `@class` or `@class|word`). A frame matches when
 * a word of every slot stands in one clause, in the order the `>` ask, within `FRAME_WINDOW` words and without a negation word between them:
 * "@bar + work + @competitor" meets "a covenant barring him from working for a competitor" and
 * "he may not … " does not (the negation is between). A slot may name a negation word itself
 * ("never + guard + anything", F19): then it is the factor's wording, not a negation. Frames catch word orders and
 * nominalisations the ordered phrases do not list; a phrase always beats a frame it overlaps.
 *
 * @example parseFrame('@bar + work + @competitor', { bar: ['bar', 'restrain'], competitor: ['rival'] }) // 3 slots
 */
export function parseFrame(
  frame: string,
  classes: SynonymClasses = {},
  fillers: ReadonlySet<string> = NO_FILLERS,
): { ok: true; slots: FrameSlot[] } | { ok: false; error: string } {
  const parts = frame.split(/ ([+>]) /);
  const count = (parts.length + 1) / 2;
  if (count < 2 || count > 4) return { ok: false, error: 'needs 2 to 4 slots joined by " + " or " > "' };
  const slots: FrameSlot[] = [];
  for (let index = 0; index < parts.length; index += 2) {
    const part = (parts[index] ?? '').trim();
    if (/\s|\*/.test(part)) return { ok: false, error: `slot "${part}" must be one word position` };
    const parsed = parsePhrase(part, classes, fillers);
    if (!parsed.ok) return parsed;
    const [slot, extra] = parsed.slots;
    if (!slot || extra || slot.kind !== 'word')
      return { ok: false, error: `slot "${part}" must be one word position (no filler, no hyphen)` };
    slots.push({ ...slot, afterPrevious: parts[index - 1] === '>' });
  }
  return { ok: true, slots };
}

// A structural class's member: a word or a few words as written, `@name` (a synonym class's words) /
// `@name*` (all their forms), or a mark of one to three symbols ("✓", "✗", "—": table cells); not
// the ASCII hyphen, which a member's pattern reads as an optional hyphen.
// Words may hold a slash inside ("w/o", the note-taker's "without").
const STRUCTURE_MEMBER =
  /^(?:@[a-z][a-z0-9-]*\*?|[a-z0-9'’][a-z0-9'’ -]*(?:\/[a-z0-9'’ -]+)?|[^\p{L}\p{N}\s'’\-.*+?^${}()|[\]\\]{1,3})$/u;
const structureMemberSchema = z
  .string()
  .regex(
    STRUCTURE_MEMBER,
    'a structural class member is lower-case words (one "/" inside allowed), @class, or a mark of one to three symbols',
  )
  .refine(
    (member) => member.trim() === member && !/\s{2}/.test(member),
    'no leading, trailing or double spaces',
  );

const classMemberSchema = z.string().regex(WORD_ONLY, 'a synonym must be one lower-case word');

const NO_FILLERS: ReadonlySet<string> = new Set();

/**
 * The lexicon's filler words (its structural class `filler`): ignored in phrases and in the text
 * ("a", "the", "its" …). A lexicon without the class has none.
 */
export function lexiconFillers(lexicon: {
  structure: Readonly<Record<string, { words: readonly string[] }>>;
}): ReadonlySet<string> {
  return new Set(lexicon.structure.filler?.words ?? []);
}

/**
 * The vocabulary of the rule-based extractor (`data/lexicon.json`): near-synonym classes
 * (`synonyms`, optional), for every one of the 26 factors phrasings an argument may use
 * instead of the code or the name, as lemma patterns, optional concept frames (`frames`,
 * `parseFrame`): the factor's meaning as concepts that must meet in one clause, in whatever order — and
 * the closed word classes of the structural rules (`structure`: negation words, case words,
 * outsiders, modals …; shared/rules/grammar.ts), each member a word or a few words as written, or
 * `@name` for a synonym class. A phrase may be listed under one factor only; every `@class` named
 * must be defined. Which structural classes the rules need is checked when they are compiled
 * (`structuralProblems`).
 */
export const lexiconSchema = z
  .strictObject({
    version: z.string().trim().min(1),
    description: z.string().optional(),
    synonyms: z
      .record(
        z.string().regex(CLASS_NAME, 'a class name is lower-case letters, digits, hyphens'),
        z.array(classMemberSchema).min(1),
      )
      .default({}),
    factors: z.record(factorIdSchema, z.array(z.string()).min(1, 'needs at least one phrase')),
    frames: z.partialRecord(factorIdSchema, z.array(z.string()).min(1)).default({}),
    structure: z
      .record(
        z.string().regex(CLASS_NAME, 'a class name is lower-case letters, digits, hyphens'),
        z.strictObject({
          role: z.string().trim().min(1, 'say what the class is for'),
          words: z.array(structureMemberSchema).min(1),
        }),
      )
      .default({}),
  })
  .superRefine((lexicon, ctx) => {
    const fillers = lexiconFillers(lexicon);
    for (const [name, words] of Object.entries(lexicon.synonyms))
      for (const [index, word] of words.entries())
        if (fillers.has(word))
          ctx.addIssue({
            code: 'custom',
            path: ['synonyms', name, index],
            message: 'a filler word cannot be a synonym',
          });
    for (const [name, { words }] of Object.entries(lexicon.structure))
      for (const [index, member] of words.entries())
        if (member.startsWith('@') && !lexicon.synonyms[member.replace(/^@|\*$/g, '')])
          ctx.addIssue({
            code: 'custom',
            path: ['structure', name, 'words', index],
            message: `"${member}" is no synonym class of the lexicon`,
          });
    const owner = new Map<string, FactorId>();
    for (const [id, phrases] of Object.entries(lexicon.factors) as [FactorId, string[]][]) {
      for (const [index, phrase] of phrases.entries()) {
        const parsed = parsePhrase(phrase, lexicon.synonyms, fillers);
        if (!parsed.ok) {
          ctx.addIssue({
            code: 'custom',
            path: ['factors', id, index],
            message: `phrase "${phrase}" ${parsed.error}`,
          });
          continue;
        }
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
    for (const [id, frames] of Object.entries(lexicon.frames) as [FactorId, string[]][]) {
      for (const [index, frame] of frames.entries()) {
        const parsed = parseFrame(frame, lexicon.synonyms, fillers);
        if (!parsed.ok)
          ctx.addIssue({
            code: 'custom',
            path: ['frames', id, index],
            message: `frame "${frame}" ${parsed.error}`,
          });
      }
    }
  });
export type Lexicon = z.output<typeof lexiconSchema>;
