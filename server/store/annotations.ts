import type { AnnotationHistoryEntry } from '../../shared/annotation-api.ts';
import { type Judgement, judgementSchema } from '../../shared/schemas/annotation.ts';
import type { Db } from './db.ts';
import { nowIso, type RejectedDigest, rejectedDigest, writeJson } from './json-columns.ts';

export type AnnotationStatus = 'draft' | 'submitted';
/** What a history row records: an annotator's save, submit, reopen or rejected attempt, an import, the demo. */
export type HistoryAction = AnnotationHistoryEntry['action'];

interface AnnotationRow {
  id: number;
  argumentRowId: number;
  argumentExternalId: string;
  userId: number;
  annotator: string;
  status: AnnotationStatus;
  version: number;
  judgement: string;
  secondsSpent: number;
  updatedAt: string;
  submittedAt: string | null;
  /** The client-chosen id of the save that wrote this version; null when that write carried none. */
  lastClientSaveId: string | null;
}

export interface StoredAnnotation extends Omit<AnnotationRow, 'judgement'> {
  judgement: Judgement;
}

const SELECT = `SELECT n.id, n.argument_id AS argumentRowId, a.external_id AS argumentExternalId, n.user_id AS userId,
  u.username AS annotator, n.status, n.version, n.judgement, n.seconds_spent AS secondsSpent, n.updated_at AS updatedAt,
  n.submitted_at AS submittedAt, n.last_client_save_id AS lastClientSaveId
  FROM annotations n JOIN arguments a ON a.id = n.argument_id JOIN users u ON u.id = n.user_id`;

function toStored(row: AnnotationRow): StoredAnnotation {
  return { ...row, judgement: judgementSchema.parse(JSON.parse(row.judgement)) };
}

export function findAnnotation(db: Db, argumentRowId: number, userId: number): StoredAnnotation | undefined {
  const row = db.first<AnnotationRow>(`${SELECT} WHERE n.argument_id = ? AND n.user_id = ?`, [
    argumentRowId,
    userId,
  ]);
  return row && toStored(row);
}

export function listAnnotations(db: Db, studyId: number, status?: AnnotationStatus): StoredAnnotation[] {
  const rows =
    status === undefined
      ? db.all<AnnotationRow>(`${SELECT} WHERE a.study_id = ? ORDER BY a.id, u.username`, [studyId])
      : db.all<AnnotationRow>(`${SELECT} WHERE a.study_id = ? AND n.status = ? ORDER BY a.id, u.username`, [
          studyId,
          status,
        ]);
  return rows.map(toStored);
}

export interface AnnotationWrite {
  argumentRowId: number;
  userId: number;
  status: AnnotationStatus;
  judgement: Judgement;
  secondsSpent: number;
  importId: number | null;
  /** The client's id of this save attempt (see last_client_save_id); absent for imports, reopens, the demo. */
  clientSaveId?: string | null;
}

/** Writes the annotation's new state (version + 1) and appends it to the history, as one unit. */
export function saveAnnotation(
  db: Db,
  write: AnnotationWrite,
  action: Exclude<HistoryAction, 'conflict'>,
  actorId: number | null,
): StoredAnnotation {
  return db.transaction(() => {
    const at = nowIso();
    const existing = findAnnotation(db, write.argumentRowId, write.userId);
    const version = (existing?.version ?? 0) + 1;
    const params = {
      ...write,
      clientSaveId: write.clientSaveId ?? null,
      judgement: writeJson(write.judgement),
      version,
      at,
      submittedAt: write.status === 'submitted' ? at : null,
    };
    if (existing) {
      db.run(
        `UPDATE annotations SET status = @status, version = @version, judgement = @judgement, seconds_spent = @secondsSpent,
           updated_at = @at, submitted_at = @submittedAt, import_id = coalesce(@importId, import_id),
           last_client_save_id = @clientSaveId
         WHERE argument_id = @argumentRowId AND user_id = @userId`,
        params,
      );
    } else {
      db.run(
        `INSERT INTO annotations (argument_id, user_id, status, version, judgement, seconds_spent, updated_at, submitted_at, import_id,
           last_client_save_id)
         VALUES (@argumentRowId, @userId, @status, @version, @judgement, @secondsSpent, @at, @submittedAt, @importId, @clientSaveId)`,
        params,
      );
    }
    const stored = findAnnotation(db, write.argumentRowId, write.userId);
    if (!stored) throw new Error('annotation vanished inside its own transaction');
    appendHistory(db, stored.id, actorId, action, version, params.judgement, at);
    return stored;
  });
}

/** An accepted change, kept in full. (A rejected save goes through `appendRejectedAttempt`.) */
function appendHistory(
  db: Db,
  annotationId: number,
  actorId: number | null,
  action: Exclude<HistoryAction, 'conflict'>,
  version: number,
  judgementJson: string,
  at: string = nowIso(),
): void {
  db.run(
    'INSERT INTO annotation_history (annotation_id, actor_id, action, version, judgement, at) VALUES (?, ?, ?, ?, ?, ?)',
    [annotationId, actorId, action, version, judgementJson, at],
  );
}

/**
 * Keeps a rejected save (a stale version) in the history as its digest and size (migration 009): every
 * attempt is on record, in a row of ~200 bytes whatever it carried, so stale saves cannot grow the
 * database by what they send.
 */
export function appendRejectedAttempt(
  db: Db,
  annotationId: number,
  actorId: number | null,
  version: number,
  judgementJson: string,
): void {
  const digest = rejectedDigest(judgementJson);
  db.run(
    `INSERT INTO annotation_history (annotation_id, actor_id, action, version, judgement, at, rejected_sha256, rejected_bytes)
     VALUES (?, ?, 'conflict', ?, NULL, ?, ?, ?)`,
    [annotationId, actorId, version, nowIso(), digest.sha256, digest.bytes],
  );
}

export interface HistoryEntry {
  id: number;
  actor: string | null;
  action: HistoryAction;
  version: number;
  /** null for a rejected attempt kept as its digest (`rejected`). */
  judgement: Judgement | null;
  rejected: RejectedDigest | null;
  at: string;
}

export function listHistory(db: Db, annotationId: number): HistoryEntry[] {
  return db
    .all<
      Omit<HistoryEntry, 'judgement' | 'rejected'> & {
        judgement: string | null;
        sha256: string | null;
        bytes: number | null;
      }
    >(
      `SELECT h.id, u.username AS actor, h.action, h.version, h.judgement, h.at, h.rejected_sha256 AS sha256,
         h.rejected_bytes AS bytes
       FROM annotation_history h LEFT JOIN users u ON u.id = h.actor_id WHERE h.annotation_id = ? ORDER BY h.id`,
      [annotationId],
    )
    .map(({ sha256, bytes, ...row }) => ({
      ...row,
      judgement: row.judgement === null ? null : judgementSchema.parse(JSON.parse(row.judgement)),
      rejected: sha256 === null || bytes === null ? null : { sha256, bytes },
    }));
}

/** What the queue shows of one of the user's annotations: no judgement, so nothing is parsed. */
export interface AnnotationProgressRow {
  argumentRowId: number;
  status: AnnotationStatus;
  secondsSpent: number;
  updatedAt: string;
}

/** The status, time spent and last change of every annotation the user has in the study, in one query. */
export function listAnnotationProgressOfUser(
  db: Db,
  studyId: number,
  userId: number,
): AnnotationProgressRow[] {
  return db.all<AnnotationProgressRow>(
    `SELECT n.argument_id AS argumentRowId, n.status, n.seconds_spent AS secondsSpent, n.updated_at AS updatedAt
     FROM annotations n JOIN arguments a ON a.id = n.argument_id WHERE a.study_id = ? AND n.user_id = ?`,
    [studyId, userId],
  );
}

export function listAnnotationsOfArgument(db: Db, argumentRowId: number): StoredAnnotation[] {
  return db
    .all<AnnotationRow>(`${SELECT} WHERE n.argument_id = ? ORDER BY u.username`, [argumentRowId])
    .map(toStored);
}
