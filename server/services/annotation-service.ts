import type { AnnotationItem, AnnotationState, Queue, SaveAnnotation } from '../../shared/annotation-api.ts';
import { GUIDELINE_VERSION } from '../../shared/guidelines.ts';
import type { Judgement } from '../../shared/schemas/annotation.ts';
import { checkSpans } from '../../shared/span-rules.ts';
import { errors } from '../errors.ts';
import {
  presentAnnotationState,
  presentItemForAnnotator,
  presentQueue,
} from '../presenters/annotation-item.ts';
import { findGold } from '../store/adjudications.ts';
import {
  appendHistory,
  findAnnotation,
  listHistory,
  type StoredAnnotation,
  saveAnnotation,
} from '../store/annotations.ts';
import { findArgument, type StoredArgument } from '../store/arguments.ts';
import { countAssignmentsOfUser, findAssignment, listAssignmentsOfUser } from '../store/assignments.ts';
import type { Db } from '../store/db.ts';
import { writeJson } from '../store/json-columns.ts';
import type { StudyRow } from '../store/studies.ts';
import { findTripleByRowId } from '../store/triples.ts';
import type { User } from '../store/users.ts';

/** An argument the user is assigned to; anything else is "not found", so ids of others' items leak nothing. */
function assignedArgument(db: Db, study: StudyRow, user: User, argumentId: string) {
  const argument = findArgument(db, study.id, argumentId);
  const assignment = argument && findAssignment(db, argument.rowId, user.id);
  if (!argument || !assignment) throw errors.notFound(`Item "${argumentId}" in your queue`);
  return { argument, assignment };
}

export function annotatorQueue(db: Db, study: StudyRow, user: User): Queue {
  const assignments = listAssignmentsOfUser(db, study.id, user.id);
  return presentQueue(
    assignments,
    (argumentRowId) => findAnnotation(db, argumentRowId, user.id)?.status ?? 'todo',
  );
}

export function annotatorItem(db: Db, study: StudyRow, user: User, argumentId: string): AnnotationItem {
  const { argument, assignment } = assignedArgument(db, study, user, argumentId);
  const triple = findTripleByRowId(db, argument.tripleRowId);
  if (!triple) throw new Error(`argument ${argumentId} has no triple`);
  return presentItemForAnnotator({
    study,
    argument,
    triple,
    assignment,
    queueLength: countAssignmentsOfUser(db, study.id, user.id),
    annotation: findAnnotation(db, argument.rowId, user.id),
    adjudicationStarted: findGold(db, argument.rowId) !== undefined,
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

function conflict(current: StoredAnnotation | undefined, message: string) {
  return errors.conflict(message, { current: current ? presentAnnotationState(current) : null });
}

/**
 * Saves a draft or submits, with optimistic concurrency: the request carries the version it was
 * based on; if the stored version moved on, nothing is written but the attempt itself is appended to
 * the history (action `conflict`), and the caller gets 409 with the current state.
 */
export function saveAnnotationAttempt(
  db: Db,
  study: StudyRow,
  user: User,
  argumentId: string,
  request: SaveAnnotation,
): AnnotationState {
  const { argument } = assignedArgument(db, study, user, argumentId);
  const judgement: Judgement = {
    ...request.judgement,
    guideline_version: request.judgement.guideline_version ?? GUIDELINE_VERSION,
  };
  validateJudgement(judgement, argument);
  const outcome = db.transaction(() => {
    const existing = findAnnotation(db, argument.rowId, user.id);
    const currentVersion = existing?.version ?? 0;
    if (request.version !== currentVersion) {
      if (existing)
        appendHistory(db, existing.id, user.id, 'conflict', request.version, writeJson(judgement));
      return {
        ok: false as const,
        existing,
        message: `This annotation changed since you loaded it (you had version ${request.version}, it is now ${currentVersion}); reload it before saving.`,
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
      },
      request.action,
      user.id,
    );
    return { ok: true as const, saved };
  });
  if (!outcome.ok) throw conflict(outcome.existing, outcome.message);
  return presentAnnotationState(outcome.saved);
}

/** Turns the author's submitted annotation back into a draft, until adjudication of the argument starts. */
export function reopenAnnotation(
  db: Db,
  study: StudyRow,
  user: User,
  argumentId: string,
  version: number,
): AnnotationState {
  const { argument } = assignedArgument(db, study, user, argumentId);
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
    if (findGold(db, argument.rowId))
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
    return { saved };
  });
  if ('error' in reopened) throw reopened.error;
  return presentAnnotationState(reopened.saved);
}

/** The author's own history of one annotation (every save, submit, reopen and rejected attempt). */
export function annotationHistory(db: Db, study: StudyRow, user: User, argumentId: string) {
  const { argument } = assignedArgument(db, study, user, argumentId);
  const annotation = findAnnotation(db, argument.rowId, user.id);
  return annotation ? listHistory(db, annotation.id) : [];
}
