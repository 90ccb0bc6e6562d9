import {
  type AltAlignment,
  DEFAULT_REPORT_OPTIONS,
  extractorReportNames,
  type Report,
  type ReportInput,
} from '../../../shared/scoring/index.ts';
import type { Mode } from '../../../shared/vocabulary.ts';
import { errors } from '../../errors.ts';
import { listFinalGold } from '../../store/adjudications.ts';
import { listAnnotations } from '../../store/annotations.ts';
import { listArguments } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { listExtractions } from '../../store/extractions.ts';
import { listReportedValues } from '../../store/reported-results.ts';
import type { StudyRow } from '../../store/studies.ts';
import { listTriples } from '../../store/triples.ts';
import { storedErrorClasses } from '../adjudication/error-class-service.ts';
import { requireStudy } from '../studies.ts';
import { computeReport, type PreparedReport } from './compute-report.ts';
import { loadDesign } from './design.ts';

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
  /** The time written into meta.generated_at (default now). */
  now?: Date;
}

/**
 * Everything a study report is computed from, as plain records: triples, arguments, every
 * extraction (failed ones included), submitted annotations, final gold (fixed or imported; a draft
 * is not gold yet) with its stored error classes, reported values and the design
 * of the latest sample (`loadDesign`), plus the notes loading produced.
 */
export function loadReportInput(db: Db, study: StudyRow): { input: ReportInput; notes: string[] } {
  const triples = listTriples(db, study.id).map((triple) => triple.record);
  const argumentsList = listArguments(db, study.id).map((argument) => argument.record);
  const modeOfTriple = new Map<string, Mode>(triples.map((triple) => [triple.id, triple.mode]));
  const { design, notes } = loadDesign(db, study.id, argumentsList, modeOfTriple);
  return {
    input: {
      study: study.name,
      triples,
      arguments: argumentsList,
      extractions: listExtractions(db, study.id),
      annotations: listAnnotations(db, study.id, 'submitted').map((annotation) => ({
        argumentId: annotation.argumentExternalId,
        annotator: annotation.annotator,
        judgement: annotation.judgement,
      })),
      gold: listFinalGold(db, study.id).map((gold) => ({
        argumentId: gold.argumentExternalId,
        judgement: gold.judgement,
      })),
      errorClasses: storedErrorClasses(db, study.id),
      reported: listReportedValues(db, study.id),
      design,
    },
    notes,
  };
}

/**
 * Loads the study's rows through the store and checks the request against them: an extractor the
 * study has no output of is a 400 naming the ones it has (not a note in a 200: the caller asked for
 * something that is not there).
 */
export function prepareReport(
  db: Db,
  study: StudyRow,
  request: Omit<ReportRequest, 'study'>,
): PreparedReport {
  const { input, notes } = loadReportInput(db, study);
  if (request.extractor !== undefined) {
    const known = [...extractorReportNames(input.extractions).values()];
    if (!known.includes(request.extractor))
      throw errors.validation(
        `extractor: study "${study.name}" has no extractor "${request.extractor}"; ${
          known.length === 0 ? 'it has no extractor output yet' : `choose one of ${known.join(', ')}`
        }.`,
      );
  }
  return {
    input,
    notes,
    options: {
      seed: request.seed ?? DEFAULT_REPORT_OPTIONS.seed,
      replicates: request.replicates ?? DEFAULT_REPORT_OPTIONS.replicates,
      level: request.level ?? DEFAULT_REPORT_OPTIONS.level,
      threshold: request.threshold ?? DEFAULT_REPORT_OPTIONS.threshold,
      claimThreshold: request.claimThreshold ?? DEFAULT_REPORT_OPTIONS.claimThreshold,
      ...(request.extractor === undefined ? {} : { primaryExtractor: request.extractor }),
      ...(request.reportedSource === undefined ? {} : { reportedSource: request.reportedSource }),
      ...(request.altEpsilon === undefined ? {} : { altEpsilon: request.altEpsilon }),
      ...(request.altAlignment === undefined ? {} : { altAlignment: request.altAlignment }),
      generatedAt: (request.now ?? new Date()).toISOString(),
    },
  };
}

/**
 * The study report (issue 6), computed on the calling thread (the CLI): loads the study's rows and
 * hands them to `buildReport`, which computes every figure. The shape is docs/REPORT.md's. The server
 * computes it in a worker thread instead (`renderReportInWorker`).
 */
export function studyReport(db: Db, request: ReportRequest): Report {
  return computeReport(prepareReport(db, requireStudy(db, request.study), request));
}
