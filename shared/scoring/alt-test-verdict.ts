import type { AltTest } from './alt-test.ts';

function figure(value: number | null): string {
  return value === null ? 'n/a' : value.toFixed(2);
}

/** One extractor's result in words: the figures, then whether it passes and, if not tested, why. */
function describeOne(name: string, test: AltTest): string {
  const figures = `winning rate ${figure(test.winning_rate)} (${test.annotators_rejected} of ${test.annotators_tested} annotators beaten), advantage probability ${figure(test.advantage_probability)}`;
  switch (test.status) {
    case 'no_data':
      return `${name}: not tested — no argument has two annotators and the extractor's output`;
    case 'too_few_arguments': {
      const most = Math.max(0, ...test.annotators.map((entry) => entry.n));
      return `${name}: not tested — no annotator has the ${test.min_arguments} arguments the t-test needs (most: ${most})`;
    }
    case 'too_few_annotators':
      return `${name}: ${figures} — not passed: only ${test.annotators_tested} annotator(s) with ${test.min_arguments} or more arguments, below the authors' minimum of ${test.min_annotators}${test.winning_rate !== null && test.winning_rate >= 0.5 ? ' (the winning rate alone would pass)' : ''}`;
    case 'tested':
      return `${name}: ${figures} — ${test.passed ? 'passes' : 'does not pass'}`;
  }
}

/**
 * The verdict's line on the alternative annotator test (`altTestByExtractor`): the settings, then
 * per extractor its winning rate and advantage probability and whether it passes — or why it could
 * not be tested (no shared arguments, fewer than 30 arguments per annotator, fewer than 3 annotators).
 */
export function describeAltTests(tests: Readonly<Record<string, AltTest>>): string {
  const entries = Object.entries(tests);
  const first = entries[0]?.[1];
  if (first === undefined)
    return 'Can an extractor stand in for a human annotator? Not tested: the study has no extractor output.';
  const alignment = first.alignment === 'jaccard' ? 'Jaccard alignment' : 'accuracy over the 78 decisions';
  return `Can an extractor stand in for a human annotator? Alternative annotator test (Calderon, Reichart & Dror 2025; ε = ${first.epsilon}, ${alignment}, Benjamini–Yekutieli at q = ${first.q}; it passes when it beats at least half of the annotators, ${first.min_annotators} or more with ${first.min_arguments} or more arguments each): ${entries.map(([name, test]) => describeOne(name, test)).join('; ')}.`;
}
