export { type DatabaseHealth, databaseHealthCheck } from './health.ts';
export { type MigrationSummary, migrateDatabaseFile } from './migration.ts';
