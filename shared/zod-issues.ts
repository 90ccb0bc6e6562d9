import type { z } from 'zod';

/** Renders a zod path as a reader would write it: `tsc1.factors[2]`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out === '' ? String(key) : `${out}.${String(key)}`;
  }, '');
}

/**
 * Every issue of a failed parse as "path: message", in the order zod found them; issues at the
 * top level have no path prefix. Unknown keys name themselves.
 */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = formatIssuePath(issue.path);
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field(s) ${issue.keys.map((key) => `"${key}"`).join(', ')}`
        : issue.message;
    return path === '' ? message : `${path}: ${message}`;
  });
}
