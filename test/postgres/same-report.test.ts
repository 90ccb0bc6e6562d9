import { describe, expect, it } from 'vitest';
import { cliSandbox } from '../support/cli.ts';
import { createDatabaseOn, TEST_PG_ENV, uniqueDatabaseName } from '../support/postgres-cluster.ts';

/**
 * One study, two engines: the demo with its simulated annotations loaded into a SQLite file and into
 * a PostgreSQL database by the same commands gives, with one seed, the same report to the byte —
 * apart from the time it was generated.
 */
async function reportOn(database: string | null): Promise<Record<string, unknown>> {
  const sandbox = cliSandbox();
  const run = (...args: string[]) =>
    database === null ? sandbox.run(...args) : sandbox.run('--db', database, ...args);
  const loaded = await run('demo', '--with-annotations');
  expect(loaded.code, loaded.stderr).toBe(0);
  const result = await run('report', '--format', 'json', '--seed', '11', '--replicates', '200');
  expect(result.code, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout) as { meta: Record<string, unknown> };
  return { ...report, meta: { ...report.meta, generated_at: null } };
}

describe('the same study on SQLite and on PostgreSQL', () => {
  it('gives the same report, apart from the generation time', { timeout: 240_000 }, async () => {
    const base = process.env[TEST_PG_ENV];
    if (!base) throw new Error(`${TEST_PG_ENV} is not set: this test runs in the postgres project`);
    const postgres = await createDatabaseOn(base, uniqueDatabaseName('report'));
    const [onSqlite, onPostgres] = [await reportOn(null), await reportOn(postgres)];
    expect(JSON.stringify(onPostgres)).toBe(JSON.stringify(onSqlite));
  });
});
