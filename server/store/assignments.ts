import { randomBytes } from 'node:crypto';
import type { Db } from './db.ts';
import { nowIso } from './json-columns.ts';

export interface AssignmentRow {
  argumentRowId: number;
  argumentId: string;
  /** The opaque key the annotator addresses the item by; never derived from the argument. */
  itemKey: string;
  userId: number;
  annotator: string;
  position: number;
  calibration: number;
  sampleVersion: number | null;
}

const SELECT = `SELECT s.argument_id AS argumentRowId, a.external_id AS argumentId, s.item_key AS itemKey,
  s.user_id AS userId, u.username AS annotator, s.position, s.calibration, p.version AS sampleVersion
  FROM assignments s JOIN arguments a ON a.id = s.argument_id JOIN users u ON u.id = s.user_id
  LEFT JOIN samples p ON p.id = s.sample_id`;

export async function listAssignments(db: Db, studyId: number): Promise<AssignmentRow[]> {
  return await db.all<AssignmentRow>(`${SELECT} WHERE a.study_id = ? ORDER BY u.username, s.position`, [
    studyId,
  ]);
}

export async function listAssignmentsOfUser(
  db: Db,
  studyId: number,
  userId: number,
): Promise<AssignmentRow[]> {
  return await db.all<AssignmentRow>(`${SELECT} WHERE a.study_id = ? AND s.user_id = ? ORDER BY s.position`, [
    studyId,
    userId,
  ]);
}

export async function findAssignment(
  db: Db,
  argumentRowId: number,
  userId: number,
): Promise<AssignmentRow | undefined> {
  return await db.first<AssignmentRow>(`${SELECT} WHERE s.argument_id = ? AND s.user_id = ?`, [
    argumentRowId,
    userId,
  ]);
}

/**
 * The caller's own assignment in the study with this item key; undefined for an unknown key and for
 * another annotator's key alike, so the two cannot be told apart.
 */
export async function findAssignmentByKey(
  db: Db,
  studyId: number,
  userId: number,
  itemKey: string,
): Promise<AssignmentRow | undefined> {
  return await db.first<AssignmentRow>(
    `${SELECT} WHERE s.item_key = ? AND s.user_id = ? AND a.study_id = ?`,
    [itemKey, userId, studyId],
  );
}

/** What a save needs of the caller's assigned argument: its row, its id and its text (for the span checks). */
export interface AssignedArgumentForSave {
  argumentRowId: number;
  argumentId: string;
  text: string;
}

/** `findAssignmentByKey` and the argument's text in one query, for the save path. */
export async function findAssignedArgumentForSave(
  db: Db,
  studyId: number,
  userId: number,
  itemKey: string,
): Promise<AssignedArgumentForSave | undefined> {
  return await db.first<AssignedArgumentForSave>(
    `SELECT a.id AS argumentRowId, a.external_id AS argumentId, a.text
     FROM assignments s JOIN arguments a ON a.id = s.argument_id
     WHERE s.item_key = ? AND s.user_id = ? AND a.study_id = ?`,
    [itemKey, userId, studyId],
  );
}

/**
 * A fresh item key: 8 random bytes as 16 lowercase hex characters (64 bits, so guessing another
 * annotator's key is hopeless and a collision, which the unique index would refuse, is negligible).
 */
export function newItemKey(): string {
  return randomBytes(8).toString('hex');
}

export async function insertAssignment(
  db: Db,
  assignment: {
    argumentRowId: number;
    userId: number;
    position: number;
    calibration: boolean;
    sampleId: number | null;
  },
): Promise<void> {
  await db.run(
    'INSERT INTO assignments (argument_id, user_id, position, calibration, sample_id, created_at, item_key) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [
      assignment.argumentRowId,
      assignment.userId,
      assignment.position,
      Number(assignment.calibration),
      assignment.sampleId,
      nowIso(),
      newItemKey(),
    ],
  );
}

/**
 * Moves one assignment to another annotator at a new queue position, under a new item key: the
 * previous annotator's link (and a copy of it) must stop reaching the item.
 */
export async function moveAssignment(
  db: Db,
  argumentRowId: number,
  fromUserId: number,
  toUserId: number,
  position: number,
): Promise<void> {
  await db.run(
    'UPDATE assignments SET user_id = ?, position = ?, item_key = ? WHERE argument_id = ? AND user_id = ?',
    [toUserId, position, newItemKey(), argumentRowId, fromUserId],
  );
}

export async function logAssignment(
  db: Db,
  entry: {
    argumentRowId: number;
    fromUserId: number | null;
    toUserId: number;
    action: 'assign' | 'reassign';
    actor: string;
  },
): Promise<void> {
  await db.run(
    'INSERT INTO assignment_log (argument_id, from_user_id, to_user_id, action, actor, at) VALUES (?, ?, ?, ?, ?, ?)',
    [entry.argumentRowId, entry.fromUserId, entry.toUserId, entry.action, entry.actor, nowIso()],
  );
}

export interface AssignmentLogEntry {
  argumentId: string;
  from: string | null;
  to: string;
  action: string;
  actor: string;
  at: string;
}

export async function listAssignmentLog(db: Db, studyId: number): Promise<AssignmentLogEntry[]> {
  return await db.all<AssignmentLogEntry>(
    `SELECT a.external_id AS argumentId, f.username AS "from", t.username AS "to", l.action, l.actor, l.at
     FROM assignment_log l JOIN arguments a ON a.id = l.argument_id LEFT JOIN users f ON f.id = l.from_user_id
     JOIN users t ON t.id = l.to_user_id WHERE a.study_id = ? ORDER BY l.id`,
    [studyId],
  );
}

/** Per user, how many assignments they hold in the study (for load balancing). */
export async function assignmentLoads(db: Db, studyId: number): Promise<Record<string, number>> {
  const rows = await db.all<{ annotator: string; n: number }>(
    `SELECT u.username AS annotator, count(*) AS n FROM assignments s JOIN arguments a ON a.id = s.argument_id
     JOIN users u ON u.id = s.user_id WHERE a.study_id = ? GROUP BY u.username`,
    [studyId],
  );
  return Object.fromEntries(rows.map((row) => [row.annotator, row.n]));
}

export async function maxPosition(db: Db, studyId: number, userId: number): Promise<number> {
  return (
    (
      await db.first<{ p: number | null }>(
        'SELECT max(s.position) AS p FROM assignments s JOIN arguments a ON a.id = s.argument_id WHERE a.study_id = ? AND s.user_id = ?',
        [studyId, userId],
      )
    )?.p ?? 0
  );
}

export async function countAssignmentsOfUser(db: Db, studyId: number, userId: number): Promise<number> {
  return (
    (
      await db.first<{ n: number }>(
        'SELECT count(*) AS n FROM assignments s JOIN arguments a ON a.id = s.argument_id WHERE a.study_id = ? AND s.user_id = ?',
        [studyId, userId],
      )
    )?.n ?? 0
  );
}

/** One page of the study's assignment log, newest first, with the number of entries. */
export async function listAssignmentLogPage(
  db: Db,
  studyId: number,
  page: { page: number; pageSize: number },
): Promise<{ total: number; items: AssignmentLogEntry[] }> {
  const from = `FROM assignment_log l JOIN arguments a ON a.id = l.argument_id LEFT JOIN users f ON f.id = l.from_user_id
     JOIN users t ON t.id = l.to_user_id WHERE a.study_id = ?`;
  const total =
    (await db.first<{ count: number }>(`SELECT count(*) AS count ${from}`, [studyId]))?.count ?? 0;
  const items = await db.all<AssignmentLogEntry>(
    `SELECT a.external_id AS argumentId, f.username AS "from", t.username AS "to", l.action, l.actor, l.at
     ${from} ORDER BY l.id DESC LIMIT ? OFFSET ?`,
    [studyId, page.pageSize, (page.page - 1) * page.pageSize],
  );
  return { total, items };
}
