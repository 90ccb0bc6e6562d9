import type { Role } from '../../../shared/api.ts';
import { errors } from '../../errors.ts';
import type { Db } from '../../store/db.ts';
import { countOtherEnabledAdmins, type User, updateUserRoles } from '../../store/users.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { changePassword, requireUserNamed, setDisabled } from './user-admin.ts';
import { createUser, type NewUser } from './users.ts';

/**
 * Account changes with their audit entries, for the admin's routes and the `user` commands. The user
 * services do the work; this module records who did it. Role and status changes are written with their
 * entry in one transaction. Creating an account and setting a password hash the password first
 * (argon2, asynchronous), so the account is written by the user service and its entry right after it:
 * a crash between the two leaves a change without its entry, never an entry without its change.
 * An entry names the account and the roles; never a password.
 */

export async function addAccount(db: Db, actor: AuditActor, account: NewUser): Promise<User> {
  const user = await createUser(db, account);
  recordAudit(db, {
    studyId: null,
    actor,
    action: 'user.create',
    subject: user.username,
    details: { roles: user.roles },
  });
  return user;
}

export async function setAccountPassword(
  db: Db,
  actor: AuditActor,
  username: string,
  password: string,
): Promise<void> {
  await changePassword(db, username, password);
  recordAudit(db, {
    studyId: null,
    actor,
    action: 'user.password',
    subject: requireUserNamed(db, username).username,
    details: { sessionsEnded: true },
  });
}

/**
 * Refuses a change that would leave no enabled admin: nobody could then add accounts, draw samples or
 * undo the change from the browser. Checked inside the change's transaction, so two admins demoting each
 * other at once cannot both pass.
 */
function keepAnAdmin(
  db: Db,
  user: User,
  change: { roles?: Role[] | undefined; disabled?: boolean | undefined },
): void {
  const wasAdmin = user.roles.includes('admin') && !user.disabled;
  if (!wasAdmin) return;
  const staysAdmin = (change.roles ?? user.roles).includes('admin') && !(change.disabled ?? user.disabled);
  if (staysAdmin || countOtherEnabledAdmins(db, user.id) > 0) return;
  throw errors.conflict(
    `"${user.username}" is the last enabled admin: give another account the admin role first (Users, or: npm run -s cli -- user add NAME --role admin), then change this one.`,
  );
}

/**
 * Changes an account's roles and/or disables or re-enables it (disabling ends its sessions). The last
 * enabled admin keeps the role and stays enabled (409).
 */
export function changeAccount(
  db: Db,
  actor: AuditActor,
  username: string,
  change: { roles?: Role[] | undefined; disabled?: boolean | undefined },
): User {
  const user = requireUserNamed(db, username);
  db.transaction(() => {
    keepAnAdmin(db, user, change);
    if (change.roles) {
      updateUserRoles(db, user.id, change.roles);
      recordAudit(db, {
        studyId: null,
        actor,
        action: 'user.roles',
        subject: user.username,
        details: { from: user.roles, to: change.roles },
      });
    }
    if (change.disabled !== undefined && change.disabled !== user.disabled) {
      setDisabled(db, user.username, change.disabled);
      recordAudit(db, {
        studyId: null,
        actor,
        action: change.disabled ? 'user.disable' : 'user.enable',
        subject: user.username,
      });
    }
  });
  return requireUserNamed(db, user.username);
}
