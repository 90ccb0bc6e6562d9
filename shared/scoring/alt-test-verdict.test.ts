import { describe, expect, it } from 'vitest';
import type { AltTest } from './alt-test.ts';
import { describeAltTests } from './alt-test-verdict.ts';

function altTest(overrides: Partial<AltTest>): AltTest {
  return {
    alignment: 'jaccard',
    epsilon: 0.2,
    q: 0.05,
    min_arguments: 30,
    min_annotators: 3,
    status: 'tested',
    passed: false,
    winning_rate: null,
    advantage_probability: null,
    annotators_tested: 0,
    annotators_rejected: 0,
    arguments: 0,
    arguments_without_output: 0,
    annotators: [],
    ...overrides,
  };
}

describe('describeAltTests', () => {
  it('states the settings, then each extractor: passes, does not pass, or why it was not tested', () => {
    const text = describeAltTests({
      'gpt-4.1': altTest({
        passed: true,
        winning_rate: 2 / 3,
        advantage_probability: 0.8,
        annotators_tested: 3,
        annotators_rejected: 2,
      }),
      rules: altTest({ winning_rate: 0, advantage_probability: 0.4, annotators_tested: 3 }),
      other: altTest({ status: 'no_data' }),
    });
    expect(text).toContain('ε = 0.2, Jaccard alignment, Benjamini–Yekutieli at q = 0.05');
    expect(text).toContain(
      'gpt-4.1: winning rate 0.67 (2 of 3 annotators beaten), advantage probability 0.80 — passes',
    );
    expect(text).toContain(
      'rules: winning rate 0.00 (0 of 3 annotators beaten), advantage probability 0.40 — does not pass',
    );
    expect(text).toContain("other: not tested — no argument has two annotators and the extractor's output");
  });

  it('says when the minimum of 3 annotators is not met, even where the winning rate alone would pass', () => {
    const text = describeAltTests({
      rules: altTest({
        status: 'too_few_annotators',
        winning_rate: 1,
        advantage_probability: 0.9,
        annotators_tested: 2,
        annotators_rejected: 2,
      }),
    });
    expect(text).toContain(
      "rules: winning rate 1.00 (2 of 2 annotators beaten), advantage probability 0.90 — not passed: only 2 annotator(s) with 30 or more arguments, below the authors' minimum of 3 (the winning rate alone would pass)",
    );
  });

  it('names the most arguments an annotator has when none reaches 30, and says when there is no extractor', () => {
    const annotator = {
      annotator: 'a',
      n: 12,
      status: 'too_few' as const,
      extractor_wins: 0,
      tied: 12,
      annotator_wins: 0,
      advantage: 1,
      mean_difference: 0,
      t_statistic: null,
      p_value: 0,
      rejected: false,
    };
    expect(
      describeAltTests({ x: altTest({ status: 'too_few_arguments', annotators: [annotator] }) }),
    ).toContain('x: not tested — no annotator has the 30 arguments the t-test needs (most: 12)');
    expect(describeAltTests({})).toContain('Not tested: the study has no extractor output.');
  });
});
