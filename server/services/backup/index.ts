export { backupDatabase, databaseSchemaVersion, restoreDatabase } from './backup.ts';
