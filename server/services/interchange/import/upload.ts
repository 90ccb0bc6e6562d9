import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportHistoryPage, ImportUploadQuery } from '../../../../shared/console-api.ts';
import type { Db } from '../../../store/db.ts';
import { listImportPage } from '../../../store/imports.ts';
import type { StudyRow } from '../../../store/studies.ts';
import type { AuditActor } from '../../audit/audit.ts';
import { type ImportSummary, importFile } from './import-records.ts';
import type { ImportKind } from './parse-records.ts';

/**
 * Imports a file an admin uploaded, by the `import` command's rules (all or nothing; every bad record
 * listed by line): the body is written to a private temporary folder under its own name (the name
 * tells its format), imported with `importFile`, and removed. Creates the study when it is new, as the
 * command does.
 */
export async function importUpload(
  db: Db,
  upload: ImportUploadQuery & { body: Buffer; actor: AuditActor },
): Promise<ImportSummary> {
  const kind: ImportKind = upload.kind;
  const folder = await mkdtemp(join(tmpdir(), 'fa-upload-'));
  try {
    const file = join(folder, upload.file);
    await writeFile(file, upload.body);
    const summary = await importFile(db, {
      kind,
      file,
      // Messages name the file as the admin uploaded it, never the server's temporary folder.
      displayName: upload.file,
      study: upload.study,
      replace: upload.replace === 'yes',
      actor: upload.actor,
      ...(upload.mode === undefined ? {} : { mode: upload.mode }),
      ...(upload.model === undefined ? {} : { model: upload.model }),
      ...(upload.test === undefined ? {} : { test: upload.test }),
      ...(upload.extractor === undefined ? {} : { extractor: upload.extractor }),
    });
    return { ...summary, file: upload.file };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The import history of a study, newest first, a page at a time. */
export async function importHistory(
  db: Db,
  study: StudyRow,
  page: { page: number; pageSize: number },
): Promise<ImportHistoryPage> {
  const { total, rows } = await listImportPage(db, study.id, page);
  return { total, ...page, items: rows };
}
