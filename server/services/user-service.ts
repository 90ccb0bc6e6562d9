import type { Role } from '../../shared/api.ts';
import { errors } from '../errors.ts';
import type { Db } from '../store/db.ts';
import { findUserByName, insertUser, type User } from '../store/users.ts';
import { hashPassword } from './auth-service.ts';

const USERNAME = /^[a-z0-9][a-z0-9._-]{1,39}$/i;

export interface NewUser {
  username: string;
  displayName?: string;
  password: string;
  roles: Role[];
}

/** Creates an account with an argon2id-hashed password. */
export async function createUser(db: Db, user: NewUser): Promise<User> {
  if (!USERNAME.test(user.username))
    throw errors.validation(
      `"${user.username}" is not a usable user name: 2–40 letters, digits, ".", "_" or "-".`,
    );
  if (user.roles.length === 0)
    throw errors.validation('Give the account at least one role: admin, annotator or adjudicator.');
  if (findUserByName(db, user.username)) throw errors.conflict(`The user "${user.username}" already exists.`);
  const passwordHash = await hashPassword(user.password);
  insertUser(db, {
    username: user.username,
    displayName: user.displayName ?? user.username,
    passwordHash,
    roles: user.roles,
  });
  const created = findUserByName(db, user.username);
  if (!created) throw new Error(`user ${user.username} was not stored`);
  return created;
}
