import { USERNAME_RULE, usernameSchema } from '../username.ts';
import type { LsCompletedBy } from './task-format.ts';

/** `--annotator` mappings: a Label Studio user id or email → the account name to import under. */
export type AnnotatorMap = ReadonlyMap<string, string>;

/**
 * `--annotator KEY=NAME` values as a map; every value must have a non-empty key before the first `=`
 * and a name after it (an issue message per bad value otherwise). Later repeats of a key win.
 *
 * @example parseAnnotatorMap(['3=alice', 'bob@lab.org=bob']).map // Map { '3' => 'alice', 'bob@lab.org' => 'bob' }
 */
export function parseAnnotatorMap(values: readonly string[]): {
  map: Map<string, string>;
  problems: string[];
} {
  const map = new Map<string, string>();
  const problems: string[] = [];
  for (const value of values) {
    const at = value.indexOf('=');
    if (at <= 0 || at === value.length - 1) problems.push(`"${value}" is not ID=NAME or EMAIL=NAME`);
    else map.set(value.slice(0, at).trim(), value.slice(at + 1).trim());
  }
  return { map, problems };
}

/**
 * The account an annotation from Label Studio is imported under. `completed_by` is a user id (Label
 * Studio's JSON export) or `{ id, email }` (older exports; what its import matches): the `--annotator`
 * mapping is tried by email, then by id; without one, an email's local part ("alice" of
 * "alice@lab.org"). The name must follow the user-name rule (shared/username.ts) — an email such as
 * "j.doe+ls@lab.org" needs a mapping. Returns the name or why there is none. Pure.
 *
 * @example annotatorName({ id: 3, email: 'alice@lab.org' }, new Map()) // { name: 'alice' }
 * @example annotatorName(3, new Map([['3', 'bob']])) // { name: 'bob' }
 */
export function annotatorName(
  completedBy: LsCompletedBy | undefined,
  map: AnnotatorMap,
): { name: string; problem?: undefined } | { name?: undefined; problem: string } {
  if (completedBy === undefined)
    return { problem: 'the annotation does not say who made it (no completed_by)' };
  const id =
    typeof completedBy === 'object'
      ? completedBy.id
      : typeof completedBy === 'number'
        ? completedBy
        : undefined;
  const email =
    typeof completedBy === 'object'
      ? completedBy.email
      : typeof completedBy === 'string'
        ? completedBy
        : undefined;
  const mapped =
    (email !== undefined ? map.get(email) : undefined) ??
    (id !== undefined ? map.get(String(id)) : undefined);
  const candidate = mapped ?? (email?.includes('@') ? email.slice(0, email.indexOf('@')) : email);
  if (candidate === undefined)
    return {
      problem: `Label Studio user ${id ?? '?'} has no email here; map it with --annotator ${id ?? 'ID'}=NAME`,
    };
  const parsed = usernameSchema.safeParse(candidate);
  if (!parsed.success)
    return {
      problem: `"${candidate}" (Label Studio user ${email ?? id ?? '?'}) is not a user name here (${USERNAME_RULE}); map it with --annotator ${email ?? id ?? 'ID'}=NAME`,
    };
  return { name: parsed.data };
}
