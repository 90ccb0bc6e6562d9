import { DISPLAY_NAME_MAX_LENGTH } from '../../../shared/admin-api.ts';
import type { Role } from '../../../shared/api.ts';
import { usernameSchema } from '../../../shared/username.ts';
import { errors } from '../../errors.ts';
import type { Db } from '../../store/db.ts';
import { findUserByName, insertUserUnlessTaken, listUsers, type User } from '../../store/users.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { hashPassword } from './auth.ts';

export interface NewUser {
  username: string;
  displayName?: string;
  password: string;
  roles: Role[];
}

function taken(username: string) {
  return errors.conflict(
    `The user "${username}" already exists (names compare case-insensitively); choose another name.`,
  );
}

/**
 * Creates an account with an argon2id-hashed password, and its `user.create` entry (the name and the
 * roles, never the password) in the same transaction. The name follows the one rule (`usernameSchema`),
 * whichever way the account is made (the API, `user add`, the demo, a test's seed).
 *
 * The insert decides who gets a name: hashing takes tens of milliseconds and yields the event loop,
 * so a check made before it is stale by the time the row is written (eight concurrent requests for
 * one name got seven 500s from the UNIQUE constraint). The early check only spares a hash for the
 * common case; a name taken meanwhile is a 409 from the insert itself, and then no entry is written.
 */
export async function createUser(db: Db, actor: AuditActor, user: NewUser): Promise<User> {
  const name = usernameSchema.safeParse(user.username);
  if (!name.success)
    throw errors.validation(
      `"${user.username.slice(0, 64)}" is not a usable user name: ${name.error.issues[0]?.message}.`,
    );
  const username = name.data;
  if (user.displayName !== undefined && user.displayName.length > DISPLAY_NAME_MAX_LENGTH)
    throw errors.validation(`A display name has at most ${DISPLAY_NAME_MAX_LENGTH} characters; shorten it.`);
  if (user.roles.length === 0)
    throw errors.validation('Give the account at least one role: admin, annotator or adjudicator.');
  if (await findUserByName(db, username)) throw taken(username);
  const passwordHash = await hashPassword(user.password);
  return await db.transaction(async () => {
    const id = await insertUserUnlessTaken(db, {
      username,
      displayName: user.displayName ?? username,
      passwordHash,
      roles: user.roles,
    });
    if (id === undefined) throw taken(username);
    const created = await findUserByName(db, username);
    if (!created) throw new Error(`user ${username} was not stored`);
    await recordAudit(db, {
      studyId: null,
      actor,
      action: 'user.create',
      subject: created.username,
      details: { roles: created.roles },
    });
    return created;
  });
}

export async function requireUserNamed(db: Db, username: string): Promise<User> {
  const user = await findUserByName(db, username);
  if (!user) throw errors.notFound(`The user "${username}" (see: npm run -s cli -- user list)`);
  return user;
}

/** Every account, by name (the admin's list and `user list`; what a viewer sees is the caller's presenter). */
export async function listAccounts(db: Db): Promise<User[]> {
  return await listUsers(db);
}
