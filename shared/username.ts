import { z } from 'zod';

/**
 * The one rule for user names, wherever an account is made (`user add`, POST /api/admin/users,
 * `import annotations`, `import gold`'s adjudicator, the demo): 2–40 ASCII letters, digits, ".", "_"
 * or "-", starting with a letter or digit. Nothing a browser, a Markdown renderer, a shell or a CSV
 * reader treats specially can then reach a report, a log line or a command we print.
 */
export const USERNAME_MAX_LENGTH = 40;
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,39}$/i;
export const USERNAME_RULE = `2–${USERNAME_MAX_LENGTH} letters, digits, ".", "_" or "-", starting with a letter or digit`;

/** A user name for a new account (or a record that makes one). */
export const usernameSchema = z.string().trim().regex(USERNAME_PATTERN, `must be ${USERNAME_RULE}`);

/**
 * The longest name a request may use to refer to an existing account (a login, an assignment). Looser
 * than the rule, so an account made before it can still be named; bounded, so no request carries
 * megabytes of "name".
 */
export const USERNAME_REFERENCE_MAX_LENGTH = 64;
export const usernameReferenceSchema = z
  .string()
  .trim()
  .min(1, 'must name a user')
  .max(USERNAME_REFERENCE_MAX_LENGTH, `must be at most ${USERNAME_REFERENCE_MAX_LENGTH} characters`);

/**
 * The one way user names compare: case-insensitively, ASCII letters only — "Bob" and "bob" are one
 * person. It is exactly SQLite's NOCASE collation, which the `users.username` column uses (migration
 * 001), so the store and this function never disagree about who is who.
 *
 * @example usernameKey('Bob') === usernameKey('bob') // true
 */
export function usernameKey(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** The first name of `names` that repeats an earlier one under `usernameKey`, with that earlier one. */
export function repeatedUsername(names: readonly string[]): { first: string; repeat: string } | undefined {
  const seen = new Map<string, string>();
  for (const name of names) {
    const earlier = seen.get(usernameKey(name));
    if (earlier !== undefined) return { first: earlier, repeat: name };
    seen.set(usernameKey(name), name);
  }
  return undefined;
}
