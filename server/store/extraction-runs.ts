import type { Db } from './db.ts';

export interface ExtractorCounts {
  id: number;
  name: string;
  kind: 'imported' | 'llm' | 'rules';
  version: string | null;
  extracted: number;
  failed: number;
}

/** Every extractor of a study with its extracted and failed counts, by name. */
export function listExtractorCounts(db: Db, studyId: number): ExtractorCounts[] {
  return db.all<ExtractorCounts>(
    `SELECT x.id, x.name, x.kind, x.version,
            (SELECT count(*) FROM extractions e WHERE e.extractor_id = x.id AND e.status = 'extracted') AS extracted,
            (SELECT count(*) FROM extractions e WHERE e.extractor_id = x.id AND e.status = 'failed') AS failed
     FROM extractors x WHERE x.study_id = ? ORDER BY x.name`,
    [studyId],
  );
}

/** One page of an extractor's failed extractions with their errors, by argument id. */
export function listFailurePage(
  db: Db,
  extractorId: number,
  page: { page: number; pageSize: number },
): { total: number; rows: { argumentId: string; error: string }[] } {
  const total =
    db.first<{ count: number }>(
      "SELECT count(*) AS count FROM extractions WHERE extractor_id = ? AND status = 'failed'",
      [extractorId],
    )?.count ?? 0;
  const rows = db.all<{ argumentId: string; error: string }>(
    `SELECT a.external_id AS argumentId, e.error FROM extractions e JOIN arguments a ON a.id = e.argument_id
     WHERE e.extractor_id = ? AND e.status = 'failed' ORDER BY a.external_id LIMIT ? OFFSET ?`,
    [extractorId, page.pageSize, (page.page - 1) * page.pageSize],
  );
  return { total, rows };
}
