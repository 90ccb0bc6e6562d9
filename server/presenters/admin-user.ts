import type { AdminUser } from '../../shared/admin-api.ts';
import type { User } from '../store/users.ts';

/** What an admin sees of an account: everything but the password hash. */
export function presentAdminUser(user: User): AdminUser {
  return {
    username: user.username,
    displayName: user.displayName,
    roles: user.roles,
    disabled: user.disabled,
    canLogIn: user.passwordHash !== null && !user.disabled,
  };
}
