import type { z } from 'zod';
import {
  type extractionFailuresPageSchema,
  type extractorRunsSchema,
  RUNS_LISTED,
} from '../../../shared/console-api.ts';
import { errors } from '../../errors.ts';
import type { Db } from '../../store/db.ts';
import {
  type ExtractorCounts,
  listExtractionRuns,
  listExtractorCounts,
  listFailurePage,
  listSampleCoverage,
} from '../../store/extraction-runs.ts';
import { latestSample, listSampleItems } from '../../store/samples.ts';
import type { StudyRow } from '../../store/studies.ts';

/** The longest parameter value the screen shows (a prompt hash is 64; a long value is cut). */
const PARAMETER_VALUE_MAX = 120;
/** The most parameters of one run the screen shows. */
const PARAMETERS_MAX = 20;

/** A run's stored parameters (JSON) as name–value texts, bounded; a value that is not text is its JSON. */
export function runParameters(json: string): { name: string; value: string }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [{ name: 'parameters', value: 'unreadable' }];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  return Object.entries(parsed)
    .slice(0, PARAMETERS_MAX)
    .map(([name, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return {
        name,
        value: text.length > PARAMETER_VALUE_MAX ? `${text.slice(0, PARAMETER_VALUE_MAX - 1)}…` : text,
      };
    });
}

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

/**
 * Per extractor: extracted, failed and not-run counts over the study and over the latest sample's
 * items, its latest runs (when, from which import, with which parameters, how much of the stored
 * output each left), and the command that reruns its failures.
 */
export async function extractorRuns(db: Db, study: StudyRow): Promise<z.infer<typeof extractorRunsSchema>> {
  const sample = await latestSample(db, study.id);
  const items = sample ? (await listSampleItems(db, sample.id)).length : 0;
  const coverage = new Map(
    sample ? (await listSampleCoverage(db, study.id, sample.id)).map((row) => [row.extractorId, row]) : [],
  );
  return await Promise.all(
    (await listExtractorCounts(db, study.id)).map(async (extractor) => {
      const inSample = coverage.get(extractor.id);
      const { total, runs } = await listExtractionRuns(db, extractor.id, RUNS_LISTED);
      return {
        name: extractor.name,
        kind: extractor.kind,
        version: extractor.version,
        extracted: extractor.extracted,
        failed: extractor.failed,
        notRun: extractor.notRun,
        sample: sample
          ? {
              version: sample.version,
              items,
              extracted: inSample?.extracted ?? 0,
              failed: inSample?.failed ?? 0,
              notRun: inSample?.notRun ?? items,
            }
          : null,
        runCount: total,
        runs: runs.map((run) => ({
          startedAt: run.startedAt,
          finishedAt: run.finishedAt,
          importFile: run.importFile,
          parameters: runParameters(run.parameters),
          stored: run.stored,
        })),
        rerun: rerunCommand(study.name, extractor),
      };
    }),
  );
}

/** One page of an extractor's failures with their errors; 404 for an extractor the study has not. */
export async function extractionFailures(
  db: Db,
  study: StudyRow,
  name: string,
  page: { page: number; pageSize: number },
): Promise<z.infer<typeof extractionFailuresPageSchema>> {
  const extractor = (await listExtractorCounts(db, study.id)).find((known) => known.name === name);
  if (!extractor) throw errors.notFound(`The extractor "${name}" in study "${study.name}"`);
  const { total, rows } = await listFailurePage(db, extractor.id, page);
  return { total, ...page, items: rows };
}
