import { describe, expect, it } from 'vitest';
import { inflections } from './inflections.ts';

describe('inflections', () => {
  it('gives the regular forms of a verb', () => {
    expect(inflections('disclose')).toEqual(
      expect.arrayContaining(['disclose', 'disclosed', 'discloses', 'disclosing']),
    );
  });

  it('knows irregular verbs, which a suffix stemmer cannot join', () => {
    expect(inflections('take')).toEqual(expect.arrayContaining(['took', 'taken', 'taking']));
    expect(inflections('break')).toEqual(expect.arrayContaining(['broke', 'broken']));
    expect(inflections('sell')).toContain('sold');
    expect(inflections('steal')).toEqual(expect.arrayContaining(['stole', 'stolen']));
  });

  it('traces a written inflection back to its lemma and on to the other forms', () => {
    expect(inflections('kept')).toEqual(expect.arrayContaining(['keep', 'keeping']));
    expect(inflections('companies')).toContain('company');
  });

  it('gives the plural of a noun', () => {
    expect(inflections('agreement')).toContain('agreements');
  });

  it('leaves words with digits or apostrophes as they are', () => {
    expect(inflections("didn't")).toEqual(["didn't"]);
    expect(inflections('f4')).toEqual(['f4']);
  });
});
