import { randomBytes } from 'node:crypto';
import { errors } from '../../errors.ts';
import type { Db } from '../../store/db.ts';
import { deleteSessionsOfUser } from '../../store/sessions.ts';
import { findUserByName, setUserDisabled, type User, updateUserPassword } from '../../store/users.ts';
import { hashPassword } from './auth.ts';

/** A password for a person to type once and then change: 16 characters from an unambiguous alphabet. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY346789';
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}

export function requireUserNamed(db: Db, username: string): User {
  const user = findUserByName(db, username);
  if (!user) throw errors.notFound(`The user "${username}" (see: npm run -s cli -- user list)`);
  return user;
}

/** Sets a new password and ends the user's sessions, so an old login cannot outlive the change. */
export async function changePassword(db: Db, username: string, password: string): Promise<void> {
  const user = requireUserNamed(db, username);
  const passwordHash = await hashPassword(password);
  db.transaction(() => {
    updateUserPassword(db, user.id, passwordHash);
    deleteSessionsOfUser(db, user.id);
  });
}

/** Disables (or re-enables) an account; disabling ends its sessions at once. Its work is kept. */
export function setDisabled(db: Db, username: string, disabled: boolean): void {
  const user = requireUserNamed(db, username);
  db.transaction(() => {
    setUserDisabled(db, user.id, disabled);
    if (disabled) deleteSessionsOfUser(db, user.id);
  });
}
