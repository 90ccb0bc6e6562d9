import type { AnnotationHistoryEntry } from '../../shared/annotation-api.ts';
import { type Judgement, judgementSchema } from '../../shared/schemas/annotation.ts';
import { inBatches, lookUpIn, valueTuples } from './batches.ts';
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

export async function findAnnotation(
  db: Db,
  argumentRowId: number,
  userId: number,
): Promise<StoredAnnotation | undefined> {
  const row = await db.first<AnnotationRow>(`${SELECT} WHERE n.argument_id = ? AND n.user_id = ?`, [
    argumentRowId,
    userId,
  ]);
  return row && toStored(row);
}

export async function listAnnotations(
  db: Db,
  studyId: number,
  status?: AnnotationStatus,
): Promise<StoredAnnotation[]> {
  const rows =
    status === undefined
      ? await db.all<AnnotationRow>(`${SELECT} WHERE a.study_id = ? ORDER BY a.id, u.username`, [studyId])
      : await db.all<AnnotationRow>(
          `${SELECT} WHERE a.study_id = ? AND n.status = ? ORDER BY a.id, u.username`,
          [studyId, status],
        );
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

/** What a write needs of the stored annotation: its row id and version (no join, no judgement parsed). */
export interface AnnotationHead {
  id: number;
  version: number;
}

/**
 * The annotation as a save reads it, in one query without joins: everything the version check and the
 * answer need, with the judgement left as stored JSON (`parseStoredJudgement` when it is shown).
 */
export interface AnnotationForSave extends AnnotationHead {
  status: AnnotationStatus;
  secondsSpent: number;
  updatedAt: string;
  submittedAt: string | null;
  lastClientSaveId: string | null;
  judgementJson: string;
}

export async function findAnnotationForSave(
  db: Db,
  argumentRowId: number,
  userId: number,
): Promise<AnnotationForSave | undefined> {
  return await db.first<AnnotationForSave>(
    `SELECT id, status, version, judgement AS judgementJson, seconds_spent AS secondsSpent, updated_at AS updatedAt,
       submitted_at AS submittedAt, last_client_save_id AS lastClientSaveId
     FROM annotations WHERE argument_id = ? AND user_id = ?`,
    [argumentRowId, userId],
  );
}

/** `findAnnotationForSave` of every annotation of these arguments (whoever annotated), with its keys. */
export async function findAnnotationsForSave(
  db: Db,
  argumentRowIds: readonly number[],
): Promise<(AnnotationForSave & { argumentRowId: number; userId: number })[]> {
  return await lookUpIn(argumentRowIds, (marks, params) =>
    db.all<AnnotationForSave & { argumentRowId: number; userId: number }>(
      `SELECT id, argument_id AS argumentRowId, user_id AS userId, status, version, judgement AS judgementJson,
         seconds_spent AS secondsSpent, updated_at AS updatedAt, submitted_at AS submittedAt,
         last_client_save_id AS lastClientSaveId
       FROM annotations WHERE argument_id IN (${marks})`,
      params,
    ),
  );
}

/** A stored judgement column, checked against the schema (it is shown to the annotator). */
export function parseStoredJudgement(json: string): Judgement {
  return judgementSchema.parse(JSON.parse(json));
}

/** The annotation as a write left it (the caller knows its argument and annotator). */
export type SavedAnnotation = Omit<StoredAnnotation, 'argumentExternalId' | 'annotator'>;

/**
 * Writes the annotation's new state (version + 1) and appends it to the history, as one unit: one
 * UPDATE (or INSERT) and one history row. `existing` is the stored annotation when the caller already
 * read it in the same transaction (a save reads it once, for its version check); otherwise it is looked
 * up here. Inside the caller's transaction it writes directly; alone, in a transaction of its own.
 */
export async function saveAnnotation(
  db: Db,
  write: AnnotationWrite,
  action: Exclude<HistoryAction, 'conflict'>,
  actorId: number | null,
  known?: { existing: AnnotationHead | undefined },
): Promise<SavedAnnotation> {
  const apply = async (): Promise<SavedAnnotation> => {
    const at = nowIso();
    const existing = known
      ? known.existing
      : await findAnnotationForSave(db, write.argumentRowId, write.userId);
    const version = (existing?.version ?? 0) + 1;
    const params = {
      ...write,
      clientSaveId: write.clientSaveId ?? null,
      judgement: writeJson(write.judgement),
      version,
      at,
      submittedAt: write.status === 'submitted' ? at : null,
    };
    let id: number;
    if (existing) {
      await db.run(
        `UPDATE annotations SET status = @status, version = @version, judgement = @judgement, seconds_spent = @secondsSpent,
           updated_at = @at, submitted_at = @submittedAt, import_id = coalesce(@importId, import_id),
           last_client_save_id = @clientSaveId
         WHERE id = @id`,
        { ...params, id: existing.id },
      );
      id = existing.id;
    } else {
      id = await db.insert(
        `INSERT INTO annotations (argument_id, user_id, status, version, judgement, seconds_spent, updated_at, submitted_at, import_id,
           last_client_save_id)
         VALUES (@argumentRowId, @userId, @status, @version, @judgement, @secondsSpent, @at, @submittedAt, @importId, @clientSaveId)`,
        params,
      );
    }
    await appendHistory(db, id, actorId, action, version, params.judgement, at);
    return {
      id,
      argumentRowId: write.argumentRowId,
      userId: write.userId,
      status: write.status,
      version,
      judgement: write.judgement,
      secondsSpent: write.secondsSpent,
      updatedAt: at,
      submittedAt: params.submittedAt,
      lastClientSaveId: params.clientSaveId,
    };
  };
  // Inside the caller's transaction no savepoint of its own: nothing catches a failure of these two
  // writes to carry on without them, and on PostgreSQL a SAVEPOINT and its RELEASE are two more
  // round trips per save.
  return db.inTransaction ? await apply() : await db.transaction(apply);
}

/**
 * Inserts annotations none of which is stored yet (their argument and annotator have none), each at
 * version 1 with its history row, as `saveAnnotation` writes a new one — in multi-row INSERTs of up
 * to 500 rows (`inBatches`), two round trips per batch instead of two per annotation.
 */
export async function insertNewAnnotations(
  db: Db,
  writes: readonly AnnotationWrite[],
  action: Exclude<HistoryAction, 'conflict'>,
  actorId: number | null,
): Promise<void> {
  for (const batch of inBatches(writes)) {
    const at = nowIso();
    const values: unknown[] = [];
    const judgements = batch.map((write) => writeJson(write.judgement));
    for (const [index, write] of batch.entries()) {
      values.push(
        write.argumentRowId,
        write.userId,
        write.status,
        1,
        judgements[index],
        write.secondsSpent,
        at,
        write.status === 'submitted' ? at : null,
        write.importId,
        write.clientSaveId ?? null,
      );
    }
    // RETURNING's order is not promised: each new id is matched to its write by its unique key.
    const inserted = await db.all<{ id: number; argumentRowId: number; userId: number }>(
      `INSERT INTO annotations (argument_id, user_id, status, version, judgement, seconds_spent, updated_at, submitted_at, import_id,
         last_client_save_id)
       VALUES ${valueTuples(batch.length, 10)} RETURNING id, argument_id AS argumentRowId, user_id AS userId`,
      values,
    );
    const ids = new Map(inserted.map((row) => [`${row.argumentRowId}/${row.userId}`, row.id]));
    const history: unknown[] = [];
    for (const [index, write] of batch.entries()) {
      const id = ids.get(`${write.argumentRowId}/${write.userId}`);
      if (id === undefined) throw new Error('an inserted annotation was not returned');
      history.push(id, actorId, action, 1, judgements[index], at);
    }
    await db.run(
      `INSERT INTO annotation_history (annotation_id, actor_id, action, version, judgement, at)
       VALUES ${valueTuples(batch.length, 6)}`,
      history,
    );
  }
}

/** An accepted change, kept in full. (A rejected save goes through `appendRejectedAttempt`.) */
async function appendHistory(
  db: Db,
  annotationId: number,
  actorId: number | null,
  action: Exclude<HistoryAction, 'conflict'>,
  version: number,
  judgementJson: string,
  at: string = nowIso(),
): Promise<void> {
  await db.run(
    'INSERT INTO annotation_history (annotation_id, actor_id, action, version, judgement, at) VALUES (?, ?, ?, ?, ?, ?)',
    [annotationId, actorId, action, version, judgementJson, at],
  );
}

/**
 * Keeps a rejected save (a stale version) in the history as its digest and size (migration 009): every
 * attempt is on record, in a row of ~200 bytes whatever it carried, so stale saves cannot grow the
 * database by what they send.
 */
export async function appendRejectedAttempt(
  db: Db,
  annotationId: number,
  actorId: number | null,
  version: number,
  judgementJson: string,
): Promise<void> {
  const digest = rejectedDigest(judgementJson);
  await db.run(
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

export async function listHistory(db: Db, annotationId: number): Promise<HistoryEntry[]> {
  return (
    await db.all<
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
  ).map(({ sha256, bytes, ...row }) => ({
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
export async function listAnnotationProgressOfUser(
  db: Db,
  studyId: number,
  userId: number,
): Promise<AnnotationProgressRow[]> {
  return await db.all<AnnotationProgressRow>(
    `SELECT n.argument_id AS argumentRowId, n.status, n.seconds_spent AS secondsSpent, n.updated_at AS updatedAt
     FROM annotations n JOIN arguments a ON a.id = n.argument_id WHERE a.study_id = ? AND n.user_id = ?`,
    [studyId, userId],
  );
}

export async function listAnnotationsOfArgument(db: Db, argumentRowId: number): Promise<StoredAnnotation[]> {
  return (
    await db.all<AnnotationRow>(`${SELECT} WHERE n.argument_id = ? ORDER BY u.username`, [argumentRowId])
  ).map(toStored);
}
