/**
 * The study console's URLs (role `admin`). Accounts belong to no study, so their screen sits outside
 * `/studies/:study`; the screens of one study's set-up sit under it.
 */
export const CONSOLE_USERS_PATH = '/admin/users';
