import type { Db, Dialect } from '../../store/db.ts';
import { latestSchemaVersion, schemaVersion } from '../../store/migrate.ts';

export type DatabaseHealth =
  | { ok: true; database: Dialect; schemaVersion: number }
  | { ok: false; database: Dialect; problem: string };

/**
 * The load balancer's question, "may this server take requests?", asked of its database: one
 * indexed read of the migration level (`max(version)` of `schema_migrations`), which the database
 * answers in microseconds; under WAL a reader never waits for a writer, and at worst it waits the
 * connection's busy timeout (5 s). Healthy only at the level this code migrates to: a file restored
 * or migrated underneath a running server is not one it can serve. The problem is told in fixed words,
 * never SQLite's own message (which may name a path).
 */
export function databaseHealthCheck(db: Db): () => Promise<DatabaseHealth> {
  // Read once: the migration files do not change under a running server.
  const expected = latestSchemaVersion();
  return async () => {
    let level: number;
    try {
      level = await schemaVersion(db);
    } catch {
      return { ok: false, database: db.dialect, problem: 'The database did not answer.' };
    }
    if (level !== expected)
      return {
        ok: false,
        database: db.dialect,
        problem: `The database is at migration level ${level}; this server needs ${expected} (run: npm run -s cli -- migrate, or update the server).`,
      };
    return { ok: true, database: db.dialect, schemaVersion: level };
  };
}
