import type { Db } from './db.ts';

export interface ExtractorCounts {
  id: number;
  name: string;
  kind: 'imported' | 'llm' | 'rules';
  version: string | null;
  extracted: number;
  failed: number;
  /** The study's arguments this extractor has no output for (never run on them). */
  notRun: number;
}

/** Every extractor of a study with its extracted, failed and not-run counts, by name. */
export async function listExtractorCounts(db: Db, studyId: number): Promise<ExtractorCounts[]> {
  return await db.all<ExtractorCounts>(
    `SELECT x.id, x.name, x.kind, x.version,
            (SELECT count(*) FROM extractions e WHERE e.extractor_id = x.id AND e.status = 'extracted') AS extracted,
            (SELECT count(*) FROM extractions e WHERE e.extractor_id = x.id AND e.status = 'failed') AS failed,
            (SELECT count(*) FROM arguments a WHERE a.study_id = x.study_id AND NOT EXISTS
               (SELECT 1 FROM extractions e WHERE e.argument_id = a.id AND e.extractor_id = x.id)) AS notRun
     FROM extractors x WHERE x.study_id = ? ORDER BY x.name`,
    [studyId],
  );
}

/** How an extractor covers one sample: its items with output, failed, and without any. */
export interface SampleCoverage {
  extractorId: number;
  extracted: number;
  failed: number;
  notRun: number;
}

/** Per extractor of the study, its output on the items of sample `sampleId`. */
export async function listSampleCoverage(
  db: Db,
  studyId: number,
  sampleId: number,
): Promise<SampleCoverage[]> {
  return await db.all<SampleCoverage>(
    `SELECT x.id AS extractorId,
            count(CASE WHEN e.status = 'extracted' THEN 1 END) AS extracted,
            count(CASE WHEN e.status = 'failed' THEN 1 END) AS failed,
            count(CASE WHEN e.id IS NULL THEN 1 END) AS notRun
     FROM extractors x JOIN sample_items i ON i.sample_id = ?
     LEFT JOIN extractions e ON e.extractor_id = x.id AND e.argument_id = i.argument_id
     WHERE x.study_id = ? GROUP BY x.id`,
    [sampleId, studyId],
  );
}

/** One run of an extractor (or one import of its output), as stored. */
export interface ExtractionRunRow {
  id: number;
  startedAt: string;
  finishedAt: string | null;
  /** The run's parameters as JSON (model, prompt hash, …). */
  parameters: string;
  /** The imported file's name, for an import. */
  importFile: string | null;
  /** Extractions whose stored output came from this run (a later run may have replaced some). */
  stored: number;
}

/** An extractor's latest `limit` runs, newest first, and how many it has in all. */
export async function listExtractionRuns(
  db: Db,
  extractorId: number,
  limit: number,
): Promise<{ total: number; runs: ExtractionRunRow[] }> {
  const total =
    (
      await db.first<{ count: number }>(
        'SELECT count(*) AS count FROM extraction_runs WHERE extractor_id = ?',
        [extractorId],
      )
    )?.count ?? 0;
  // One pass over the extractor's extractions (its index), rather than one scan per run.
  const stored = new Map(
    (
      await db.all<{ runId: number; count: number }>(
        'SELECT run_id AS runId, count(*) AS count FROM extractions WHERE extractor_id = ? AND run_id IS NOT NULL GROUP BY run_id',
        [extractorId],
      )
    ).map((row) => [row.runId, row.count]),
  );
  const runs = (
    await db.all<Omit<ExtractionRunRow, 'stored'>>(
      `SELECT r.id, r.started_at AS startedAt, r.finished_at AS finishedAt, r.parameters,
              i.file_name AS importFile
       FROM extraction_runs r LEFT JOIN imports i ON i.id = r.import_id
       WHERE r.extractor_id = ? ORDER BY r.id DESC LIMIT ?`,
      [extractorId, limit],
    )
  ).map((run) => ({ ...run, stored: stored.get(run.id) ?? 0 }));
  return { total, runs };
}

/** One page of an extractor's failed extractions with their errors, by argument id. */
export async function listFailurePage(
  db: Db,
  extractorId: number,
  page: { page: number; pageSize: number },
): Promise<{ total: number; rows: { argumentId: string; error: string }[] }> {
  const total =
    (
      await db.first<{ count: number }>(
        "SELECT count(*) AS count FROM extractions WHERE extractor_id = ? AND status = 'failed'",
        [extractorId],
      )
    )?.count ?? 0;
  const rows = await db.all<{ argumentId: string; error: string }>(
    `SELECT a.external_id AS argumentId, e.error FROM extractions e JOIN arguments a ON a.id = e.argument_id
     WHERE e.extractor_id = ? AND e.status = 'failed' ORDER BY a.external_id LIMIT ? OFFSET ?`,
    [extractorId, page.pageSize, (page.page - 1) * page.pageSize],
  );
  return { total, rows };
}
