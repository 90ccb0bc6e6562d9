import { describe, expect, it } from 'vitest';
import './extract.ts';
import {
  allTemplates,
  classForms,
  definePatterns,
  expandTemplate,
  structuralProblems,
  substringTest,
  templateClasses,
  WORD_CLASSES,
} from './grammar.ts';
import { lexiconSchema } from './lexicon.ts';
import { SHIPPED_LEXICON, testLexicon } from './test-lexicon.ts';

describe("patterns over the lexicon's word classes", () => {
  it('expands {class} to its members, longest first, and {@class} to every inflection', () => {
    const lexicon = testLexicon({}, { helper: ['partner'] });
    const withClass = lexiconSchema.parse({
      ...lexicon,
      structure: {
        ...lexicon.structure,
        party: { role: 'test', words: ['third party', "o'brien", '@helper*'] },
      },
    });
    const source = expandTemplate(withClass, '\\b{party}\\b');
    expect(source).toContain('third\\s+party');
    expect(source).toContain("o['’]brien");
    expect(new RegExp(source, 'i').test('the Partners said')).toBe(true);
    expect(classForms(withClass, '@helper')).toEqual(expect.arrayContaining(['partner', 'partners']));
    expect(templateClasses('{a} and {@b}')).toEqual(['a', '@b']);
  });

  it("compiles a module's patterns once per lexicon object", () => {
    const patternsOf = definePatterns({ GIVEN: ['\\b{possibility}\\b', 'i'] });
    expect(patternsOf(SHIPPED_LEXICON)).toBe(patternsOf(SHIPPED_LEXICON));
    expect(patternsOf(SHIPPED_LEXICON).GIVEN.test('it could be done')).toBe(true);
  });

  it('finds every class the rules name in the shipped lexicon, and no class there unused', () => {
    expect(structuralProblems(SHIPPED_LEXICON)).toEqual([]);
    const used = new Set<string>(WORD_CLASSES);
    for (const templates of allTemplates())
      for (const [template] of Object.values(templates))
        for (const name of templateClasses(template)) used.add(name);
    for (const name of Object.keys(SHIPPED_LEXICON.structure)) expect(used, name).toContain(name);
  });

  it('names the classes a lexicon lacks', () => {
    const { structure, ...rest } = SHIPPED_LEXICON;
    const { possibility: _dropped, ...others } = structure;
    const problems = structuralProblems(lexiconSchema.parse({ ...rest, structure: others }));
    expect(problems).toEqual(['structure: the rules need the structural class "possibility"']);
  });
});

describe('substringTest', () => {
  it('answers as includes does for each word, special characters taken literally', () => {
    const words = ['pro-', 'my client', 'e.g.', 'a|b', '(x)'];
    const test = substringTest(words);
    for (const text of [
      'a pro-plaintiff case',
      'my  client',
      'eggs',
      'e.g. this',
      'a|b',
      'ab',
      '(x)',
      'x',
      '',
    ])
      expect(test.test(text)).toBe(words.some((word) => text.includes(word)));
    expect(substringTest([]).test('anything')).toBe(false);
  });
});
