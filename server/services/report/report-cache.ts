import type { Db } from '../../store/db.ts';
import { findCachedReport, storeCachedReport } from '../../store/report-cache.ts';
import type { RenderedReport } from './report-runner.ts';

/**
 * The last report per study and settings, kept in the database (`report_cache`, migration 018) until
 * the data change, so that every app server on one database serves the bytes one of them computed
 * (issue 26; docs/decisions/024-the-report-cache-in-the-database.md). An entry is served only while
 * the report revision (migration 011, bumped by triggers on every change a report can see) is the one
 * the report was computed at. Bounded by entries and bytes; the oldest computed goes first.
 */
export class ReportCache {
  constructor(
    private readonly db: Db,
    private readonly maxEntries = 32,
    private readonly maxBytes = 256 * 2 ** 20,
  ) {}

  /** The cached report of the study for `settings` if it was computed at `revision`. */
  async get(studyId: number, settings: string, revision: number): Promise<RenderedReport | undefined> {
    const hit = await findCachedReport(this.db, studyId, settings, revision);
    if (!hit) return undefined;
    return { body: Buffer.from(hit.body, 'utf8'), revision: hit.revision, generatedAt: hit.generatedAt };
  }

  async set(studyId: number, settings: string, report: RenderedReport): Promise<void> {
    await storeCachedReport(
      this.db,
      {
        studyId,
        settings,
        report: {
          body: report.body.toString('utf8'),
          revision: report.revision,
          generatedAt: report.generatedAt,
        },
        now: new Date().toISOString(),
      },
      { maxEntries: this.maxEntries, maxBytes: this.maxBytes },
    );
  }
}
