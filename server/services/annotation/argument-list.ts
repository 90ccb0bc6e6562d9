import type { ArgumentListPage, ArgumentListQuery } from '../../../shared/console-api.ts';
import {
  extractionStatusesOf,
  listArgumentPage,
  listModelsAndExtractors,
} from '../../store/argument-list.ts';
import type { Db } from '../../store/db.ts';
import type { StudyRow } from '../../store/studies.ts';

/**
 * One page of the study's arguments for the admin's table: filtered (search, model, test, sampled,
 * annotated, adjudicated) and sorted by id in SQL, so no request loads the whole study.
 */
export async function argumentListPage(
  db: Db,
  study: StudyRow,
  query: ArgumentListQuery,
): Promise<ArgumentListPage> {
  const { total, rows } = await listArgumentPage(db, study.id, query);
  const statuses = await extractionStatusesOf(
    db,
    rows.map((row) => row.rowId),
  );
  return {
    total,
    page: query.page,
    pageSize: query.pageSize,
    ...(await listModelsAndExtractors(db, study.id)),
    items: rows.map((row) => ({
      argumentId: row.argumentId,
      tripleId: row.tripleId,
      model: row.model,
      test: row.test,
      sampled: row.sampled === 1,
      annotations: row.annotations,
      adjudicated: row.adjudicated === 1,
      extractions: statuses.get(row.rowId) ?? {},
    })),
  };
}
