import type { AnnotationItem, AnnotationState, Queue } from '../../shared/annotation-api.ts';
import { GUIDELINE_VERSION } from '../../shared/guidelines.ts';
import type { StoredAnnotation } from '../store/annotations.ts';
import type { StoredArgument } from '../store/arguments.ts';
import type { AssignmentRow } from '../store/assignments.ts';
import type { StudyRow } from '../store/studies.ts';
import type { StoredTriple } from '../store/triples.ts';

export function presentAnnotationState(annotation: StoredAnnotation): AnnotationState {
  return {
    status: annotation.status,
    version: annotation.version,
    judgement: annotation.judgement,
    secondsSpent: annotation.secondsSpent,
    updatedAt: annotation.updatedAt,
    submittedAt: annotation.submittedAt,
  };
}

/**
 * The one place that decides what an annotator sees of an item, so blinding is enforced here and
 * nowhere else: the argument's text and identifiers, its finish reason (truncation is theirs to flag),
 * their own annotation — and nothing of the extractors, the other annotators, the adjudication, the
 * generating model or the test (to keep expectations out of the reading). The triple's factor lists
 * appear only when the study turns `show_ground_truth` on.
 */
export function presentItemForAnnotator(input: {
  study: StudyRow;
  argument: StoredArgument;
  triple: StoredTriple;
  assignment: AssignmentRow;
  queueLength: number;
  annotation: StoredAnnotation | undefined;
  adjudicationStarted: boolean;
}): AnnotationItem {
  const { argument, triple, assignment, annotation } = input;
  return {
    argumentId: argument.record.id,
    tripleId: argument.record.triple_id,
    text: argument.record.text,
    finishReason: argument.record.finish_reason ?? null,
    source: argument.record.source ?? null,
    position: assignment.position,
    queueLength: input.queueLength,
    calibration: assignment.calibration === 1,
    guidelineVersion: GUIDELINE_VERSION,
    groundTruth:
      input.study.showGroundTruth === 1
        ? {
            current: triple.record.current.factors,
            tsc1: triple.record.tsc1.factors,
            tsc2: triple.record.tsc2.factors,
          }
        : null,
    annotation: annotation ? presentAnnotationState(annotation) : null,
    canReopen: annotation?.status === 'submitted' && !input.adjudicationStarted,
  };
}

export function presentQueue(
  assignments: AssignmentRow[],
  statusOf: (argumentRowId: number) => 'todo' | 'draft' | 'submitted',
): Queue {
  const items = assignments.map((assignment) => ({
    position: assignment.position,
    argumentId: assignment.argumentId,
    calibration: assignment.calibration === 1,
    status: statusOf(assignment.argumentRowId),
  }));
  const count = (status: 'todo' | 'draft' | 'submitted') =>
    items.filter((item) => item.status === status).length;
  return {
    items,
    progress: {
      total: items.length,
      submitted: count('submitted'),
      drafts: count('draft'),
      todo: count('todo'),
    },
    next: items.find((item) => item.status !== 'submitted')?.argumentId ?? null,
  };
}
