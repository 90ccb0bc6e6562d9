/**
 * The app's URL scheme: the patterns `App.tsx` routes on, and builders beside them so screens link
 * without spelling URLs. Study names are URI-encoded; item keys are opaque (they reveal nothing of
 * the argument, its model or its test).
 */
import type { Role } from '../shared/api.ts';

export const LOGIN_PATH = '/login';

export function studyPath(study: string): string {
  return `/studies/${encodeURIComponent(study)}`;
}

export function queuePath(study: string): string {
  return `${studyPath(study)}/queue`;
}

export function itemPath(study: string, itemKey: string): string {
  return `${studyPath(study)}/items/${encodeURIComponent(itemKey)}`;
}

export function adjudicationPath(study: string): string {
  return `${studyPath(study)}/adjudication`;
}

export function adjudicationItemPath(study: string, itemKey: string): string {
  return `${adjudicationPath(study)}/${encodeURIComponent(itemKey)}`;
}

/**
 * Where a role's work is, in order of precedence: an admin runs the study (overview), an annotator
 * annotates (queue), an adjudicator resolves disagreements. A user with several roles lands on the
 * first and reaches the others from the header.
 */
export function homePathFor(roles: readonly Role[], study: string): string {
  if (roles.includes('admin')) return studyPath(study);
  if (roles.includes('annotator')) return queuePath(study);
  if (roles.includes('adjudicator')) return adjudicationPath(study);
  return studyPath(study);
}

/**
 * A `next` target taken from the URL, accepted only if it is an in-app path (`/…`, not `//…` or
 * `/\…`, which browsers treat as another origin); anything else yields undefined.
 */
export function safeNext(next: string | null): string | undefined {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return undefined;
  return next;
}

/** The login path that returns to `next` afterwards (`/login` alone when next is the root). */
export function loginPath(next: string): string {
  return next === '/' ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
