import type { CoverageAppendix } from '../../../shared/coverage-check-api.ts';
import {
  buildReport,
  type Report,
  type ReportInput,
  type ReportOptions,
} from '../../../shared/scoring/index.ts';

/**
 * Everything a report is computed from, loaded and checked (`prepareReport`): plain data without a
 * database handle, so a worker thread can take it by structured clone.
 */
export interface PreparedReport {
  input: ReportInput;
  /** Notes of the loading, printed before the report's own. */
  notes: string[];
  options: ReportOptions;
  /** The appendix's coverage check (`loadReportInput`), printed as given; without it the report has no appendix. */
  coverage?: CoverageAppendix;
}

/** A report with the appendix on its intervals' coverage (issue 17), when the study's check was loaded. */
export type ReportWithAppendix = Report & { coverage?: CoverageAppendix };

/** Computes a prepared report with `buildReport` (shared/scoring): pure, no I/O, so it runs in a worker too. */
export function computeReport({ input, notes, options, coverage }: PreparedReport): ReportWithAppendix {
  const report = buildReport(input, options);
  report.meta.notes.unshift(...notes);
  return coverage === undefined ? report : { ...report, coverage };
}
