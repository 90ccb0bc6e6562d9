import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Db } from './db.ts';
import { loadMigrations, migrate, schemaVersion } from './migrate.ts';

const TABLES = [
  'adjudications',
  'annotation_history',
  'annotations',
  'arguments',
  'assignments',
  'extraction_runs',
  'extractions',
  'extractors',
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

  it('001 creates every table of the study store and records itself', () => {
    const db = new Db(':memory:');
    expect(migrate(db)).toContain('001_init.sql');
    const tables = db
      .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .map((row) => row.name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
    expect(schemaVersion(db)).toBe(loadMigrations().length);
  });

  it('applies nothing the second time', () => {
    const db = new Db(':memory:');
    migrate(db);
    expect(migrate(db)).toEqual([]);
  });

  it('leaves the database at the previous version when a migration fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fa-migrations-'));
    writeFileSync(join(dir, '001_good.sql'), 'CREATE TABLE a (x INTEGER);');
    writeFileSync(join(dir, '002_bad.sql'), 'CREATE TABLE b (y INTEGER); INSERT INTO nowhere VALUES (1);');
    const db = new Db(':memory:');
    expect(() => migrate(db, loadMigrations(dir))).toThrow(/nowhere/);
    expect(schemaVersion(db)).toBe(1);
    expect(db.first("SELECT name FROM sqlite_master WHERE name = 'b'")).toBeUndefined();
  });

  it('turns on WAL-independent pragmas: foreign keys are enforced', () => {
    const db = new Db(':memory:');
    migrate(db);
    expect(() =>
      db.run(
        "INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome) VALUES (99, 'x', 'arguable', '[]', '[]', 'plaintiff', '[]', 'defendant')",
      ),
    ).toThrow(/FOREIGN KEY/);
  });
});

describe('002_samples_assignments', () => {
  it('makes a sample immutable once written', () => {
    const db = new Db(':memory:');
    migrate(db);
    db.run("INSERT INTO studies (name, created_at) VALUES ('s', 'now')");
    db.run(
      "INSERT INTO samples (study_id, version, seed, size, allocation, strata_by, excluded_previous, created_at) VALUES (1, 1, 7, 50, '\"equal\"', '[]', 0, 'now')",
    );
    expect(() => db.run('UPDATE samples SET seed = 8')).toThrow(/immutable/);
  });
});

describe('004_argument_source', () => {
  it('adds a nullable source to arguments', () => {
    const db = new Db(':memory:');
    migrate(db);
    const columns = db.all<{ name: string; notnull: number }>('PRAGMA table_info(arguments)');
    expect(columns.find((column) => column.name === 'source')).toMatchObject({ notnull: 0 });
  });
});
