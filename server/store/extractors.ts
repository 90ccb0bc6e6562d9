import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';

export type ExtractorKind = 'imported' | 'llm' | 'rules';

export interface ExtractorRow {
  id: number;
  name: string;
  kind: ExtractorKind;
  version: string | null;
}

export async function findExtractor(
  db: Db,
  studyId: number,
  name: string,
): Promise<ExtractorRow | undefined> {
  return await db.first<ExtractorRow>(
    'SELECT id, name, kind, version FROM extractors WHERE study_id = ? AND name = ?',
    [studyId, name],
  );
}

export async function listExtractors(db: Db, studyId: number): Promise<ExtractorRow[]> {
  return await db.all<ExtractorRow>(
    'SELECT id, name, kind, version FROM extractors WHERE study_id = ? ORDER BY name',
    [studyId],
  );
}

export async function ensureExtractor(
  db: Db,
  studyId: number,
  name: string,
  kind: ExtractorKind,
  version: string | null = null,
): Promise<ExtractorRow> {
  const existing = await findExtractor(db, studyId, name);
  if (existing) return existing;
  const id = await db.insert('INSERT INTO extractors (study_id, name, kind, version) VALUES (?, ?, ?, ?)', [
    studyId,
    name,
    kind,
    version,
  ]);
  return { id, name, kind, version };
}

/** Starts a run of an extractor; `parameters` records how it ran (model, prompt hash, …, or the import). */
export async function insertExtractionRun(
  db: Db,
  extractorId: number,
  parameters: Record<string, unknown>,
  importId: number | null,
): Promise<number> {
  return await db.insert(
    'INSERT INTO extraction_runs (extractor_id, started_at, parameters, import_id) VALUES (?, ?, ?, ?)',
    [extractorId, nowIso(), writeJson(parameters), importId],
  );
}

export async function finishExtractionRun(db: Db, runId: number): Promise<void> {
  await db.run('UPDATE extraction_runs SET finished_at = ? WHERE id = ?', [nowIso(), runId]);
}
