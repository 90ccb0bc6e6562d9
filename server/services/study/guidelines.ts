import { readFileSync } from 'node:fs';
import type { Guidelines } from '../../../shared/annotation-api.ts';
import { GUIDELINE_VERSION } from '../../../shared/guidelines.ts';

/** The guidelines the annotators read, shipped with the code so their version moves with it. */
export const GUIDELINES_FILE = new URL('../../../data/guidelines/ANNOTATION-GUIDELINES.md', import.meta.url);

// The file states its version on a line of its own, "Version 2025-06.1", under the title.
const VERSION_LINE = /^Version (\S+)\s*$/m;

/**
 * Reads the guidelines once (at app creation) and checks that the version the file states is
 * GUIDELINE_VERSION, the one every saved annotation records: otherwise annotators would read one
 * text while their work is labelled with another. A mismatch stops the server with what to change.
 */
export function loadGuidelines(file: URL | string = GUIDELINES_FILE): Guidelines {
  const markdown = readFileSync(file, 'utf8');
  const stated = VERSION_LINE.exec(markdown)?.[1];
  if (stated !== GUIDELINE_VERSION)
    throw new Error(
      stated === undefined
        ? `${String(file)} has no "Version ${GUIDELINE_VERSION}" line under its title; add it.`
        : `${String(file)} says "Version ${stated}" but GUIDELINE_VERSION in shared/guidelines.ts is "${GUIDELINE_VERSION}"; change both together when the rules change.`,
    );
  return { version: GUIDELINE_VERSION, markdown };
}
