import type { Db } from './db.ts';

export interface ImportRow {
  id: number;
  studyId: number;
  kind: string;
  fileName: string;
  sha256: string;
  importedAt: string;
  records: number;
  inserted: number;
  replaced: number;
  unchanged: number;
}

export function insertImport(db: Db, row: Omit<ImportRow, 'id'>): number {
  return db.run(
    `INSERT INTO imports (study_id, kind, file_name, sha256, imported_at, records, inserted, replaced, unchanged)
     VALUES (@studyId, @kind, @fileName, @sha256, @importedAt, @records, @inserted, @replaced, @unchanged)`,
    row,
  ).lastInsertRowid;
}

export function updateImportCounts(
  db: Db,
  id: number,
  counts: Pick<ImportRow, 'records' | 'inserted' | 'replaced' | 'unchanged'>,
): void {
  db.run(
    'UPDATE imports SET records = @records, inserted = @inserted, replaced = @replaced, unchanged = @unchanged WHERE id = @id',
    {
      ...counts,
      id,
    },
  );
}

export function listImports(db: Db, studyId: number): ImportRow[] {
  return db.all<ImportRow>(
    `SELECT id, study_id AS studyId, kind, file_name AS fileName, sha256, imported_at AS importedAt,
            records, inserted, replaced, unchanged
     FROM imports WHERE study_id = ? ORDER BY id`,
    [studyId],
  );
}
