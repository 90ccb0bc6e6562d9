import { z } from 'zod';
import { type Role, roleSchema } from '../../shared/api.ts';
import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';
import type { SessionRow } from './sessions.ts';

export interface UserRow {
  id: number;
  username: string;
  displayName: string;
  passwordHash: string | null;
  roles: string;
  disabled: number;
  createdAt: string;
}

export interface User {
  id: number;
  username: string;
  displayName: string;
  passwordHash: string | null;
  roles: Role[];
  disabled: boolean;
  createdAt: string;
}

const rolesColumn = z.array(roleSchema);
const SELECT = `SELECT id, username, display_name AS displayName, password_hash AS passwordHash, roles, disabled,
  created_at AS createdAt FROM users`;

export function toUser(row: UserRow): User {
  return { ...row, roles: rolesColumn.parse(JSON.parse(row.roles)), disabled: row.disabled === 1 };
}

export async function findUserByName(db: Db, username: string): Promise<User | undefined> {
  const row = await db.first<UserRow>(`${SELECT} WHERE username = ?`, [username]);
  return row && toUser(row);
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const row = await db.first<UserRow>(`${SELECT} WHERE id = ?`, [id]);
  return row && toUser(row);
}

/**
 * The live session of a token hash and its user, in one query (read once per request by
 * `loadSession`): undefined when the session is unknown or expired.
 */
export async function findLiveSessionAndUser(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: User } | undefined> {
  const row = await db.first<UserRow & { tokenHash: string; csrfToken: string; expiresAt: string }>(
    `SELECT u.id, u.username, u.display_name AS displayName, u.password_hash AS passwordHash, u.roles, u.disabled,
       u.created_at AS createdAt, s.token_hash AS tokenHash, s.csrf_token AS csrfToken, s.expires_at AS expiresAt
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?`,
    [tokenHash, nowIso()],
  );
  if (!row) return undefined;
  const { tokenHash: hash, csrfToken, expiresAt, ...user } = row;
  return { session: { tokenHash: hash, userId: user.id, csrfToken, expiresAt }, user: toUser(user) };
}

export async function listUsers(db: Db): Promise<User[]> {
  return (await db.all<UserRow>(`${SELECT} ORDER BY username`)).map(toUser);
}

export async function insertUser(
  db: Db,
  user: { username: string; displayName: string; passwordHash: string | null; roles: Role[] },
): Promise<number> {
  return await db.insert(
    'INSERT INTO users (username, display_name, password_hash, roles, created_at) VALUES (?, ?, ?, ?, ?)',
    [user.username, user.displayName, user.passwordHash, writeJson(user.roles), nowIso()],
  );
}

/**
 * Inserts an account unless its name is taken (case-insensitively: the column is NOCASE); the insert
 * itself decides, so two concurrent creations of one name give one account and one `undefined`.
 */
export async function insertUserUnlessTaken(
  db: Db,
  user: { username: string; displayName: string; passwordHash: string | null; roles: Role[] },
): Promise<number | undefined> {
  const inserted = await db.first<{ id: number }>(
    `INSERT INTO users (username, display_name, password_hash, roles, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (username) DO NOTHING RETURNING id`,
    [user.username, user.displayName, user.passwordHash, writeJson(user.roles), nowIso()],
  );
  return inserted?.id;
}

export async function updateUserPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.run('UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, id]);
}

export async function updateUserRoles(db: Db, id: number, roles: Role[]): Promise<void> {
  await db.run('UPDATE users SET roles = ? WHERE id = ?', [writeJson(roles), id]);
}

export async function setUserDisabled(db: Db, id: number, disabled: boolean): Promise<void> {
  await db.run('UPDATE users SET disabled = ? WHERE id = ?', [Number(disabled), id]);
}

export async function countUsers(db: Db): Promise<number> {
  return (await db.first<{ count: number }>('SELECT count(*) AS count FROM users'))?.count ?? 0;
}

/** Enabled accounts holding the admin role, other than `exceptId`: who could still run the study. */
export async function countOtherEnabledAdmins(db: Db, exceptId: number): Promise<number> {
  return (
    (
      await db.first<{ count: number }>(
        `SELECT count(*) AS count FROM users
       WHERE id <> ? AND disabled = 0 AND roles LIKE '%"admin"%'`,
        [exceptId],
      )
    )?.count ?? 0
  );
}
