import { describe, expect, it } from 'vitest';
import type { AltTestView } from '../report-view.ts';
import { altTestSection, formatPValue } from './alt-test-section.ts';
import type { Block } from './blocks.ts';
import { smallReportView } from './test-report.ts';

function tables(blocks: readonly Block[]) {
  return blocks.flatMap((block) => (block.kind === 'table' ? [block] : []));
}

const ANNOTATOR = {
  annotator: 'alice',
  n: 40,
  status: 'tested' as const,
  extractor_wins: 12,
  tied: 20,
  annotator_wins: 8,
  advantage: 0.8,
  mean_difference: -0.1,
  t_statistic: -2.5,
  p_value: 0.0084,
  rejected: true,
};

function tested(overrides: Partial<AltTestView>): AltTestView {
  return {
    alignment: 'jaccard',
    epsilon: 0.2,
    q: 0.05,
    min_arguments: 30,
    min_annotators: 3,
    status: 'tested',
    passed: true,
    winning_rate: 2 / 3,
    advantage_probability: 0.75,
    annotators_tested: 3,
    annotators_rejected: 2,
    arguments: 40,
    arguments_without_output: 2,
    annotators: [
      ANNOTATOR,
      { ...ANNOTATOR, annotator: 'bob', rejected: false, p_value: 0.2, t_statistic: 0.9 },
      { ...ANNOTATOR, annotator: 'carl', t_statistic: null, p_value: 0, mean_difference: 0 },
      { ...ANNOTATOR, annotator: 'dee', n: 12, status: 'too_few', rejected: false, p_value: 0.00001 },
    ],
    ...overrides,
  };
}

describe('altTestSection', () => {
  it('explains the test, then one line per extractor and one per held-out annotator, statuses in words', () => {
    const view = smallReportView();
    view.alt_test = { x: tested({}) };
    const blocks = altTestSection(view);
    expect(blocks[0]).toEqual({
      kind: 'heading',
      level: 3,
      text: 'Can the extractor stand in for a human? The alternative annotator test',
    });
    expect(blocks[1]?.kind === 'paragraph' && blocks[1].text).toContain('ε = 0.2');
    const [summary, annotators] = tables(blocks);
    expect(summary?.rows).toEqual([
      [
        'x',
        '40 (2 without output left out)',
        '3',
        '0.667 (2 of 3)',
        '0.750',
        { text: 'passes', tone: 'holds' },
      ],
    ]);
    expect(annotators?.rows.map((row) => row.slice(1))).toEqual([
      ['alice', '40', '12 / 20 / 8', '-0.100', '-2.50', '0.008', { text: 'yes', tone: 'holds' }],
      ['bob', '40', '12 / 20 / 8', '-0.100', '0.90', '0.200', { text: 'no', tone: 'fails' }],
      ['carl', '40', '12 / 20 / 8', '0.000', 'no variance', 'below 0.001', { text: 'yes', tone: 'holds' }],
      [
        'dee',
        '12',
        '12 / 20 / 8',
        '-0.100',
        '-2.50',
        'below 0.001',
        { text: 'not tested (too few)', tone: 'too_few' },
      ],
    ]);
  });

  it('says why an extractor was not tested or did not pass', () => {
    const view = smallReportView();
    view.alt_test = {
      a: tested({ passed: false, winning_rate: 0 }),
      b: tested({ status: 'too_few_annotators', passed: false }),
      c: tested({ status: 'too_few_arguments', passed: false, winning_rate: null }),
      d: tested({ status: 'no_data', passed: false, winning_rate: null, annotators: [] }),
    };
    const [summary] = tables(altTestSection(view));
    expect(summary?.rows.map((row) => [row[3], row[5]])).toEqual([
      ['0.000 (2 of 3)', { text: 'does not pass', tone: 'fails' }],
      ['0.667 (2 of 3)', { text: 'not passed: fewer than 3 annotators', tone: 'too_few' }],
      ['n/a', { text: 'not tested: under 30 arguments per annotator', tone: 'too_few' }],
      ['n/a', { text: 'not tested: no shared arguments', tone: 'too_few' }],
    ]);
  });

  it('is empty without an extractor, and reads the report built by buildReport', () => {
    const view = smallReportView();
    expect(Object.keys(view.alt_test)).toEqual(['x']);
    expect(tables(altTestSection(view))[0]?.rows[0]?.[5]).toEqual({
      text: 'not tested: no shared arguments',
      tone: 'too_few',
    });
    view.alt_test = {};
    expect(altTestSection(view)).toEqual([]);
  });

  it('prints p to three decimals, and below 0.001 in words', () => {
    expect([formatPValue(0.0426), formatPValue(0.0009), formatPValue(null)]).toEqual([
      '0.043',
      'below 0.001',
      'n/a',
    ]);
  });
});
