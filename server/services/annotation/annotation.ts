import type { SaveAnnotation } from '../../../shared/annotation-api.ts';
import { GUIDELINE_VERSION } from '../../../shared/guidelines.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { checkSpans } from '../../../shared/span-rules.ts';
import { errors, refused, type WriteOutcome, written } from '../../errors.ts';
import { isAdjudicationStarted } from '../../store/adjudication-items.ts';
import {
  type AnnotationForSave,
  type AnnotationProgressRow,
  appendRejectedAttempt,
  findAnnotation,
  findAnnotationForSave,
  type HistoryEntry,
  listAnnotationProgressOfUser,
  listHistory,
  parseStoredJudgement,
  type SavedAnnotation,
  type StoredAnnotation,
  saveAnnotation,
} from '../../store/annotations.ts';
import { findArgumentByRowId, type StoredArgument } from '../../store/arguments.ts';
import {
  type AssignedArgumentForSave,
  type AssignmentRow,
  countAssignmentsOfUser,
  findAssignedArgumentForSave,
  findAssignmentByKey,
  listAssignmentsOfUser,
} from '../../store/assignments.ts';
import type { Db } from '../../store/db.ts';
import { writeJson } from '../../store/json-columns.ts';
import type { StudyRow } from '../../store/studies.ts';
import { findTripleByRowId, type StoredTriple } from '../../store/triples.ts';
import type { User } from '../../store/users.ts';
import { appActor, recordAudit } from '../audit/audit.ts';
import { checkVersion, staleVersionMessage } from './optimistic-save.ts';

/** One of the signed-in annotator's items, as a request names it: by its opaque key, in a study. */
export interface ItemRequest {
  db: Db;
  study: StudyRow;
  user: User;
  itemKey: string;
}

/**
 * The caller's own assignment with this key, and its argument. An unknown key, another annotator's
 * key and a key moved away by a reassignment all get the same 404, which names nothing.
 */
function assignedItem({ db, study, user, itemKey }: ItemRequest) {
  const assignment = findAssignmentByKey(db, study.id, user.id, itemKey);
  const argument = assignment && findArgumentByRowId(db, assignment.argumentRowId);
  if (!assignment || !argument) throw errors.itemNotInQueue();
  return { argument, assignment };
}

/** The annotator's queue: their assignments in queue order, and their own progress by argument row. */
export interface AnnotatorQueue {
  assignments: AssignmentRow[];
  progress: ReadonlyMap<number, AnnotationProgressRow>;
}

export function annotatorQueue(db: Db, study: StudyRow, user: User): AnnotatorQueue {
  return {
    assignments: listAssignmentsOfUser(db, study.id, user.id),
    progress: new Map(
      listAnnotationProgressOfUser(db, study.id, user.id).map((row) => [row.argumentRowId, row]),
    ),
  };
}

/**
 * One of the annotator's items with all a view of it may draw on: the study (its blinding settings),
 * the argument and its triple, the assignment, the queue's length, their own annotation and whether
 * adjudication has started. What the annotator sees of it is `presentItemForAnnotator`'s to decide.
 */
export interface AnnotatorItem {
  study: StudyRow;
  argument: StoredArgument;
  triple: StoredTriple;
  assignment: AssignmentRow;
  queueLength: number;
  annotation: StoredAnnotation | undefined;
  adjudicationStarted: boolean;
}

export function annotatorItem(item: ItemRequest): AnnotatorItem {
  const { db, study, user } = item;
  const { argument, assignment } = assignedItem(item);
  const triple = findTripleByRowId(db, argument.tripleRowId);
  if (!triple) throw new Error(`argument row ${argument.rowId} has no triple`);
  return {
    study,
    argument,
    triple,
    assignment,
    queueLength: countAssignmentsOfUser(db, study.id, user.id),
    annotation: findAnnotation(db, argument.rowId, user.id),
    adjudicationStarted: isAdjudicationStarted(db, argument.rowId),
  };
}

/** The caller's assigned argument as a write needs it (one query; the same 404 as `assignedItem`). */
function assignedArgument({ db, study, user, itemKey }: ItemRequest): AssignedArgumentForSave {
  const argument = findAssignedArgumentForSave(db, study.id, user.id, itemKey);
  if (!argument) throw errors.itemNotInQueue();
  return argument;
}

function validateJudgement(judgement: Judgement, argument: AssignedArgumentForSave): void {
  const problems = checkSpans(judgement, argument.text.length);
  if (problems.length > 0)
    throw errors.validation(
      `judgement.${problems[0]}`,
      problems.map((problem) => `judgement.${problem}`),
    );
}

/** The audit entry of a change the annotator made (inside the change's transaction). */
function auditAnnotation(
  { db, study, user }: ItemRequest,
  argument: AssignedArgumentForSave,
  saved: SavedAnnotation,
  action: 'save' | 'submit' | 'reopen',
): void {
  recordAudit(db, {
    studyId: study.id,
    actor: appActor(user),
    action: `annotation.${action}`,
    subject: argument.argumentId,
    details: { annotator: user.username, version: saved.version, status: saved.status },
  });
}

/** An annotation as a write leaves it or finds it: what its answer (or its 409) is made from. */
export type AnnotationSnapshot = Pick<
  StoredAnnotation,
  'status' | 'version' | 'judgement' | 'secondsSpent' | 'updatedAt' | 'submittedAt'
>;

/** The stored annotation as a write answers it; the stored judgement is parsed only here. */
function snapshotOf(stored: AnnotationForSave): AnnotationSnapshot {
  return { ...stored, judgement: parseStoredJudgement(stored.judgementJson) };
}

/** A refused write, with the annotation as it stands (when there is one). */
function conflict(current: AnnotationForSave | undefined, message: string): WriteOutcome<AnnotationSnapshot> {
  return refused(current && snapshotOf(current), message);
}

/**
 * Saves a draft or submits, with optimistic concurrency (`checkVersion`): the request carries the
 * version it was based on; if the stored version moved on, nothing is written but the attempt itself
 * is appended to the history (action `conflict`), and the write is refused with the current state
 * (the route's 409, `presentWrite`) — unless the request is the retry of the applied save that moved
 * it on (same `clientSaveId`), which is answered with the stored state and writes nothing.
 *
 * One read of the annotation (no join, its judgement parsed only when it is answered back), one
 * UPDATE or INSERT, one history row and one audit entry, in one transaction.
 */
export function saveAnnotationAttempt(
  item: ItemRequest,
  request: SaveAnnotation,
): WriteOutcome<AnnotationSnapshot> {
  const { db, user } = item;
  const argument = assignedArgument(item);
  const judgement: Judgement = {
    ...request.judgement,
    guideline_version: request.judgement.guideline_version ?? GUIDELINE_VERSION,
  };
  validateJudgement(judgement, argument);
  return db.transaction((): WriteOutcome<AnnotationSnapshot> => {
    const existing = findAnnotationForSave(db, argument.argumentRowId, user.id);
    const check = checkVersion(existing, request);
    if (check === 'retry' && existing) return written(snapshotOf(existing));
    if (check !== 'current') {
      if (existing) appendRejectedAttempt(db, existing.id, user.id, request.version, writeJson(judgement));
      const message = staleVersionMessage(
        'This annotation',
        request.version,
        existing?.version ?? 0,
        'reload it before saving',
      );
      return conflict(existing, message);
    }
    if (existing?.status === 'submitted')
      return conflict(existing, 'This annotation is submitted; reopen it before changing it.');
    const saved = saveAnnotation(
      db,
      {
        argumentRowId: argument.argumentRowId,
        userId: user.id,
        status: request.action === 'submit' ? 'submitted' : 'draft',
        judgement,
        secondsSpent: (existing?.secondsSpent ?? 0) + request.secondsSpent,
        importId: null,
        clientSaveId: request.clientSaveId ?? null,
      },
      request.action,
      user.id,
      { existing },
    );
    auditAnnotation(item, argument, saved, request.action);
    return written(saved);
  });
}

/**
 * Turns the author's submitted annotation back into a draft, until adjudication of the argument
 * starts (an adjudicator started it or saved gold, or gold was imported: `isAdjudicationStarted`).
 */
export function reopenAnnotation(item: ItemRequest, version: number): WriteOutcome<AnnotationSnapshot> {
  const { db, user } = item;
  const argument = assignedArgument(item);
  return db.transaction((): WriteOutcome<AnnotationSnapshot> => {
    const existing = findAnnotationForSave(db, argument.argumentRowId, user.id);
    if (existing?.status !== 'submitted')
      return conflict(existing, 'Only a submitted annotation can be reopened.');
    if (existing.version !== version)
      return conflict(
        existing,
        `This annotation changed since you loaded it (now version ${existing.version}); reload it.`,
      );
    if (isAdjudicationStarted(db, argument.argumentRowId))
      return conflict(
        existing,
        'Adjudication of this argument has started; ask the adjudicator to change the gold instead.',
      );
    const saved = saveAnnotation(
      db,
      {
        argumentRowId: argument.argumentRowId,
        userId: user.id,
        status: 'draft',
        judgement: parseStoredJudgement(existing.judgementJson),
        secondsSpent: existing.secondsSpent,
        importId: null,
      },
      'reopen',
      user.id,
      { existing },
    );
    auditAnnotation(item, argument, saved, 'reopen');
    return written(saved);
  });
}

/** The author's own history of one annotation (every save, submit, reopen and rejected attempt). */
export function annotationHistory(item: ItemRequest): HistoryEntry[] {
  const { db, user } = item;
  const { argument } = assignedItem(item);
  const annotation = findAnnotation(db, argument.rowId, user.id);
  return annotation ? listHistory(db, annotation.id) : [];
}
