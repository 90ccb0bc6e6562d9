import type { CaseId, Outcome } from '../vocabulary.ts';
import { definePatterns, substringTest } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { Span } from './sentences.ts';

/**
 * What a case word refers to, before the argument's context is consulted:
 * - `cases`: named outright — "the input case", "here", "TSC 1", "the first precedent", "both
 *   precedents", "all three cases";
 * - `pair`: the current case and the precedent in focus — "both cases", "in both", "each case";
 * - `focus`: the precedent in focus — "there", "that case", "the cited case", "the precedent";
 * - `role`: the precedent the plaintiff or the defendant won or cited — "the plaintiff's precedent";
 * - `counterexample`: the precedent the defendant cited — "the counterexample";
 * - `unidentified`: a precedent the text does not identify — "one of these precedents", "the other
 *   precedent" after both were named is left to `focus`;
 * - `previous`: a sentence-opening "Its" / "Their" — the precedent the sentence before was about,
 *   if that is all it named ("The first precedent is distinguishable. Its owner protected …").
 * - `ordinal`: "the former" / "the latter" as a subject of having or after a preposition — the
 *   first or second of the two cases named just before ("TSC1 and TSC2 differ: the latter had F19").
 */
export type CueTarget =
  | { kind: 'cases'; cases: readonly CaseId[] }
  | { kind: 'pair' }
  | { kind: 'focus' }
  | { kind: 'role'; side: Outcome }
  | { kind: 'counterexample' }
  | { kind: 'previous' }
  | { kind: 'ordinal'; second: boolean }
  | { kind: 'unidentified' };

export interface CaseCue extends Span {
  target: CueTarget;
}

const CURRENT: CueTarget = { kind: 'cases', cases: ['current'] };
const TSC1: CueTarget = { kind: 'cases', cases: ['tsc1'] };
const TSC2: CueTarget = { kind: 'cases', cases: ['tsc2'] };
const PRECEDENTS: CueTarget = { kind: 'cases', cases: ['tsc1', 'tsc2'] };
const ALL: CueTarget = { kind: 'cases', cases: ['current', 'tsc1', 'tsc2'] };

function numbered(digit: string | undefined): CueTarget {
  const word = digit?.toLowerCase();
  return word === '1' || word === 'first' || word === 'one' ? TSC1 : TSC2;
}

type Target = (group: string | undefined) => CueTarget;

function ordinal(word: string | undefined): CueTarget {
  return { kind: 'ordinal', second: word?.toLowerCase() === 'latter' };
}

/**
 * Each pattern (a template over the lexicon's case-word classes) with what it refers to (the first
 * capture group, when there is one, carries the number or side) and words one of which every match
 * contains, in lower case: a text with none of them is not searched with the pattern (a plain
 * substring test is far cheaper than a case-insensitive pass).
 */
const PATTERNS: ReadonlyArray<
  readonly [template: string, flags: string, Target, needs: readonly string[] | null]
> = [
  ['\\b(?:the\\s+)?{current-case-adjective}\\s+{case-noun}\\b', 'gi', () => CURRENT, null],
  ['\\b(?:this|our)\\s+{this-case-noun}\\b', 'gi', () => CURRENT, ['this', 'our']],
  // "our client", "our employee": in a 3-ply argument "our" is a party of the case being argued.
  ['\\bour\\s+{our-party}s?\\b', 'gi', () => CURRENT, ['our']],
  // … and so is any other thing "our" names — "our valve", "our designer" — but not a word of the
  // discussion itself ("our view", "our analysis"); "ours" and "my client" too.
  ["\\bour\\s+(?!{our-discourse-noun}\\b)[a-z][a-z'’-]*", 'gi', () => CURRENT, ['our']],
  ['\\b{current-party-word}\\b', 'gi', () => CURRENT, ['ours', 'my client']],
  ['\\bthe\\s+case\\s+at\\s+(?:bar|hand)\\b', 'gi', () => CURRENT, ['case']],
  ['\\bhere\\b', 'gi', () => CURRENT, ['here']],
  // Terse arguments call the current case just "input": "Input and TSC1 share F4", "which input lacks".
  ['\\binput\\b(?!\\s+{case-noun}\\b)', 'gi', () => CURRENT, ['input']],
  // … and just "current", when what follows cannot be a noun it qualifies ("current has F25", "not
  // current;", "current & TSC1", "F17 in current only"), never "current employer".
  [
    '\\bcurrent\\b(?=[ \\t]*(?:[\\n,.;:&=~|()\\]/]|->|$)|\\s+{bare-current-next}\\b|\\s+(?:and|or)\\s+TSC)',
    'gi',
    () => CURRENT,
    ['current'],
  ],
  // Shorthand notes abbreviate the current case with a period: "cur. lacks F2", "Curr. & TSC1".
  ['\\b{current-abbreviation}\\.(?!\\w)', 'gi', () => CURRENT, ['cur']],
  ['\\bTSC\\s*[-#]?\\s*(?:no\\.?\\s*)?([12])\\b', 'gi', numbered, ['tsc']],
  // Notes shorten "TSC1" to "T1" (a capital T, as written: no lower-case "t1").
  ['\\bT-?([12])\\b', 'g', numbered, null],
  ['\\btrade\\s+secret\\s+case\\s*(?:#|no\\.?)?\\s*([12])\\b', 'gi', numbered, ['trade']],
  ['\\bprecedent\\s*(?:#|no\\.?)?\\s*([12])\\b', 'gi', numbered, ['precedent']],
  // "the first precedent", "the second earlier case", "the first old decision".
  [
    '\\b(?:the\\s+)?(first|second)\\s+(?:{precedent-adjective}\\s+)?{precedent-noun}\\b',
    'gi',
    numbered,
    ['first', 'second'],
  ],
  [
    '\\b(?:case|precedent)\\s+(one|two)\\b',
    'gi',
    numbered,
    ['case one', 'case two', 'precedent one', 'precedent two'],
  ],
  ['\\b(?:both|the\\s+two|two)\\s+{precedents-plural}\\b', 'gi', () => PRECEDENTS, ['both', 'two']],
  ['\\b(?:either|neither)\\s+(?:precedent|tsc)\\b', 'gi', () => PRECEDENTS, ['ither']],
  ['\\bthe\\s+precedents\\b', 'gi', () => PRECEDENTS, ['precedents']],
  ['\\b(?:all\\s+(?:three|3)|each\\s+of\\s+the\\s+three)\\s+cases\\b', 'gi', () => ALL, ['cases']],
  [
    '\\b(?:both|each)\\s+cases?\\b|\\bthe\\s+two\\s+cases\\b|\\bin\\s+each\\b(?!\\s+of)|\\b{pair-phrase}\\b',
    'gi',
    () => ({ kind: 'pair' }),
    ['both', 'each', 'two'],
  ],
  [
    '\\bin\\s+both\\b(?!\\s+(?:the\\s+|of\\s+)?(?:input|current|present|tsc|trade|first|second|precedents?|cases|instances|which))',
    'gi',
    () => ({ kind: 'pair' }),
    ['both'],
  ],
  [
    '\\bboth\\s+(?=(?:(?:also|still|clearly|further|likewise)\\s+)?{both-verb}\\b)',
    'gi',
    () => ({ kind: 'pair' }),
    ['both'],
  ],
  ["\\bthere\\b(?!\\s+{existential-after-there}\\b)(?!['’]s)", 'gi', () => ({ kind: 'focus' }), ['there']],
  // After "the" and a noun, "there" is the precedent's even before "was": "the employee there was
  // the only developer" (an existential "there was" opens its clause).
  [
    // (The lookbehind follows the literal word, so the combined search fails fast elsewhere.)
    '\\bthere(?<=\\bthe\\s+[a-z]+\\s+there)\\b(?=\\s+{existential-after-there}\\b)',
    'gi',
    () => ({ kind: 'focus' }),
    ['there'],
  ],
  [
    '\\b(?:that|this|the\\s+cited|the\\s+same)\\s+(?:precedent|tsc)\\b',
    'gi',
    () => ({ kind: 'focus' }),
    ['precedent', 'tsc'],
  ],
  [
    '\\bthe\\s+{focus-adjective}\\s+(?:case|precedent)\\b|\\bthat\\s+case\\b',
    'gi',
    () => ({ kind: 'focus' }),
    ['case', 'precedent'],
  ],
  ['\\bthe\\s+precedent\\b(?!s)', 'gi', () => ({ kind: 'focus' }), ['precedent']],
  [
    "\\bthe\\s+(plaintiff|defendant)['’]s\\s+(?:precedent|cited\\s+case|chosen\\s+precedent|authority)\\b",
    'gi',
    (side) => ({ kind: 'role', side: side?.toLowerCase() === 'plaintiff' ? 'plaintiff' : 'defendant' }),
    ['plaintiff', 'defendant'],
  ],
  [
    '\\b(?:the\\s+)?pro-(plaintiff|defendant)\\s+(?:precedent|case)\\b',
    'gi',
    (side) => ({ kind: 'role', side: side?.toLowerCase() === 'plaintiff' ? 'plaintiff' : 'defendant' }),
    ['pro-'],
  ],
  [
    '\\bone\\s+of\\s+(?:these|those|the|the\\s+two|both)\\s+(?:precedents|prior\\s+cases|cited\\s+cases|TSCs)\\b',
    'gi',
    () => ({ kind: 'unidentified' }),
    ['one of'],
  ],
  // Capitalised: at a sentence's opening (`resolveCaseCues` checks that it opens the sentence).
  ['\\b(?:Its|Their)\\b', 'g', () => ({ kind: 'previous' }), null],
  [
    '\\bthe\\s+(former|latter)\\b(?:(?<=\\b{ordinal-case-preposition}\\s+the\\s+(?:former|latter))|(?=,?\\s+(?:{ordinal-case-adverb},?\\s+)?(?:not\\s+)?{ordinal-case-verb}\\b))',
    'gi',
    ordinal,
    ['former', 'latter'],
  ],
  [
    "\\b(?:the|this|that|its|defendant['’]s)\\s+counter-?example\\b",
    'gi',
    () => ({ kind: 'counterexample' }),
    ['counter'],
  ],
];

// One pass finds where case words stand (the case-insensitive patterns joined); at each place every
// pattern is tried there (sticky) and the longest wins. The case-sensitive ones ("Its" opening a
// sentence) are searched apart.
const JOINED = PATTERNS.filter(([, flags]) => flags === 'gi').map(([template]) => `(?:${template})`);
const patternsOf = definePatterns({
  ANY: [JOINED.join('|'), 'gi'],
  ...Object.fromEntries(
    PATTERNS.map(([template, flags], index) => [`P${index}`, [template, flags.replace('g', 'y')] as const]),
  ),
  ...Object.fromEntries(
    PATTERNS.map(([template, flags], index) => [`G${index}`, [template, flags] as const]),
  ),
});

/** The compiled patterns as arrays by pattern index (no name lookups per place), once per lexicon. */
interface CuePatterns {
  /** Where any cue may start: the union of every pattern. */
  someCue: RegExp;
  sticky: readonly RegExp[];
  global: readonly RegExp[];
}
const CUE_PATTERNS = new WeakMap<Lexicon, CuePatterns>();
const CASE_INSENSITIVE: readonly boolean[] = PATTERNS.map(([, flags]) => flags === 'gi');

function cuePatterns(lexicon: Lexicon): CuePatterns {
  const cached = CUE_PATTERNS.get(lexicon);
  if (cached) return cached;
  const compiled: Readonly<Record<string, RegExp>> = patternsOf(lexicon);
  const named = (name: string): RegExp => {
    const pattern = compiled[name];
    if (!pattern) throw new Error(`case cues: no compiled pattern ${name}`);
    return pattern;
  };
  const patterns: CuePatterns = {
    someCue: named('ANY'),
    sticky: PATTERNS.map((_, index) => named(`P${index}`)),
    global: PATTERNS.map((_, index) => named(`G${index}`)),
  };
  CUE_PATTERNS.set(lexicon, patterns);
  return patterns;
}

// Each pattern's `needs` as one substring test (`substringTest`: one search, not one per word).
const NEEDS: ReadonlyArray<RegExp | null> = PATTERNS.map(([, , , needs]) =>
  needs ? substringTest(needs) : null,
);

/**
 * Whether the text holds a word that every match of pattern `index` contains (its `needs`), asked
 * only once the pattern has matched somewhere and remembered in `known` (0 not asked, 1 yes, 2 no):
 * a pattern without its word cannot match, and most never match, so the test runs rarely.
 */
function usable(known: Uint8Array, lower: string, index: number): boolean {
  if (known[index] === 0) {
    const needs = NEEDS[index];
    known[index] = !needs || needs.test(lower) ? 1 : 2;
  }
  return known[index] === 1;
}

/** The longest cue a usable pattern of that case sensitivity matches at `at`, or null (a module function: see `negatesForward`). */
function longestAt(
  sticky: readonly RegExp[],
  known: Uint8Array,
  lower: string,
  text: string,
  at: number,
  caseSensitive: boolean,
): CaseCue | null {
  let best: CaseCue | null = null;
  for (let index = 0; index < PATTERNS.length; index += 1) {
    if (CASE_INSENSITIVE[index] === caseSensitive) continue;
    const pattern = sticky[index];
    const entry = PATTERNS[index];
    // A pattern known unusable is not tried (`usable` is asked before the search, not after: the
    // same cues, fewer searches).
    if (!pattern || !entry || known[index] === 2) continue;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match || match[0] === '' || (best && match[0].length <= best.end - best.start)) continue;
    if (!usable(known, lower, index)) continue;
    best = { start: at, end: at + match[0].length, target: entry[2](match[1]) };
  }
  return best;
}

/**
 * Every phrase of `text` that refers to one or more of the three cases, in text order, without
 * overlaps (at one place the longest wins: "the first precedent" over "the precedent"). What a
 * `pair`, `focus`, `role` or `counterexample` cue refers to is settled by `resolveCaseCues`.
 *
 * @example findCaseCues('as in TSC 1, here', lexicon).map((cue) => cue.target) // [{ kind: 'cases', cases: ['tsc1'] }, { kind: 'cases', cases: ['current'] }]
 */
export function findCaseCues(text: string, lexicon: Lexicon): CaseCue[] {
  const { someCue, sticky, global: globals } = cuePatterns(lexicon);
  const lower = text.toLowerCase();
  const known = new Uint8Array(PATTERNS.length);
  const found: CaseCue[] = [];
  someCue.lastIndex = 0;
  for (let match = someCue.exec(text); match; match = someCue.exec(text)) {
    const cue = longestAt(sticky, known, lower, text, match.index, false);
    if (cue) found.push(cue);
    someCue.lastIndex = cue ? cue.end : match.index + 1;
  }
  for (let index = 0; index < PATTERNS.length; index += 1) {
    const global = globals[index];
    if (CASE_INSENSITIVE[index] || !global || !usable(known, lower, index)) continue;
    global.lastIndex = 0;
    for (let match = global.exec(text); match; match = global.exec(text)) {
      const cue = longestAt(sticky, known, lower, text, match.index, true);
      if (cue) found.push(cue);
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const cues: CaseCue[] = [];
  for (const cue of found) {
    const last = cues.at(-1);
    if (last && cue.start < last.end) continue;
    cues.push(cue);
  }
  return cues;
}
