import { type Annotation, type Gold, judgementOf } from '../../../../shared/schemas/annotation.ts';
import type { Argument } from '../../../../shared/schemas/argument.ts';
import type { Extraction } from '../../../../shared/schemas/extraction.ts';
import type { ReportedResults } from '../../../../shared/schemas/reported.ts';
import type { Triple } from '../../../../shared/schemas/triple.ts';
import { checkSpans } from '../../../../shared/span-rules.ts';
import { MODE_OF_TEST, TEST_OF_MODE } from '../../../../shared/vocabulary.ts';
import { findGold, isFinalGold, upsertGold } from '../../../store/adjudications.ts';
import { findAnnotationForSave, parseStoredJudgement, saveAnnotation } from '../../../store/annotations.ts';
import {
  countArgumentsOfTriple,
  findArgument,
  findArgumentRowId,
  findArgumentText,
  insertArgument,
  updateArgument,
} from '../../../store/arguments.ts';
import { findExtraction, upsertExtraction } from '../../../store/extractions.ts';
import { ensureExtractor, insertExtractionRun } from '../../../store/extractors.ts';
import { findReportedValue, upsertReportedValue } from '../../../store/reported-results.ts';
import { findTriple, insertTriple, updateTriple } from '../../../store/triples.ts';
import { findUserByName, insertUser } from '../../../store/users.ts';
import { refreshErrorClasses } from '../../extraction/error-classes.ts';
import { type ApplyContext, reconcile } from './reconcile.ts';
import { warnIfSourceNamesDesign } from './source-warnings.ts';

export function applyTriple(context: ApplyContext, line: number, triple: Triple): void {
  const { db, studyId } = context;
  const existing = findTriple(db, studyId, triple.id);
  reconcile(context, line, `triple "${triple.id}"`, triple, existing?.record, (action) => {
    if (action === 'insert') {
      insertTriple(db, studyId, triple, context.importId());
      return undefined;
    }
    if (existing && existing.record.mode !== triple.mode) {
      const argumentCount = countArgumentsOfTriple(db, existing.rowId);
      if (argumentCount > 0)
        return `triple "${triple.id}" cannot change mode from ${existing.record.mode} to ${triple.mode}: ${argumentCount} argument(s) were generated for it`;
    }
    updateTriple(db, studyId, triple, context.importId());
    return undefined;
  });
}

export function applyArgument(context: ApplyContext, line: number, argument: Argument): void {
  const { db, studyId } = context;
  const triple = findTriple(db, studyId, argument.triple_id);
  if (!triple) {
    context.problems.push({
      line,
      message: `triple_id: no triple "${argument.triple_id}" in study "${context.studyName}"; import the triples first`,
    });
    return;
  }
  if (TEST_OF_MODE[triple.record.mode] !== argument.test) {
    context.problems.push({
      line,
      message: `test: test ${argument.test} needs a ${MODE_OF_TEST[argument.test]} triple, but "${argument.triple_id}" is ${triple.record.mode}`,
    });
    return;
  }
  warnIfSourceNamesDesign(context, line, argument);
  const existing = findArgument(db, studyId, argument.id);
  reconcile(context, line, `argument "${argument.id}"`, argument, existing?.record, (action) => {
    if (action === 'insert') insertArgument(db, studyId, argument, triple.rowId, context.importId());
    else updateArgument(db, studyId, argument, triple.rowId, context.importId());
    return undefined;
  });
}

/** The argument a record refers to, as its span checks need it (row id and text, no join). */
function requireArgument(
  context: ApplyContext,
  line: number,
  argumentId: string,
): { rowId: number; text: string } | undefined {
  const argument = findArgumentText(context.db, context.studyId, argumentId);
  if (!argument)
    context.problems.push({
      line,
      message: `argument_id: no argument "${argumentId}" in study "${context.studyName}"; import the arguments first`,
    });
  return argument;
}

export function applyExtraction(context: ApplyContext, line: number, extraction: Extraction): void {
  const { db, studyId } = context;
  // Only the row id: the argument's text (kilobytes) is not needed to store what an extractor found.
  const argumentRowId = findArgumentRowId(db, studyId, extraction.argument_id);
  if (argumentRowId === undefined) {
    context.problems.push({
      line,
      message: `argument_id: no argument "${extraction.argument_id}" in study "${context.studyName}"; import the arguments first`,
    });
    return;
  }
  let extractor = context.extractors.get(extraction.extractor);
  if (!extractor) {
    extractor = ensureExtractor(db, studyId, extraction.extractor, 'imported');
    context.extractors.set(extraction.extractor, extractor);
  }
  const extractorId = extractor.id;
  const existing = findExtraction(db, argumentRowId, extractorId);
  reconcile(
    context,
    line,
    `extraction of "${extraction.argument_id}" by ${extraction.extractor}`,
    extraction,
    existing,
    () => {
      upsertExtraction(db, extraction, argumentRowId, extractorId, importRun(context, extractorId));
      refreshErrorClasses(db, argumentRowId);
      return undefined;
    },
  );
}

/** One extraction run per extractor per import, recording the file it came from. */
function importRun(context: ApplyContext, extractorId: number): number {
  let runId = context.extractionRuns.get(extractorId);
  if (runId === undefined) {
    runId = insertExtractionRun(
      context.db,
      extractorId,
      { source: 'import', file: context.fileName, sha256: context.sha256 },
      context.importId(),
    );
    context.extractionRuns.set(extractorId, runId);
  }
  return runId;
}

function spanProblems(
  context: ApplyContext,
  line: number,
  record: Annotation | Gold,
  argument: { text: string },
): boolean {
  const problems = checkSpans(judgementOf(record), argument.text.length);
  for (const message of problems) context.problems.push({ line, message });
  return problems.length > 0;
}

/**
 * `secondsSpent`: the annotator's active time when the source records it (a dataset); otherwise a
 * replaced annotation keeps the time already stored, and a new one starts at 0.
 */
export function applyAnnotation(
  context: ApplyContext,
  line: number,
  annotation: Annotation,
  secondsSpent?: number,
): void {
  const { db } = context;
  const argument = requireArgument(context, line, annotation.argument_id);
  if (!argument || spanProblems(context, line, annotation, argument)) return;
  const annotator = importUser(context, annotation.annotator);
  const judgement = judgementOf(annotation);
  // One read of the stored annotation, without a join; its judgement is parsed only when there is one.
  const existing = findAnnotationForSave(db, argument.rowId, annotator.id);
  reconcile(
    context,
    line,
    `annotation of "${annotation.argument_id}" by ${annotation.annotator}`,
    judgement,
    existing && parseStoredJudgement(existing.judgementJson),
    () => {
      const write = {
        argumentRowId: argument.rowId,
        userId: annotator.id,
        status: 'submitted' as const,
        judgement,
        secondsSpent: secondsSpent ?? existing?.secondsSpent ?? 0,
        importId: context.importId(),
      };
      saveAnnotation(db, write, 'import', null, { existing });
      return undefined;
    },
  );
}

/** The account of an imported annotation's annotator, created (unable to log in) when there is none. */
function importUser(context: ApplyContext, username: string): { id: number } {
  const { db } = context;
  const known = context.users.get(username.toLowerCase());
  if (known) return known;
  let user = findUserByName(db, username);
  if (!user) {
    insertUser(db, { username, displayName: username, passwordHash: null, roles: ['annotator'] });
    user = findUserByName(db, username);
    context.warnings.push(
      `created the account "${username}" for imported annotations; it cannot log in until you run: user passwd ${username}`,
    );
  }
  if (!user) throw new Error(`user ${username} vanished inside the import`);
  const found = { id: user.id };
  context.users.set(username.toLowerCase(), found);
  return found;
}

export function applyGold(context: ApplyContext, line: number, gold: Gold): void {
  const argument = requireArgument(context, line, gold.argument_id);
  if (!argument || spanProblems(context, line, gold, argument)) return;
  const judgement = judgementOf(gold);
  const existing = findGold(context.db, argument.rowId);
  // A draft differs from every imported record: it is an adjudicator's unfinished work, which only
  // --replace may overwrite.
  const incoming = { adjudicator: gold.adjudicator ?? null, judgement, final: true };
  const stored = existing && {
    adjudicator: existing.adjudicator,
    judgement: existing.judgement,
    final: isFinalGold(existing),
  };
  reconcile(context, line, `gold for "${gold.argument_id}"`, incoming, stored, () => {
    upsertGold(context.db, argument.rowId, incoming.adjudicator, judgement, context.importId());
    refreshErrorClasses(context.db, argument.rowId);
    return undefined;
  });
}

export function applyReportedValue(
  context: ApplyContext,
  line: number,
  source: string,
  value: ReportedResults['values'][number],
): void {
  const key = { source, model: value.model, test: value.test, metric: value.metric };
  const existing = findReportedValue(context.db, context.studyId, key);
  const label = `reported ${value.metric} of ${value.model}, test ${value.test} (${source})`;
  reconcile(context, line, label, value.value, existing, () => {
    upsertReportedValue(context.db, context.studyId, { ...key, value: value.value }, context.importId());
    return undefined;
  });
}
