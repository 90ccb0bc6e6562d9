import { defineConfig } from 'vitest/config';

/**
 * The store, service and API tests that open a fresh in-memory study: the `postgres` project runs
 * them again with every such study on a fresh PostgreSQL database (test/support/on-postgres.ts).
 */
const ON_BOTH_ENGINES = [
  'server/store/*.test.ts',
  'server/services/accounts/account-changes.test.ts',
  'server/services/accounts/login-limiter.test.ts',
  'server/services/annotation/argument-list.test.ts',
  'server/services/annotation/optimistic-save.test.ts',
  'server/services/extraction/extraction-runs.test.ts',
  'server/services/coverage/coverage-center.test.ts',
  'server/services/report/report-cache.test.ts',
  'server/services/study/progress.test.ts',
  'test/adjudication-api.test.ts',
  'test/annotation-api.test.ts',
  'test/audit-log.test.ts',
  'test/autosave-short-way.test.ts',
  'test/body-limits.test.ts',
  'test/bounded-history.test.ts',
  'test/caller-mistakes.test.ts',
  'test/import-batches.test.ts',
  'test/import-upload.test.ts',
  'test/login-limits.test.ts',
  'test/route-role-table.test.ts',
  'test/sample-next-api.test.ts',
  'test/transaction-reruns.test.ts',
  'test/server-app.test.ts',
  'test/user-names.test.ts',
  'test/write-routes-fuzz.test.ts',
  // Only here: two app servers on one database, and one study's report from both engines.
  'test/postgres/*.test.ts',
];

/**
 * Three projects: `npm test` runs all (what CI runs), `npm run test:unit` only the first. Unit tests
 * are pure code — no server, no database, no browser, no client build — so the fast loop needs
 * nothing set up. `integration` runs every server and browser test on SQLite; `postgres` runs the
 * tests above once more on a throw-away PostgreSQL cluster of Debian's (test/support/postgres-cluster.ts).
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/postgres/**'],
          // The client is built once before a test serves it, so parallel files never build it together.
          globalSetup: ['test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ON_BOTH_ENGINES,
          globalSetup: ['test/global-setup.ts', 'test/support/postgres-cluster.ts'],
          setupFiles: ['test/support/on-postgres.ts'],
        },
      },
    ],
  },
});
