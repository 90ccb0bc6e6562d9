import type {
  AnnotationHistoryEntry,
  AnnotationItem,
  AnnotationState,
  Queue,
} from '../../shared/annotation-api.ts';
import { deliveredAnswerOnly } from '../../shared/delivered-answer.ts';
import { GUIDELINE_VERSION } from '../../shared/guidelines.ts';
import type { AnnotationSnapshot, AnnotatorItem, AnnotatorQueue } from '../services/annotation/index.ts';
import type { HistoryEntry } from '../store/annotations.ts';
import type { User } from '../store/users.ts';

export function presentAnnotationState(annotation: AnnotationSnapshot): AnnotationState {
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
 * nowhere else: the argument's text, its finish reason (truncation is theirs to flag), their own
 * annotation — and nothing of the extractors, the other annotators, the adjudication, the generating
 * model or the test (to keep expectations out of the reading). The item is named only by its opaque
 * key: the argument and triple ids are not shown, because the generated ids spell out the model and
 * the test ("demo-reasoner-demo-arguable-19"). No imported free text is shown but the argument
 * itself: its `source` ("OpenAI gpt-4o batch, Test 2") stays for admins. When the study hides
 * reasoning traces (`reasoning_trace = 'hidden'`), the text comes with its trace blanked out, its
 * offsets kept, since a trace says a reasoning model wrote it. The triple's factor lists appear only
 * when the study turns `show_ground_truth` on.
 */
export function presentItemForAnnotator(input: AnnotatorItem): AnnotationItem {
  const { argument, triple, assignment, annotation } = input;
  return {
    itemKey: assignment.itemKey,
    text:
      input.study.reasoningTrace === 'hidden'
        ? deliveredAnswerOnly(argument.record.text)
        : argument.record.text,
    finishReason: argument.record.finish_reason ?? null,
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

/**
 * The annotator's queue: per item its key, position, status, time spent and last change; the totals;
 * and the key of the first item not yet submitted. `progress` holds the caller's own annotation of
 * an argument, when there is one.
 */
export function presentQueue({ assignments, progress: progressOf }: AnnotatorQueue): Queue {
  const items = assignments.map((assignment) => {
    const progress = progressOf.get(assignment.argumentRowId);
    return {
      position: assignment.position,
      itemKey: assignment.itemKey,
      calibration: assignment.calibration === 1,
      status: progress?.status ?? ('todo' as const),
      secondsSpent: progress?.secondsSpent ?? 0,
      updatedAt: progress?.updatedAt ?? null,
    };
  });
  const count = (status: 'todo' | 'draft' | 'submitted') =>
    items.filter((item) => item.status === status).length;
  return {
    items,
    progress: {
      total: items.length,
      submitted: count('submitted'),
      drafts: count('draft'),
      todo: count('todo'),
      secondsSpent: items.reduce((sum, item) => sum + item.secondsSpent, 0),
    },
    next: items.find((item) => item.status !== 'submitted')?.itemKey ?? null,
  };
}

/**
 * The author's history of their own annotation. The store's row ids are replaced by a count within
 * this history (a global id would tell how busy the other annotators are), and an actor other than
 * the caller (none today; an admin's correction tomorrow) is shown as null rather than by name.
 */
export function presentHistoryForAnnotator(entries: HistoryEntry[], user: User): AnnotationHistoryEntry[] {
  return entries.map((entry, index) => ({
    id: index + 1,
    actor: entry.actor === user.username ? entry.actor : null,
    action: entry.action,
    version: entry.version,
    judgement: entry.judgement,
    rejected: entry.rejected,
    at: entry.at,
  }));
}
