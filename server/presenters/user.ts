import type { SessionUser } from '../../shared/api.ts';
import type { User } from '../store/users.ts';

/** What a user may see of an account: never the hash, the id or the disabled flag. */
export function presentSessionUser(user: User): SessionUser {
  return { username: user.username, displayName: user.displayName, roles: user.roles };
}
