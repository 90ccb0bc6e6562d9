import { describe, expect, it } from 'vitest';
import { findCaseCues } from './case-cues.ts';
import { findCodeMentions } from './code-mentions.ts';
import { splitSegments } from './segments.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

function segments(text: string) {
  const mentions = findCodeMentions(text);
  const cues = findCaseCues(text, SHIPPED_LEXICON).map((cue) => cue.start);
  const [only = []] = splitSegments(text, [{ start: 0, end: text.length }], mentions, cues, SHIPPED_LEXICON);
  return only.map((segment) => [segment.opener, text.slice(segment.start, segment.end).trim()]);
}

describe('splitSegments', () => {
  it('cuts at contrasts and relative clauses', () => {
    expect(segments('F7 was present in TSC1 but not in the input case')).toEqual([
      ['start', 'F7 was present in TSC1'],
      ['contrast', 'but not in the input case'],
    ]);
    expect(segments('its product was unique (F15), which the input case lacks')).toEqual([
      ['start', 'its product was unique (F15),'],
      ['relative', 'which the input case lacks'],
    ]);
  });

  it('cuts at ; and at : (the colon opens a segment that speaks of what precedes)', () => {
    expect(segments('Input Case: F4, F6; TSC1 had F15')).toEqual([
      ['start', 'Input Case'],
      ['colon', 'F4, F6'],
      ['punctuation', 'TSC1 had F15'],
    ]);
  });

  it('cuts before "and" + a case word only once a factor has been mentioned', () => {
    expect(segments('TSC1 involves F2 and TSC2 involves F7')).toEqual([
      ['start', 'TSC1 involves F2'],
      ['and', 'and TSC2 involves F7'],
    ]);
    expect(segments('In both TSC1 and the input case, F7 is present')).toHaveLength(1);
  });

  it('does not cut "both X and Y" after a factor: one statement about two cases', () => {
    expect(segments('F4, F6, F21 in both the input case and TSC2 (P won)')).toHaveLength(1);
    expect(segments('F4 is in the input case and TSC2 has F6')).toHaveLength(2);
  });

  it('cuts at a comma opening a clause about another case once a factor has been mentioned', () => {
    expect(segments('The input case has F11 and F20, TSC1 has F2').map((segment) => segment[1])).toEqual([
      'The input case has F11 and F20',
      ', TSC1 has F2',
    ]);
    expect(segments('In TSC1, the input case had F4')).toHaveLength(1);
  });

  it('cuts before "and instead"', () => {
    expect(segments('it reverse engineered nothing and instead paid an employee (F2)')[1]).toEqual([
      'and',
      'and instead paid an employee (F2)',
    ]);
  });

  it('does not cut a bare list at ", and"', () => {
    expect(segments('F4, F6, and F10 are absent from the input case')).toHaveLength(1);
  });

  it('ends a relative clause where the main clause resumes with its own case word', () => {
    expect(
      segments('unlike TSC2, where the data was in reports, the data here was compiled in-house'),
    ).toEqual([
      ['contrast', 'unlike TSC2,'],
      ['relative', 'where the data was in reports'],
      ['resume', 'the data here was compiled in-house'],
    ]);
  });

  it('treats an apposition after a parenthesised code as relative', () => {
    expect(segments('locked in a lab (F6), a measure TSC2 never took')[1]).toEqual([
      'relative',
      'a measure TSC2 never took',
    ]);
  });

  it('splits several sentences in one pass', () => {
    const text = 'TSC1 had F4; here too. TSC2 lacks F6, which matters.';
    const lists = splitSegments(
      text,
      [
        { start: 0, end: 22 },
        { start: 23, end: text.length },
      ],
      [],
      [],
      SHIPPED_LEXICON,
    );
    expect(lists.map((list) => list.map((segment) => segment.opener))).toEqual([
      ['start', 'punctuation'],
      ['start', 'relative'],
    ]);
  });

  it('never cuts inside a mention', () => {
    expect(segments('F16:Info-reverse-engineerable is shared')).toHaveLength(1);
  });

  it('does not cut at an interjected ", however,"', () => {
    expect(segments('Only TSC2, however, involves F24')).toEqual([
      ['start', 'Only TSC2, however, involves F24'],
    ]);
  });

  it('resumes the main clause after a subordinate clause opened by "for whereas" mid-sentence', () => {
    expect(
      segments(
        'The analogy fails, for whereas TSC1 had never shown it, the plaintiff here displayed F27',
      ).map(([opener]) => opener),
    ).toEqual(['start', 'contrast', 'resume']);
  });

  it('resumes the main clause after an opening subordinate clause', () => {
    expect(segments('Although the input case shares F8 with TSC1, it does not share F15')).toEqual([
      ['contrast', 'Although the input case shares F8 with TSC1'],
      ['resume', 'it does not share F15'],
    ]);
    expect(segments('Unlike TSC2, the input case involves no F12')).toHaveLength(1);
  });
});
