import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';

export type ExtractorKind = 'imported' | 'llm' | 'rules';

export interface ExtractorRow {
  id: number;
  name: string;
  kind: ExtractorKind;
  version: string | null;
}

export function findExtractor(db: Db, studyId: number, name: string): ExtractorRow | undefined {
  return db.first<ExtractorRow>(
    'SELECT id, name, kind, version FROM extractors WHERE study_id = ? AND name = ?',
    [studyId, name],
  );
}

export function listExtractors(db: Db, studyId: number): ExtractorRow[] {
  return db.all<ExtractorRow>(
    'SELECT id, name, kind, version FROM extractors WHERE study_id = ? ORDER BY name',
    [studyId],
  );
}

export function ensureExtractor(
  db: Db,
  studyId: number,
  name: string,
  kind: ExtractorKind,
  version: string | null = null,
): ExtractorRow {
  const existing = findExtractor(db, studyId, name);
  if (existing) return existing;
  const { lastInsertRowid } = db.run(
    'INSERT INTO extractors (study_id, name, kind, version) VALUES (?, ?, ?, ?)',
    [studyId, name, kind, version],
  );
  return { id: lastInsertRowid, name, kind, version };
}

/** Starts a run of an extractor; `parameters` records how it ran (model, prompt hash, …, or the import). */
export function insertExtractionRun(
  db: Db,
  extractorId: number,
  parameters: Record<string, unknown>,
  importId: number | null,
): number {
  return db.run(
    'INSERT INTO extraction_runs (extractor_id, started_at, parameters, import_id) VALUES (?, ?, ?, ?)',
    [extractorId, nowIso(), writeJson(parameters), importId],
  ).lastInsertRowid;
}

export function finishExtractionRun(db: Db, runId: number): void {
  db.run('UPDATE extraction_runs SET finished_at = ? WHERE id = ?', [nowIso(), runId]);
}
