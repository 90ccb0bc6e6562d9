import { errors, type RecordProblem } from '../../../errors.ts';
import type { Db } from '../../../store/db.ts';
import { insertImport, updateImportCounts } from '../../../store/imports.ts';
import {
  IMPORTED_TABLES,
  type ImportedTable,
  refreshPlannerStatistics,
  STATISTICS_AFTER_ROWS,
} from '../../../store/planner-statistics.ts';
import { type AuditActor, recordAudit } from '../../audit/audit.ts';
import { ensureStudy } from '../../study/studies.ts';
import {
  type ImportKind,
  type JsonlKind,
  type ParsedSource,
  type ParseOptions,
  parseSource,
  parseValues,
} from './parse-records.ts';
import { flushPending } from './pending-records.ts';
import { inspectSource, type SourceFormat } from './read-source.ts';
import type { ApplyContext, ImportCounts } from './reconcile.ts';

export type ImportProgress = { phase: 'reading' | 'writing'; done: number; total: number };

export interface ImportRequest extends Omit<ParseOptions, 'onBytes'> {
  kind: ImportKind;
  file: string;
  /** What messages call the file when not its path (an upload: the name it was uploaded under). */
  displayName?: string;
  study: string;
  replace?: boolean;
  onProgress?: (progress: ImportProgress) => void;
  /** Who imports (the audit entry's actor): the command line, or the admin who uploads in the browser. */
  actor: AuditActor;
}

export interface ImportSummary {
  /** The file kind, or `dataset` for a dataset folder (`import dataset`, one import of many kinds). */
  kind: ImportKind | 'dataset';
  file: string;
  format: SourceFormat;
  sha256: string;
  study: string;
  studyCreated: boolean;
  counts: ImportCounts;
  importId: number | null;
  warnings: string[];
}

/**
 * Imports one file into a study, all or nothing: every record is validated first; if one is bad, or
 * conflicts with what is stored, the error lists every bad record by line and nothing is written.
 * Identical records are no-ops; changed ones need `replace`.
 */
export async function importFile(db: Db, request: ImportRequest): Promise<ImportSummary> {
  const displayName = request.displayName ?? request.file;
  const source = await inspectSource(request.file, displayName);
  const report = request.onProgress;
  const parsed = await parseSource(request.kind, source, {
    ...request,
    onBytes: report && ((done) => report({ phase: 'reading', done, total: source.size })),
  });
  return await writeParsed(db, {
    kind: request.kind,
    study: request.study,
    replace: request.replace ?? false,
    sourceName: source.name,
    displayName,
    format: source.format,
    parsed,
    onProgress: report,
    actor: request.actor,
  });
}

/** Imports records made in memory (generated triples, the demo, an extractor run) by the same rules as a file. */
export async function importRecords(
  db: Db,
  request: {
    kind: JsonlKind;
    study: string;
    sourceName: string;
    values: readonly unknown[];
    replace?: boolean;
    /** What messages call the source (the file the values were read from), and each value's line in it. */
    displayName?: string;
    lines?: readonly number[];
    /** Problems the reader of the source found already, reported with the records' own. */
    problems?: readonly RecordProblem[];
    /** Who imports (the audit entry's actor). */
    actor: AuditActor;
  },
): Promise<ImportSummary> {
  const { lines, problems = [], ...rest } = request;
  const parsed = parseValues(request.kind, request.values, lines);
  return await writeParsed(db, {
    ...rest,
    replace: request.replace ?? false,
    displayName: request.displayName ?? request.sourceName,
    format: 'jsonl',
    parsed: { ...parsed, problems: [...problems, ...parsed.problems] },
  });
}

export interface WriteRequest {
  kind: ImportKind | 'dataset';
  study: string;
  replace: boolean;
  sourceName: string;
  displayName: string;
  format: SourceFormat;
  parsed: ParsedSource;
  onProgress?: ((progress: ImportProgress) => void) | undefined;
  /** Who imports: the audit entry's actor. */
  actor: AuditActor;
}

/**
 * Writes validated records in one transaction; a single bad record rolls everything back. Every record
 * that parsed is checked against the study (its references, its consistency, conflicts) even when
 * others did not parse (`parsed.problems`), so one pass reports every bad record; the transaction is
 * then rolled back. One transaction, not chunks, so that nothing is written on failure: it holds the
 * write lock for well under a second for a 30 MB file, and the server's writes wait for it
 * (docs/decisions/015-writes-beside-the-command-line.md). Exported for readers of bundles that are not
 * one file of one kind (`import dataset`), so they follow the same rule.
 */
export async function writeParsed(db: Db, request: WriteRequest): Promise<ImportSummary> {
  const { parsed, onProgress: report } = request;
  if (parsed.records.length === 0) {
    if (parsed.problems.length > 0)
      throw errors.importInvalid(request.displayName, sortByLine(parsed.problems));
    throw errors.validation(`${request.displayName} holds no records; there is nothing to import.`);
  }
  const summary = await db.transaction(async () => {
    const { study, created } = await ensureStudy(db, request.study);
    const counts: ImportCounts = { records: parsed.records.length, inserted: 0, replaced: 0, unchanged: 0 };
    let importRowId: number | null = null;
    const context: ApplyContext = {
      db,
      studyId: study.id,
      studyName: study.name,
      replace: request.replace,
      fileName: request.sourceName,
      sha256: parsed.sha256,
      counts,
      problems: [],
      warnings: [],
      seen: new Map(),
      users: new Map(),
      extractors: new Map(),
      extractionRuns: new Map(),
      triples: new Map(),
      pendingArguments: [],
      pendingExtractions: [],
      pendingAnnotations: [],
      pendingGold: [],
      importId: async () => {
        importRowId ??= await insertImport(db, {
          studyId: study.id,
          kind: request.kind,
          fileName: request.sourceName,
          sha256: parsed.sha256,
          importedAt: new Date().toISOString(),
          ...counts,
        });
        return importRowId;
      },
    };
    for (const [index, record] of parsed.records.entries()) {
      await record.apply(context);
      if (report && (index % 500 === 0 || index === parsed.records.length - 1))
        report({ phase: 'writing', done: index + 1, total: parsed.records.length });
    }
    await flushPending(context);
    const problems = [...parsed.problems, ...context.problems];
    if (problems.length > 0) throw errors.importInvalid(request.displayName, sortByLine(problems));
    if (importRowId !== null) {
      await updateImportCounts(db, importRowId, counts);
      await recordAudit(db, {
        studyId: study.id,
        actor: request.actor,
        action: 'import',
        subject: request.sourceName,
        details: { kind: request.kind, sha256: parsed.sha256, ...counts },
      });
    }
    return {
      kind: request.kind,
      file: request.sourceName,
      format: request.format,
      sha256: parsed.sha256,
      study: study.name,
      studyCreated: created,
      counts,
      importId: importRowId,
      warnings: context.warnings,
    };
  });
  if (summary.counts.inserted + summary.counts.replaced >= STATISTICS_AFTER_ROWS)
    await refreshPlannerStatistics(db, TABLES_OF_KIND[request.kind] ?? IMPORTED_TABLES);
  return summary;
}

/** The tables each kind of import writes (a dataset, or a kind not listed: every imported table). */
const TABLES_OF_KIND: Partial<Record<WriteRequest['kind'], readonly ImportedTable[]>> = {
  triples: ['triples'],
  arguments: ['arguments'],
  extractions: ['extractors', 'extractions', 'error_classes'],
  annotations: ['users', 'annotations'],
  gold: ['adjudications', 'error_classes'],
  reported: ['reported_results'],
};

function sortByLine<T extends { line: number }>(problems: T[]): T[] {
  return [...problems].sort((a, b) => a.line - b.line);
}
