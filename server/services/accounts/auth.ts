import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH } from '../../../shared/api.ts';
import { errors, isAppError } from '../../errors.ts';
import type { Db } from '../../store/db.ts';
import { deleteSession, insertSession, type SessionRow } from '../../store/sessions.ts';
import { findLiveSessionAndUser, findUserByName, type User } from '../../store/users.ts';
import type { LoginLimiter } from './login-limiter.ts';

export const MIN_PASSWORD_LENGTH = 8;

/** argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's minimum recommendation). */
export function hashPassword(password: string): Promise<string> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw errors.validation(`A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH)
    throw errors.validation(
      `A password has at most ${PASSWORD_MAX_LENGTH} characters; choose a shorter one.`,
    );
  return hash(password);
}

/** A password for a person to type once and then change: 16 characters from an unambiguous alphabet. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY346789';
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}

// Verified against when the user does not exist, so a wrong name takes as long as a wrong password.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$NMb9t0FdQy8RgyfRfp+m6Q$Vp/U1KCibJ8FWJmyq+y6rCDBN6f1NFXC5/UksF1cSng';

/** The user for a name and password, or an `unauthenticated` error that does not say which was wrong. */
export async function authenticate(db: Db, username: string, password: string): Promise<User> {
  const user = await findUserByName(db, username);
  const valid = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
  if (!user?.passwordHash || !valid || user.disabled)
    throw errors.unauthenticated('That user name and password do not match an active account.');
  return user;
}

export interface LoginRequestContext {
  db: Db;
  limiter: LoginLimiter;
  username: string;
  password: string;
  /** The client's address as the app sees it (behind a proxy only when TRUST_PROXY says so). */
  address: string;
}

/**
 * A login through the limiter: the attempt is reserved before the password is checked and counted
 * after (`LoginLimiter.reserve`), slowed down when the name has failed recently, and refused with 429
 * and `Retry-After` when this address, or this name from this address, failed too often.
 */
export async function logIn({
  db,
  limiter,
  username,
  password,
  address,
}: LoginRequestContext): Promise<User> {
  const reservation = await limiter.reserve(username, address);
  if (!reservation.ok) {
    const seconds = Math.ceil(reservation.retryAfterMs / 1000);
    throw errors.rateLimited(
      `Too many failed logins from here; try again in ${Math.ceil(seconds / 60)} minute(s).`,
      seconds,
    );
  }
  const { attempt } = reservation;
  try {
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);
    const user = await authenticate(db, username, password);
    await attempt.succeeded();
    return user;
  } catch (error) {
    if (isUnauthenticated(error)) await attempt.failed();
    throw error;
  } finally {
    // Anything else (a database error) counts as no attempt; after failed/succeeded this does nothing.
    await attempt.abandoned();
  }
}

function isUnauthenticated(error: unknown): boolean {
  return isAppError(error) && error.code === 'unauthenticated';
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StartedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function startSession(db: Db, userId: number, ttlHours: number): Promise<StartedSession> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await insertSession(db, {
    tokenHash: tokenHash(token),
    userId,
    csrfToken,
    expiresAt: expiresAt.toISOString(),
  });
  return { token, csrfToken, expiresAt };
}

/** The live session and its (enabled) user for a cookie token, when there is one. */
export async function resolveSession(
  db: Db,
  token: string,
): Promise<{ session: SessionRow; user: User } | undefined> {
  const resolved = await findLiveSessionAndUser(db, tokenHash(token));
  return resolved && !resolved.user.disabled ? resolved : undefined;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, tokenHash(token));
}
