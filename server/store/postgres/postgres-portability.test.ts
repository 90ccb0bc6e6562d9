import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshPostgresDb,
  type PostgresCluster,
  startPostgresCluster,
} from '../../../test/support/postgres-cluster.ts';
import { type Db, SqliteDb, type SqlParams } from '../db.ts';
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
const first = (sql: string, params?: SqlParams) => (db: Db) => db.first(sql, params);
/** `run`'s answer: the changed row count, all that both dialects define. */
const run = (sql: string, params?: SqlParams) => (db: Db) => db.run(sql, params);
/** The new row's id (`insert` appends ` RETURNING id`, which both dialects speak). */
const insert = (sql: string, params?: SqlParams) => (db: Db) => db.insert(sql, params);
/** The error `work` fails with, or undefined when it succeeds. */
const failure = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

beforeAll(async () => {
  cluster = await startPostgresCluster();
  postgres = await freshPostgresDb(cluster);
  sqlite = new SqliteDb(':memory:');
  await migrate(sqlite, fileURLToPath(new URL('../migrations/', import.meta.url)));
  await migrate(postgres, fileURLToPath(new URL('../migrations/postgres/', import.meta.url)));

  // The seed itself is portable SQL, its inserts through `insert` (` RETURNING id` appended).
  const study = await same(insert("INSERT INTO studies (name, created_at) VALUES ('s', 'now')"));
  expect(study).toBe(1);
  await same(
    insert(
      `INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome)
       VALUES (1, 't', 'arguable', '[]', '[]', 'plaintiff', '[]', 'defendant')`,
    ),
  );
  for (const [externalId, text] of [
    ['b_1', 'About Trade Secrets'],
    ['A-2', 'a 50% chance'],
    ['a-1', 'nothing here'],
    ['B1', 'TRADE secrets again'],
  ])
    await same(
      insert(
        "INSERT INTO arguments (study_id, external_id, triple_id, model, test, text) VALUES (1, @externalId, 1, 'm', 1, @text)",
        { externalId, text },
      ),
    );
  for (const [username, roles] of [
    ['carl', '["annotator"]'],
    ['Ada', '["admin","annotator"]'],
    ['bob', '["adjudicator"]'],
  ])
    await same(
      insert('INSERT INTO users (username, display_name, roles, created_at) VALUES (?, ?, ?, ?)', [
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
  it('insert answers the new id on both; an insert that adds no row throws on both', async () => {
    expect(
      await same(insert("INSERT INTO extractors (study_id, name, kind) VALUES (1, 'rules', 'rules')")),
    ).toBe(1);
    expect(
      await same(
        first("INSERT INTO extractors (study_id, name, kind) VALUES (1, 'llm', 'llm') RETURNING id"),
      ),
    ).toEqual({ id: 2 });
    // run answers the changed row count only, the same on both.
    expect(await same(run("INSERT INTO extractors (study_id, name) VALUES (1, 'file')"))).toEqual({
      changes: 1,
    });
    // Last: PostgreSQL spends an id on an insert that does nothing, SQLite does not.
    const [onSqlite, onPostgres] = await both((db) =>
      failure(
        db.insert(
          "INSERT INTO extractors (study_id, name, kind) VALUES (1, 'llm', 'llm') ON CONFLICT (study_id, name) DO NOTHING",
        ),
      ),
    );
    expect(onSqlite).toBeInstanceOf(Error);
    expect((onSqlite as Error).message).toMatch(/^the insert added no row/);
    expect(onPostgres).toBeInstanceOf(Error);
    expect((onPostgres as Error).message).toBe((onSqlite as Error).message);
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
        first(
          `INSERT INTO users (username, display_name, roles, created_at) VALUES ('ADA', 'x', '[]', 'now')
           ON CONFLICT (username) DO NOTHING RETURNING id`,
        ),
      ),
    ).toBeUndefined();
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
