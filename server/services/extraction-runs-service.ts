import type { z } from 'zod';
import type { extractionFailuresPageSchema, extractorRunsSchema } from '../../shared/console-api.ts';
import { errors } from '../errors.ts';
import type { Db } from '../store/db.ts';
import { type ExtractorCounts, listExtractorCounts, listFailurePage } from '../store/extraction-runs.ts';
import type { StudyRow } from '../store/studies.ts';

/**
 * The command line that retries an extractor's failures: `extract` skips extracted arguments and
 * retries failed ones, so the same command reruns only what failed. Imported output is re-imported.
 */
export function rerunCommand(study: string, extractor: Pick<ExtractorCounts, 'name' | 'kind'>): string {
  const cli = `npm run -s cli -- --study ${study}`;
  if (extractor.kind === 'imported') return `${cli} import extractions FILE --replace`;
  if (extractor.kind === 'rules') return `${cli} extract --extractor rules --name ${extractor.name}`;
  return `${cli} extract --extractor llm --model ${extractor.name} --name ${extractor.name}`;
}

/** Per extractor: extracted and failed counts, and the command that reruns its failures. */
export function extractorRuns(db: Db, study: StudyRow): z.infer<typeof extractorRunsSchema> {
  return listExtractorCounts(db, study.id).map((extractor) => ({
    name: extractor.name,
    kind: extractor.kind,
    version: extractor.version,
    extracted: extractor.extracted,
    failed: extractor.failed,
    rerun: rerunCommand(study.name, extractor),
  }));
}

/** One page of an extractor's failures with their errors; 404 for an extractor the study has not. */
export function extractionFailures(
  db: Db,
  study: StudyRow,
  name: string,
  page: { page: number; pageSize: number },
): z.infer<typeof extractionFailuresPageSchema> {
  const extractor = listExtractorCounts(db, study.id).find((known) => known.name === name);
  if (!extractor) throw errors.notFound(`The extractor "${name}" in study "${study.name}"`);
  const { total, rows } = listFailurePage(db, extractor.id, page);
  return { total, ...page, items: rows };
}
