import type { AltTestView, ReportView } from '../report-view.ts';
import { formatNumber } from '../scoring/verdict.ts';
import type { Block, Cell } from './blocks.ts';

/** Whether the extractor passes, in words and with the tone of a claim. */
function outcome(test: AltTestView): Cell {
  switch (test.status) {
    case 'tested':
      return test.passed ? { text: 'passes', tone: 'holds' } : { text: 'does not pass', tone: 'fails' };
    case 'too_few_annotators':
      return { text: `not passed: fewer than ${test.min_annotators} annotators`, tone: 'too_few' };
    case 'too_few_arguments':
      return { text: `not tested: under ${test.min_arguments} arguments per annotator`, tone: 'too_few' };
    case 'no_data':
      return { text: 'not tested: no shared arguments', tone: 'too_few' };
  }
}

/** A p-value to three decimals, "below 0.001" under that (no "<": Markdown would escape it), "n/a" when there is none. */
export function formatPValue(p: number | null): string {
  if (p === null) return 'n/a';
  return p < 0.001 ? 'below 0.001' : p.toFixed(3);
}

/** Whether the annotator was beaten, in words: a too-few annotator was not tested at all. */
function beaten(entry: AltTestView['annotators'][number]): Cell {
  if (entry.status === 'too_few') return { text: 'not tested (too few)', tone: 'too_few' };
  return entry.rejected ? { text: 'yes', tone: 'holds' } : { text: 'no', tone: 'fails' };
}

/**
 * Section 2, continued: can the extractor stand in for a human? The alternative annotator test
 * (`report.alt_test`): what it does in one paragraph, one line per extractor (winning rate,
 * advantage probability, passes or why not), and per extractor and held-out annotator the arguments
 * compared, who aligned better with the other annotators, the mean of W_h − W_ext tested against ε,
 * t, p and whether the annotator is beaten after Benjamini–Yekutieli. Empty without an extractor.
 */
export function altTestSection(report: ReportView): Block[] {
  const entries = Object.entries(report.alt_test);
  const first = entries[0]?.[1];
  if (first === undefined) return [];
  const alignment =
    first.alignment === 'jaccard'
      ? 'the Jaccard similarity of their asserted (case, factor) sets, abstention one more element, two empty sets aligning at 1'
      : `the share of the 78 (case, factor) decisions they agree on`;
  return [
    {
      kind: 'heading',
      level: 3,
      text: 'Can the extractor stand in for a human? The alternative annotator test',
    },
    {
      kind: 'paragraph',
      text: `Calderon, Reichart & Dror (ACL 2025). One annotator is left out at a time; on every argument it shares with another annotator, it and the extractor are each scored against the remaining annotators (the mean of ${alignment}). The extractor beats that annotator when a one-sided t-test shows that the annotator's advantage, mean(W_h − W_ext), lies below ε = ${first.epsilon} (W = 1 for the better or tied score), after the Benjamini–Yekutieli correction at q = ${first.q} over the annotators. It passes when it beats at least half of them (winning rate ≥ 0.5), with at least ${first.min_annotators} annotators of ${first.min_arguments} or more arguments each; annotators with fewer are shown but not tested. The advantage probability is the average share of arguments on which the extractor does at least as well as an annotator. The gold is not an annotator here.`,
    },
    {
      kind: 'table',
      header: [
        'extractor',
        'arguments',
        'annotators tested',
        'winning rate',
        'advantage probability',
        `passes (ε = ${first.epsilon})?`,
      ],
      rows: entries.map(([extractor, test]) => [
        extractor,
        `${test.arguments}${test.arguments_without_output > 0 ? ` (${test.arguments_without_output} without output left out)` : ''}`,
        String(test.annotators_tested),
        test.winning_rate === null
          ? 'n/a'
          : `${formatNumber(test.winning_rate)} (${test.annotators_rejected} of ${test.annotators_tested})`,
        formatNumber(test.advantage_probability),
        outcome(test),
      ]),
    },
    {
      kind: 'table',
      header: [
        'extractor',
        'held-out annotator',
        'arguments',
        'extractor better / tied / annotator better',
        'mean(W_h − W_ext)',
        't',
        'p',
        'beaten?',
      ],
      rows: entries.flatMap(([extractor, test]) =>
        test.annotators.map((entry) => [
          extractor,
          entry.annotator,
          String(entry.n),
          `${entry.extractor_wins} / ${entry.tied} / ${entry.annotator_wins}`,
          formatNumber(entry.mean_difference),
          entry.t_statistic === null
            ? entry.p_value === null
              ? 'n/a'
              : 'no variance'
            : entry.t_statistic.toFixed(2),
          formatPValue(entry.p_value),
          beaten(entry),
        ]),
      ),
    },
  ];
}
