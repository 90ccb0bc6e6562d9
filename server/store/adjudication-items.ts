import { newItemKey } from './assignments.ts';
import type { Db } from './db.ts';
import { nowIso } from './json-columns.ts';

export interface AdjudicationItemRow {
  argumentRowId: number;
  /** The opaque key the adjudicator addresses the item by; never derived from the argument. */
  itemKey: string;
  startedAt: string | null;
}

const SELECT = `SELECT k.argument_id AS argumentRowId, k.item_key AS itemKey, k.started_at AS startedAt
  FROM adjudication_items k JOIN arguments a ON a.id = k.argument_id`;

export async function findAdjudicationItem(
  db: Db,
  argumentRowId: number,
): Promise<AdjudicationItemRow | undefined> {
  return await db.first<AdjudicationItemRow>(`${SELECT} WHERE k.argument_id = ?`, [argumentRowId]);
}

/** The item with this key in the study; undefined for an unknown key and another study's alike. */
export async function findAdjudicationItemByKey(
  db: Db,
  studyId: number,
  itemKey: string,
): Promise<AdjudicationItemRow | undefined> {
  return await db.first<AdjudicationItemRow>(`${SELECT} WHERE k.item_key = ? AND a.study_id = ?`, [
    itemKey,
    studyId,
  ]);
}

/**
 * The argument's adjudication key, issued now (16 random hex characters, as annotators' item keys)
 * when it has none. Keys are issued when an item first shows in a queue, so a key exists only for
 * items an adjudicator could have seen.
 */
export async function ensureAdjudicationItem(db: Db, argumentRowId: number): Promise<AdjudicationItemRow> {
  await db.run(
    'INSERT INTO adjudication_items (argument_id, item_key, created_at) VALUES (?, ?, ?) ON CONFLICT (argument_id) DO NOTHING',
    [argumentRowId, newItemKey(), nowIso()],
  );
  const item = await findAdjudicationItem(db, argumentRowId);
  if (!item) throw new Error(`adjudication item of argument row ${argumentRowId} vanished`);
  return item;
}

/**
 * Gives an argument without one the adjudication key `itemKey` (issued by the caller with `newItemKey`);
 * returns false, writing nothing, when the argument has a key already or the key is taken.
 */
export async function insertAdjudicationItem(
  db: Db,
  argumentRowId: number,
  itemKey: string,
): Promise<boolean> {
  return (
    (
      await db.run(
        'INSERT INTO adjudication_items (argument_id, item_key, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [argumentRowId, itemKey, nowIso()],
      )
    ).changes === 1
  );
}

/** Records that adjudication of the argument started (the first time only); returns the item. */
export async function startAdjudicationItem(
  db: Db,
  argumentRowId: number,
  userId: number | null,
): Promise<AdjudicationItemRow> {
  await ensureAdjudicationItem(db, argumentRowId);
  await db.run(
    'UPDATE adjudication_items SET started_at = ?, started_by = ? WHERE argument_id = ? AND started_at IS NULL',
    [nowIso(), userId, argumentRowId],
  );
  const item = await findAdjudicationItem(db, argumentRowId);
  if (!item) throw new Error(`adjudication item of argument row ${argumentRowId} vanished`);
  return item;
}

/**
 * Whether adjudication of the argument has started — an adjudicator started it, or it has gold of some
 * status (imported gold included) — after which its annotators may no longer reopen their work.
 */
export async function isAdjudicationStarted(db: Db, argumentRowId: number): Promise<boolean> {
  const row = await db.first<{ started: number }>(
    `SELECT EXISTS (SELECT 1 FROM adjudication_items WHERE argument_id = @id AND started_at IS NOT NULL)
       OR EXISTS (SELECT 1 FROM adjudications WHERE argument_id = @id) AS started`,
    { id: argumentRowId },
  );
  return row?.started === 1;
}

/** An argument that is, or will be, adjudicated: who was assigned, what they submitted, its key and gold. */
export interface AdjudicationCandidate {
  argumentRowId: number;
  /** Annotators assigned to it. */
  assigned: number;
  /** Of them, how many submitted. */
  assignedSubmitted: number;
  /** Submitted annotations in all (imported ones need no assignment). */
  submitted: number;
  /** The lowest queue position among its assignments, null when unassigned. */
  position: number | null;
  itemKey: string | null;
  startedAt: string | null;
  goldStatus: 'draft' | 'fixed' | 'imported' | null;
  goldNote: string | null;
  /** 1 when `userId` is assigned to it or annotated it (the caller may not adjudicate their own work). */
  involved: number;
}

/** Every argument of the study with an assignment or a submitted annotation, in argument order. */
export async function listAdjudicationCandidates(
  db: Db,
  studyId: number,
  userId: number,
): Promise<AdjudicationCandidate[]> {
  return await db.all<AdjudicationCandidate>(
    `SELECT a.id AS argumentRowId,
       (SELECT count(*) FROM assignments s WHERE s.argument_id = a.id) AS assigned,
       (SELECT count(*) FROM assignments s JOIN annotations n ON n.argument_id = s.argument_id AND n.user_id = s.user_id
          WHERE s.argument_id = a.id AND n.status = 'submitted') AS assignedSubmitted,
       (SELECT count(*) FROM annotations n WHERE n.argument_id = a.id AND n.status = 'submitted') AS submitted,
       (SELECT min(s.position) FROM assignments s WHERE s.argument_id = a.id) AS position,
       k.item_key AS itemKey, k.started_at AS startedAt, j.status AS goldStatus, j.note AS goldNote,
       (EXISTS (SELECT 1 FROM assignments s WHERE s.argument_id = a.id AND s.user_id = @userId)
         OR EXISTS (SELECT 1 FROM annotations n WHERE n.argument_id = a.id AND n.user_id = @userId)) AS involved
     FROM arguments a LEFT JOIN adjudication_items k ON k.argument_id = a.id LEFT JOIN adjudications j ON j.argument_id = a.id
     WHERE a.study_id = @studyId
       AND (EXISTS (SELECT 1 FROM assignments s WHERE s.argument_id = a.id)
         OR EXISTS (SELECT 1 FROM annotations n WHERE n.argument_id = a.id AND n.status = 'submitted'))
     ORDER BY a.id`,
    { studyId, userId },
  );
}

/** The users assigned to annotate the argument. */
export async function assignedUserIds(db: Db, argumentRowId: number): Promise<Set<number>> {
  return new Set(
    (
      await db.all<{ userId: number }>('SELECT user_id AS userId FROM assignments WHERE argument_id = ?', [
        argumentRowId,
      ])
    ).map((row) => row.userId),
  );
}

/** Whether the user is assigned to the argument or annotated it: then they may not adjudicate it. */
export async function isInvolved(db: Db, argumentRowId: number, userId: number): Promise<boolean> {
  const row = await db.first<{ involved: number }>(
    `SELECT EXISTS (SELECT 1 FROM assignments WHERE argument_id = @argumentRowId AND user_id = @userId)
       OR EXISTS (SELECT 1 FROM annotations WHERE argument_id = @argumentRowId AND user_id = @userId) AS involved`,
    { argumentRowId, userId },
  );
  return row?.involved === 1;
}
