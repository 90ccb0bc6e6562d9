import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshPostgresDb,
  type PostgresCluster,
  startPostgresCluster,
} from '../../../test/support/postgres-cluster.ts';
// at merge: import from '../db.ts'
import { type Db, SqliteDb, type SqlParams } from '../db-async-interface.reference.ts';
import type { PostgresDb } from './postgres-db.ts';

/**
 * The rewrites docs/POSTGRESQL-DIALECT.md proposes, run as one SQL text on both dialects — SQLite
 * (`SqliteDb` after the SQLite migrations) and PostgreSQL (`PostgresDb` after its own) — with the same
 * data: each must answer the same rows on both. Where the statement the store has today fails (or
 * answers otherwise) on PostgreSQL, that is shown too.
 */

const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;

async function migrate(db: Db, dir: string): Promise<void> {
  for (const file of readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort()) {
    const sql = readFileSync(`${dir}/${file}`, 'utf8');
    await db.transaction(() => db.exec(sql));
  }
}

let cluster: PostgresCluster;
let postgres: PostgresDb;
let sqlite: SqliteDb;

/** The same statement on both databases, in order; answers [sqlite's, postgres's]. */
async function both<T>(work: (db: Db) => Promise<T>): Promise<[T, T]> {
  return [await work(sqlite), await work(postgres)];
}

/** Runs on both and expects the same answer; answers it. */
async function same<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const [onSqlite, onPostgres] = await both(work);
  expect(onPostgres).toEqual(onSqlite);
  return onSqlite;
}

const all = (sql: string, params?: SqlParams) => (db: Db) => db.all(sql, params);
/**
 * `run`'s answer as far as both dialects define it: the id only for a statement that returns it and
 * wrote a row (SQLite's `lastInsertRowid` is otherwise the connection's last insert, stale).
 */
const run = (sql: string, params?: SqlParams) => async (db: Db) => {
  const { changes, lastInsertRowid } = await db.run(sql, params);
  return /\bRETURNING id\b/.test(sql) && changes > 0 ? { changes, lastInsertRowid } : { changes };
};

beforeAll(async () => {
  cluster = await startPostgresCluster();
  postgres = await freshPostgresDb(cluster);
  sqlite = new SqliteDb(':memory:');
  await migrate(sqlite, fileURLToPath(new URL('../migrations/', import.meta.url)));
  await migrate(postgres, fileURLToPath(new URL('../migrations/postgres/', import.meta.url)));

  // The seed itself is portable SQL: inserts that need their id say RETURNING id.
  const study = await same(run("INSERT INTO studies (name, created_at) VALUES ('s', 'now') RETURNING id"));
  expect(study).toEqual({ changes: 1, lastInsertRowid: 1 });
  await same(
    run(
      `INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome)
       VALUES (1, 't', 'arguable', '[]', '[]', 'plaintiff', '[]', 'defendant') RETURNING id`,
    ),
  );
  for (const [externalId, text] of [
    ['b_1', 'About Trade Secrets'],
    ['A-2', 'a 50% chance'],
    ['a-1', 'nothing here'],
    ['B1', 'TRADE secrets again'],
  ])
    await same(
      run(
        "INSERT INTO arguments (study_id, external_id, triple_id, model, test, text) VALUES (1, @externalId, 1, 'm', 1, @text) RETURNING id",
        { externalId, text },
      ),
    );
  for (const [username, roles] of [
    ['carl', '["annotator"]'],
    ['Ada', '["admin","annotator"]'],
    ['bob', '["adjudicator"]'],
  ])
    await same(
      run('INSERT INTO users (username, display_name, roles, created_at) VALUES (?, ?, ?, ?) RETURNING id', [
        username,
        username,
        roles,
        'now',
      ]),
    );
});

afterAll(async () => {
  await postgres?.close();
  await sqlite?.close();
  await cluster?.stop();
});

describe('one SQL text, the same answer on SQLite and PostgreSQL', () => {
  it('RETURNING id gives both the id; without it only SQLite knows it', async () => {
    const [onSqlite, onPostgres] = await both((db) =>
      db.run("INSERT INTO extractors (study_id, name, kind) VALUES (1, 'rules', 'rules')"),
    );
    expect(onSqlite.lastInsertRowid).toBe(1);
    expect(onPostgres.lastInsertRowid).toBe(0);
    expect(
      await same(run("INSERT INTO extractors (study_id, name, kind) VALUES (1, 'llm', 'llm') RETURNING id")),
    ).toEqual({ changes: 1, lastInsertRowid: 2 });
  });

  it('an upsert that names the target table in DO UPDATE (writeGold)', async () => {
    const upsert = (qualified: boolean) =>
      run(
        `INSERT INTO adjudications (argument_id, status, version, judgement, updated_at, import_id)
         VALUES (@argumentRowId, 'draft', @version, '{}', 'now', @importId)
         ON CONFLICT (argument_id) DO UPDATE SET version = excluded.version,
           import_id = coalesce(excluded.import_id, ${qualified ? 'adjudications.' : ''}import_id)`,
        { argumentRowId: 1, version: 1, importId: null },
      );
    await expect(upsert(false)(postgres)).rejects.toThrow(/ambiguous/);
    await same(upsert(true));
    await same(upsert(true));
    expect(await same(all('SELECT version, import_id AS importId FROM adjudications'))).toEqual([
      { version: 1, importId: null },
    ]);
  });

  it('a case-insensitive name taken: ON CONFLICT (username) DO NOTHING RETURNING id (insertUserUnlessTaken)', async () => {
    expect(
      await same(
        run(
          `INSERT INTO users (username, display_name, roles, created_at) VALUES ('ADA', 'x', '[]', 'now')
           ON CONFLICT (username) DO NOTHING RETURNING id`,
        ),
      ),
    ).toEqual({ changes: 0 });
    expect(await same(all('SELECT username FROM users WHERE username = ?', ['aDa']))).toEqual([
      { username: 'Ada' },
    ]);
    expect(await same(all('SELECT username FROM users ORDER BY username'))).toEqual([
      { username: 'Ada' },
      { username: 'bob' },
      { username: 'carl' },
    ]);
  });

  it('a search with lower(…) LIKE lower(?) (listArgumentPage), not a bare LIKE', async () => {
    const search = (wrapped: boolean) =>
      all(
        wrapped
          ? "SELECT external_id AS argumentId FROM arguments WHERE lower(text) LIKE lower(?) ESCAPE '\\' ORDER BY external_id"
          : "SELECT external_id AS argumentId FROM arguments WHERE text LIKE ? ESCAPE '\\' ORDER BY external_id",
        ['%trade secrets%'],
      );
    const [bareSqlite, barePostgres] = await both(search(false));
    expect(bareSqlite).toHaveLength(2);
    expect(barePostgres).toHaveLength(0);
    expect(await same(search(true))).toEqual([{ argumentId: 'B1' }, { argumentId: 'b_1' }]);
    expect(
      await same(
        all("SELECT external_id AS argumentId FROM arguments WHERE text LIKE ? ESCAPE '\\'", ['%50\\%%']),
      ),
    ).toEqual([{ argumentId: 'A-2' }]);
  });

  it('an id list as (?, ?, …) (extractionStatusesOf), not json_each', async () => {
    await expect(
      postgres.all('SELECT id FROM arguments WHERE id IN (SELECT value FROM json_each(?))', ['[1, 3]']),
    ).rejects.toThrow();
    const ids = [1, 3];
    expect(
      await same(
        all(`SELECT id FROM arguments WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`, ids),
      ),
    ).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('a role in the JSON roles by LIKE (countOtherEnabledAdmins), not json_each', async () => {
    expect(
      await same(
        all(
          `SELECT count(*) AS count FROM users WHERE id <> ? AND disabled = 0 AND roles LIKE '%"admin"%'`,
          [0],
        ),
      ),
    ).toEqual([{ count: 1 }]);
  });

  it('the sha256 in the audit details by LIKE (listImportPage), not json_extract', async () => {
    const sha = 'ab'.repeat(32);
    await same(
      run(
        "INSERT INTO imports (study_id, kind, file_name, sha256, imported_at, records, inserted, replaced, unchanged) VALUES (1, 'arguments', 'f.jsonl', ?, '2026-01-01', 1, 1, 0, 0)",
        [sha],
      ),
    );
    await same(
      run(
        "INSERT INTO audit_log (at, study_id, actor, via, action, subject, details) VALUES ('2026-01-02', 1, 'ada', 'cli', 'import', 'f.jsonl', ?)",
        [JSON.stringify({ kind: 'arguments', sha256: sha, records: 1 })],
      ),
    );
    await expect(
      postgres.all("SELECT json_extract(details, '$.sha256') AS sha FROM audit_log"),
    ).rejects.toThrow();
    expect(
      await same(
        all(
          `SELECT i.file_name AS fileName,
             (SELECT l.actor FROM audit_log l
               WHERE l.study_id = i.study_id AND l.action = 'import' AND l.subject = i.file_name
                 AND l.details LIKE '%"sha256":"' || i.sha256 || '"%' AND l.at >= i.imported_at
               ORDER BY l.id LIMIT 1) AS actor
           FROM imports i WHERE i.study_id = ? ORDER BY i.id DESC LIMIT ? OFFSET ?`,
          [1, 10, 0],
        ),
      ),
    ).toEqual([{ fileName: 'f.jsonl', actor: 'ada' }]);
  });

  it('counts, sums, averages, integer division and comparisons as the same numbers', async () => {
    expect(
      await same(
        all(
          `SELECT count(*) AS n, sum(id) AS total, avg(id) AS mean, max(id) AS top, 7 / 2 AS half,
             count(*) > 3 AS many, EXISTS (SELECT 1 FROM users WHERE username = 'bob') AS hasBob
           FROM arguments`,
        ),
      ),
    ).toEqual([{ n: 4, total: 10, mean: 2.5, top: 4, half: 3, many: 1, hasBob: 1 }]);
  });

  it('text in byte order (the C collation), as SQLite’s BINARY', async () => {
    expect(
      (await same(all('SELECT external_id AS id FROM arguments ORDER BY external_id'))).map(
        (row) => (row as { id: string }).id,
      ),
    ).toEqual(['A-2', 'B1', 'a-1', 'b_1']);
  });
});
