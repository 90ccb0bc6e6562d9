import { describe, expect, it } from 'vitest';
import { catalogueIdOfName, findNameMentions, findPseudoNameMentions } from './name-mentions.ts';

describe('catalogueIdOfName', () => {
  it('ignores case, spaces, hyphens and a plural s', () => {
    expect(catalogueIdOfName('Agreed-Not-To-Disclose')).toBe('F4');
    expect(catalogueIdOfName('non-competition agreements')).toBe('F13');
    expect(catalogueIdOfName('Market-dominance')).toBeNull();
  });
});

describe('findNameMentions', () => {
  it('finds names whatever the casing and hyphenation, with a following side marker', () => {
    const text = 'the defendant agreed not to disclose; **Security-Measures** and Unique-product (P).';
    expect(findNameMentions(text).map((m) => [m.factor, text.slice(m.start, m.end)])).toEqual([
      ['F4', 'agreed not to disclose'],
      ['F6', 'Security-Measures'],
      ['F15', 'Unique-product (P)'],
    ]);
  });

  it('prefers the longer name that contains a shorter one', () => {
    expect(findNameMentions('it took no security measures').map((m) => m.factor)).toEqual(['F19']);
  });

  it('needs the words next to each other: "disclosure in a public forum" is not the name', () => {
    expect(findNameMentions('a disclosure in a public forum')).toEqual([]);
  });
});

describe('findPseudoNameMentions', () => {
  it('reports made-up labels before a side marker, before "factor", or in bold', () => {
    const text = 'the Customer-loyalty (D) factor, the Public-availability factor and **Employee-Trust**';
    expect(findPseudoNameMentions(text).map((m) => m.text)).toEqual([
      'Customer-loyalty',
      'Public-availability',
      'Employee-Trust',
    ]);
  });

  it('leaves catalogue names and ordinary hyphenated words alone', () => {
    expect(findPseudoNameMentions('**Brought-Tools** and a well-known fact')).toEqual([]);
  });
});
