import { inflections } from './inflections.ts';
import type { Lexicon } from './lexicon.ts';

/**
 * The structural rules' patterns, with their word classes taken from the lexicon. A pattern is
 * written in code as a regular-expression template whose word classes are placeholders:
 * `{name}` stands for the lexicon's structural class `name` (`structure` in data/lexicon.json: words
 * or short word sequences, or `@class` / `@class*` for a synonym class's lemmas / all their forms, matched as written — a space matching any white space, an apostrophe
 * either apostrophe, a hyphen a hyphen, a dash or nothing), `{@name}` for every inflection of the
 * lexicon's synonym class `name` (as phrases match it). So the code says how the words of a rule
 * stand to one another ("a negation right before a case word"), and the lexicon says which words
 * they are: one vocabulary, which a reviewer reads and extends in one file.
 *
 * `definePatterns` compiles a module's templates once per lexicon object (cached, like the
 * phrases): calling the returned function for every argument costs one lookup.
 */
export type PatternTemplates = Readonly<Record<string, readonly [template: string, flags: string]>>;

const PLACEHOLDER = /\{(@?)([a-z][a-z0-9-]*)\}/g;

/** A class member as regex source: literal, white space flexible, either apostrophe, hyphen optional. */
function memberSource(member: string): string {
  return member
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+')
    .replace(/'/g, "['’]")
    .replace(/-/g, '[-‐–\\s]?');
}

const ALTERNATIONS = new WeakMap<Lexicon, Map<string, string>>();

/**
 * The forms of a structural class (`name`) or of a synonym class (`@name`): a structural class's
 * members as written, where a member `@other` brings in the words of the synonym class `other` as
 * written (lemmas: "employee") and `@other*` every inflection of them ("employee", "employees"); a
 * synonym class's members with all their inflections. Throws for a class the
 * lexicon lacks (the schema requires every class a pattern names: `STRUCTURE_CLASSES`).
 */
export function classForms(lexicon: Lexicon, name: string): string[] {
  const synonym = name.startsWith('@');
  const members = synonym ? lexicon.synonyms[name.slice(1)] : lexicon.structure[name]?.words;
  if (!members) throw new Error(`the lexicon has no ${synonym ? 'synonym' : 'structural'} class "${name}"`);
  const forms = new Set<string>();
  for (const member of members) {
    if (synonym) for (const form of inflections(member)) forms.add(form);
    else if (member.endsWith('*'))
      for (const form of classForms(lexicon, member.slice(0, -1))) forms.add(form);
    else if (member.startsWith('@'))
      for (const form of lexicon.synonyms[member.slice(1)] ?? []) forms.add(form);
    else forms.add(member);
  }
  return [...forms];
}

/** The alternation a placeholder stands for, longest member first: `(?:third\s+party|customer|…)`. */
function alternation(lexicon: Lexicon, name: string): string {
  let cache = ALTERNATIONS.get(lexicon);
  if (!cache) {
    cache = new Map();
    ALTERNATIONS.set(lexicon, cache);
  }
  const cached = cache.get(name);
  if (cached) return cached;
  const forms = classForms(lexicon, name).sort((a, b) => b.length - a.length || a.localeCompare(b));
  const source = `(?:${forms.map(memberSource).join('|')})`;
  cache.set(name, source);
  return source;
}

/** A template's source with every placeholder replaced by its class's alternation. */
export function expandTemplate(lexicon: Lexicon, template: string): string {
  return template.replace(PLACEHOLDER, (_whole, at: string, name: string) =>
    alternation(lexicon, `${at}${name}`),
  );
}

/** The class names a template refers to (`name` and `@name`), for validation and the docs. */
export function templateClasses(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => `${match[1]}${match[2]}`);
}

const TEMPLATE_SETS: PatternTemplates[] = [];

/** Every template every module defined (for the test that checks each compiles against the lexicon). */
export function allTemplates(): readonly PatternTemplates[] {
  return TEMPLATE_SETS;
}

/**
 * A module's patterns: from templates (name → [template, flags]) to a function giving the compiled
 * RegExps for a lexicon, cached per lexicon object. A global (`g`) pattern is shared state: reset
 * its `lastIndex` before each search, as the modules do.
 *
 * @example const patternsOf = definePatterns({ PERSON: ['\\b{employee}\\b', 'gi'] }); patternsOf(lexicon).PERSON
 */
export function definePatterns<const T extends PatternTemplates>(
  templates: T,
): (lexicon: Lexicon) => { readonly [K in keyof T]: RegExp } {
  TEMPLATE_SETS.push(templates);
  const compiled = new WeakMap<Lexicon, { readonly [K in keyof T]: RegExp }>();
  return (lexicon) => {
    const cached = compiled.get(lexicon);
    if (cached) return cached;
    const patterns = Object.fromEntries(
      Object.entries(templates).map(([name, [template, flags]]) => [
        name,
        new RegExp(expandTemplate(lexicon, template), flags),
      ]),
    ) as { readonly [K in keyof T]: RegExp };
    compiled.set(lexicon, patterns);
    return patterns;
  };
}

/** A structural class's forms as a set of lower-case words (for classes of single words tested one by one). */
export function defineWordSet(name: string): (lexicon: Lexicon) => ReadonlySet<string> {
  const compiled = new WeakMap<Lexicon, ReadonlySet<string>>();
  return (lexicon) => {
    const cached = compiled.get(lexicon);
    if (cached) return cached;
    const set = new Set(classForms(lexicon, name).map((form) => form.toLowerCase()));
    compiled.set(lexicon, set);
    return set;
  };
}

/** The structural classes the extractor reads outside any pattern (tokenisation: shared/rules/words.ts). */
export const WORD_CLASSES = ['filler', 'gap-negation', 'clause-opening'] as const;

/**
 * What stops a lexicon from serving the structural rules: every class a pattern or the tokeniser
 * names that the lexicon lacks, and every pattern that does not compile with its classes — one
 * message each, empty when it serves. (The patterns are those of the modules loaded: load
 * `extract.ts` first, as every caller of the extractor does.)
 */
export function structuralProblems(lexicon: Lexicon): string[] {
  const problems: string[] = [];
  const needed = new Set<string>(WORD_CLASSES);
  for (const templates of TEMPLATE_SETS)
    for (const [template] of Object.values(templates))
      for (const name of templateClasses(template)) needed.add(name);
  for (const name of [...needed].sort()) {
    const missing = name.startsWith('@') ? !lexicon.synonyms[name.slice(1)] : !lexicon.structure[name];
    if (missing)
      problems.push(
        `structure: the rules need the ${name.startsWith('@') ? 'synonym' : 'structural'} class "${name}"`,
      );
  }
  if (problems.length > 0) return problems;
  for (const templates of TEMPLATE_SETS)
    for (const [name, [template, flags]] of Object.entries(templates)) {
      try {
        new RegExp(expandTemplate(lexicon, template), flags);
      } catch (error) {
        problems.push(
          `structure: pattern ${name} does not compile (${error instanceof Error ? error.message : error})`,
        );
      }
    }
  return problems;
}

/**
 * A test whether a text holds one or more of `words` as written (case-sensitive substrings): the returned
 * pattern's `test(text)` is `words.some((word) => text.includes(word))`, in one search — for the
 * pre-checks that skip a pattern whose words a text lacks, where one `includes` per word costs
 * several times one search of the literals joined.
 */
export function substringTest(words: readonly string[]): RegExp {
  if (words.length === 0) return /(?!)/;
  return new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('|'));
}

/**
 * Where the last match of a global `pattern` in `text` starts, or -1 — skipping a match the text
 * just before it (up to `lookBack` characters) makes no match of `unless` for ("a vendor" after
 * "pretending to be": no outsider; "staff" after "the defendant's": no person of the plaintiff).
 */
export function lastMatchIndex(pattern: RegExp, text: string, unless?: RegExp, lookBack = 60): number {
  let last = -1;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text))
    if (!unless?.test(text.slice(Math.max(0, match.index - lookBack), match.index))) last = match.index;
  return last;
}
