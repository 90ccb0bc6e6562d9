import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Db, SqliteDb } from './db.ts';
import { loadMigrations, migrate, schemaVersion } from './migrate.ts';

const TABLES = [
  'adjudication_items',
  'adjudications',
  'annotation_history',
  'annotations',
  'arguments',
  'assignments',
  'extraction_runs',
  'extractions',
  'error_classes',
  'extractors',
  'gold_history',
  'imports',
  'reported_results',
  'schema_migrations',
  'sessions',
  'studies',
  'triples',
  'users',
];

describe('migrate', () => {
  it('numbers the shipped migrations from 001 without gaps', () => {
    const versions = loadMigrations().map((migration) => migration.version);
    expect(versions).toEqual(versions.map((_, index) => index + 1));
  });

  it('001 creates every table of the study store and records itself', async () => {
    const db = new SqliteDb(':memory:');
    expect(await migrate(db)).toContain('001_init.sql');
    const tables = (
      await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    ).map((row) => row.name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
    expect(await schemaVersion(db)).toBe(loadMigrations().length);
  });

  it('applies nothing the second time', async () => {
    const db = new SqliteDb(':memory:');
    await migrate(db);
    expect(await migrate(db)).toEqual([]);
  });

  it('leaves the database at the previous version when a migration fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fa-migrations-'));
    writeFileSync(join(dir, '001_good.sql'), 'CREATE TABLE a (x INTEGER);');
    writeFileSync(join(dir, '002_bad.sql'), 'CREATE TABLE b (y INTEGER); INSERT INTO nowhere VALUES (1);');
    const db = new SqliteDb(':memory:');
    await expect(migrate(db, loadMigrations(dir))).rejects.toThrow(/nowhere/);
    expect(await schemaVersion(db)).toBe(1);
    expect(await db.first("SELECT name FROM sqlite_master WHERE name = 'b'")).toBeUndefined();
  });

  it('turns on WAL-independent pragmas: foreign keys are enforced', async () => {
    const db = new SqliteDb(':memory:');
    await migrate(db);
    await expect(
      db.run(
        "INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome) VALUES (99, 'x', 'arguable', '[]', '[]', 'plaintiff', '[]', 'defendant')",
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe('002_samples_assignments', () => {
  it('makes a sample immutable once written', async () => {
    const db = new SqliteDb(':memory:');
    await migrate(db);
    await db.run("INSERT INTO studies (name, created_at) VALUES ('s', 'now')");
    await db.run(
      "INSERT INTO samples (study_id, version, seed, size, allocation, strata_by, excluded_previous, created_at) VALUES (1, 1, 7, 50, '\"equal\"', '[]', 0, 'now')",
    );
    await expect(db.run('UPDATE samples SET seed = 8')).rejects.toThrow(/immutable/);
  });
});

describe('004_argument_source', () => {
  it('adds a nullable source to arguments', async () => {
    const db = new SqliteDb(':memory:');
    await migrate(db);
    const columns = await db.all<{ name: string; notnull: number }>('PRAGMA table_info(arguments)');
    expect(columns.find((column) => column.name === 'source')).toMatchObject({ notnull: 0 });
  });
});

describe('005_item_keys', () => {
  /** A database at schema 004 with two assignments and an annotation, as a file made before 005 holds. */
  async function databaseBefore005(): Promise<Db> {
    const db = new SqliteDb(':memory:');
    await migrate(
      db,
      loadMigrations().filter((migration) => migration.version <= 4),
    );
    await db.exec(`
      INSERT INTO studies (name, created_at) VALUES ('s', 'now');
      INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome)
        VALUES (1, 't1', 'arguable', '[]', '[]', 'plaintiff', '[]', 'defendant');
      INSERT INTO arguments (study_id, external_id, triple_id, model, test, text) VALUES (1, 'm-1', 1, 'm', 1, 'x'), (1, 'm-2', 1, 'm', 1, 'y');
      INSERT INTO users (username, display_name, created_at) VALUES ('alice', 'alice', 'now'), ('bob', 'bob', 'now');
      INSERT INTO assignments (argument_id, user_id, position, created_at, calibration) VALUES (1, 1, 1, 'then', 1), (2, 1, 2, 'then', 0), (1, 2, 1, 'then', 1);
      INSERT INTO annotations (argument_id, user_id, status, version, judgement, updated_at) VALUES (1, 1, 'draft', 3, '{}', 'then');
    `);
    return db;
  }

  it('gives every existing assignment its own random 16-character hex key, keeping the rest of the row', async () => {
    const db = await databaseBefore005();
    expect(await migrate(db)).toContain('005_item_keys.sql');
    const rows = await db.all<{
      id: number;
      argument_id: number;
      user_id: number;
      position: number;
      calibration: number;
      item_key: string;
    }>('SELECT id, argument_id, user_id, position, calibration, item_key FROM assignments ORDER BY id');
    expect(rows.map(({ item_key: _key, ...rest }) => rest)).toEqual([
      { id: 1, argument_id: 1, user_id: 1, position: 1, calibration: 1 },
      { id: 2, argument_id: 2, user_id: 1, position: 2, calibration: 0 },
      { id: 3, argument_id: 1, user_id: 2, position: 1, calibration: 1 },
    ]);
    for (const row of rows) expect(row.item_key).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(rows.map((row) => row.item_key)).size).toBe(3);
  });

  it('makes the key required and unique, and keeps the assignment rules', async () => {
    const db = await databaseBefore005();
    await migrate(db);
    const columns = await db.all<{ name: string; notnull: number }>('PRAGMA table_info(assignments)');
    expect(columns.find((column) => column.name === 'item_key')).toMatchObject({ notnull: 1 });
    const existing = (await db.first<{ key: string }>('SELECT item_key AS key FROM assignments WHERE id = 1'))
      ?.key;
    const insert =
      'INSERT INTO assignments (argument_id, user_id, position, created_at, item_key) VALUES (?, ?, ?, ?, ?)';
    await expect(db.run(insert, [2, 2, 2, 'now', null])).rejects.toThrow(/NOT NULL/);
    await expect(db.run(insert, [2, 2, 2, 'now', existing])).rejects.toThrow(/UNIQUE|duplicate key/);
    await expect(db.run(insert, [1, 1, 3, 'now', 'abcdef0123456789'])).rejects.toThrow(
      /UNIQUE|duplicate key/,
    );
    await expect(db.run(insert, [2, 2, 2, 'now', 'short'])).rejects.toThrow(/CHECK|check constraint/);
    await db.run(insert, [2, 2, 2, 'now', 'abcdef0123456789']);
    await expect(db.run('DELETE FROM users WHERE id = 2')).rejects.toThrow(/FOREIGN KEY/);
    const indexes = (
      await db.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'assignments'",
      )
    ).map((row) => row.name);
    expect(indexes).toEqual(expect.arrayContaining(['assignments_by_user', 'assignments_by_item_key']));
  });

  it('adds a nullable last_client_save_id to annotations, empty for existing ones', async () => {
    const db = await databaseBefore005();
    await migrate(db);
    const columns = await db.all<{ name: string; notnull: number }>('PRAGMA table_info(annotations)');
    expect(columns.find((column) => column.name === 'last_client_save_id')).toMatchObject({ notnull: 0 });
    expect(await db.first('SELECT version, last_client_save_id AS id FROM annotations')).toEqual({
      version: 3,
      id: null,
    });
  });
});

describe('006_adjudication', () => {
  /** A database at schema 005 with an imported gold record and one written without an import. */
  async function databaseBefore006(): Promise<Db> {
    const db = new SqliteDb(':memory:');
    await migrate(
      db,
      loadMigrations().filter((migration) => migration.version <= 5),
    );
    await db.exec(`
      INSERT INTO studies (name, created_at) VALUES ('s', 'now');
      INSERT INTO imports (study_id, kind, file_name, sha256, imported_at, records, inserted, replaced, unchanged)
        VALUES (1, 'gold', 'gold-2025.jsonl', 'abc', 'then', 1, 1, 0, 0);
      INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome)
        VALUES (1, 't1', 'arguable', '[]', '[]', 'plaintiff', '[]', 'defendant');
      INSERT INTO arguments (study_id, external_id, triple_id, model, test, text) VALUES (1, 'm-1', 1, 'm', 1, 'x'), (1, 'm-2', 1, 'm', 1, 'y');
      INSERT INTO adjudications (argument_id, adjudicator, judgement, updated_at, import_id) VALUES
        (1, 'carol', '{"current":[]}', '2025-01-01', 1), (2, NULL, '{"current":["F4"]}', '2025-02-02', NULL);
      INSERT INTO extractors (study_id, name) VALUES (1, 'x');
      INSERT INTO extractions (argument_id, extractor_id, status, current_factors, tsc1_factors, tsc2_factors)
        VALUES (1, 1, 'extracted', '[]', '[]', '[]'), (2, 1, 'extracted', '[]', '[]', '[]');
    `);
    return db;
  }

  it('keeps existing gold final: imported with its file as the note, the rest fixed, each with a first history entry', async () => {
    const db = await databaseBefore006();
    expect((await migrate(db))[0]).toBe('006_adjudication.sql');
    expect(
      await db.all(
        'SELECT argument_id AS id, status, version, decisions, note, fixed_at AS fixedAt, last_client_save_id AS saveId FROM adjudications ORDER BY id',
      ),
    ).toEqual([
      {
        id: 1,
        status: 'imported',
        version: 1,
        decisions: '[]',
        note: 'gold-2025.jsonl',
        fixedAt: '2025-01-01',
        saveId: null,
      },
      {
        id: 2,
        status: 'fixed',
        version: 1,
        decisions: '[]',
        note: null,
        fixedAt: '2025-02-02',
        saveId: null,
      },
    ]);
    expect(
      await db.all(
        'SELECT adjudication_id AS id, actor_id AS actor, action, status, version, note, at FROM gold_history ORDER BY id',
      ),
    ).toEqual([
      {
        id: 1,
        actor: null,
        action: 'import',
        status: 'imported',
        version: 1,
        note: 'gold-2025.jsonl',
        at: '2025-01-01',
      },
      { id: 2, actor: null, action: 'fix', status: 'fixed', version: 1, note: null, at: '2025-02-02' },
    ]);
  });

  it('refuses an unknown gold status and a change to the gold history', async () => {
    const db = await databaseBefore006();
    await migrate(db);
    await expect(db.run("UPDATE adjudications SET status = 'final' WHERE argument_id = 1")).rejects.toThrow(
      /CHECK|check constraint/,
    );
    await expect(db.run("UPDATE gold_history SET note = 'x'")).rejects.toThrow(/append-only/);
    await expect(db.run('DELETE FROM gold_history')).rejects.toThrow(/append-only/);
    await expect(
      db.run(
        "INSERT INTO gold_history (adjudication_id, action, status, version, judgement, at) VALUES (1, 'edit', 'draft', 2, '{}', 'now')",
      ),
    ).rejects.toThrow(/CHECK|check constraint/);
  });

  it('gives each argument at most one adjudication key, unique and of the issued shape', async () => {
    const db = await databaseBefore006();
    await migrate(db);
    const insert = 'INSERT INTO adjudication_items (argument_id, item_key, created_at) VALUES (?, ?, ?)';
    await db.run(insert, [1, 'abcdef0123456789', 'now']);
    await expect(db.run(insert, [1, '0123456789abcdef', 'now'])).rejects.toThrow(/UNIQUE|duplicate key/);
    await expect(db.run(insert, [2, 'abcdef0123456789', 'now'])).rejects.toThrow(/UNIQUE|duplicate key/);
    await expect(db.run(insert, [2, 'short', 'now'])).rejects.toThrow(/CHECK|check constraint/);
  });

  it('removes a stored classification when its extraction or its gold changes, and only then', async () => {
    const db = await databaseBefore006();
    await migrate(db);
    const classify = async () =>
      await db.exec(`INSERT OR REPLACE INTO error_classes (argument_id, extractor_id, gold_version, decisions, counts, computed_at)
        VALUES (1, 1, 1, '[]', '{}', 'now'), (2, 1, 1, '[]', '{}', 'now')`);
    const stored = async () =>
      (await db.all<{ id: number }>('SELECT argument_id AS id FROM error_classes ORDER BY id')).map(
        (row) => row.id,
      );
    await classify();
    await db.run("UPDATE adjudications SET note = 'n' WHERE argument_id = 1");
    expect(await stored()).toEqual([1, 2]);
    await db.run('UPDATE extractions SET current_factors = \'["F4"]\' WHERE argument_id = 1');
    expect(await stored()).toEqual([2]);
    await classify();
    await db.run("UPDATE adjudications SET status = 'draft' WHERE argument_id = 2");
    expect(await stored()).toEqual([1]);
    await classify();
    await db.run('DELETE FROM extractions WHERE argument_id = 2');
    expect(await stored()).toEqual([1]);
  });
});

describe('007_audit_log', () => {
  it('adds an append-only audit_log whose entries name a study or none', async () => {
    const db = new SqliteDb(':memory:');
    await migrate(db);
    await db.run("INSERT INTO studies (name, created_at) VALUES ('s', 'now')");
    await db.run(
      "INSERT INTO audit_log (at, study_id, actor, via, action, subject) VALUES ('now', 1, 'admin', 'app', 'sample.draw', 'sample 1')",
    );
    await db.run(
      "INSERT INTO audit_log (at, study_id, actor, via, action, subject, details) VALUES ('now', NULL, NULL, 'cli', 'user.create', 'alice', '{\"roles\":[\"annotator\"]}')",
    );
    expect(await db.all('SELECT study_id AS studyId, details FROM audit_log ORDER BY id')).toEqual([
      { studyId: 1, details: '{}' },
      { studyId: null, details: '{"roles":["annotator"]}' },
    ]);
    await expect(db.run("UPDATE audit_log SET actor = 'mallory'")).rejects.toThrow(/append-only/);
    await expect(db.run('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(
      db.run("INSERT INTO audit_log (at, via, action, subject) VALUES ('now', 'email', 'import', 'f')"),
    ).rejects.toThrow(/CHECK|check constraint/);
    await expect(
      db.run(
        "INSERT INTO audit_log (at, study_id, via, action, subject) VALUES ('now', 9, 'app', 'import', 'f')",
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe('009_rejected_attempts', () => {
  /** A database at schema 008 whose histories hold accepted changes and a conflict with its whole judgement. */
  async function databaseBefore009(): Promise<Db> {
    const db = new SqliteDb(':memory:');
    await migrate(
      db,
      loadMigrations().filter((migration) => migration.version <= 8),
    );
    await db.exec(`
      INSERT INTO studies (name, created_at) VALUES ('s', 'now');
      INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome)
        VALUES (1, 't1', 'arguable', '[]', '[]', 'plaintiff', '[]', 'defendant');
      INSERT INTO arguments (study_id, external_id, triple_id, model, test, text) VALUES (1, 'm-1', 1, 'm', 1, 'x');
      INSERT INTO users (username, display_name, created_at) VALUES ('alice', 'alice', 'now');
      INSERT INTO annotations (argument_id, user_id, status, version, judgement, updated_at) VALUES (1, 1, 'draft', 1, '{"a":1}', 'then');
      INSERT INTO annotation_history (annotation_id, actor_id, action, version, judgement, at) VALUES
        (1, 1, 'save', 1, '{"a":1}', 't1'), (1, 1, 'conflict', 0, '{"whole":"judgement"}', 't2');
      INSERT INTO adjudications (argument_id, adjudicator, judgement, updated_at, status, version, decisions)
        VALUES (1, 'carol', '{"g":1}', 'then', 'draft', 1, '[]');
      INSERT INTO gold_history (adjudication_id, actor_id, action, status, version, judgement, decisions, note, at) VALUES
        (1, 1, 'save', 'draft', 1, '{"g":1}', '[]', NULL, 't1'), (1, 1, 'conflict', 'draft', 0, '{"g":2}', '[{"x":1}]', NULL, 't2');
    `);
    return db;
  }
  const digest = 'a'.repeat(64);

  it('keeps every existing history row as it was', async () => {
    const db = await databaseBefore009();
    expect((await migrate(db))[0]).toBe('009_rejected_attempts.sql');
    expect(
      await db.all(
        'SELECT id, annotation_id AS a, actor_id AS actor, action, version, judgement, at, rejected_sha256 AS sha FROM annotation_history ORDER BY id',
      ),
    ).toEqual([
      { id: 1, a: 1, actor: 1, action: 'save', version: 1, judgement: '{"a":1}', at: 't1', sha: null },
      {
        id: 2,
        a: 1,
        actor: 1,
        action: 'conflict',
        version: 0,
        judgement: '{"whole":"judgement"}',
        at: 't2',
        sha: null,
      },
    ]);
    expect(await db.all('SELECT id, action, judgement, decisions FROM gold_history ORDER BY id')).toEqual([
      { id: 1, action: 'save', judgement: '{"g":1}', decisions: '[]' },
      { id: 2, action: 'conflict', judgement: '{"g":2}', decisions: '[{"x":1}]' },
    ]);
  });

  it('takes a rejected attempt as its digest and size, and only a rejected attempt without a judgement', async () => {
    const db = await databaseBefore009();
    await migrate(db);
    const annotation =
      'INSERT INTO annotation_history (annotation_id, action, version, judgement, at, rejected_sha256, rejected_bytes) VALUES (1, ?, 0, ?, ?, ?, ?)';
    await db.run(annotation, ['conflict', null, 'now', digest, 5000]);
    await expect(db.run(annotation, ['save', null, 'now', digest, 5000])).rejects.toThrow(
      /CHECK|check constraint/,
    );
    await expect(db.run(annotation, ['conflict', null, 'now', null, null])).rejects.toThrow(
      /CHECK|check constraint/,
    );
    await expect(db.run(annotation, ['conflict', '{}', 'now', digest, 5000])).rejects.toThrow(
      /CHECK|check constraint/,
    );
    await expect(db.run(annotation, ['conflict', null, 'now', 'short', 5000])).rejects.toThrow(
      /CHECK|check constraint/,
    );
    const gold =
      'INSERT INTO gold_history (adjudication_id, action, status, version, judgement, decisions, at, rejected_sha256, rejected_bytes) VALUES (1, ?, ?, 0, ?, ?, ?, ?, ?)';
    await db.run(gold, ['conflict', 'draft', null, null, 'now', digest, 10]);
    await expect(db.run(gold, ['fix', 'fixed', null, null, 'now', digest, 10])).rejects.toThrow(
      /CHECK|check constraint/,
    );
    await expect(db.run(gold, ['conflict', 'draft', null, '[]', 'now', digest, 10])).rejects.toThrow(
      /CHECK|check constraint/,
    );
    await expect(db.run(gold, ['edit', 'draft', '{}', '[]', 'now', null, null])).rejects.toThrow(
      /CHECK|check constraint/,
    );
  });

  it('keeps both histories append-only, and removed with their record', async () => {
    const db = await databaseBefore009();
    await migrate(db);
    await expect(db.run("UPDATE annotation_history SET at = 'x'")).rejects.toThrow(/append-only/);
    await expect(db.run('DELETE FROM annotation_history')).rejects.toThrow(/append-only/);
    await expect(db.run("UPDATE gold_history SET at = 'x'")).rejects.toThrow(/append-only/);
    await expect(db.run('DELETE FROM gold_history')).rejects.toThrow(/append-only/);
    await db.run('DELETE FROM annotations');
    await db.run('DELETE FROM adjudications');
    expect(await db.first('SELECT count(*) AS n FROM annotation_history')).toEqual({ n: 0 });
    expect(await db.first('SELECT count(*) AS n FROM gold_history')).toEqual({ n: 0 });
    const indexes = (
      await db.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%history%'",
      )
    )
      .map((row) => row.name)
      .sort();
    expect(indexes).toEqual(['annotation_history_by_annotation', 'gold_history_by_adjudication']);
  });
});
