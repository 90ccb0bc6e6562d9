import { describe, expect, it } from 'vitest';
import { findCaseCues } from './case-cues.ts';
import { resolveCaseCues } from './case-references.ts';
import { findCodeMentions } from './code-mentions.ts';
import { findHypotheticalWords } from './hypotheticals.ts';
import { findNegationWords } from './negation.ts';
import { segmentFacts } from './segment-facts.ts';
import { splitSentences } from './sentences.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

function facts(text: string) {
  const mentions = findCodeMentions(text);
  const cues = resolveCaseCues(
    text,
    findCaseCues(text, SHIPPED_LEXICON),
    splitSentences(text, mentions),
    SHIPPED_LEXICON,
  );
  return segmentFacts(
    text,
    { start: 0, end: text.length, opener: 'start' },
    mentions,
    cues,
    findNegationWords(text, SHIPPED_LEXICON),
    findHypotheticalWords(text, SHIPPED_LEXICON),
    SHIPPED_LEXICON,
  );
}

describe('segmentFacts', () => {
  it('tells plain, comparative and unlike case words apart', () => {
    expect(facts('In TSC1, as in the input case, F4; unlike TSC2').cues.map((cue) => cue.relation)).toEqual([
      'plain',
      'comparative',
      'unlike',
    ]);
  });

  it('binds a negation to its case word and keeps it out of the segment negation', () => {
    const result = facts('F7 was present in TSC1 and absent from the input case');
    expect(result.cues.map((cue) => [cue.cases[0], cue.negated])).toEqual([
      ['tsc1', false],
      ['current', true],
    ]);
    expect(result.negated).toBe(false);
  });

  it('sees a free negation word, but not one inside a mention', () => {
    expect(facts('There is no evidence of F22 here').negated).toBe(true);
    expect(facts('F19 No-security-measures applies here').negated).toBe(false);
  });

  it('marks the case being distinguished and drops it when another case is named', () => {
    const result = facts('TSC1 is distinguishable because the plaintiff here took F6');
    expect(result.cues[0]?.topic).toBe(true);
    expect(result.plain.map((entry) => entry.case)).toEqual(['current']);
  });

  it('ignores "both" when two cases are named outright', () => {
    expect(facts('The input case and TSC1 both involve F21').plain.map((entry) => entry.case)).toEqual([
      'current',
      'tsc1',
    ]);
  });

  it('sees sharing unless nothing is shared', () => {
    expect(facts('TSC2 shares F16').share).toBe(true);
    expect(facts('TSC2 shares no factors').share).toBe(false);
  });
});
