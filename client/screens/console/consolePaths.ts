/**
 * The study console's URLs (role `admin`). Accounts belong to no study, so their screen sits outside
 * `/studies/:study`; the screens of one study's set-up sit under it.
 */
export const CONSOLE_USERS_PATH = '/admin/users';
/** Uploads and the import history; a study may not exist before its first import. */
export const CONSOLE_DATA_PATH = '/admin/data';

/** The route patterns of the screens of one study's set-up, relative to `/studies/:study`. */
export const CONSOLE_STUDY_SCREENS = [
  'sample',
  'assignment',
  'progress',
  'arguments',
  'extractions',
] as const;
export type ConsoleStudyScreen = (typeof CONSOLE_STUDY_SCREENS)[number];

export function consolePath(study: string, screen: ConsoleStudyScreen): string {
  return `/studies/${encodeURIComponent(study)}/console/${screen}`;
}

/** One argument's full record. */
export function argumentConsolePath(study: string, argumentId: string): string {
  return `${consolePath(study, 'arguments')}/${encodeURIComponent(argumentId)}`;
}
