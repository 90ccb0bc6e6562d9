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

export function deleteSession(db: Db, tokenHash: string): void {
  db.run('DELETE FROM sessions WHERE token_hash = ?', [tokenHash]);
}

export function deleteSessionsOfUser(db: Db, userId: number): void {
  db.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
}

export function deleteExpiredSessions(db: Db): number {
  return db.run('DELETE FROM sessions WHERE expires_at <= ?', [nowIso()]).changes;
}
