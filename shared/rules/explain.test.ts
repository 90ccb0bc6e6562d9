import { describe, expect, it } from 'vitest';
import { explainExtraction } from './explain.ts';
import { extractFactors } from './extract.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

describe('explainExtraction', () => {
  const text = 'TSC1 involved F20, a pro-defendant factor that the current case lacks.';
  const explained = explainExtraction(text, extractFactors(text, SHIPPED_LEXICON));

  it('gives the lists per case, then each mention with its words in their line and its rules', () => {
    expect(explained).toContain('current case: —   TSC1: F20   TSC2: —');
    expect(explained).toContain('F20 Info-known-to-competitors (D) — TSC1: asserted');
    expect(explained).toContain('F20 Info-known-to-competitors (D) — current case: negated');
    expect(explained).toContain('TSC1 involved [F20], a pro-defendant factor');
    expect(explained).toContain('find.code → case.own-case-words');
    expect(explained).toContain('find.code → comparison.absent-from');
  });

  it('says what every rule used does, from the rule table', () => {
    expect(explained).toMatch(/the rules used:\n {2}case\.own-case-words: A clause with case words/);
    expect(explained).toContain(
      'comparison.absent-from: A clause without factors whose case word is negated',
    );
  });

  it('says so when there is nothing to explain', () => {
    expect(explainExtraction('Nothing here.', extractFactors('Nothing here.', SHIPPED_LEXICON))).toContain(
      'no mentions',
    );
  });
});
