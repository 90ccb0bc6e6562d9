import { median } from 'simple-statistics';
import { groupBy } from '../../../shared/group-by.ts';
import {
  type CalibrationAgreement,
  calibrationAgreement,
  MIN_CALIBRATION_ITEMS,
} from '../../../shared/progress/calibration-agreement.ts';
import type { Db } from '../../store/db.ts';
import {
  type AssignmentProgressRow,
  listAssignmentProgress,
  listCalibrationAnnotations,
} from '../../store/progress.ts';
import { latestSample, listSampleItems } from '../../store/samples.ts';
import type { StudyRow } from '../../store/studies.ts';

/** An annotator is "stuck" when they have unfinished items and nothing of theirs moved for this long. */
export const STUCK_AFTER_HOURS = 24;

export interface AnnotatorProgress {
  annotator: string;
  assigned: number;
  submitted: number;
  drafts: number;
  todo: number;
  medianSecondsPerItem: number | null;
  lastActivity: string | null;
  stuck: boolean;
}

export interface StratumProgress {
  stratum: string;
  items: number;
  fullyAnnotated: number;
  submittedAnnotations: number;
}

/** One day of the burn-down: submitted annotations by the end of the day (UTC), and those still to do. */
export interface BurndownDay {
  day: string;
  submitted: number;
  remaining: number;
}

/** The most days a burn-down shows (the latest ones): a year of a long study still draws in a glance. */
export const BURNDOWN_MAX_DAYS = 366;

/** Agreement on the calibration items so far (`calibrationAgreement`), per annotator. */
export interface CalibrationProgress {
  /** Calibration items in the study's assignment. */
  items: number;
  /** The fewest shared items from which an agreement is stated. */
  minimumItems: number;
  byAnnotator: Record<string, CalibrationAgreement>;
}

export interface StudyProgress {
  annotators: AnnotatorProgress[];
  calibration: CalibrationProgress;
  /** Submitted annotations over time, one point a day from the first assignment to today. */
  burndown: BurndownDay[];
  strata: StratumProgress[];
  sampleVersion: number | null;
  stuckAfterHours: number;
}

/**
 * Progress per annotator (assigned, submitted, drafts, median seconds per submitted item, last
 * activity, stuck), their agreement with the others on the calibration items so far, and per
 * stratum of the latest sample (items whose every assignment is submitted).
 */
export async function studyProgress(db: Db, study: StudyRow, now: Date = new Date()): Promise<StudyProgress> {
  const rows = await listAssignmentProgress(db, study.id);
  const annotators = progressByAnnotator(rows, now);

  const sample = await latestSample(db, study.id);
  const strata: StratumProgress[] = [];
  if (sample) {
    const byArgument = groupBy(rows, (row) => row.argumentRowId);
    for (const [stratum, items] of groupBy(await listSampleItems(db, sample.id), (item) => item.stratum)) {
      const assignments = items.map((item) => byArgument.get(item.argumentRowId) ?? []);
      strata.push({
        stratum,
        items: items.length,
        fullyAnnotated: assignments.filter(
          (list) => list.length > 0 && list.every((row) => row.status === 'submitted'),
        ).length,
        submittedAnnotations: assignments.flat().filter((row) => row.status === 'submitted').length,
      });
    }
  }
  return {
    annotators,
    calibration: await calibrationProgress(db, study, rows),
    burndown: burndown(rows, now),
    strata,
    sampleVersion: sample?.version ?? null,
    stuckAfterHours: STUCK_AFTER_HOURS,
  };
}

async function calibrationProgress(
  db: Db,
  study: StudyRow,
  rows: readonly AssignmentProgressRow[],
): Promise<CalibrationProgress> {
  const agreement = calibrationAgreement(await listCalibrationAnnotations(db, study.id));
  return {
    items: new Set(rows.filter((row) => row.calibration).map((row) => row.argumentRowId)).size,
    minimumItems: MIN_CALIBRATION_ITEMS,
    byAnnotator: Object.fromEntries(agreement),
  };
}

/** Progress per annotator only (what the study overview shows). */
export async function annotatorProgress(
  db: Db,
  study: StudyRow,
  now: Date = new Date(),
): Promise<AnnotatorProgress[]> {
  return progressByAnnotator(await listAssignmentProgress(db, study.id), now);
}

function progressByAnnotator(rows: AssignmentProgressRow[], now: Date): AnnotatorProgress[] {
  const stuckBefore = now.getTime() - STUCK_AFTER_HOURS * 3_600_000;
  return [...groupBy(rows, (row) => row.annotator)].map(([annotator, items]): AnnotatorProgress => {
    const submitted = items.filter((item) => item.status === 'submitted');
    const drafts = items.filter((item) => item.status === 'draft').length;
    const activity = items.map((item) => item.updatedAt ?? item.assignedAt).sort();
    const lastActivity =
      items
        .map((item) => item.updatedAt)
        .filter((at) => at !== null)
        .sort()
        .at(-1) ?? null;
    const unfinished = items.length - submitted.length;
    const latestMove = activity.at(-1);
    return {
      annotator,
      assigned: items.length,
      submitted: submitted.length,
      drafts,
      todo: unfinished - drafts,
      medianSecondsPerItem:
        submitted.length > 0 ? median(submitted.map((item) => item.secondsSpent ?? 0)) : null,
      lastActivity,
      stuck: unfinished > 0 && latestMove !== undefined && Date.parse(latestMove) < stuckBefore,
    };
  });
}

/**
 * The burn-down of the study's assignments: for each UTC day from the first assignment to `now`, how
 * many annotations were submitted by its end and how many assignments remained. An annotation counts
 * from its latest submission while it stays submitted (a reopened one counts again when resubmitted).
 * Empty without assignments; at most BURNDOWN_MAX_DAYS days, the latest.
 */
export function burndown(rows: readonly AssignmentProgressRow[], now: Date): BurndownDay[] {
  if (rows.length === 0) return [];
  const dayOf = (iso: string) => iso.slice(0, 10);
  const perDay = new Map<string, number>();
  for (const row of rows)
    if (row.status === 'submitted' && row.submittedAt !== null)
      perDay.set(dayOf(row.submittedAt), (perDay.get(dayOf(row.submittedAt)) ?? 0) + 1);
  const first = rows.map((row) => dayOf(row.assignedAt)).sort()[0] ?? dayOf(now.toISOString());
  const last = dayOf(now.toISOString());
  const days: BurndownDay[] = [];
  let submitted = 0;
  // Submissions dated before the first assignment (imported annotations) count from the first day.
  for (const [day, count] of perDay) if (day < first) submitted += count;
  for (
    let at = Date.parse(`${first}T00:00:00Z`);
    dayOf(new Date(at).toISOString()) <= last;
    at += 86_400_000
  ) {
    const day = dayOf(new Date(at).toISOString());
    submitted += perDay.get(day) ?? 0;
    days.push({ day, submitted, remaining: rows.length - submitted });
  }
  return days.slice(-BURNDOWN_MAX_DAYS);
}
