import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { familyOf, RULE_TABLE, ruleNamed } from './rule-table.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

// Rules that only keep a reading as it is (an exception) or drop a mention: they record nothing.
const RECORD_NOTHING = new Set(['recipient.promise-by-defendant', 'subject.cases-compared']);

describe('the rule table', () => {
  it('names every rule once, as family.name', () => {
    const names = RULE_TABLE.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(ruleNamed('comparison.unlike')?.says).toContain('opposite');
    expect(familyOf('case.default-current')).toBe('case');
  });

  it.each(
    RULE_TABLE.filter((rule) => !RECORD_NOTHING.has(rule.name)).map((rule) => [rule.name, rule.example]),
  )('%s: its example is read with the rule', (name, example) => {
    const used = extractFactors(example, SHIPPED_LEXICON).mentions.flatMap((mention) => mention.rules);
    expect(used).toContain(name);
  });

  it('records only rules of the table', () => {
    const text =
      'Unlike TSC2, the input case involves F13; F15 is present in the current case but not in TSC2. TSC1 had both of these factors.';
    for (const mention of extractFactors(text, SHIPPED_LEXICON).mentions)
      for (const name of mention.rules) expect(ruleNamed(name), name).toBeDefined();
  });
});
