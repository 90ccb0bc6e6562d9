import type { Role } from '../../../shared/api.ts';
import { errors } from '../../errors.ts';
import type { Db } from '../../store/db.ts';
import { deleteSessionsOfUser } from '../../store/sessions.ts';
import {
  countOtherEnabledAdmins,
  setUserDisabled,
  type User,
  updateUserPassword,
  updateUserRoles,
} from '../../store/users.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { hashPassword } from './auth.ts';
import { requireUserNamed } from './users.ts';

/**
 * Changes to an existing account, for the admin's routes and the `user` commands, each written with
 * its audit entry in one transaction: the entry names the account and the roles, never a password.
 */

/**
 * Sets a new password and ends the user's sessions, so an old login cannot outlive the change. The
 * password is hashed first (argon2, asynchronous); the change and its entry are then one transaction.
 */
export async function changePassword(
  db: Db,
  actor: AuditActor,
  username: string,
  password: string,
): Promise<void> {
  const user = await requireUserNamed(db, username);
  const passwordHash = await hashPassword(password);
  await db.transaction(async () => {
    await updateUserPassword(db, user.id, passwordHash);
    await deleteSessionsOfUser(db, user.id);
    await recordAudit(db, {
      studyId: null,
      actor,
      action: 'user.password',
      subject: user.username,
      details: { sessionsEnded: true },
    });
  });
}

/**
 * Refuses a change that would leave no enabled admin: nobody could then add accounts, draw samples or
 * undo the change from the browser. Checked inside the change's transaction, so two admins demoting each
 * other at once cannot both pass.
 */
async function keepAnAdmin(
  db: Db,
  user: User,
  change: { roles?: Role[] | undefined; disabled?: boolean | undefined },
): Promise<void> {
  const wasAdmin = user.roles.includes('admin') && !user.disabled;
  if (!wasAdmin) return;
  const staysAdmin = (change.roles ?? user.roles).includes('admin') && !(change.disabled ?? user.disabled);
  if (staysAdmin || (await countOtherEnabledAdmins(db, user.id)) > 0) return;
  throw errors.conflict(
    `"${user.username}" is the last enabled admin: give another account the admin role first (Users, or: npm run -s cli -- user add NAME --role admin), then change this one.`,
  );
}

/**
 * Changes an account's roles and/or disables or re-enables it. Disabling ends its sessions at once;
 * its work is kept. The last enabled admin keeps the role and stays enabled (409).
 */
export async function changeAccount(
  db: Db,
  actor: AuditActor,
  username: string,
  change: { roles?: Role[] | undefined; disabled?: boolean | undefined },
): Promise<User> {
  const user = await requireUserNamed(db, username);
  await db.transaction(async () => {
    await keepAnAdmin(db, user, change);
    if (change.roles) {
      await updateUserRoles(db, user.id, change.roles);
      await recordAudit(db, {
        studyId: null,
        actor,
        action: 'user.roles',
        subject: user.username,
        details: { from: user.roles, to: change.roles },
      });
    }
    if (change.disabled !== undefined && change.disabled !== user.disabled) {
      await setUserDisabled(db, user.id, change.disabled);
      if (change.disabled) await deleteSessionsOfUser(db, user.id);
      await recordAudit(db, {
        studyId: null,
        actor,
        action: change.disabled ? 'user.disable' : 'user.enable',
        subject: user.username,
      });
    }
  });
  return await requireUserNamed(db, user.username);
}
