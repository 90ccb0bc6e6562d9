import type { Db } from '../../server/store/db.ts';

/** The study's tables, sorted, read from each engine's own catalogue. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = await db.all<{ name: string }>(
    db.dialect === 'sqlite'
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
      : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((row) => row.name);
}

/**
 * Bytes the data takes: on SQLite the file's pages in use; on PostgreSQL the stored size of every
 * row of every table (its pages are allocated ahead, so their count moves in 8 kB steps).
 */
export async function storedBytes(db: Db): Promise<number> {
  if (db.dialect === 'sqlite') {
    const pages = (await db.first<{ page_count: number }>('PRAGMA page_count'))?.page_count ?? 0;
    const size = (await db.first<{ page_size: number }>('PRAGMA page_size'))?.page_size ?? 0;
    return pages * size;
  }
  let bytes = 0;
  for (const name of await tableNames(db))
    bytes +=
      (
        await db.first<{ bytes: number }>(
          `SELECT coalesce(sum(pg_column_size(t.*)), 0) AS bytes FROM "${name}" t`,
        )
      )?.bytes ?? 0;
  return bytes;
}
