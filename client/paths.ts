/**
 * The app's URL scheme (hash routing: these paths follow `#`). Patterns here, builders beside
 * them, so screens link without spelling URLs; `routes.tsx` maps the patterns to screens.
 */
import { buildPath } from './router.ts';

export const PATTERNS = {
  home: '/',
  study: '/studies/:name',
} as const;

export function studyPath(name: string): string {
  return buildPath(PATTERNS.study, { name });
}
