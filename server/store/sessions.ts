import type { Db } from './db.ts';
import { nowIso } from './json-columns.ts';

export interface SessionRow {
  tokenHash: string;
  userId: number;
  csrfToken: string;
  expiresAt: string;
}

export function insertSession(db: Db, session: SessionRow): void {
  db.run(
    'INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    [session.tokenHash, session.userId, session.csrfToken, nowIso(), session.expiresAt],
  );
}

/** The session for a token hash, if it has not expired. */
export function findLiveSession(db: Db, tokenHash: string): SessionRow | undefined {
  return db.first<SessionRow>(
    `SELECT token_hash AS tokenHash, user_id AS userId, csrf_token AS csrfToken, expires_at AS expiresAt
     FROM sessions WHERE token_hash = ? AND expires_at > ?`,
    [tokenHash, nowIso()],
  );
}

export function deleteSession(db: Db, tokenHash: string): void {
  db.run('DELETE FROM sessions WHERE token_hash = ?', [tokenHash]);
}

export function deleteSessionsOfUser(db: Db, userId: number): void {
  db.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
}

export function deleteExpiredSessions(db: Db): number {
  return db.run('DELETE FROM sessions WHERE expires_at <= ?', [nowIso()]).changes;
}
