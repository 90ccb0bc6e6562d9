import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshPostgresDb,
  type PostgresCluster,
  startPostgresCluster,
} from '../../../test/support/postgres-cluster.ts';
import type { PostgresDb } from './postgres-db.ts';
import { isConstraintViolation, isUniqueViolation } from './postgres-errors.ts';

/**
 * The PostgreSQL migrations (server/store/migrations/postgres/) are hand translations of the SQLite
 * ones: applied in order to an empty database they must leave the schema the SQLite ones leave — the
 * same tables, columns (order, type, nullability, default), primary keys, unique constraints and
 * indexes, foreign keys, number of CHECK constraints per table, and triggers — and the triggers must do
 * what SQLite's do.
 */

const SQLITE_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
const POSTGRES_DIR = fileURLToPath(new URL('../migrations/postgres/', import.meta.url));
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;

function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort();
}

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
}

interface Schema {
  columns: Record<string, Column[]>;
  primaryKeys: Record<string, string[]>;
  /** Per table: the column lists of its unique indexes and constraints other than the primary key. */
  unique: Record<string, string[]>;
  /** Per table: its indexes made by CREATE [UNIQUE] INDEX, as `name(columns)` with `unique` marked. */
  indexes: Record<string, string[]>;
  foreignKeys: Record<string, string[]>;
  checks: Record<string, number>;
  triggers: Record<string, string[]>;
}

const SQLITE_TYPES: Record<string, string> = { INTEGER: 'bigint', TEXT: 'text', REAL: 'double precision' };
const ON_DELETE: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

function group<T>(rows: T[], key: (row: T) => string, value: (row: T) => string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const row of rows) {
    const list = out[key(row)] ?? [];
    list.push(value(row));
    out[key(row)] = list;
  }
  for (const list of Object.values(out)) list.sort();
  return out;
}

function sqliteSchema(): Schema {
  const db = new BetterSqlite3(':memory:');
  db.pragma('foreign_keys = ON');
  for (const file of migrationFiles(SQLITE_DIR)) db.exec(readFileSync(`${SQLITE_DIR}/${file}`, 'utf8'));
  const tables = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string; sql: string }[];
  const schema: Schema = {
    columns: {},
    primaryKeys: {},
    unique: {},
    indexes: {},
    foreignKeys: {},
    checks: {},
    triggers: {},
  };
  for (const { name, sql } of tables) {
    const info = db.pragma(`table_info(${name})`) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    schema.columns[name] = info.map((column) => ({
      name: column.name,
      type: SQLITE_TYPES[column.type] ?? column.type,
      // SQLite reports a PRIMARY KEY column as nullable unless it says NOT NULL; PostgreSQL's never are.
      notNull: column.notnull === 1 || column.pk > 0,
      default: column.dflt_value,
    }));
    schema.primaryKeys[name] = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    const indexes = db.pragma(`index_list(${name})`) as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    const unique: string[] = [];
    const named: string[] = [];
    for (const index of indexes) {
      if (index.origin === 'pk') continue;
      const columns = (db.pragma(`index_info(${index.name})`) as { seqno: number; name: string }[])
        .sort((a, b) => a.seqno - b.seqno)
        .map((column) => column.name)
        .join(', ');
      const shape = `(${columns})${index.partial ? ' partial' : ''}`;
      if (index.unique) unique.push(shape);
      if (index.origin === 'c') named.push(`${index.name}${shape}${index.unique ? ' unique' : ''}`);
    }
    schema.unique[name] = unique.sort();
    schema.indexes[name] = named.sort();
    const keys = db.pragma(`foreign_key_list(${name})`) as {
      table: string;
      from: string;
      to: string;
      on_delete: string;
    }[];
    schema.foreignKeys[name] = keys
      .map((key) => `${key.from} -> ${key.table}(${key.to}) ON DELETE ${key.on_delete}`)
      .sort();
    schema.checks[name] = sql.match(/\bCHECK\s*\(/gi)?.length ?? 0;
  }
  const triggers = db
    .prepare("SELECT name, tbl_name AS tableName FROM sqlite_master WHERE type = 'trigger'")
    .all() as {
    name: string;
    tableName: string;
  }[];
  schema.triggers = group(
    triggers,
    (trigger) => trigger.tableName,
    (trigger) => trigger.name,
  );
  db.close();
  return schema;
}

async function postgresSchema(db: PostgresDb): Promise<Schema> {
  const columns = await db.all<{
    tableName: string;
    name: string;
    type: string;
    nullable: string;
    columnDefault: string | null;
  }>(
    `SELECT table_name AS tableName, column_name AS name, data_type AS type, is_nullable AS nullable,
       column_default AS columnDefault
     FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  const indexes = await db.all<{
    tableName: string;
    name: string;
    isPrimary: number;
    isUnique: number;
    isPartial: number;
    isConstraint: number;
    columns: string;
  }>(
    `SELECT t.relname AS tableName, i.relname AS name, x.indisprimary AS isPrimary, x.indisunique AS isUnique,
       x.indpred IS NOT NULL AS isPartial,
       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid) AS isConstraint,
       (SELECT string_agg(a.attname, ', ' ORDER BY k.ord) FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum) AS columns
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = 'public'`,
  );
  const keys = await db.all<{ tableName: string; key: string }>(
    `SELECT c.conrelid::regclass::text AS tableName,
       a.attname || ' -> ' || c.confrelid::regclass::text || '(' || af.attname || ') ' || c.confdeltype::text AS key
     FROM pg_constraint c
     JOIN LATERAL unnest(c.conkey, c.confkey) AS k(attnum, refnum) ON true
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
     JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = k.refnum
     WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  const checks = await db.all<{ tableName: string; n: number }>(
    `SELECT conrelid::regclass::text AS tableName, count(*) AS n FROM pg_constraint
     WHERE contype = 'c' AND connamespace = 'public'::regnamespace GROUP BY conrelid`,
  );
  const triggers = await db.all<{ tableName: string; name: string }>(
    `SELECT tgrelid::regclass::text AS tableName, tgname AS name FROM pg_trigger WHERE NOT tgisinternal`,
  );
  const tables = [...new Set(columns.map((column) => column.tableName))].sort();
  const schema: Schema = {
    columns: {},
    primaryKeys: {},
    unique: {},
    indexes: {},
    foreignKeys: {},
    checks: {},
    triggers: {},
  };
  for (const table of tables) {
    schema.columns[table] = columns
      .filter((column) => column.tableName === table)
      .map((column) => ({
        name: column.name,
        type: column.type,
        notNull: column.nullable === 'NO',
        // '[]'::text → '[]', as SQLite keeps the default's text.
        default: column.columnDefault?.replace(/::[a-z ]+$/, '') ?? null,
      }));
    const ofTable = indexes.filter((index) => index.tableName === table);
    schema.primaryKeys[table] = ofTable.find((index) => index.isPrimary)?.columns.split(', ') ?? [];
    schema.unique[table] = ofTable
      .filter((index) => index.isUnique && !index.isPrimary)
      .map((index) => `(${index.columns})${index.isPartial ? ' partial' : ''}`)
      .sort();
    schema.indexes[table] = ofTable
      .filter((index) => !index.isConstraint)
      .map(
        (index) =>
          `${index.name}(${index.columns})${index.isPartial ? ' partial' : ''}${index.isUnique ? ' unique' : ''}`,
      )
      .sort();
    schema.foreignKeys[table] = keys
      .filter((key) => key.tableName === table)
      .map((key) => key.key.replace(/ (\w)$/, (_, code: string) => ` ON DELETE ${ON_DELETE[code] ?? code}`))
      .sort();
    schema.checks[table] = checks.find((check) => check.tableName === table)?.n ?? 0;
  }
  schema.triggers = group(
    triggers,
    (trigger) => trigger.tableName,
    (trigger) => trigger.name,
  );
  return schema;
}

async function applyPostgresMigrations(db: PostgresDb): Promise<void> {
  for (const file of migrationFiles(POSTGRES_DIR)) {
    const sql = readFileSync(`${POSTGRES_DIR}/${file}`, 'utf8');
    await db.transaction(() => db.exec(sql));
  }
}

let cluster: PostgresCluster;
let db: PostgresDb;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  db = await freshPostgresDb(cluster);
  await applyPostgresMigrations(db);
});

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
});

describe('the PostgreSQL migrations', () => {
  it('are one per SQLite migration, with the same numbers and names', () => {
    expect(migrationFiles(POSTGRES_DIR)).toEqual(migrationFiles(SQLITE_DIR));
  });

  it('leave the schema the SQLite migrations leave, table for table and column for column', async () => {
    const expected = sqliteSchema();
    const actual = await postgresSchema(db);
    expect(Object.keys(actual.columns)).toEqual(Object.keys(expected.columns));
    for (const table of Object.keys(expected.columns)) {
      expect.soft(actual.columns[table], `${table}: columns`).toEqual(expected.columns[table]);
      expect.soft(actual.primaryKeys[table], `${table}: primary key`).toEqual(expected.primaryKeys[table]);
      expect.soft(actual.unique[table], `${table}: unique`).toEqual(expected.unique[table]);
      expect.soft(actual.indexes[table], `${table}: indexes`).toEqual(expected.indexes[table]);
      expect.soft(actual.foreignKeys[table], `${table}: foreign keys`).toEqual(expected.foreignKeys[table]);
      expect.soft(actual.checks[table], `${table}: CHECK constraints`).toBe(expected.checks[table]);
    }
    expect(actual.triggers).toEqual(expected.triggers);
  });

  it('compare user names case-insensitively, as COLLATE NOCASE does', async () => {
    await db.run("INSERT INTO users (username, display_name, created_at) VALUES ('Ada', 'Ada', 'now')");
    expect(await db.first("SELECT username FROM users WHERE username = 'ADA'")).toEqual({ username: 'Ada' });
    const error = await db
      .run("INSERT INTO users (username, display_name, created_at) VALUES ('ada', 'ada', 'now')")
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe('the PostgreSQL triggers', () => {
  async function seedStudy(name: string): Promise<number> {
    return await db.insert("INSERT INTO studies (name, created_at) VALUES (?, '2026-01-01')", [name]);
  }

  it('keep the audit log append-only, as a constraint error', async () => {
    await db.run(
      "INSERT INTO audit_log (at, via, action, subject) VALUES ('2026-01-01', 'cli', 'user.create', 'ada')",
    );
    const error = await db.run("UPDATE audit_log SET subject = 'eve'").catch((caught: unknown) => caught);
    expect(isConstraintViolation(error)).toBe(true);
    expect(String(error)).toContain('audit_log is append-only');
    await expect(db.run('DELETE FROM audit_log')).rejects.toThrow('audit_log is append-only');
  });

  it('bump the report revision on a study change, not on a draft annotation', async () => {
    const revision = async () =>
      (await db.first<{ revision: number }>('SELECT revision FROM report_revision WHERE id = 1'))?.revision;
    const before = await revision();
    const studyId = await seedStudy('revision study');
    expect(await revision()).toBe((before ?? 0) + 1);
    const tripleId = await db.insert(
      `INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome)
       VALUES (?, 't1', 'arguable', '[]', '[]', 'plaintiff', '[]', 'defendant')`,
      [studyId],
    );
    const argumentId = await db.insert(
      "INSERT INTO arguments (study_id, external_id, triple_id, model, test, text) VALUES (?, 'a1', ?, 'm', 1, 'x')",
      [studyId, tripleId],
    );
    const userId = await db.insert(
      "INSERT INTO users (username, display_name, created_at) VALUES ('annotator', 'A', 'now')",
    );
    const atDraft = await revision();
    const annotationId = await db.insert(
      `INSERT INTO annotations (argument_id, user_id, status, version, judgement, updated_at)
       VALUES (?, ?, 'draft', 1, '{}', 'now')`,
      [argumentId, userId],
    );
    expect(await revision()).toBe(atDraft);
    await db.run("UPDATE annotations SET status = 'submitted' WHERE id = ?", [annotationId]);
    expect(await revision()).toBe((atDraft ?? 0) + 1);

    // The history is append-only while its annotation exists, and goes with it.
    await db.run(
      "INSERT INTO annotation_history (annotation_id, action, version, judgement, at) VALUES (?, 'save', 1, '{}', 'now')",
      [annotationId],
    );
    await expect(db.run('DELETE FROM annotation_history')).rejects.toThrow(
      'annotation_history is append-only',
    );
    await db.run('DELETE FROM annotations WHERE id = ?', [annotationId]);
    expect(await db.first('SELECT count(*) AS n FROM annotation_history')).toEqual({ n: 0 });

    // A stored error classification goes when its gold changes.
    const extractorId = await db.insert("INSERT INTO extractors (study_id, name) VALUES (?, 'x')", [studyId]);
    await db.run("INSERT INTO adjudications (argument_id, judgement, updated_at) VALUES (?, '{}', 'now')", [
      argumentId,
    ]);
    await db.run(
      "INSERT INTO error_classes (argument_id, extractor_id, gold_version, decisions, counts, computed_at) VALUES (?, ?, 1, '[]', '{}', 'now')",
      [argumentId, extractorId],
    );
    await db.run("UPDATE adjudications SET note = 'only a note' WHERE argument_id = ?", [argumentId]);
    expect(await db.first('SELECT count(*) AS n FROM error_classes')).toEqual({ n: 1 });
    await db.run('UPDATE adjudications SET judgement = \'{"x":1}\' WHERE argument_id = ?', [argumentId]);
    expect(await db.first('SELECT count(*) AS n FROM error_classes')).toEqual({ n: 0 });
  });

  it('test a saved draft against a row trigger’s WHEN, with no trigger function run (migration 020)', async () => {
    const triggers = await db.all<{ name: string; perRow: number; when: string | null }>(
      `SELECT tgname AS name, tgtype & 1 AS "perRow", pg_get_triggerdef(oid) AS when
       FROM pg_trigger WHERE tgname IN ('report_revision_annotations_update', 'report_revision_adjudications_update')
       ORDER BY tgname`,
    );
    // tgtype's lowest bit: FOR EACH ROW (1) or FOR EACH STATEMENT (0).
    expect(triggers.map(({ name, perRow }) => ({ name, perRow }))).toEqual([
      { name: 'report_revision_adjudications_update', perRow: 1 },
      { name: 'report_revision_annotations_update', perRow: 1 },
    ]);
    expect(triggers[0]?.when).toContain(
      "WHEN (((old.status <> 'draft'::text) OR (new.status <> 'draft'::text)))",
    );
    expect(triggers[1]?.when).toContain(
      "WHEN (((old.status = 'submitted'::text) OR (new.status = 'submitted'::text)))",
    );
  });

  it('keep a sample immutable, and check JSON as json_valid does', async () => {
    const studyId = await seedStudy('sample study');
    const sampleId = await db.insert(
      `INSERT INTO samples (study_id, version, seed, size, allocation, strata_by, excluded_previous, created_at)
       VALUES (?, 1, 4294967296, 10, 'proportional', '[]', 0, 'now')`,
      [studyId],
    );
    await expect(db.run('UPDATE samples SET size = 11 WHERE id = ?', [sampleId])).rejects.toThrow(
      'a sample is immutable',
    );
    const insertCheck = (parameters: string) =>
      db.run(
        `INSERT INTO coverage_checks (study_id, design_fingerprint, report_revision, parameters, result, source, created_at)
         VALUES (?, ?, 0, ?, '{}', 'cli', 'now')`,
        [studyId, 'f'.repeat(64), parameters],
      );
    await insertCheck('{"r": 100}');
    const error = await insertCheck('{not json').catch((caught: unknown) => caught);
    expect(isConstraintViolation(error)).toBe(true);
  });
});
