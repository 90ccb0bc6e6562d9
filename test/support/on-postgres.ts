import { vi } from 'vitest';
import { createDatabaseOn, TEST_PG_ENV, uniqueDatabaseName } from './postgres-cluster.ts';

/**
 * The `postgres` test project's setup: every test that opens an in-memory database (a fresh study of
 * its own) gets instead a fresh PostgreSQL database on the run's throw-away cluster, so the same
 * store, service and API tests hold on both engines. A test that opens a file is left on SQLite.
 */
vi.mock('../../server/store/open.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/store/open.ts')>();
  const onPostgres = async (location: string): Promise<string> => {
    if (location !== ':memory:') return location;
    const base = process.env[TEST_PG_ENV];
    if (!base)
      throw new Error(`the postgres test project needs ${TEST_PG_ENV} (its globalSetup starts the cluster)`);
    return await createDatabaseOn(base, uniqueDatabaseName());
  };
  return {
    ...actual,
    openAndMigrate: async (location: string, options?: Parameters<typeof actual.openAndMigrate>[1]) =>
      await actual.openAndMigrate(await onPostgres(location), options),
    openDatabase: async (location: string, options?: Parameters<typeof actual.openDatabase>[1]) =>
      await actual.openDatabase(await onPostgres(location), options),
  };
});
