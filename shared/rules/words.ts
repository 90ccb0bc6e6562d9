import type { Lexicon } from './lexicon.ts';
import { stemWord } from './stem.ts';

/**
 * Words of a text for phrase matching: each word with its character span and its matching key
 * (lower case, possessive dropped, crudely stemmed), with the filler words that phrasings vary in
 * ("a", "the", "its", "also" …) left out, so that "signed a strict confidentiality agreement" and
 * "signs confidentiality agreements" meet the lexicon phrase "sign confidentiality agreement" up to
 * one gap word.
 */
export interface Word {
  start: number;
  end: number;
  key: string;
  /** The key negates (`isNegationKey`), computed once so phrase gaps can test it cheaply. */
  negation: boolean;
  /**
   * A clause boundary stands between this word and the one before it (";", ":", ".", or a comma
   * before "and", "but", "which", "where", "while", "whereas", "who", "although", "though"): no
   * phrase runs across it, so a phrase cannot glue two clauses (and their cases) together.
   */
  breakBefore: boolean;
}

// A word: ASCII letters/digits, with inner apostrophes ("didn't") kept — `/[A-Za-z0-9]+(?:['’][A-Za-z]+)*/`,
// scanned by char code (`wordEnd`) because a regular expression's match array per word was the
// reader's largest single cost; hyphens split words, so "reverse-engineered" is two words.
function isAlphanumeric(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

const APOSTROPHE = 39;
const RIGHT_QUOTE = 0x2019;

/** Where the word starting at `start` (an alphanumeric) ends, its inner apostrophes included. */
function wordEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length && isAlphanumeric(text.charCodeAt(end))) end += 1;
  for (;;) {
    const quote = text.charCodeAt(end);
    if ((quote !== APOSTROPHE && quote !== RIGHT_QUOTE) || !isLetter(text.charCodeAt(end + 1))) return end;
    end += 2;
    while (end < text.length && isLetter(text.charCodeAt(end))) end += 1;
  }
}

/**
 * The matchable words of `text` between `from` and `to` (defaults: the whole text), in order,
 * filler words left out. Offsets are into `text`.
 *
 * @example matchWords('It signed the NDAs.', wordVocabulary(lexicon)).map((w) => w.key) // ['it', 'sign', 'nda']
 */
export function matchWords(text: string, vocabulary: WordVocabulary, from = 0, to = text.length): Word[] {
  const words: Word[] = [];
  let previousEnd = from;
  let pendingBreak = false;
  let start = from;
  while (start < to) {
    if (!isAlphanumeric(text.charCodeAt(start))) {
      start += 1;
      continue;
    }
    const end = wordEnd(text, start);
    const info = wordInfo(text.slice(start, end), vocabulary);
    // A filler word can sit between the boundary and the next content word ("; the …").
    const gap = punctuationBetween(text, previousEnd, start);
    const wordStart = start;
    previousEnd = end;
    start = end;
    pendingBreak ||= gap === HARD || (gap === COMMA && info.opensClause);
    if (info.filler) continue;
    words.push({
      start: wordStart,
      end,
      key: info.key,
      negation: info.negation,
      breakBefore: pendingBreak,
    });
    pendingBreak = false;
  }
  return words;
}

/** What `matchWords` needs to know of a word as written, looked up once per distinct spelling. */
interface WordInfo {
  key: string;
  negation: boolean;
  filler: boolean;
  opensClause: boolean;
}

/**
 * The word classes `matchWords` needs, from the lexicon (`structure`): `filler` (left out),
 * `gap-negation` (no phrase gap or frame skips one), `clause-opening` (after a comma, no phrase runs
 * across it); with each spelling's facts remembered (arguments reuse a small vocabulary; bounded:
 * cleared when full).
 */
export interface WordVocabulary {
  fillers: ReadonlySet<string>;
  negations: ReadonlySet<string>;
  clauseWords: ReadonlySet<string>;
  info: Map<string, WordInfo>;
}

// Spellings remembered per vocabulary, at most (a bounded cache: cleared when full).
const INFO_CACHE_SIZE = 50_000;

const VOCABULARIES = new WeakMap<Lexicon, WordVocabulary>();

function structuralWords(lexicon: Lexicon, name: string): ReadonlySet<string> {
  const words = lexicon.structure[name]?.words;
  if (!words) throw new Error(`the lexicon has no structural class "${name}"`);
  return new Set(words.map((word) => word.toLowerCase()));
}

/** The lexicon's word classes for `matchWords`, compiled once per lexicon object. */
export function wordVocabulary(lexicon: Lexicon): WordVocabulary {
  const cached = VOCABULARIES.get(lexicon);
  if (cached) return cached;
  const vocabulary: WordVocabulary = {
    fillers: structuralWords(lexicon, 'filler'),
    negations: structuralWords(lexicon, 'gap-negation'),
    clauseWords: structuralWords(lexicon, 'clause-opening'),
    info: new Map(),
  };
  VOCABULARIES.set(lexicon, vocabulary);
  return vocabulary;
}

function wordInfo(raw: string, vocabulary: WordVocabulary): WordInfo {
  const cached = vocabulary.info.get(raw);
  if (cached) return cached;
  if (vocabulary.info.size >= INFO_CACHE_SIZE) vocabulary.info.clear();
  const lower = raw.toLowerCase();
  const key = stemWord(raw);
  const info: WordInfo = {
    key,
    // The spelling too: stemming turns "nothing", "none", "nowhere" into keys the set does not hold.
    negation: vocabulary.negations.has(key) || key.endsWith("n't") || vocabulary.negations.has(lower),
    filler: vocabulary.fillers.has(lower),
    opensClause: vocabulary.clauseWords.has(lower),
  };
  vocabulary.info.set(raw, info);
  return info;
}

const NONE = 0;
const COMMA = 1;
const HARD = 2;

/** What separates two words: a hard break (";", ":", ".", "!", "?"), a comma, or neither (char codes, no slicing). */
function punctuationBetween(text: string, from: number, to: number): number {
  let found = NONE;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 59 || code === 58 || code === 46 || code === 33 || code === 63) return HARD;
    if (code === 44) found = COMMA;
  }
  return found;
}
