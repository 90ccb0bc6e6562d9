import { describe, expect, it } from 'vitest';
import { annotationSchema } from '../schemas/annotation.ts';
import { judgementResults } from './judgement-results.ts';
import { judgementFromResults } from './read-results.ts';
import { richJudgement, TEXT } from './test-fixtures.ts';

const roundTrip = (judgement = richJudgement()) =>
  judgementFromResults(TEXT, judgementResults(TEXT, judgement));

describe('judgementResults → judgementFromResults', () => {
  it('keeps every span, case, factor, polarity, style, wording, tick, flag, comment and version', () => {
    const { judgement, problems } = roundTrip();
    expect(problems).toEqual([]);
    const expected = richJudgement();
    // Unlisted factors come back grouped by case (current, tsc1, tsc2).
    const [first, second] = expected.unlisted;
    if (first === undefined || second === undefined)
      throw new Error('the rich judgement has two unlisted factors');
    expected.unlisted = [second, first];
    expect(annotationSchema.parse({ argument_id: 'a', annotator: 'al', ...judgement })).toEqual({
      argument_id: 'a',
      annotator: 'al',
      ...expected,
    });
  });

  it('writes a region as a label under its case, with style, polarity and the highlighted text', () => {
    const [label, style, polarity] = judgementResults(TEXT, richJudgement());
    expect(label).toEqual({
      id: 'span-1',
      from_name: 'span_current',
      to_name: 'text',
      type: 'labels',
      value: {
        start: 14,
        end: 48,
        text: 'signed a confidentiality agreement',
        labels: ['F4 Agreed-not-to-disclose (P)'],
      },
    });
    expect(style?.value.choices).toEqual(['paraphrase']);
    expect(polarity?.value.choices).toEqual(['asserted']);
  });

  it('writes nothing for an empty judgement and reads nothing back', () => {
    const empty = {
      ...richJudgement(),
      current: [],
      tsc1: [],
      unlisted: [],
      spans: [],
      abstained: false,
      exact_phrase: false,
      truncated: false,
      comment: undefined,
      guideline_version: undefined,
    };
    delete empty.comment;
    delete empty.guideline_version;
    expect(judgementResults(TEXT, empty)).toEqual([]);
    expect(judgementFromResults(TEXT, []).judgement).toEqual(empty);
  });

  it('ticks the factor of an asserted span left unticked, and reads missing style and polarity as suggested and asserted', () => {
    const result = [
      { id: 'r1', from_name: 'span_tsc1', type: 'labels', value: { start: 50, end: 52, labels: ['F4'] } },
    ];
    const { judgement } = judgementFromResults(TEXT, result);
    expect(judgement?.tsc1).toEqual(['F4']);
    expect(judgement?.spans[0]).toMatchObject({ style: 'code', polarity: 'asserted' });
  });

  it('names every problem: unknown controls, labels, choices and orphan per-region items', () => {
    const { judgement, problems } = judgementFromResults(TEXT, [
      { from_name: 'sentiment', type: 'choices', value: { choices: ['Positive'] } },
      { id: 'r1', from_name: 'span_current', type: 'labels', value: { start: 0, end: 3, labels: ['F9'] } },
      { id: 'r2', from_name: 'style', type: 'choices', value: { start: 0, end: 3, choices: ['code'] } },
      { from_name: 'flags', type: 'choices', value: { choices: ['sleepy'] } },
      { id: 'r3', from_name: 'span_tsc2', type: 'labels', value: { start: 0, end: 3, labels: ['F2'] } },
      {
        id: 'r3',
        from_name: 'polarity',
        type: 'choices',
        value: { start: 0, end: 3, choices: ['hypothetical'] },
      },
    ]);
    expect(judgement).toBeNull();
    expect(problems).toEqual([
      'result[0] (sentiment): no control of factor-audit\'s labelling configuration is called "sentiment"',
      'result[1] (span_current): "F9" is not one of the 26 factors nor "unlisted"',
      'result[3] (flags): "sleepy" is not a flag (abstained, exact phrase, truncated)',
      'style of region r2: no labelled mention has that id',
      'region r3: a judgement\'s mention is asserted or negated, not "hypothetical"',
    ]);
  });

  it('refuses a result of a type the configuration does not give, another object, and a text that is not at its offsets', () => {
    const label = 'F4 Agreed-not-to-disclose (P)';
    const { judgement, problems } = judgementFromResults(TEXT, [
      {
        id: 'r1',
        from_name: 'span_current',
        type: 'rectanglelabels',
        value: { start: 14, end: 48, rectanglelabels: [label] },
      },
      {
        id: 'r2',
        from_name: 'span_current',
        to_name: 'image',
        type: 'labels',
        value: { start: 14, end: 48, labels: [label] },
      },
      {
        id: 'r3',
        from_name: 'span_current',
        type: 'labels',
        value: { start: 14, end: 48, text: 'a different phrase', labels: [label] },
      },
      {
        id: 'r4',
        from_name: 'span_tsc1',
        type: 'labels',
        value: { start: 14, end: 999, text: 'x', labels: [label] },
      },
      { from_name: 'comment', type: 'choices', value: { choices: ['x'] } },
    ]);
    expect(judgement).toBeNull();
    expect(problems).toEqual([
      expect.stringMatching(
        /^result\[0\] \(span_current\): a "rectanglelabels" result, but the labelling configuration's span_current gives "labels" results/,
      ),
      'result[1] (span_current): it labels "image", but the configuration labels only "text"',
      'result[2] (span_current): its text "a different phrase" is not the argument\'s text at 14–48 ("signed a confidentiality agreement"); its offsets would mark other words',
      expect.stringMatching(/^result\[3\] \(span_tsc1\): its text "x" is not the argument's text at 14–999/),
      expect.stringMatching(
        /^result\[4\] \(comment\): a "choices" result, but the labelling configuration's comment gives "textarea" results/,
      ),
    ]);
  });

  it('does not compare the wording typed in a per-region text area with the region', () => {
    const results = judgementResults(TEXT, richJudgement());
    expect(results.some((item) => item.from_name === 'unlisted_text')).toBe(true);
    expect(judgementFromResults(TEXT, results).problems).toEqual([]);
  });
});
