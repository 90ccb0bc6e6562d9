import type { ArgumentListQuery } from '../../shared/console-api.ts';
import type { Db } from './db.ts';

interface ArgumentListRow {
  rowId: number;
  argumentId: string;
  tripleId: string;
  model: string;
  test: number;
  sampled: number;
  annotations: number;
  adjudicated: number;
}

/** LIKE's own wildcards in a search, escaped (with `\`), so "50%" matches itself. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const SAMPLED = 'EXISTS (SELECT 1 FROM sample_items si WHERE si.argument_id = a.id)';
const ANNOTATED =
  "(SELECT count(*) FROM annotations n WHERE n.argument_id = a.id AND n.status = 'submitted')";
const ADJUDICATED =
  "EXISTS (SELECT 1 FROM adjudications g WHERE g.argument_id = a.id AND g.status IN ('fixed', 'imported'))";

/** One page of a study's arguments, filtered and sorted by id, with the total that match. */
export async function listArgumentPage(
  db: Db,
  studyId: number,
  query: ArgumentListQuery,
): Promise<{ total: number; rows: ArgumentListRow[] }> {
  const where = ['a.study_id = ?'];
  const values: (string | number)[] = [studyId];
  if (query.q !== undefined && query.q !== '') {
    where.push(
      // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
      "(lower(a.external_id) LIKE lower(?) ESCAPE '\\' OR lower(t.external_id) LIKE lower(?) ESCAPE '\\' OR lower(a.text) LIKE lower(?) ESCAPE '\\')",
    );
    const pattern = likePattern(query.q);
    values.push(pattern, pattern, pattern);
  }
  if (query.model !== undefined) {
    where.push('a.model = ?');
    values.push(query.model);
  }
  if (query.test !== undefined) {
    where.push('a.test = ?');
    values.push(query.test);
  }
  if (query.sampled !== undefined) where.push(query.sampled === 'yes' ? SAMPLED : `NOT ${SAMPLED}`);
  if (query.annotated !== undefined)
    where.push(query.annotated === 'yes' ? `${ANNOTATED} > 0` : `${ANNOTATED} = 0`);
  if (query.adjudicated !== undefined)
    where.push(query.adjudicated === 'yes' ? ADJUDICATED : `NOT ${ADJUDICATED}`);
  const from = `FROM arguments a JOIN triples t ON t.id = a.triple_id WHERE ${where.join(' AND ')}`;
  const total = (await db.first<{ count: number }>(`SELECT count(*) AS count ${from}`, values))?.count ?? 0;
  const rows = await db.all<ArgumentListRow>(
    `SELECT a.id AS rowId, a.external_id AS argumentId, t.external_id AS tripleId, a.model, a.test,
            ${SAMPLED} AS sampled, ${ANNOTATED} AS annotations, ${ADJUDICATED} AS adjudicated
     ${from} ORDER BY a.external_id LIMIT ? OFFSET ?`,
    [...values, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return { total, rows };
}

/** The extractors' status (extracted / failed) of the given arguments, by argument row id. */
/** At most this many values in one `IN (…)` list. */
const IN_LIST_CHUNK = 1_000;

export async function extractionStatusesOf(
  db: Db,
  argumentRowIds: readonly number[],
): Promise<Map<number, Record<string, 'extracted' | 'failed'>>> {
  const byArgument = new Map<number, Record<string, 'extracted' | 'failed'>>();
  if (argumentRowIds.length === 0) return byArgument;
  // A list of placeholders per chunk (json_each is SQLite's alone); a page is far below the chunk.
  for (let start = 0; start < argumentRowIds.length; start += IN_LIST_CHUNK) {
    const ids = argumentRowIds.slice(start, start + IN_LIST_CHUNK);
    const rows = await db.all<{ rowId: number; extractor: string; status: 'extracted' | 'failed' }>(
      `SELECT e.argument_id AS rowId, x.name AS extractor, e.status FROM extractions e
       JOIN extractors x ON x.id = e.extractor_id WHERE e.argument_id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const row of rows)
      byArgument.set(row.rowId, { ...byArgument.get(row.rowId), [row.extractor]: row.status });
  }
  return byArgument;
}

/** The study's models and extractors, sorted, for the list's filters and columns. */
export async function listModelsAndExtractors(
  db: Db,
  studyId: number,
): Promise<{ models: string[]; extractors: string[] }> {
  return {
    models: (
      await db.all<{ model: string }>(
        'SELECT DISTINCT model FROM arguments WHERE study_id = ? ORDER BY model',
        [studyId],
      )
    ).map((row) => row.model),
    extractors: (
      await db.all<{ name: string }>('SELECT name FROM extractors WHERE study_id = ? ORDER BY name', [
        studyId,
      ])
    ).map((row) => row.name),
  };
}
