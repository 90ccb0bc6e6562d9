import { describe, expect, it } from 'vitest';
import { SqliteDb } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { findStudy, insertStudy, updateReasoningTrace } from './studies.ts';

describe('migration 013: the reasoning-trace setting of a study', () => {
  it('gives studies made before it the setting of before (collapsed)', async () => {
    const db = new SqliteDb(':memory:');
    const migrations = loadMigrations();
    await migrate(
      db,
      migrations.filter((migration) => migration.version < 13),
    );
    await db.run("INSERT INTO studies (name, created_at) VALUES ('old', '2026-01-01T00:00:00.000Z')");
    expect(await migrate(db, migrations)).toContain('013_reasoning_trace_setting.sql');
    expect((await findStudy(db, 'old'))?.reasoningTrace).toBe('collapsed');
  });

  it('stores collapsed for a new study, takes hidden, and refuses anything else', async () => {
    const db = new SqliteDb(':memory:');
    await migrate(db);
    const study = await insertStudy(db, 'pilot');
    expect((await findStudy(db, 'pilot'))?.reasoningTrace).toBe('collapsed');
    await updateReasoningTrace(db, study.id, 'hidden');
    expect((await findStudy(db, 'pilot'))?.reasoningTrace).toBe('hidden');
    await expect(
      db.run("UPDATE studies SET reasoning_trace = 'shown' WHERE id = ?", [study.id]),
    ).rejects.toThrow(/CHECK constraint/);
  });
});
