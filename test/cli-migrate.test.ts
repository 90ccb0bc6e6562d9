import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../scripts/main.ts';
import { SqliteDb } from '../server/store/db.ts';
import { latestSchemaVersion, loadMigrations, migrate, schemaVersion } from '../server/store/migrate.ts';
import { cliSandbox } from './support/cli.ts';

const LATEST = latestSchemaVersion();

/** A database file left at migration level `level`, as an older factor-audit wrote it. */
async function databaseAt(file: string, level: number): Promise<void> {
  const db = new SqliteDb(file);
  await migrate(
    db,
    loadMigrations().filter((migration) => migration.version <= level),
  );
  await db.close();
}

async function levelOf(file: string): Promise<number> {
  const db = new SqliteDb(file, { readonly: true });
  try {
    return await schemaVersion(db);
  } finally {
    await db.close();
  }
}

describe('migrate', () => {
  it('creates a missing database at the latest level, naming every migration, then says it is up to date', async () => {
    const sandbox = cliSandbox();
    expect(existsSync(sandbox.db)).toBe(false);
    const first = await sandbox.run('migrate');
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain(`created ${sandbox.db}: migrated from level 0 to ${LATEST}\n`);
    for (const migration of loadMigrations()) expect(first.stdout).toContain(`  applied ${migration.name}\n`);
    expect(await levelOf(sandbox.db)).toBe(LATEST);

    const again = await sandbox.run('migrate');
    expect(again).toEqual({
      code: 0,
      stdout: `${sandbox.db}: up to date (migration level ${LATEST})\n`,
      stderr: '',
    });
  });

  it('applies only the migrations an older file lacks, with --db after the command too', async () => {
    const sandbox = cliSandbox();
    await databaseAt(sandbox.db, 10);
    let stdout = '';
    const code = await runCli(['migrate', '--db', sandbox.db], {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => {},
      interactive: false,
      env: {},
      cwd: sandbox.dir,
    });
    expect(code).toBe(0);
    const pending = loadMigrations().filter((migration) => migration.version > 10);
    expect(pending.length).toBeGreaterThan(0);
    expect(stdout).toBe(
      `${sandbox.db}: migrated from level 10 to ${LATEST}\n${pending.map((migration) => `  applied ${migration.name}\n`).join('')}`,
    );
    expect(await levelOf(sandbox.db)).toBe(LATEST);
  });

  it('refuses a database newer than the code, changing nothing — and so does every other opening', async () => {
    const sandbox = cliSandbox();
    await databaseAt(sandbox.db, LATEST);
    const db = new SqliteDb(sandbox.db);
    await db.run(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, '999_future.sql', 'later')",
      [LATEST + 1],
    );
    await db.close();

    const refused = await sandbox.run('migrate');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `error: ${sandbox.db} is at migration level ${LATEST + 1}, newer than this factor-audit knows (up to ${LATEST}): ` +
        'a newer version migrated it. Update factor-audit (git pull, then npm ci) before using it; nothing was changed.\n',
    );
    expect(await levelOf(sandbox.db)).toBe(LATEST + 1);
    const status = await sandbox.run('status');
    expect(status.code).toBe(1);
    expect(status.stderr).toContain('newer than this factor-audit knows');
  });

  it('refuses a file that is not a SQLite database with a message, not a stack', async () => {
    const sandbox = cliSandbox();
    const text = 'not a database, only text long enough to fill the header SQLite reads first\n';
    sandbox.file('study.db', text);
    const refused = await sandbox.run('migrate');
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: ${sandbox.db} is not a SQLite database; check --db. Nothing was changed.\n`,
    });
    expect(readFileSync(sandbox.db, 'utf8')).toBe(text);
  });
});
