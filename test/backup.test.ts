import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../scripts/main.ts';
import { SqliteDb } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import {
  type ChildServer,
  logInOver,
  saveOver,
  seedAnnotators,
  startServer,
} from './support/child-server.ts';
import type { CliResult } from './support/cli.ts';

/** Runs the CLI in-process on a database file. */
async function cli(database: string, ...args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--db', database, ...args], {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    interactive: false,
    env: {},
    cwd: tmpdir(),
  });
  return { code, stdout, stderr };
}

async function annotationCount(database: string): Promise<number> {
  const db = new SqliteDb(database);
  try {
    return (await db.first<{ n: number }>('SELECT count(*) AS n FROM annotation_history'))?.n ?? 0;
  } finally {
    await db.close();
  }
}

const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
});

describe('backup and restore', () => {
  it('backs up while the server runs and saves arrive; restore refuses the live database, then restores it', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fa-backup-'));
    const database = join(dir, 'study.db');
    const keys = await seedAnnotators(database, ['ann1', 'ann2']);
    const server = await startServer(database);
    servers.push(server);

    // Two annotators save without pause while the backups are taken.
    let saving = true;
    let acknowledged = 0;
    const annotate = async (name: string) => {
      const headers = await logInOver(server.url, name);
      let version = 0;
      while (saving) {
        const response = await saveOver(server.url, keys[name] ?? '', headers, version, `${name} ${version}`);
        if (response.status !== 200) throw new Error(`save answered ${response.status}`);
        version = ((await response.json()) as { version: number }).version;
        acknowledged += 1;
      }
    };
    const annotators = Promise.all(['ann1', 'ann2'].map(annotate));
    while (acknowledged < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = acknowledged;
    const backup = join(dir, 'backup-1.db');
    const first = await cli(database, 'backup', '--out', backup);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/integrity ok/);
    const again = await cli(database, 'backup', '--out', backup);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('pass --force');
    expect((await cli(database, 'backup', '--out', backup, '--force')).code).toBe(0);
    const refused = await cli(database, 'restore', backup);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is in use');
    saving = false;
    await annotators;
    await server.stop('SIGTERM');

    // The backup holds at least every save acknowledged before it began, and is a sound database.
    const copy = await annotationCount(backup);
    expect(copy).toBeGreaterThanOrEqual(before);
    expect(await annotationCount(database)).toBeGreaterThanOrEqual(copy);
    const restored = await cli(database, 'restore', backup);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await annotationCount(database)).toBe(copy);
    const db = new SqliteDb(database);
    expect((await db.first<{ integrity_check: string }>('PRAGMA integrity_check'))?.integrity_check).toBe(
      'ok',
    );
    await db.close();
  });

  it('refuses a damaged file, a file that is not a factor-audit database, and one from a newer version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fa-restore-'));
    const database = join(dir, 'study.db');
    await (await openDatabase(database)).close();
    const good = join(dir, 'good.db');
    expect((await cli(database, 'backup', '--out', good)).code).toBe(0);
    const before = readFileSync(database);

    const damaged = join(dir, 'damaged.db');
    const bytes = readFileSync(good);
    // Tables' pages overwritten with noise (the header page stays, so SQLite still opens the file).
    bytes.fill(0x5a, 4096, Math.min(bytes.length, 4096 * 12));
    writeFileSync(damaged, bytes);
    const notSqlite = join(dir, 'notes.txt');
    writeFileSync(notSqlite, 'not a database at all\n'.repeat(200));
    const foreign = join(dir, 'foreign.db');
    const other = new SqliteDb(foreign);
    await other.exec('CREATE TABLE t (x)');
    await other.close();
    const newer = join(dir, 'newer.db');
    copyFileSync(good, newer);
    const future = new SqliteDb(newer);
    await future.run(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, '999_future.sql', 'now')",
    );
    await future.close();

    const cases: [string, RegExp][] = [
      [damaged, /integrity check|not a readable SQLite database/],
      [notSqlite, /not a readable SQLite database/],
      [foreign, /not a factor-audit database/],
      [newer, /newer factor-audit \(migration 999/],
      [join(dir, 'missing.db'), /no such file/],
    ];
    for (const [file, message] of cases) {
      const result = await cli(database, 'restore', file);
      expect(result.code, file).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toMatch(/[Nn]othing was restored|no such file/);
    }
    expect(readFileSync(database).equals(before)).toBe(true);
    expect(existsSync(`${good}.partial`)).toBe(false);
    expect((await cli(database, 'restore', good)).code).toBe(0);
  });
});
