import type {
  AnnotationHistoryEntry,
  AnnotationItem,
  AnnotationState,
  Queue,
  SaveAnnotation,
} from '../../../shared/annotation-api.ts';
import { GUIDELINE_VERSION } from '../../../shared/guidelines.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { checkSpans } from '../../../shared/span-rules.ts';
import { errors } from '../../errors.ts';
import {
  presentAnnotationState,
  presentHistoryForAnnotator,
  presentItemForAnnotator,
  presentQueue,
} from '../../presenters/annotation-item.ts';
import { isAdjudicationStarted } from '../../store/adjudication-items.ts';
import {
  type AnnotationForSave,
  appendRejectedAttempt,
  findAnnotation,
  findAnnotationForSave,
  listAnnotationProgressOfUser,
  listHistory,
  parseStoredJudgement,
  type SavedAnnotation,
  saveAnnotation,
} from '../../store/annotations.ts';
import { findArgumentByRowId } from '../../store/arguments.ts';
import {
  type AssignedArgumentForSave,
  countAssignmentsOfUser,
  findAssignedArgumentForSave,
  findAssignmentByKey,
  listAssignmentsOfUser,
} from '../../store/assignments.ts';
import type { Db } from '../../store/db.ts';
import { writeJson } from '../../store/json-columns.ts';
import type { StudyRow } from '../../store/studies.ts';
import { findTripleByRowId } from '../../store/triples.ts';
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

/** The annotation as the caller is shown it; the stored judgement is parsed only here. */
function stateOf(stored: AnnotationForSave): AnnotationState {
  return presentAnnotationState({ ...stored, judgement: parseStoredJudgement(stored.judgementJson) });
}

function conflict(current: AnnotationForSave | undefined, message: string) {
  return errors.conflict(message, { current: current ? stateOf(current) : null });
}

type Outcome = { ok: true; state: AnnotationState } | { ok: false; error: ReturnType<typeof conflict> };

/**
 * Saves a draft or submits, with optimistic concurrency (`checkVersion`): the request carries the
 * version it was based on; if the stored version moved on, nothing is written but the attempt itself
 * is appended to the history (action `conflict`), and the caller gets 409 with the current state —
 * unless the request is the retry of the applied save that moved it on (same `clientSaveId`), which
 * is answered with the stored state and writes nothing.
 *
 * One read of the annotation (no join, its judgement parsed only when it is answered back), one
 * UPDATE or INSERT, one history row and one audit entry, in one transaction.
 */
export function saveAnnotationAttempt(item: ItemRequest, request: SaveAnnotation): AnnotationState {
  const { db, user } = item;
  const argument = assignedArgument(item);
  const judgement: Judgement = {
    ...request.judgement,
    guideline_version: request.judgement.guideline_version ?? GUIDELINE_VERSION,
  };
  validateJudgement(judgement, argument);
  const outcome = db.transaction((): Outcome => {
    const existing = findAnnotationForSave(db, argument.argumentRowId, user.id);
    const check = checkVersion(existing, request);
    if (check === 'retry' && existing) return { ok: true, state: stateOf(existing) };
    if (check !== 'current') {
      if (existing) appendRejectedAttempt(db, existing.id, user.id, request.version, writeJson(judgement));
      const message = staleVersionMessage(
        'This annotation',
        request.version,
        existing?.version ?? 0,
        'reload it before saving',
      );
      return { ok: false, error: conflict(existing, message) };
    }
    if (existing?.status === 'submitted')
      return {
        ok: false,
        error: conflict(existing, 'This annotation is submitted; reopen it before changing it.'),
      };
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
    return { ok: true, state: presentAnnotationState(saved) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.state;
}

/**
 * Turns the author's submitted annotation back into a draft, until adjudication of the argument
 * starts (an adjudicator started it or saved gold, or gold was imported: `isAdjudicationStarted`).
 */
export function reopenAnnotation(item: ItemRequest, version: number): AnnotationState {
  const { db, user } = item;
  const argument = assignedArgument(item);
  const reopened = db.transaction((): Outcome => {
    const existing = findAnnotationForSave(db, argument.argumentRowId, user.id);
    if (existing?.status !== 'submitted')
      return { ok: false, error: conflict(existing, 'Only a submitted annotation can be reopened.') };
    if (existing.version !== version)
      return {
        ok: false,
        error: conflict(
          existing,
          `This annotation changed since you loaded it (now version ${existing.version}); reload it.`,
        ),
      };
    if (isAdjudicationStarted(db, argument.argumentRowId))
      return {
        ok: false,
        error: conflict(
          existing,
          'Adjudication of this argument has started; ask the adjudicator to change the gold instead.',
        ),
      };
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
    return { ok: true, state: presentAnnotationState(saved) };
  });
  if (!reopened.ok) throw reopened.error;
  return reopened.state;
}

/** The author's own history of one annotation (every save, submit, reopen and rejected attempt). */
export function annotationHistory(item: ItemRequest): AnnotationHistoryEntry[] {
  const { db, user } = item;
  const { argument } = assignedItem(item);
  const annotation = findAnnotation(db, argument.rowId, user.id);
  return annotation ? presentHistoryForAnnotator(listHistory(db, annotation.id), user) : [];
}
