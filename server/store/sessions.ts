import type { Db } from './db.ts';
import { nowIso } from './json-columns.ts';

export interface SessionRow {
  tokenHash: string;
  userId: number;
  csrfToken: string;
  expiresAt: string;
}

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.run(
    'INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    [session.tokenHash, session.userId, session.csrfToken, nowIso(), session.expiresAt],
  );
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.run('DELETE FROM sessions WHERE token_hash = ?', [tokenHash]);
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  return (await db.run('DELETE FROM sessions WHERE expires_at <= ?', [nowIso()])).changes;
}
