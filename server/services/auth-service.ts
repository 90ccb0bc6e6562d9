import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { errors } from '../errors.ts';
import type { Db } from '../store/db.ts';
import { deleteSession, findLiveSession, insertSession, type SessionRow } from '../store/sessions.ts';
import { findUserById, findUserByName, type User } from '../store/users.ts';

export const MIN_PASSWORD_LENGTH = 8;

/** argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's minimum recommendation). */
export function hashPassword(password: string): Promise<string> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw errors.validation(`A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  return hash(password);
}

// Verified against when the user does not exist, so a wrong name takes as long as a wrong password.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$NMb9t0FdQy8RgyfRfp+m6Q$Vp/U1KCibJ8FWJmyq+y6rCDBN6f1NFXC5/UksF1cSng';

/** The user for a name and password, or an `unauthenticated` error that does not say which was wrong. */
export async function authenticate(db: Db, username: string, password: string): Promise<User> {
  const user = findUserByName(db, username);
  const valid = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
  if (!user?.passwordHash || !valid || user.disabled)
    throw errors.unauthenticated('That user name and password do not match an active account.');
  return user;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StartedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export function startSession(db: Db, userId: number, ttlHours: number): StartedSession {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  insertSession(db, { tokenHash: tokenHash(token), userId, csrfToken, expiresAt: expiresAt.toISOString() });
  return { token, csrfToken, expiresAt };
}

/** The live session and its (enabled) user for a cookie token, if any. */
export function resolveSession(db: Db, token: string): { session: SessionRow; user: User } | undefined {
  const session = findLiveSession(db, tokenHash(token));
  if (!session) return undefined;
  const user = findUserById(db, session.userId);
  if (!user || user.disabled) return undefined;
  return { session, user };
}

export function endSession(db: Db, token: string): void {
  deleteSession(db, tokenHash(token));
}
