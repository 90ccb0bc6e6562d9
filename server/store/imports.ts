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

export async function insertImport(db: Db, row: Omit<ImportRow, 'id'>): Promise<number> {
  return await db.insert(
    `INSERT INTO imports (study_id, kind, file_name, sha256, imported_at, records, inserted, replaced, unchanged)
     VALUES (@studyId, @kind, @fileName, @sha256, @importedAt, @records, @inserted, @replaced, @unchanged)`,
    row,
  );
}

export async function updateImportCounts(
  db: Db,
  id: number,
  counts: Pick<ImportRow, 'records' | 'inserted' | 'replaced' | 'unchanged'>,
): Promise<void> {
  await db.run(
    'UPDATE imports SET records = @records, inserted = @inserted, replaced = @replaced, unchanged = @unchanged WHERE id = @id',
    {
      ...counts,
      id,
    },
  );
}

export async function listImports(db: Db, studyId: number): Promise<ImportRow[]> {
  return await db.all<ImportRow>(
    `SELECT id, study_id AS studyId, kind, file_name AS fileName, sha256, imported_at AS importedAt,
            records, inserted, replaced, unchanged
     FROM imports WHERE study_id = ? ORDER BY id`,
    [studyId],
  );
}

/**
 * One page of a study's imports, newest first, each with who made it: the actor of its audit entry
 * (same file name and digest), null for the command line.
 */
export async function listImportPage(
  db: Db,
  studyId: number,
  page: { page: number; pageSize: number },
): Promise<{ total: number; rows: (Omit<ImportRow, 'id' | 'studyId'> & { actor: string | null })[] }> {
  const total =
    (await db.first<{ count: number }>('SELECT count(*) AS count FROM imports WHERE study_id = ?', [studyId]))
      ?.count ?? 0;
  const rows = await db.all<Omit<ImportRow, 'id' | 'studyId'> & { actor: string | null }>(
    `SELECT i.kind, i.file_name AS fileName, i.sha256, i.imported_at AS importedAt,
            i.records, i.inserted, i.replaced, i.unchanged,
            (SELECT l.actor FROM audit_log l
              WHERE l.study_id = i.study_id AND l.action = 'import' AND l.subject = i.file_name
                AND l.details LIKE '%"sha256":"' || i.sha256 || '"%' AND l.at >= i.imported_at
              ORDER BY l.id LIMIT 1) AS actor
     FROM imports i WHERE i.study_id = ? ORDER BY i.id DESC LIMIT ? OFFSET ?`,
    [studyId, page.pageSize, (page.page - 1) * page.pageSize],
  );
  return { total, rows };
}
