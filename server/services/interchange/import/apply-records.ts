import type { Argument } from '../../../../shared/schemas/argument.ts';
import type { ReportedResults } from '../../../../shared/schemas/reported.ts';
import type { Triple } from '../../../../shared/schemas/triple.ts';
import { MODE_OF_TEST, TEST_OF_MODE } from '../../../../shared/vocabulary.ts';
import {
  countArgumentsOfTriple,
  findArgument,
  hasArguments,
  updateArgument,
} from '../../../store/arguments.ts';
import { findReportedValue, upsertReportedValue } from '../../../store/reported-results.ts';
import { findTriple, insertTriple, updateTriple } from '../../../store/triples.ts';
import { flushPending } from './pending-records.ts';
import { type ApplyContext, reconcile } from './reconcile.ts';
import { warnIfSourceNamesDesign } from './source-warnings.ts';

export async function applyTriple(context: ApplyContext, line: number, triple: Triple): Promise<void> {
  const { db, studyId } = context;
  await flushPending(context);
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
  await flushPending(context, 'arguments');
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

export async function applyReportedValue(
  context: ApplyContext,
  line: number,
  source: string,
  value: ReportedResults['values'][number],
): Promise<void> {
  await flushPending(context);
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
