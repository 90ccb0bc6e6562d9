/**
 * The CLI commands the empty states point to (`scripts/commands/`, run from the repository root).
 * `--study` is a global option whose default is the study named `default`.
 */
export type ImportKind = 'triples' | 'arguments' | 'extractions';

/** A study name as one shell word: bare when safe, otherwise single-quoted. */
export function shellWord(word: string): string {
  return /^[\w.@%+=:,/-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** `npm run -s cli -- --study pilot import arguments FILE` (no `--study` for `default`). */
export function importCommand(kind: ImportKind, study: string): string {
  const studyOption = study === 'default' ? '' : `--study ${shellWord(study)} `;
  return `npm run -s cli -- ${studyOption}import ${kind} FILE`;
}
