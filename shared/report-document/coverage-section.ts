import type { CoverageAppendix, CoverageCheck } from '../coverage-check-api.ts';
import type { Interval } from '../stats/interval.ts';
import { wilsonInterval } from '../stats/wilson-interval.ts';
import type { Block, Cell } from './blocks.ts';
import { percent } from './blocks.ts';

/** What the appendix reads of the report: its study and level, and the coverage appendix when the report has one. */
export interface CoverageReport {
  meta: { study: string; level: number };
  coverage?: CoverageAppendix | undefined;
}

/** Beyond ± 2 points of Monte-Carlo error the appendix says a verdict near the target may be chance. */
const NOISY_MC_ERROR = 0.02;

/** A share as a percentage to one decimal, "n/a" for null. */
function share(value: number | null): string {
  return value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`;
}

/** A share with its Monte-Carlo uncertainty: "94.2% [92.6, 95.6]" (a 95% interval), or "94.2% ± 1.1" (a standard error in points) for a check stored before intervals were kept. */
function withUncertainty(
  value: number | null,
  interval: Interval | null | undefined,
  error: number | null,
): string {
  if (value === null) return 'n/a';
  if (interval) return `${share(value)} [${points(interval.lower)}, ${points(interval.upper)}]`;
  return error === null ? share(value) : `${share(value)} ± ${points(error)}`;
}

function points(value: number): string {
  return (value * 100).toFixed(1);
}

/**
 * Whether a simulated share meets its target. A share whose Monte-Carlo interval holds the target
 * cannot say: the number of simulated studies is too small to tell (never a "yes" from a handful of
 * studies that all happened to cover).
 */
function target(meets: boolean | null, interval: Interval | null | undefined, goal: number): Cell {
  if (meets === null) return { text: 'n/a', tone: 'too_few' };
  if (interval && interval.lower < goal && interval.upper > goal)
    return { text: 'within Monte-Carlo error', tone: 'too_few' };
  return meets ? { text: 'yes', tone: 'holds' } : { text: 'no', tone: 'fails' };
}

/** The Wilson interval of a share of studies (one outcome per study: independent trials). */
function studiesInterval(shareOfStudies: number | null, studies: number): Interval | null {
  if (shareOfStudies === null || studies === 0) return null;
  return wilsonInterval(Math.round(shareOfStudies * studies), studies, 0.95);
}

/** The check in a sentence: R, B, seed, populations, level, when, by whom, at which design. */
function describeCheck(check: CoverageCheck): string {
  const { parameters: p, design: d } = check;
  const who = check.source === 'cli' ? 'from the command line' : `by ${check.created_by ?? 'a removed user'}`;
  return `Simulated ${check.created_at.slice(0, 16).replace('T', ' ')} UTC ${who}: R = ${p.replicates} studies from ${p.populations} populations, B = ${p.bootstrap} bootstrap replicates each, seed ${p.seed}, level ${percent(p.level)}; the design simulated: ${d.models} models × ${d.tests} tests × ${d.arguments_per_cell} arguments, ${d.gold} gold (${d.allocation} allocation).`;
}

function howToRun(study: string): string {
  return `An admin can run one from the report screen ("Check the intervals' coverage"), or on the command line with simulate coverage --study ${study}; the report then states here how often each interval covered the truth in simulated studies like this one.`;
}

/**
 * The appendix: how often the report's intervals cover at the study's design (issue 17). From the
 * latest stored coverage check (`report.coverage`): what was simulated and when, whether the study
 * still has that design (else it is stale, and why), per kind of figure and interval method the
 * coverage with its Monte-Carlo standard error against the 93% target, and per claim the share of
 * simulated studies with a wrong "holds" (target ≤ 5%) and a wrong "fails". Without a check it says
 * how to get one; without the key (a report made before the appendix) it is empty.
 */
export function coverageSection(report: CoverageReport): Block[] {
  const appendix = report.coverage;
  if (appendix === undefined) return [];
  const heading: Block = {
    kind: 'heading',
    level: 2,
    text: 'Appendix: how often do the intervals cover?',
  };
  const { check } = appendix;
  if (appendix.status === 'absent' || check === null)
    return [
      heading,
      {
        kind: 'paragraph',
        text: `No coverage check has been run at this study's design. ${howToRun(report.meta.study)}`,
      },
    ];
  const { result } = check;
  const status =
    appendix.status === 'current'
      ? "It was run at the study's current design."
      : `Stale: ${appendix.stale_reason ?? "the study's design changed since it was run"}. Run it again for figures that hold for the study as it is now.`;
  const level =
    check.parameters.level === report.meta.level
      ? ''
      : ` Its intervals were at level ${percent(check.parameters.level)}; this report's are at ${percent(report.meta.level)}.`;
  const largestError = Math.max(0, ...result.rows.map((row) => row.mc_error ?? 0));
  const precision =
    largestError > NOISY_MC_ERROR
      ? ` With R = ${check.parameters.replicates} the Monte-Carlo errors reach ± ${(largestError * 100).toFixed(1)} points: a "yes" or "no" within about two of them of the target may be chance; more simulated studies narrow them.`
      : '';
  const claim = (name: string, entry: CoverageCheck['result']['claims']['acch_above']): Cell[] => {
    const interval = studiesInterval(entry.wrong_holds_studies_share, entry.studies);
    return [
      name,
      String(entry.studies),
      String(entry.checked),
      withUncertainty(entry.wrong_holds_studies_share, interval, entry.wrong_holds_mc_error),
      target(entry.meets_target, interval, result.targets.wrong_holds),
      share(entry.wrong_fails_studies_share),
    ];
  };
  return [
    heading,
    {
      kind: 'paragraph',
      text: `In simulated studies like this one (its models, tests, cell sizes, gold and the error rates its gold shows), the share of intervals that contain the population value, with its 95% Monte-Carlo interval (Wilson, at the effective number of independent intervals, since one study's intervals share its sample), against the target of ${share(result.targets.coverage)} at nominal ${percent(check.parameters.level)}; and the share of studies in which a claim comes out wrong. Where the Monte-Carlo interval holds the target, the simulation is too small to tell. ${describeCheck(check)} ${status}${level}${precision}`,
    },
    {
      kind: 'table',
      header: [
        'figure',
        'interval method',
        'intervals',
        'coverage [95% MC interval]',
        `≥ ${share(result.targets.coverage)}?`,
      ],
      rows: result.rows.map((row) => [
        row.family,
        row.method,
        String(row.intervals),
        withUncertainty(row.coverage, row.mc_interval, row.mc_error),
        target(row.meets_target, row.mc_interval, result.targets.coverage),
      ]),
    },
    {
      kind: 'table',
      header: [
        'claim',
        'simulated studies',
        'claims checked',
        'studies with a wrong "holds" [95% MC interval]',
        `≤ ${share(result.targets.wrong_holds)}?`,
        'studies with a wrong "fails"',
      ],
      rows: [
        claim('AccH above the threshold', result.claims.acch_above),
        claim('the ranking survives', result.claims.ranking),
      ],
    },
  ];
}
