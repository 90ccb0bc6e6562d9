import { describe, expect, it } from 'vitest';
import { growthRatio, prebuiltInputs } from '../growth.ts';
import { type ArgumentLayout, layoutArgument, segmentsWithMarks } from './argument-layout.ts';

/** What a reader sees: each block's kind, its text, and its ply or label where it has one. */
function shown(text: string, layout: ArgumentLayout): string[] {
  return layout.blocks.map((block) => {
    const extra = block.kind === 'heading' ? ` [${block.ply ?? '-'}|${block.label}]` : '';
    return `${block.kind}: ${text.slice(block.start, block.end)}${extra}`;
  });
}

/** The layout's promises: blocks in order, apart, non-empty, trimmed; offsets inside the text. */
function expectWellFormed(text: string, layout: ArgumentLayout): void {
  let previousEnd = 0;
  for (const block of layout.blocks) {
    expect(block.start).toBeGreaterThanOrEqual(previousEnd);
    expect(block.end).toBeGreaterThan(block.start);
    expect(block.end).toBeLessThanOrEqual(text.length);
    const shownText = text.slice(block.start, block.end);
    expect(shownText.trim()).toBe(shownText);
    previousEnd = block.end;
  }
}

// Frozen from the demo study (shared/demo, model demo-reasoner, item demo-arguable-8): a reasoning
// trace, then two plies, cut off by the token limit in the second.
const DEMO_REASONER =
  "<think>Let me compare the cases. The factors involved are F6, F10, F14, F18, F19, F27. I should check which ones the input case shares with each precedent before writing.</think>\nPlaintiff's argument: The input scenario should be decided for the plaintiff, as TSC1 was. Identical-products was present in both the input scenario and TSC1.\n\nDefendant's counterargument: TSC1 is distinguishable because F27 Disclosure-in-public-forum (D) was present in TSC1";

// Frozen from the demo study (model demo-labels, item demo-arguable-1), shortened.
const DEMO_LABELS =
  "Plaintiff's argument: The input case should be decided for the plaintiff, as TSC1 was. F15 Unique-product (P) and F22 Invasive-techniques (P) were present in both the input case and TSC1.\n\nDefendant's counterargument: TSC1 is distinguishable because F23 Waiver-of-confidentiality (D) was present in TSC1 but not in the input case.\n\nPlaintiff's rebuttal: TSC2 is distinguishable because F21 Knew-info-confidential (P) was present in TSC2, which the input case lacks.";

// In the manner of the chat models of the study: bold ply labels, a list, a closing note.
const MARKDOWN_STYLE = [
  "**Plaintiff's Argument (Citing TSC1):**",
  '',
  'In both the input case and TSC1, the defendant signed a nondisclosure agreement (F4).',
  '- F6 Security-measures (P) was present in both.',
  '- F15 Unique-product (P) was present in both.',
  '',
  "**Defendant's Counterargument:** TSC1 is distinguishable because F10 was present in TSC1.",
  '',
  '---',
  '',
  '### 3. Rebuttal',
  'TSC2 is distinguishable: F16 was present in TSC2 but not in the input case.',
].join('\n');

describe('layoutArgument', () => {
  it('shows a reasoning trace as one think block and the plies after it (demo-reasoner)', () => {
    const layout = layoutArgument(DEMO_REASONER, 'length');
    expectWellFormed(DEMO_REASONER, layout);
    expect(shown(DEMO_REASONER, layout)).toEqual([
      expect.stringMatching(/^think: <think>Let me compare.*<\/think>$/),
      "heading: Plaintiff's argument [plaintiff|Plaintiff's argument]",
      'paragraph: The input scenario should be decided for the plaintiff, as TSC1 was. Identical-products was present in both the input scenario and TSC1.',
      "heading: Defendant's counterargument [defendant|Defendant's counterargument]",
      'paragraph: TSC1 is distinguishable because F27 Disclosure-in-public-forum (D) was present in TSC1',
    ]);
    const close = DEMO_REASONER.indexOf('</think>') + '</think>'.length;
    expect(layout.thinkRanges).toEqual([{ start: 0, end: close }]);
    expect(layout.answerStart).toBe(close + 1);
    expect(layout.answerEnd).toBe(DEMO_REASONER.length);
    expect(layout.truncated).toBe(true);
  });

  it('finds the three plies of a plain demo argument (demo-labels)', () => {
    const layout = layoutArgument(DEMO_LABELS, 'stop');
    expectWellFormed(DEMO_LABELS, layout);
    expect(layout.blocks.filter((block) => block.kind === 'heading').map((block) => block.ply)).toEqual([
      'plaintiff',
      'defendant',
      'rebuttal',
    ]);
    expect(layout.blocks).toHaveLength(6);
    expect(layout.truncated).toBe(false);
    expect(layout.thinkRanges).toEqual([]);
    expect(layout.answerStart).toBe(0);
  });

  it('reads bold, numbered and # headings, splits lists into lines and drops rules', () => {
    const layout = layoutArgument(MARKDOWN_STYLE, 'stop');
    expectWellFormed(MARKDOWN_STYLE, layout);
    expect(shown(MARKDOWN_STYLE, layout)).toEqual([
      "heading: Plaintiff's Argument (Citing TSC1) [plaintiff|Plaintiff's argument (citing TSC1)]",
      'paragraph: In both the input case and TSC1, the defendant signed a nondisclosure agreement (F4).',
      'paragraph: - F6 Security-measures (P) was present in both.',
      'paragraph: - F15 Unique-product (P) was present in both.',
      "heading: Defendant's Counterargument [defendant|Defendant's counterargument]",
      'paragraph: TSC1 is distinguishable because F10 was present in TSC1.',
      'heading: Rebuttal [rebuttal|Rebuttal]',
      'paragraph: TSC2 is distinguishable: F16 was present in TSC2 but not in the input case.',
    ]);
  });

  it.each([
    ['Ply 1', 'plaintiff'],
    ['Ply 2: Defendant’s Response', 'defendant'],
    ['2. Counter-Argument', 'defendant'],
    ['PLAINTIFF’S REBUTTAL', 'rebuttal'],
    ["Plaintiff's reply:", 'rebuttal'],
    ['# Argument for the Plaintiff', 'plaintiff'],
    ['1. Argument', 'plaintiff'],
    ['- Rebuttal:', 'rebuttal'],
    ['__Third ply__', 'rebuttal'],
  ])('reads %j as the %s ply', (line, ply) => {
    const layout = layoutArgument(line, 'stop');
    expect(layout.blocks).toEqual([expect.objectContaining({ kind: 'heading', ply })]);
  });

  it('keeps the words after "Ply 1:" in the heading when they name the ply too', () => {
    const text = "Ply 1: Plaintiff's Argument";
    expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
      "heading: Ply 1: Plaintiff's Argument [plaintiff|Ply 1: plaintiff's argument]",
    ]);
  });

  it('does not take a sentence ending in a colon for a heading', () => {
    const text = "The plaintiff's argument fails: F4 was not present.";
    expect(shown(text, layoutArgument(text, 'stop'))).toEqual([`paragraph: ${text}`]);
  });

  it('does not take "3-ply" for the third ply', () => {
    const text = '## 3-Ply Argument';
    expect(layoutArgument(text, 'stop').blocks).toEqual([
      { kind: 'heading', start: 3, end: 17, label: '3-Ply argument' },
    ]);
  });

  it('makes a short wholly bold line a heading without a ply', () => {
    const text = '**Conclusion**\nThe plaintiff should prevail.';
    expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
      'heading: Conclusion [-|Conclusion]',
      'paragraph: The plaintiff should prevail.',
    ]);
  });

  it('keeps a bold lead-in that is not a ply inside its paragraph', () => {
    const text = '**Note:** F4 is asserted for TSC1 only.';
    expect(shown(text, layoutArgument(text, 'stop'))).toEqual([`paragraph: ${text}`]);
  });

  it('reads an inline "Plaintiff:" lead only at the start of a line', () => {
    const text = 'Plaintiff: as in TSC1, F4 applies. Defendant: TSC2 shows F10.';
    expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
      'heading: Plaintiff [plaintiff|Plaintiff]',
      'paragraph: as in TSC1, F4 applies. Defendant: TSC2 shows F10.',
    ]);
  });

  it('splits at single newlines and trims carriage returns and indentation', () => {
    const text = '  First line.\r\nSecond line.  \r\n\r\n\tThird line.\n';
    expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
      'paragraph: First line.',
      'paragraph: Second line.',
      'paragraph: Third line.',
    ]);
  });

  it('gives no block for an empty or blank text', () => {
    expect(layoutArgument('', null).blocks).toEqual([]);
    expect(layoutArgument(' \n\n\t ', null).blocks).toEqual([]);
  });

  it('runs an unclosed trace to the end and ends the answer where it opens', () => {
    const text = 'Preface.\n<think>F4 maybe, F6';
    const layout = layoutArgument(text, 'length');
    expect(shown(text, layout)).toEqual(['paragraph: Preface.', 'think: <think>F4 maybe, F6']);
    expect(layout.blocks[1]?.label).toMatch(/cut off/);
    expect(layout.thinkRanges).toEqual([{ start: 9, end: text.length }]);
    expect(layout.answerStart).toBe(0);
    expect(layout.answerEnd).toBe(9);
  });

  it('reads a closing tag without an opening one as a trace from the start', () => {
    const text = 'Checking F4 first.</think>\n\nF6 applies.';
    const layout = layoutArgument(text, 'stop');
    expect(shown(text, layout)).toEqual(['think: Checking F4 first.</think>', 'paragraph: F6 applies.']);
    expect(layout.answerStart).toBe(text.indexOf('F6'));
  });

  it('matches think tags case-insensitively', () => {
    const text = '<THINK>hm</Think>F4.';
    expect(layoutArgument(text, 'stop').thinkRanges).toEqual([{ start: 0, end: 17 }]);
  });

  it.each([
    ['length', true],
    ['max_tokens', true],
    ['stop', false],
    [null, false],
  ] as const)('calls finish reason %j truncated: %s', (reason, truncated) => {
    expect(layoutArgument('F4.', reason).truncated).toBe(truncated);
  });

  describe('JSON-ish output', () => {
    const JSON_TEXT =
      '{"plaintiff_argument": "As in TSC1, F4 applies.\\n\\nF6 too.", "defendant_counterargument": "TSC1 had F10.", "rebuttal": "TSC2 had F16."}';

    it('shows one heading per key and the raw range of each value as paragraphs', () => {
      const layout = layoutArgument(JSON_TEXT, 'stop');
      expectWellFormed(JSON_TEXT, layout);
      expect(shown(JSON_TEXT, layout)).toEqual([
        'heading: plaintiff_argument [plaintiff|Plaintiff argument]',
        'paragraph: As in TSC1, F4 applies.',
        'paragraph: F6 too.',
        'heading: defendant_counterargument [defendant|Defendant counterargument]',
        'paragraph: TSC1 had F10.',
        'heading: rebuttal [rebuttal|Rebuttal]',
        'paragraph: TSC2 had F16.',
      ]);
      // The offsets point into the raw text, inside the quotes.
      const first = layout.blocks[1];
      expect(first?.start).toBe(JSON_TEXT.indexOf('As in TSC1'));
    });

    it('reads other keys, nested objects, arrays, numbers and a fence around the JSON', () => {
      const text =
        '```json\n{\n  "analysis": {"ply1": "F4 in both."},\n  "score": 3,\n  "points": ["F6 here.", "F10 there."]\n}\n```\nDone.';
      expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
        'heading: analysis [-|Analysis]',
        'heading: ply1 [-|Ply1]',
        'paragraph: F4 in both.',
        'heading: points [-|Points]',
        'paragraph: F6 here.',
        'paragraph: F10 there.',
        'paragraph: Done.',
      ]);
    });

    it('reads a ply heading at the start of a piece of a value', () => {
      const text = `{"argument": "**Plaintiff's Argument:** F4 applies.\\n**Rebuttal:** F6."}`;
      expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
        'heading: argument [-|Argument]',
        "heading: Plaintiff's Argument [plaintiff|Plaintiff's argument]",
        'paragraph: F4 applies.',
        'heading: Rebuttal [rebuttal|Rebuttal]',
        'paragraph: F6.',
      ]);
    });

    it('does not split at an escaped backslash followed by n', () => {
      const text = '{"a": "C:\\\\new folder"}';
      expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
        'heading: a [-|A]',
        'paragraph: C:\\\\new folder',
      ]);
    });

    it('keeps an escaped quote inside a value and trims escaped carriage returns', () => {
      const text = '{"rebuttal": "\\r\\nThe \\"cited case\\" had F16.\\r\\n"}';
      expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
        'heading: rebuttal [rebuttal|Rebuttal]',
        'paragraph: The \\"cited case\\" had F16.',
      ]);
    });

    it('lays out JSON cut off inside a value up to the end of the text', () => {
      const text = '{"plaintiff_argument": "F4 applies.", "defendant_counterargument": "TSC1 is distingu';
      const layout = layoutArgument(text, 'length');
      expect(shown(text, layout).slice(-1)).toEqual(['paragraph: TSC1 is distingu']);
      expect(layout.truncated).toBe(true);
    });

    it('tolerates single quotes and bare keys', () => {
      const text = "{plaintiff: 'F4 applies.', 'rebuttal': 'F6.'}";
      expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
        'heading: plaintiff [plaintiff|Plaintiff]',
        'paragraph: F4 applies.',
        'heading: rebuttal [rebuttal|Rebuttal]',
        'paragraph: F6.',
      ]);
    });

    it('shows braces around prose as a paragraph', () => {
      const text = '{F4, F6} were present in both cases.\n{F10} was not.';
      expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
        'paragraph: {F4, F6} were present in both cases.',
        'paragraph: {F10} was not.',
      ]);
    });

    it('reads JSON that follows a line of prose', () => {
      const text = 'Here is the argument:\n{"rebuttal": "F6."}';
      expect(shown(text, layoutArgument(text, 'stop'))).toEqual([
        'paragraph: Here is the argument:',
        'heading: rebuttal [rebuttal|Rebuttal]',
        'paragraph: F6.',
      ]);
    });
  });

  describe('speed', () => {
    // About 1,500 words: the demo argument repeated, with a trace, bold labels and a JSON tail.
    const long = `<think>${'Weighing F4 and F6. '.repeat(50)}</think>\n${`${DEMO_LABELS}\n\n${MARKDOWN_STYLE}\n\n`.repeat(11)}{"rebuttal": "${'F16 was present. '.repeat(20)}"}`;

    it('lays out a 1,500-word argument well-formed (its speed is measured in npm run bench)', () => {
      expect(long.split(/\s+/).length).toBeGreaterThan(1_500);
      expectWellFormed(long, layoutArgument(long, 'stop'));
    });

    it('lays out 6 million characters of JSON openings without overflowing the stack', () => {
      const text = '{"a":"'.repeat(1_000_000);
      const { blocks } = layoutArgument(text, 'stop');
      expect(blocks).toHaveLength(1_000_000);
      expect(blocks.at(-1)?.start).toBeLessThan(text.length);
    });

    // Linear, not quadratic: 32 times the input takes about 32 times as long (a quadratic scan, 1,024;
    // the bound, 320, is ten times linear and a third of quadratic). Only the layout is timed, best
    // of nine: each call takes the next of a few copies of the input built before the timing. With
    // the input built inside the timed call and the best of five, full test runs on the loaded
    // machine measured 253 and 391 for linear work; this way the worst of 8 runs beside two
    // allocating processes was 146 (braces, whose 160,000 blocks load the collector most).
    it.each([
      ['braces', (n: number) => '{'.repeat(n)],
      ['open tags', (n: number) => '<think>'.repeat(n / 5)],
      ['stars', (n: number) => '*'.repeat(n)],
      ['colons and quotes', (n: number) => '{"a":"'.repeat(n / 5)],
      ['one long line of heading words', (n: number) => "Plaintiff's argument ".repeat(n / 10)],
      ['backslashes in a value', (n: number) => `{"a": "${'\\'.repeat(n + 1)}`],
    ])('stays linear on pathological input: %s', (_name, input) => {
      const next = prebuiltInputs(input, [5_000, 160_000]);
      expect(growthRatio((n) => layoutArgument(next(n), 'stop'), 5_000, 160_000, 9)).toBeLessThan(320);
      const text = input(160_000);
      expectWellFormed(text, layoutArgument(text, 'stop'));
    });
  });
});

describe('segmentsWithMarks', () => {
  it('gives the whole block as one unmarked piece without marks', () => {
    expect(segmentsWithMarks(5, 10, [])).toEqual([{ start: 5, end: 10, markIds: [] }]);
  });

  it('cuts at the edges of overlapping marks, listing ids in the order given', () => {
    expect(
      segmentsWithMarks(0, 10, [
        { start: 4, end: 8, id: 'b' },
        { start: 2, end: 6, id: 'a' },
      ]),
    ).toEqual([
      { start: 0, end: 2, markIds: [] },
      { start: 2, end: 4, markIds: ['a'] },
      { start: 4, end: 6, markIds: ['b', 'a'] },
      { start: 6, end: 8, markIds: ['b'] },
      { start: 8, end: 10, markIds: [] },
    ]);
  });

  it('handles a mark nested in another and marks that share an edge', () => {
    expect(
      segmentsWithMarks(0, 6, [
        { start: 0, end: 6, id: 'outer' },
        { start: 2, end: 4, id: 'inner' },
        { start: 4, end: 6, id: 'next' },
      ]),
    ).toEqual([
      { start: 0, end: 2, markIds: ['outer'] },
      { start: 2, end: 4, markIds: ['outer', 'inner'] },
      { start: 4, end: 6, markIds: ['outer', 'next'] },
    ]);
  });

  it('clips marks to the block and ignores marks outside it and empty marks', () => {
    expect(
      segmentsWithMarks(10, 20, [
        { start: 5, end: 12, id: 'left' },
        { start: 18, end: 30, id: 'right' },
        { start: 0, end: 10, id: 'before' },
        { start: 15, end: 15, id: 'empty' },
      ]),
    ).toEqual([
      { start: 10, end: 12, markIds: ['left'] },
      { start: 12, end: 18, markIds: [] },
      { start: 18, end: 20, markIds: ['right'] },
    ]);
  });

  it('gives nothing for an empty block', () => {
    expect(segmentsWithMarks(4, 4, [{ start: 0, end: 10, id: 'a' }])).toEqual([]);
  });

  it('keeps two marks with the same range in one piece', () => {
    expect(
      segmentsWithMarks(0, 4, [
        { start: 0, end: 4, id: 'x' },
        { start: 0, end: 4, id: 'y' },
      ]),
    ).toEqual([{ start: 0, end: 4, markIds: ['x', 'y'] }]);
  });

  it('splits a block with many marks in n log n, not n²', () => {
    const marks = Array.from({ length: 5_000 }, (_, index) => ({
      start: index * 2,
      end: index * 2 + 3,
      id: String(index),
    }));
    const pieces = segmentsWithMarks(0, 10_002, marks);
    const many = (n: number) =>
      segmentsWithMarks(
        0,
        2 * n + 2,
        Array.from({ length: n }, (_, index) => ({
          start: index * 2,
          end: index * 2 + 3,
          id: String(index),
        })),
      );
    expect(growthRatio(many, 1_000, 32_000)).toBeLessThan(200);
    // Edges at 0, every integer 2…9999, then 10001 (the last mark's end) and the block's end.
    expect(pieces).toHaveLength(10_000);
    expect(pieces[1]).toEqual({ start: 2, end: 3, markIds: ['0', '1'] });
  });
});
