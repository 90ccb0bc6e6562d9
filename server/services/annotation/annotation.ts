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
import type { AuditWrite } from '../../store/audit-log.ts';
import { annotationAudit, saveCurrentAnnotation } from '../../store/current-annotation-save.ts';
import type { Db } from '../../store/db.ts';
import { writeJson } from '../../store/json-columns.ts';
import type { StudyRow } from '../../store/studies.ts';
import { findTripleByRowId, type StoredTriple } from '../../store/triples.ts';
import type { User } from '../../store/users.ts';
import { recordAudit } from '../audit/audit.ts';
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
async function assignedItem({ db, study, user, itemKey }: ItemRequest) {
  const assignment = await findAssignmentByKey(db, study.id, user.id, itemKey);
  const argument = assignment && (await findArgumentByRowId(db, assignment.argumentRowId));
  if (!assignment || !argument) throw errors.itemNotInQueue();
  return { argument, assignment };
}

/** The annotator's queue: their assignments in queue order, and their own progress by argument row. */
export interface AnnotatorQueue {
  assignments: AssignmentRow[];
  progress: ReadonlyMap<number, AnnotationProgressRow>;
}

export async function annotatorQueue(db: Db, study: StudyRow, user: User): Promise<AnnotatorQueue> {
  return {
    assignments: await listAssignmentsOfUser(db, study.id, user.id),
    progress: new Map(
      (await listAnnotationProgressOfUser(db, study.id, user.id)).map((row) => [row.argumentRowId, row]),
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

export async function annotatorItem(item: ItemRequest): Promise<AnnotatorItem> {
  const { db, study, user } = item;
  const { argument, assignment } = await assignedItem(item);
  const triple = await findTripleByRowId(db, argument.tripleRowId);
  if (!triple) throw new Error(`argument row ${argument.rowId} has no triple`);
  return {
    study,
    argument,
    triple,
    assignment,
    queueLength: await countAssignmentsOfUser(db, study.id, user.id),
    annotation: await findAnnotation(db, argument.rowId, user.id),
    adjudicationStarted: await isAdjudicationStarted(db, argument.rowId),
  };
}

/** The caller's assigned argument as a write needs it (one query; the same 404 as `assignedItem`). */
async function assignedArgument({ db, study, user, itemKey }: ItemRequest): Promise<AssignedArgumentForSave> {
  const argument = await findAssignedArgumentForSave(db, study.id, user.id, itemKey);
  if (!argument) throw errors.itemNotInQueue();
  return argument;
}

/** The judgement as saved: the guideline version it was made under, today's when the client sent none. */
export function withGuidelineVersion(judgement: Judgement): Judgement {
  return { ...judgement, guideline_version: judgement.guideline_version ?? GUIDELINE_VERSION };
}

function validateJudgement(judgement: Judgement, argument: AssignedArgumentForSave): void {
  const problems = checkSpans(judgement, argument.text.length);
  if (problems.length > 0)
    throw errors.validation(
      `judgement.${problems[0]}`,
      problems.map((problem) => `judgement.${problem}`),
    );
}

/** The audit entry of a change the annotator made. */
function auditEntry(
  { study, user }: ItemRequest,
  argument: AssignedArgumentForSave,
  saved: Pick<SavedAnnotation, 'version' | 'status'>,
  action: 'save' | 'submit' | 'reopen',
): AuditWrite {
  return annotationAudit(
    { studyId: study.id, username: user.username, argumentId: argument.argumentId },
    saved,
    action,
  );
}

/** Records the audit entry of a change the annotator made (inside the change's transaction). */
async function auditAnnotation(
  item: ItemRequest,
  argument: AssignedArgumentForSave,
  saved: SavedAnnotation,
  action: 'save' | 'submit' | 'reopen',
): Promise<void> {
  await recordAudit(item.db, auditEntry(item, argument, saved, action));
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
 * A save of the stored version is one conditional write with its history row and audit entry
 * (`saveCurrentAnnotation`: one statement on PostgreSQL). When that matches nothing, one transaction
 * reads the annotation (no join, its judgement parsed only when it is answered back) and decides.
 */
export async function saveAnnotationAttempt(
  item: ItemRequest,
  request: SaveAnnotation,
): Promise<WriteOutcome<AnnotationSnapshot>> {
  const { db, user } = item;
  const argument = await assignedArgument(item);
  const judgement = withGuidelineVersion(request.judgement);
  validateJudgement(judgement, argument);
  // The common case — the stored annotation is at the request's version — is one conditional write
  // (one statement on PostgreSQL); anything else (stale, a retry, submitted) the transaction below.
  const status = request.action === 'submit' ? 'submitted' : 'draft';
  const current = await saveCurrentAnnotation(db, {
    target: {
      kind: 'checked',
      argumentRowId: argument.argumentRowId,
      userId: user.id,
      audit: auditEntry(item, argument, { version: request.version + 1, status }, request.action),
    },
    version: request.version,
    status,
    judgement,
    secondsSpent: request.secondsSpent,
    clientSaveId: request.clientSaveId ?? null,
    action: request.action,
  });
  if (current) return written(current);
  return await db.transaction(async (): Promise<WriteOutcome<AnnotationSnapshot>> => {
    const existing = await findAnnotationForSave(db, argument.argumentRowId, user.id);
    const check = checkVersion(existing, request);
    if (check === 'retry' && existing) return written(snapshotOf(existing));
    if (check !== 'current') {
      if (existing)
        await appendRejectedAttempt(db, existing.id, user.id, request.version, writeJson(judgement));
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
    const saved = await saveAnnotation(
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
    await auditAnnotation(item, argument, saved, request.action);
    return written(saved);
  });
}

/**
 * Turns the author's submitted annotation back into a draft, until adjudication of the argument
 * starts (an adjudicator started it or saved gold, or gold was imported: `isAdjudicationStarted`).
 */
export async function reopenAnnotation(
  item: ItemRequest,
  version: number,
): Promise<WriteOutcome<AnnotationSnapshot>> {
  const { db, user } = item;
  const argument = await assignedArgument(item);
  return await db.transaction(async (): Promise<WriteOutcome<AnnotationSnapshot>> => {
    const existing = await findAnnotationForSave(db, argument.argumentRowId, user.id);
    if (existing?.status !== 'submitted')
      return conflict(existing, 'Only a submitted annotation can be reopened.');
    if (existing.version !== version)
      return conflict(
        existing,
        `This annotation changed since you loaded it (now version ${existing.version}); reload it.`,
      );
    if (await isAdjudicationStarted(db, argument.argumentRowId))
      return conflict(
        existing,
        'Adjudication of this argument has started; ask the adjudicator to change the gold instead.',
      );
    const saved = await saveAnnotation(
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
    await auditAnnotation(item, argument, saved, 'reopen');
    return written(saved);
  });
}

/** The author's own history of one annotation (every save, submit, reopen and rejected attempt). */
export async function annotationHistory(item: ItemRequest): Promise<HistoryEntry[]> {
  const { db, user } = item;
  const { argument } = await assignedItem(item);
  const annotation = await findAnnotation(db, argument.rowId, user.id);
  return annotation ? await listHistory(db, annotation.id) : [];
}
