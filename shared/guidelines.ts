/**
 * The version of ANNOTATION-GUIDELINES.md that annotations are made under. Every saved annotation
 * records it, so a later change of the rules can tell which gold was made under which.
 */
export const GUIDELINE_VERSION = '2025-06.1';
