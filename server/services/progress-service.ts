import { median } from 'simple-statistics';
import { groupBy } from '../../shared/group-by.ts';
import type { Db } from '../store/db.ts';
import { type AssignmentProgressRow, listAssignmentProgress } from '../store/progress.ts';
import { latestSample, listSampleItems } from '../store/samples.ts';
import type { StudyRow } from '../store/studies.ts';

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

export interface StudyProgress {
  annotators: AnnotatorProgress[];
  strata: StratumProgress[];
  sampleVersion: number | null;
  stuckAfterHours: number;
}

/**
 * Progress per annotator (assigned, submitted, drafts, median seconds per submitted item, last
 * activity, stuck) and per stratum of the latest sample (items whose every assignment is submitted).
 */
export function studyProgress(db: Db, study: StudyRow, now: Date = new Date()): StudyProgress {
  const rows = listAssignmentProgress(db, study.id);
  const annotators = progressByAnnotator(rows, now);

  const sample = latestSample(db, study.id);
  const strata: StratumProgress[] = [];
  if (sample) {
    const byArgument = groupBy(rows, (row) => row.argumentRowId);
    for (const [stratum, items] of groupBy(listSampleItems(db, sample.id), (item) => item.stratum)) {
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
  return { annotators, strata, sampleVersion: sample?.version ?? null, stuckAfterHours: STUCK_AFTER_HOURS };
}

/** Progress per annotator only (what the study overview shows). */
export function annotatorProgress(db: Db, study: StudyRow, now: Date = new Date()): AnnotatorProgress[] {
  return progressByAnnotator(listAssignmentProgress(db, study.id), now);
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
