export { backupDatabase, restoreDatabase } from './backup.ts';
