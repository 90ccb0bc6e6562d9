import { fileURLToPath } from 'node:url';

/**
 * Whether this code runs compiled (`npm run build` writes the tree to dist/server/, scripts/server-build.ts):
 * a module of the compiled tree ends in `.js`, one run from source (through tsx) in `.ts`.
 */
export const COMPILED = import.meta.url.endsWith('.js');

/**
 * The project's folder, where client/, data/ and dist/ are: one up from scripts/, or three up from a
 * compiled tree's scripts/ (dist/server/scripts/).
 */
export const ROOT = fileURLToPath(new URL(COMPILED ? '../../..' : '..', import.meta.url));
