import type { CoverageAppendix } from '../../../shared/coverage-check-api.ts';
import {
  type AltAlignment,
  DEFAULT_REPORT_OPTIONS,
  extractorReportNames,
  type Report,
  type ReportInput,
  type ReportOptions,
} from '../../../shared/scoring/index.ts';
import type { LambdaSetting } from '../../../shared/scoring/power-tuning.ts';
import { coverageAppendix } from '../../../shared/simulation/coverage-appendix.ts';
import type { Mode } from '../../../shared/vocabulary.ts';
import { errors } from '../../errors.ts';
import { listFinalGold } from '../../store/adjudications.ts';
import { listAnnotations } from '../../store/annotations.ts';
import { latestCoverageCheck } from '../../store/coverage-checks.ts';
import type { Db } from '../../store/db.ts';
import { listExtractions } from '../../store/extractions.ts';
import { listArgumentsForScoring, listExtractorNamesWithOutput } from '../../store/report-input.ts';
import { reportRevision } from '../../store/report-revision.ts';
import { listReportedValues } from '../../store/reported-results.ts';
import type { StudyRow } from '../../store/studies.ts';
import { listTriples } from '../../store/triples.ts';
import { storedErrorClasses } from '../extraction/error-classes.ts';
import { requireStudy } from '../study/studies.ts';
import { computeReport, type PreparedReport } from './compute-report.ts';
import { loadDesign } from './design.ts';
import { currentFingerprint } from './study-design.ts';

/** What the report is asked: the study and how to compute (defaults: DEFAULT_REPORT_OPTIONS). */
export interface ReportRequest {
  study: string;
  seed?: number;
  replicates?: number;
  level?: number;
  threshold?: number;
  claimThreshold?: number;
  /** The extractor whose corrected estimates decide the claims. */
  extractor?: string;
  /** The reported source to compare with, when several were imported. */
  reportedSource?: string;
  /** ε of the alternative annotator test, in (0, 1). */
  altEpsilon?: number;
  /** How the alternative annotator test aligns two readings. */
  altAlignment?: AltAlignment;
  /** λ of the corrected estimates: 1 (the difference estimator) or `tuned` (PPI++). */
  lambda?: LambdaSetting;
  /** The time written into meta.generated_at (default now). */
  now?: Date;
}

/** The loading steps of a report, in order (`onStep` is told each as it starts: the worker's progress). */
export const LOADING_STEPS = [
  'triples',
  'arguments',
  'design',
  'extractions',
  'annotations',
  'gold',
  'error classes',
  'reported values',
] as const;
export type LoadingStep = (typeof LOADING_STEPS)[number];

/**
 * Everything a study report is computed from, as plain records: triples, arguments (without their
 * texts: no figure reads them), every extraction (failed ones included), submitted annotations, final
 * gold (fixed or imported; a draft is not gold yet) with its stored error classes, reported values and
 * the design of the latest sample (`loadDesign`), plus the notes loading produced, and the report
 * revision (migration 011) they are at. Read in one transaction, so every table is seen at the same
 * moment and `revision` names exactly that data. `coverage` is the appendix's latest coverage check
 * (migration 012) and whether the study still has the design it simulated (its fingerprint is
 * computed only when there is a check).
 */
export async function loadReportInput(
  db: Db,
  study: Pick<StudyRow, 'id' | 'name'>,
  onStep: (step: LoadingStep) => void = () => {},
): Promise<{ input: ReportInput; notes: string[]; revision: number; coverage: CoverageAppendix }> {
  return await db.transaction(async () => {
    const revision = await reportRevision(db);
    await onStep('triples');
    const triples = (await listTriples(db, study.id)).map((triple) => triple.record);
    await onStep('arguments');
    // Scoring never reads the texts. The design's strata (argumentStratum, shared/sampling) still take
    // an argument with its text, so they get an empty one: a few milliseconds, not 200 MB.
    const argumentsList = (await listArgumentsForScoring(db, study.id)).map((argument) => ({
      ...argument,
      text: '',
    }));
    await onStep('design');
    const modeOfTriple = new Map<string, Mode>(triples.map((triple) => [triple.id, triple.mode]));
    const { design, notes } = await loadDesign(db, study.id, argumentsList, modeOfTriple);
    await onStep('extractions');
    const extractions = await listExtractions(db, study.id);
    await onStep('annotations');
    const annotations = (await listAnnotations(db, study.id, 'submitted')).map((annotation) => ({
      argumentId: annotation.argumentExternalId,
      annotator: annotation.annotator,
      judgement: annotation.judgement,
      secondsSpent: annotation.secondsSpent,
    }));
    await onStep('gold');
    const gold = (await listFinalGold(db, study.id)).map((record) => ({
      argumentId: record.argumentExternalId,
      judgement: record.judgement,
    }));
    await onStep('error classes');
    const errorClasses = await storedErrorClasses(db, study.id);
    await onStep('reported values');
    const reported = await listReportedValues(db, study.id);
    const input: ReportInput = {
      study: study.name,
      triples,
      arguments: argumentsList,
      extractions,
      annotations,
      gold,
      errorClasses,
      reported,
      design,
    };
    const check = await latestCoverageCheck(db, study.id);
    const coverage = coverageAppendix(check, check === null ? null : currentFingerprint(input));
    return { input, notes, revision, coverage };
  });
}

/**
 * Checks the request against the study before anything is computed: an extractor the study has no
 * output of is a 400 naming the ones it has (not a note in a 200: the caller asked for something that
 * is not there). One small query, so the server answers it at once.
 */
export async function checkReportRequest(
  db: Db,
  study: Pick<StudyRow, 'id' | 'name'>,
  request: Omit<ReportRequest, 'study'>,
): Promise<void> {
  if (request.extractor === undefined) return;
  const names = (await listExtractorNamesWithOutput(db, study.id)).map((extractor) => ({ extractor }));
  const known = [...extractorReportNames(names).values()];
  if (!known.includes(request.extractor))
    throw errors.validation(
      `extractor: study "${study.name}" has no extractor "${request.extractor}"; ${
        known.length === 0 ? 'it has no extractor output yet' : `choose one of ${known.join(', ')}`
      }.`,
    );
}

/** How the report is computed: the request's settings, the defaults (DEFAULT_REPORT_OPTIONS) for the rest. */
export function reportOptions(request: Omit<ReportRequest, 'study'>): ReportOptions {
  return {
    seed: request.seed ?? DEFAULT_REPORT_OPTIONS.seed,
    replicates: request.replicates ?? DEFAULT_REPORT_OPTIONS.replicates,
    level: request.level ?? DEFAULT_REPORT_OPTIONS.level,
    threshold: request.threshold ?? DEFAULT_REPORT_OPTIONS.threshold,
    claimThreshold: request.claimThreshold ?? DEFAULT_REPORT_OPTIONS.claimThreshold,
    ...(request.extractor === undefined ? {} : { primaryExtractor: request.extractor }),
    ...(request.reportedSource === undefined ? {} : { reportedSource: request.reportedSource }),
    ...(request.altEpsilon === undefined ? {} : { altEpsilon: request.altEpsilon }),
    ...(request.altAlignment === undefined ? {} : { altAlignment: request.altAlignment }),
    ...(request.lambda === undefined ? {} : { lambda: request.lambda }),
    generatedAt: (request.now ?? new Date()).toISOString(),
  };
}

/** Checks the request and loads the study's rows through the store (`loadReportInput`). */
export async function prepareReport(
  db: Db,
  study: StudyRow,
  request: Omit<ReportRequest, 'study'>,
): Promise<PreparedReport & { revision: number }> {
  await checkReportRequest(db, study, request);
  const { input, notes, revision, coverage } = await loadReportInput(db, study);
  return { input, notes, options: reportOptions(request), revision, coverage };
}

/**
 * The study report (issue 6), computed on the calling thread (the CLI): loads the study's rows and
 * hands them to `buildReport`, which computes every figure. The shape is docs/REPORT.md's. The server
 * computes it in a worker thread instead (`renderReportInWorker`).
 */
export async function studyReport(db: Db, request: ReportRequest): Promise<Report> {
  return computeReport(await prepareReport(db, await requireStudy(db, request.study), request));
}
