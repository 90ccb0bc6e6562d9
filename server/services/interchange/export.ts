import { errors } from '../../errors.ts';
import { listFinalGold } from '../../store/adjudications.ts';
import { listAnnotations } from '../../store/annotations.ts';
import { listArguments } from '../../store/arguments.ts';
import { listAssignmentLog } from '../../store/assignments.ts';
import type { Db } from '../../store/db.ts';
import { listExtractions } from '../../store/extractions.ts';
import { findExtractor } from '../../store/extractors.ts';
import { listTriples } from '../../store/triples.ts';
import { allAuditEntries } from '../audit/audit.ts';
import { assignmentRecords } from '../sampling/assignments.ts';
import { sampleRecords } from '../sampling/samples.ts';
import { requireStudy } from '../study/studies.ts';

export const EXPORT_KINDS = [
  'triples',
  'arguments',
  'extractions',
  'annotations',
  'gold',
  'sample',
  'assignments',
  'assignment-log',
  'audit',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportRequest {
  kind: ExportKind;
  study: string;
  /** extractions only: one extractor's output. */
  extractor?: string;
  /** annotations only: drafts too (by default only submitted work). */
  includeDrafts?: boolean;
  /** sample only: which version (default: the latest). */
  sampleVersion?: number;
}

/**
 * The records of one kind in the same JSONL formats `import` reads, so import → export → import is
 * lossless. Extractions carry `status`, and `error` when failed. `sample` and `assignments` are
 * export-only: the design (stratum, inclusion probability, weight) and who annotates what; so is
 * `audit`, the audit trail of the study and of the accounts (who changed what, oldest first).
 */
export async function exportRecords(db: Db, request: ExportRequest): Promise<object[]> {
  const study = await requireStudy(db, request.study);
  switch (request.kind) {
    case 'triples':
      return (await listTriples(db, study.id)).map((triple) => triple.record);
    case 'arguments':
      return (await listArguments(db, study.id)).map((argument) => argument.record);
    case 'extractions':
      if (request.extractor !== undefined && !(await findExtractor(db, study.id, request.extractor)))
        throw errors.notFound(`Extractor "${request.extractor}" in study "${study.name}"`);
      return await listExtractions(db, study.id, request.extractor);
    case 'annotations':
      return (await listAnnotations(db, study.id, request.includeDrafts ? undefined : 'submitted')).map(
        (annotation) => ({
          argument_id: annotation.argumentExternalId,
          annotator: annotation.annotator,
          ...annotation.judgement,
        }),
      );
    case 'sample':
      return await sampleRecords(db, study, request.sampleVersion);
    case 'assignments':
      return await assignmentRecords(db, study);
    case 'assignment-log':
      return await listAssignmentLog(db, study.id);
    case 'audit':
      return await allAuditEntries(db, study);
    case 'gold':
      return (await listFinalGold(db, study.id)).map((gold) => ({
        argument_id: gold.argumentExternalId,
        ...(gold.adjudicator === null ? {} : { adjudicator: gold.adjudicator }),
        ...gold.judgement,
      }));
  }
}
