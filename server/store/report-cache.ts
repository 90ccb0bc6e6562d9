import type { Db } from './db.ts';

/** A cached report (migration 018): its text, the revision it was computed at, and when. */
export interface CachedReport {
  body: string;
  revision: number;
  generatedAt: string;
}

/** The study's report for `settings`, if one was computed at `revision`. */
export async function findCachedReport(
  db: Db,
  studyId: number,
  settings: string,
  revision: number,
): Promise<CachedReport | undefined> {
  return await db.first<CachedReport>(
    `SELECT body, revision, generated_at AS generatedAt FROM report_cache
     WHERE study_id = ? AND settings = ? AND revision = ?`,
    [studyId, settings, revision],
  );
}

/**
 * Stores a computed report, in one transaction: entries of older revisions go (no read can match them
 * again), the entry replaces the study's one for `settings` unless that one is of a newer revision
 * (another server computed it after a change), and the oldest computed go beyond `maxEntries` entries
 * or `maxBytes` bytes. The body only reads and writes rows, so a retry of it writes the same.
 */
export async function storeCachedReport(
  db: Db,
  entry: { studyId: number; settings: string; report: CachedReport; now: string },
  bounds: { maxEntries: number; maxBytes: number },
): Promise<void> {
  const bytes = Buffer.byteLength(entry.report.body, 'utf8');
  if (bytes > bounds.maxBytes) return;
  await db.transaction(async () => {
    await db.run('DELETE FROM report_cache WHERE revision < ?', [entry.report.revision]);
    await db.run(
      `INSERT INTO report_cache (study_id, settings, revision, body, bytes, generated_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (study_id, settings) DO UPDATE SET revision = excluded.revision, body = excluded.body,
         bytes = excluded.bytes, generated_at = excluded.generated_at, created_at = excluded.created_at
       WHERE excluded.revision >= report_cache.revision`,
      [
        entry.studyId,
        entry.settings,
        entry.report.revision,
        entry.report.body,
        bytes,
        entry.report.generatedAt,
        entry.now,
      ],
    );
    const rows = await db.all<{ studyId: number; settings: string; bytes: number }>(
      `SELECT study_id AS studyId, settings, bytes FROM report_cache
       ORDER BY created_at DESC, study_id, settings`,
    );
    let kept = 0;
    let total = 0;
    for (const row of rows) {
      total += Number(row.bytes);
      kept += 1;
      if (kept > bounds.maxEntries || total > bounds.maxBytes)
        await db.run('DELETE FROM report_cache WHERE study_id = ? AND settings = ?', [
          row.studyId,
          row.settings,
        ]);
    }
  });
}

/** The entries and bytes cached (for tests and the record). */
export async function reportCacheSize(db: Db): Promise<{ entries: number; bytes: number }> {
  const row = await db.first<{ entries: number; bytes: number | null }>(
    'SELECT count(*) AS entries, sum(bytes) AS bytes FROM report_cache',
  );
  return { entries: Number(row?.entries ?? 0), bytes: Number(row?.bytes ?? 0) };
}
