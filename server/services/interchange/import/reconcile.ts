import { canonicalJson } from '../../../../shared/canonical-json.ts';
import type { Annotation, Gold } from '../../../../shared/schemas/annotation.ts';
import type { Extraction } from '../../../../shared/schemas/extraction.ts';
import type { RecordProblem } from '../../../errors.ts';
import type { ArgumentInsert } from '../../../store/arguments.ts';
import type { Db } from '../../../store/db.ts';
import type { StoredTriple } from '../../../store/triples.ts';

export interface ImportCounts {
  records: number;
  inserted: number;
  replaced: number;
  unchanged: number;
}

/** Everything one import's records share while they are written inside its transaction. */
export interface ApplyContext {
  db: Db;
  studyId: number;
  studyName: string;
  replace: boolean;
  fileName: string;
  sha256: string;
  counts: ImportCounts;
  problems: RecordProblem[];
  warnings: string[];
  /** The import's row id, created on the first write so that a no-op import leaves no trace. */
  importId: () => Promise<number>;
  /**
   * label → the first record of the file with it (the record itself: its canonical JSON is computed
   * only when the label comes again, which an honest file never does).
   */
  seen: Map<string, { line: number; value: unknown }>;
  /** Annotators met so far (lower-cased name → account), looked up once per import. */
  users: Map<string, { id: number }>;
  /** Extractors met so far, by name, looked up (or created) once per import. */
  extractors: Map<string, { id: number }>;
  /** extractor id → the extraction run this import writes under. */
  extractionRuns: Map<number, number>;
  /**
   * Triples looked up so far, by external id (undefined: none stored). A triple this import writes
   * drops its entry, so a later argument reads it again.
   */
  triples: Map<string, StoredTriple | undefined>;
  /**
   * New arguments not yet written: inserted together (`flushArguments`) before every other kind of
   * record is applied and before the import ends, so nothing reads the arguments table without them.
   */
  pendingArguments: ArgumentInsert[];
  /**
   * Extractions, annotations and gold kept back, to be checked, reconciled and written 500 at a time
   * (pending-records.ts): each list is flushed when it is full, before a record of another kind is
   * applied, and before the import ends — so at most one of them holds records at a time, and
   * nothing reads a table while records for it wait.
   */
  pendingExtractions: { line: number; extraction: Extraction }[];
  pendingAnnotations: { line: number; annotation: Annotation; secondsSpent: number | undefined }[];
  pendingGold: { line: number; gold: Gold }[];
  /**
   * Whether the study had no argument when this import first met one (undefined: not asked yet).
   * Then every argument it holds now was written by this import, whose ids `seen` remembers, so a new
   * id needs no lookup.
   */
  studyHadNoArguments?: boolean;
}

/**
 * The one rule for every record that has an id: new → insert; identical to what is stored → no-op;
 * different → an error unless `--replace`; the same id twice in one file with different content →
 * an error naming both lines. `write` may return a problem instead of writing.
 */
export async function reconcile<T>(
  context: ApplyContext,
  line: number,
  label: string,
  incoming: T,
  existing: T | undefined,
  write: (action: 'insert' | 'replace') => Promise<string | undefined>,
): Promise<void> {
  const earlier = context.seen.get(label);
  if (earlier) {
    if (canonicalJson(earlier.value) !== canonicalJson(incoming))
      context.problems.push({
        line,
        message: `${label} appears again with different content (first on line ${earlier.line})`,
      });
    else context.counts.unchanged += 1;
    return;
  }
  context.seen.set(label, { line, value: incoming });
  if (existing === undefined) {
    recordOutcome(context, line, await write('insert'), 'inserted');
  } else if (canonicalJson(existing) === canonicalJson(incoming)) {
    context.counts.unchanged += 1;
  } else if (context.replace) {
    recordOutcome(context, line, await write('replace'), 'replaced');
  } else {
    context.problems.push({
      line,
      message: `${label} already exists in study "${context.studyName}" with different content; pass --replace to overwrite it`,
    });
  }
}

function recordOutcome(
  context: ApplyContext,
  line: number,
  problem: string | undefined,
  counter: 'inserted' | 'replaced',
): void {
  if (problem === undefined) context.counts[counter] += 1;
  else context.problems.push({ line, message: problem });
}
