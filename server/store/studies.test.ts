import { describe, expect, it } from 'vitest';
import { Db } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { findStudy, insertStudy, updateReasoningTrace } from './studies.ts';

describe('migration 013: the reasoning-trace setting of a study', () => {
  it('gives studies made before it the setting of before (collapsed)', () => {
    const db = new Db(':memory:');
    const migrations = loadMigrations();
    migrate(
      db,
      migrations.filter((migration) => migration.version < 13),
    );
    db.run("INSERT INTO studies (name, created_at) VALUES ('old', '2026-01-01T00:00:00.000Z')");
    expect(migrate(db, migrations)).toContain('013_reasoning_trace_setting.sql');
    expect(findStudy(db, 'old')?.reasoningTrace).toBe('collapsed');
  });

  it('stores collapsed for a new study, takes hidden, and refuses anything else', () => {
    const db = new Db(':memory:');
    migrate(db);
    const study = insertStudy(db, 'pilot');
    expect(findStudy(db, 'pilot')?.reasoningTrace).toBe('collapsed');
    updateReasoningTrace(db, study.id, 'hidden');
    expect(findStudy(db, 'pilot')?.reasoningTrace).toBe('hidden');
    expect(() => db.run("UPDATE studies SET reasoning_trace = 'shown' WHERE id = ?", [study.id])).toThrow(
      /CHECK constraint/,
    );
  });
});
