import nlp from 'compromise/two';

/**
 * The inflection functions of the compromise NLP library (v14, `compromise/two`): verb conjugation
 * and noun plurals from its English lexicon, irregular forms included (take → took, taken; keep →
 * kept; break → broke, broken; company → companies). Its typings expose the world as `object`, so
 * the shape used here is checked once at load.
 */
interface Transforms {
  conjugate: (word: string) => Readonly<Record<string, string>>;
  toInfinitive: (word: string, tense: string) => string;
  toPlural: (word: string) => string;
  toSingular: (word: string) => string;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function callable(value: unknown, name: string): (...args: unknown[]) => unknown {
  if (typeof value !== 'function') throw new Error(`compromise no longer offers ${name}; pin v14`);
  return value as (...args: unknown[]) => unknown;
}

function loadTransforms(): Transforms {
  const world: unknown = nlp.world();
  const model = field(world, 'model');
  const transform = field(field(field(world, 'methods'), 'two'), 'transform');
  const verb = field(transform, 'verb');
  const noun = field(transform, 'noun');
  const conjugate = callable(field(verb, 'conjugate'), 'verb.conjugate');
  const toInfinitive = callable(field(verb, 'toInfinitive'), 'verb.toInfinitive');
  const toPlural = callable(field(noun, 'toPlural'), 'noun.toPlural');
  const toSingular = callable(field(noun, 'toSingular'), 'noun.toSingular');
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return {
    conjugate: (word) => {
      const forms = conjugate(word, model);
      if (typeof forms !== 'object' || forms === null) return {};
      return Object.fromEntries(
        Object.entries(forms).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    },
    toInfinitive: (word, tense) => text(toInfinitive(word, model, tense)),
    toPlural: (word) => text(toPlural(word, model)),
    toSingular: (word) => text(toSingular(word, model)),
  };
}

const TRANSFORMS = loadTransforms();
const TENSES = ['PastTense', 'Participle', 'PresentTense', 'Gerund'] as const;
const SINGLE_WORD = /^[a-z]+$/;

/** The verb forms of `lemma` (one word each: "will take" is dropped), the lemma itself included. */
function verbForms(lemma: string): string[] {
  return Object.values(TRANSFORMS.conjugate(lemma)).filter((form) => SINGLE_WORD.test(form));
}

/**
 * Every form a lexicon word may take in a text: the word as written, its lemma(s) — a written
 * inflection is traced back only when conjugating the candidate lemma gives the word again
 * ("took" → "take", "kept" → "keep", "companies" → "company"), so a noun is never turned into a
 * made-up verb — and, for each lemma, its verb forms (compromise's conjugation, irregulars included)
 * and its plural. Over-generation ("agreemented") is harmless: such a form never occurs in text.
 * Words that are not plain lower-case letters (digits, apostrophes) come back as they are.
 *
 * Precondition: one lower-case word. Pure and deterministic; results are cached.
 *
 * @example inflections('take') // ['take', 'took', 'takes', 'taking', 'taken'] (in some order)
 * @example inflections('kept').includes('keeping') // true
 */
export function inflections(word: string): readonly string[] {
  const cached = CACHE.get(word);
  if (cached) return cached;
  const forms = new Set<string>([word]);
  if (SINGLE_WORD.test(word)) {
    const lemmas = new Set<string>([word]);
    for (const tense of TENSES) {
      const lemma = TRANSFORMS.toInfinitive(word, tense);
      if (SINGLE_WORD.test(lemma) && verbForms(lemma).includes(word)) lemmas.add(lemma);
    }
    const singular = TRANSFORMS.toSingular(word);
    if (SINGLE_WORD.test(singular) && TRANSFORMS.toPlural(singular) === word) lemmas.add(singular);
    for (const lemma of lemmas) {
      forms.add(lemma);
      for (const form of verbForms(lemma)) forms.add(form);
      const plural = TRANSFORMS.toPlural(lemma);
      if (SINGLE_WORD.test(plural)) forms.add(plural);
    }
  }
  const result = [...forms];
  CACHE.set(word, result);
  return result;
}

const CACHE = new Map<string, readonly string[]>();
