/**
 * The version of data/guidelines/ANNOTATION-GUIDELINES.md that annotations are made under. Every
 * saved annotation records it, so a later change of the rules can tell which gold was made under
 * which. The file states the same version on its "Version …" line; the server refuses to start when
 * the two differ, so change both together.
 */
export const GUIDELINE_VERSION = '2025-06.1';
