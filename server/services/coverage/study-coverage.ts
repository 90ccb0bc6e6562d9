import type { CoverageDesign, CoverageParameters } from '../../../shared/coverage-check-api.ts';
import type { CoverageSummary } from '../../../shared/simulation/coverage-summary.ts';
import type { Scenario } from '../../../shared/simulation/scenario.ts';
import { insertCoverageCheck } from '../../store/coverage-checks.ts';
import type { Db } from '../../store/db.ts';
import type { StudyRow } from '../../store/studies.ts';
import { type StudyDesign, studyDesign } from '../report/study-design.ts';
import { loadReportInput } from '../report/study-report.ts';

/**
 * A coverage check of a study's own design, from the report screen (coverage-center.ts) or
 * `simulate coverage` (scripts/commands/simulate.ts): the one place that loads the design, decides
 * whether a result describes it, and stores the check the report's appendix reads.
 */

/** The study's design as the simulation sees it, with the data revision it was estimated from. */
export interface OwnDesign {
  studyId: number;
  revision: number;
  design: StudyDesign;
}

/**
 * Loads the study's report input and estimates its design. Throws `scenarioFromStudy`'s RangeError
 * for a study with fewer than two gold arguments (the caller says what to do: adjudicate first).
 */
export async function loadOwnDesign(db: Db, study: StudyRow): Promise<OwnDesign> {
  const { input, revision } = await loadReportInput(db, study);
  return { studyId: study.id, revision, design: studyDesign(input) };
}

/**
 * Whether a finished simulation is a check of the study's own design: it simulated exactly the
 * estimated scenario (not resized, not another scenario), with strata, and the caller asked to keep it.
 */
export function describesOwnDesign(
  own: OwnDesign | null,
  simulated: Scenario,
  options: { store: boolean; ignoreStrata: boolean },
): own is OwnDesign {
  return own !== null && options.store && !options.ignoreStrata && simulated === own.design.scenario;
}

/** Stores one check for the report's appendix; returns its id. */
export async function keepCoverageCheck(
  db: Db,
  check: {
    studyId: number;
    fingerprint: string;
    revision: number;
    parameters: CoverageParameters;
    design: CoverageDesign;
    summary: CoverageSummary;
    source: 'screen' | 'cli';
    createdBy: number | null;
  },
): Promise<number> {
  return await insertCoverageCheck(db, {
    studyId: check.studyId,
    designFingerprint: check.fingerprint,
    reportRevision: check.revision,
    parameters: check.parameters,
    design: check.design,
    summary: check.summary,
    source: check.source,
    createdBy: check.createdBy,
  });
}
