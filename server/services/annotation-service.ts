import type {
  AnnotationHistoryEntry,
  AnnotationItem,
  AnnotationState,
  Queue,
  SaveAnnotation,
} from '../../shared/annotation-api.ts';
import { GUIDELINE_VERSION } from '../../shared/guidelines.ts';
import type { Judgement } from '../../shared/schemas/annotation.ts';
import { checkSpans } from '../../shared/span-rules.ts';
import { errors } from '../errors.ts';
import {
  presentAnnotationState,
  presentHistoryForAnnotator,
  presentItemForAnnotator,
  presentQueue,
} from '../presenters/annotation-item.ts';
import { isAdjudicationStarted } from '../store/adjudication-items.ts';
import {
  appendRejectedAttempt,
  findAnnotation,
  listAnnotationProgressOfUser,
  listHistory,
  type StoredAnnotation,
  saveAnnotation,
} from '../store/annotations.ts';
import { findArgumentByRowId, type StoredArgument } from '../store/arguments.ts';
import { countAssignmentsOfUser, findAssignmentByKey, listAssignmentsOfUser } from '../store/assignments.ts';
import type { Db } from '../store/db.ts';
import { writeJson } from '../store/json-columns.ts';
import type { StudyRow } from '../store/studies.ts';
import { findTripleByRowId } from '../store/triples.ts';
import type { User } from '../store/users.ts';
import { appActor, recordAudit } from './audit-service.ts';
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

export function annotatorQueue(db: Db, study: StudyRow, user: User): Queue {
  const progress = new Map(
    listAnnotationProgressOfUser(db, study.id, user.id).map((row) => [row.argumentRowId, row]),
  );
  return presentQueue(listAssignmentsOfUser(db, study.id, user.id), (argumentRowId) =>
    progress.get(argumentRowId),
  );
}

export function annotatorItem(item: ItemRequest): AnnotationItem {
  const { db, study, user } = item;
  const { argument, assignment } = assignedItem(item);
  const triple = findTripleByRowId(db, argument.tripleRowId);
  if (!triple) throw new Error(`argument row ${argument.rowId} has no triple`);
  return presentItemForAnnotator({
    study,
    argument,
    triple,
    assignment,
    queueLength: countAssignmentsOfUser(db, study.id, user.id),
    annotation: findAnnotation(db, argument.rowId, user.id),
    adjudicationStarted: isAdjudicationStarted(db, argument.rowId),
  });
}

function validateJudgement(judgement: Judgement, argument: StoredArgument): void {
  const problems = checkSpans(judgement, argument.record.text.length);
  if (problems.length > 0)
    throw errors.validation(
      `judgement.${problems[0]}`,
      problems.map((problem) => `judgement.${problem}`),
    );
}

/** The audit entry of a change the annotator made (inside the change's transaction). */
function auditAnnotation(
  { db, study, user }: ItemRequest,
  argument: StoredArgument,
  saved: StoredAnnotation,
  action: 'save' | 'submit' | 'reopen',
): void {
  recordAudit(db, {
    studyId: study.id,
    actor: appActor(user),
    action: `annotation.${action}`,
    subject: argument.record.id,
    details: { annotator: user.username, version: saved.version, status: saved.status },
  });
}

function conflict(current: StoredAnnotation | undefined, message: string) {
  return errors.conflict(message, { current: current ? presentAnnotationState(current) : null });
}

/**
 * Saves a draft or submits, with optimistic concurrency (`checkVersion`): the request carries the
 * version it was based on; if the stored version moved on, nothing is written but the attempt itself
 * is appended to the history (action `conflict`), and the caller gets 409 with the current state —
 * unless the request is the retry of the applied save that moved it on (same `clientSaveId`), which
 * is answered with the stored state and writes nothing.
 */
export function saveAnnotationAttempt(item: ItemRequest, request: SaveAnnotation): AnnotationState {
  const { db, user } = item;
  const { argument } = assignedItem(item);
  const judgement: Judgement = {
    ...request.judgement,
    guideline_version: request.judgement.guideline_version ?? GUIDELINE_VERSION,
  };
  validateJudgement(judgement, argument);
  const outcome = db.transaction(() => {
    const existing = findAnnotation(db, argument.rowId, user.id);
    const check = checkVersion(existing, request);
    if (check === 'retry' && existing) return { ok: true as const, saved: existing };
    if (check !== 'current') {
      if (existing) appendRejectedAttempt(db, existing.id, user.id, request.version, writeJson(judgement));
      return {
        ok: false as const,
        existing,
        message: staleVersionMessage(
          'This annotation',
          request.version,
          existing?.version ?? 0,
          'reload it before saving',
        ),
      };
    }
    if (existing?.status === 'submitted')
      return {
        ok: false as const,
        existing,
        message: 'This annotation is submitted; reopen it before changing it.',
      };
    const saved = saveAnnotation(
      db,
      {
        argumentRowId: argument.rowId,
        userId: user.id,
        status: request.action === 'submit' ? 'submitted' : 'draft',
        judgement,
        secondsSpent: (existing?.secondsSpent ?? 0) + request.secondsSpent,
        importId: null,
        clientSaveId: request.clientSaveId ?? null,
      },
      request.action,
      user.id,
    );
    auditAnnotation(item, argument, saved, request.action);
    return { ok: true as const, saved };
  });
  if (!outcome.ok) throw conflict(outcome.existing, outcome.message);
  return presentAnnotationState(outcome.saved);
}

/**
 * Turns the author's submitted annotation back into a draft, until adjudication of the argument
 * starts (an adjudicator started it or saved gold, or gold was imported: `isAdjudicationStarted`).
 */
export function reopenAnnotation(item: ItemRequest, version: number): AnnotationState {
  const { db, user } = item;
  const { argument } = assignedItem(item);
  const reopened = db.transaction(() => {
    const existing = findAnnotation(db, argument.rowId, user.id);
    if (existing?.status !== 'submitted')
      return { error: conflict(existing, 'Only a submitted annotation can be reopened.') };
    if (existing.version !== version)
      return {
        error: conflict(
          existing,
          `This annotation changed since you loaded it (now version ${existing.version}); reload it.`,
        ),
      };
    if (isAdjudicationStarted(db, argument.rowId))
      return {
        error: conflict(
          existing,
          'Adjudication of this argument has started; ask the adjudicator to change the gold instead.',
        ),
      };
    const saved = saveAnnotation(
      db,
      {
        argumentRowId: argument.rowId,
        userId: user.id,
        status: 'draft',
        judgement: existing.judgement,
        secondsSpent: existing.secondsSpent,
        importId: null,
      },
      'reopen',
      user.id,
    );
    auditAnnotation(item, argument, saved, 'reopen');
    return { saved };
  });
  if ('error' in reopened) throw reopened.error;
  return presentAnnotationState(reopened.saved);
}

/** The author's own history of one annotation (every save, submit, reopen and rejected attempt). */
export function annotationHistory(item: ItemRequest): AnnotationHistoryEntry[] {
  const { db, user } = item;
  const { argument } = assignedItem(item);
  const annotation = findAnnotation(db, argument.rowId, user.id);
  return annotation ? presentHistoryForAnnotator(listHistory(db, annotation.id), user) : [];
}
