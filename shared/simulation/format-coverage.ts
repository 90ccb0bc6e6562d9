import type { CoverageSummary } from './coverage-summary.ts';

const percent = (value: number | null, digits = 1): string =>
  value === null ? 'n/a' : `${(value * 100).toFixed(digits)}%`;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, c) => Math.max(cell.length, ...rows.map((row) => (row[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, c) => (c === 0 || c === 1 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

/**
 * The coverage study as Markdown tables: per interval method and kind of figure the empirical
 * coverage with its Monte-Carlo error and interval, the misses on each side, the mean width and
 * whether it meets the 93 % target; then the claims — how often each came out which way, and the
 * share of studies with a wrong "holds" (target ≤ 5 %), also with the AccH claim judged by its
 * interval alone at each minimum of gold arguments.
 */
export function formatCoverage(summary: CoverageSummary, heading: string): string {
  const rows = summary.rows.map((row) => [
    row.family,
    row.method,
    String(row.intervals),
    percent(row.coverage),
    row.mc_error === null ? 'n/a' : (row.mc_error * 100).toFixed(1),
    row.mc_interval === null ? 'n/a' : `${percent(row.mc_interval.lower)}–${percent(row.mc_interval.upper)}`,
    `${percent(row.missed_low)} / ${percent(row.missed_high)}`,
    row.mean_width === null ? 'n/a' : row.mean_width.toFixed(3),
    String(row.no_interval),
    row.meets_target === null ? 'n/a' : row.meets_target ? 'yes' : 'NO',
  ]);
  const { acch_above: acch, ranking, acch_by_minimum_gold: byMinimum } = summary.claims;
  const claimRow = (name: string, claim: typeof acch) => [
    name,
    String(claim.checked),
    String(claim.holds),
    String(claim.wrongHolds),
    String(claim.fails),
    String(claim.wrongFails),
    String(claim.undecided),
    String(claim.tooFew),
    percent(claim.wrong_holds_studies_share),
    percent(claim.wrong_fails_studies_share),
    claim.meets_target === null ? 'n/a' : claim.meets_target ? 'yes' : 'NO',
  ];
  return [
    heading,
    '',
    table(
      [
        'figure',
        'method',
        'intervals',
        'coverage',
        'MC error (pp)',
        'MC 95% interval',
        'truth below / above',
        'mean width',
        'no interval',
        '≥ 93%',
      ],
      rows,
    ),
    '',
    'Claims (wrong "holds": holds while the population value is at or below the threshold; target: in ≤ 5% of studies)',
    '',
    table(
      [
        'claim',
        'checked',
        'holds',
        'wrong holds',
        'fails',
        'wrong fails',
        'undecided',
        'too few',
        'studies with a wrong holds',
        'studies with a wrong fails',
        'wrong holds ≤ 5%',
      ],
      [claimRow('AccH above threshold', acch), claimRow('ranking survives', ranking)],
    ),
    '',
    'AccH claim judged by its interval alone, on cells with at least this many gold arguments',
    '',
    table(
      ['minimum gold', 'cells judged', 'holds', 'wrong holds', 'studies with a wrong holds', '≤ 5%'],
      byMinimum.map((entry) => [
        String(entry.minimum),
        String(entry.judged),
        String(entry.holds),
        String(entry.wrongHolds),
        percent(entry.wrong_holds_studies_share),
        entry.meets_target === null ? 'n/a' : entry.meets_target ? 'yes' : 'NO',
      ]),
    ),
    '',
  ].join('\n');
}
