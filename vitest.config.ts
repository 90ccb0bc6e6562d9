import { defineConfig } from 'vitest/config';

/**
 * Two projects, each test file in exactly one: `npm test` runs both (what CI runs),
 * `npm run test:unit` only the first. Unit tests are pure code — no server, no database, no browser,
 * no client build — so the fast loop needs nothing set up.
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
          // The client is built once before a test serves it, so parallel files never build it together.
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
