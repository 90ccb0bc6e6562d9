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
  hasArguments,
  insertArguments,
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

export async function applyTriple(context: ApplyContext, line: number, triple: Triple): Promise<void> {
  const { db, studyId } = context;
  await flushArguments(context);
  const existing = await findTriple(db, studyId, triple.id);
  await reconcile(context, line, `triple "${triple.id}"`, triple, existing?.record, async (action) => {
    context.triples.delete(triple.id);
    if (action === 'insert') {
      await insertTriple(db, studyId, triple, await context.importId());
      return undefined;
    }
    if (existing && existing.record.mode !== triple.mode) {
      const argumentCount = await countArgumentsOfTriple(db, existing.rowId);
      if (argumentCount > 0)
        return `triple "${triple.id}" cannot change mode from ${existing.record.mode} to ${triple.mode}: ${argumentCount} argument(s) were generated for it`;
    }
    await updateTriple(db, studyId, triple, await context.importId());
    return undefined;
  });
}

/** Writes the new arguments `applyArgument` has kept back (see `ApplyContext.pendingArguments`). */
export async function flushArguments(context: ApplyContext): Promise<void> {
  if (context.pendingArguments.length === 0) return;
  const rows = context.pendingArguments.splice(0);
  await insertArguments(context.db, context.studyId, rows, await context.importId());
}

/** The study's triple of this id, read once per import (`ApplyContext.triples`). */
async function tripleOf(context: ApplyContext, tripleId: string) {
  if (context.triples.has(tripleId)) return context.triples.get(tripleId);
  const triple = await findTriple(context.db, context.studyId, tripleId);
  context.triples.set(tripleId, triple);
  return triple;
}

/**
 * An argument: new ones are kept back and inserted many at a time (`flushArguments`); a changed one
 * is updated at once. A new argument's id cannot be stored already (it was looked up) nor come again
 * (`reconcile` remembers every id of the file), so keeping it back changes no outcome.
 */
export async function applyArgument(context: ApplyContext, line: number, argument: Argument): Promise<void> {
  const { db, studyId } = context;
  const triple = await tripleOf(context, argument.triple_id);
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
  await warnIfSourceNamesDesign(context, line, argument);
  context.studyHadNoArguments ??= !(await hasArguments(db, studyId));
  const existing = context.studyHadNoArguments ? undefined : await findArgument(db, studyId, argument.id);
  await reconcile(context, line, `argument "${argument.id}"`, argument, existing?.record, async (action) => {
    if (action === 'insert') {
      await context.importId();
      context.pendingArguments.push({ argument, tripleRowId: triple.rowId });
    } else await updateArgument(db, studyId, argument, triple.rowId, await context.importId());
    return undefined;
  });
}

/** The argument a record refers to, as its span checks need it (row id and text, no join). */
async function requireArgument(
  context: ApplyContext,
  line: number,
  argumentId: string,
): Promise<{ rowId: number; text: string } | undefined> {
  const argument = await findArgumentText(context.db, context.studyId, argumentId);
  if (!argument)
    context.problems.push({
      line,
      message: `argument_id: no argument "${argumentId}" in study "${context.studyName}"; import the arguments first`,
    });
  return argument;
}

export async function applyExtraction(
  context: ApplyContext,
  line: number,
  extraction: Extraction,
): Promise<void> {
  await flushArguments(context);
  const { db, studyId } = context;
  // Only the row id: the argument's text (kilobytes) is not needed to store what an extractor found.
  const argumentRowId = await findArgumentRowId(db, studyId, extraction.argument_id);
  if (argumentRowId === undefined) {
    context.problems.push({
      line,
      message: `argument_id: no argument "${extraction.argument_id}" in study "${context.studyName}"; import the arguments first`,
    });
    return;
  }
  let extractor = context.extractors.get(extraction.extractor);
  if (!extractor) {
    extractor = await ensureExtractor(db, studyId, extraction.extractor, 'imported');
    context.extractors.set(extraction.extractor, extractor);
  }
  const extractorId = extractor.id;
  const existing = await findExtraction(db, argumentRowId, extractorId);
  await reconcile(
    context,
    line,
    `extraction of "${extraction.argument_id}" by ${extraction.extractor}`,
    extraction,
    existing,
    async () => {
      await upsertExtraction(
        db,
        extraction,
        argumentRowId,
        extractorId,
        await importRun(context, extractorId),
      );
      await refreshErrorClasses(db, argumentRowId);
      return undefined;
    },
  );
}

/** One extraction run per extractor per import, recording the file it came from. */
async function importRun(context: ApplyContext, extractorId: number): Promise<number> {
  let runId = context.extractionRuns.get(extractorId);
  if (runId === undefined) {
    runId = await insertExtractionRun(
      context.db,
      extractorId,
      { source: 'import', file: context.fileName, sha256: context.sha256 },
      await context.importId(),
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
export async function applyAnnotation(
  context: ApplyContext,
  line: number,
  annotation: Annotation,
  secondsSpent?: number,
): Promise<void> {
  await flushArguments(context);
  const { db } = context;
  const argument = await requireArgument(context, line, annotation.argument_id);
  if (!argument || spanProblems(context, line, annotation, argument)) return;
  const annotator = await importUser(context, annotation.annotator);
  const judgement = judgementOf(annotation);
  // One read of the stored annotation, without a join; its judgement is parsed only when there is one.
  const existing = await findAnnotationForSave(db, argument.rowId, annotator.id);
  await reconcile(
    context,
    line,
    `annotation of "${annotation.argument_id}" by ${annotation.annotator}`,
    judgement,
    existing && parseStoredJudgement(existing.judgementJson),
    async () => {
      const write = {
        argumentRowId: argument.rowId,
        userId: annotator.id,
        status: 'submitted' as const,
        judgement,
        secondsSpent: secondsSpent ?? existing?.secondsSpent ?? 0,
        importId: await context.importId(),
      };
      await saveAnnotation(db, write, 'import', null, { existing });
      return undefined;
    },
  );
}

/** The account of an imported annotation's annotator, created (unable to log in) when there is none. */
async function importUser(context: ApplyContext, username: string): Promise<{ id: number }> {
  const { db } = context;
  const known = context.users.get(username.toLowerCase());
  if (known) return known;
  let user = await findUserByName(db, username);
  if (!user) {
    await insertUser(db, { username, displayName: username, passwordHash: null, roles: ['annotator'] });
    user = await findUserByName(db, username);
    context.warnings.push(
      `created the account "${username}" for imported annotations; it cannot log in until you run: user passwd ${username}`,
    );
  }
  if (!user) throw new Error(`user ${username} vanished inside the import`);
  const found = { id: user.id };
  context.users.set(username.toLowerCase(), found);
  return found;
}

export async function applyGold(context: ApplyContext, line: number, gold: Gold): Promise<void> {
  await flushArguments(context);
  const argument = await requireArgument(context, line, gold.argument_id);
  if (!argument || spanProblems(context, line, gold, argument)) return;
  const judgement = judgementOf(gold);
  const existing = await findGold(context.db, argument.rowId);
  // A draft differs from every imported record: it is an adjudicator's unfinished work, which only
  // --replace may overwrite.
  const incoming = { adjudicator: gold.adjudicator ?? null, judgement, final: true };
  const stored = existing && {
    adjudicator: existing.adjudicator,
    judgement: existing.judgement,
    final: isFinalGold(existing),
  };
  await reconcile(context, line, `gold for "${gold.argument_id}"`, incoming, stored, async () => {
    await upsertGold(context.db, argument.rowId, incoming.adjudicator, judgement, await context.importId());
    await refreshErrorClasses(context.db, argument.rowId);
    return undefined;
  });
}

export async function applyReportedValue(
  context: ApplyContext,
  line: number,
  source: string,
  value: ReportedResults['values'][number],
): Promise<void> {
  await flushArguments(context);
  const key = { source, model: value.model, test: value.test, metric: value.metric };
  const existing = await findReportedValue(context.db, context.studyId, key);
  const label = `reported ${value.metric} of ${value.model}, test ${value.test} (${source})`;
  await reconcile(context, line, label, value.value, existing, async () => {
    await upsertReportedValue(
      context.db,
      context.studyId,
      { ...key, value: value.value },
      await context.importId(),
    );
    return undefined;
  });
}
