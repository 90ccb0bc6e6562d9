import {
  type Annotation,
  type Gold,
  type Judgement,
  judgementOf,
} from '../../../../shared/schemas/annotation.ts';
import { checkSpans } from '../../../../shared/span-rules.ts';
import {
  insertImportedGold,
  isFinalGold,
  listGoldOfArguments,
  upsertGold,
} from '../../../store/adjudications.ts';
import {
  type AnnotationWrite,
  findAnnotationsForSave,
  insertNewAnnotations,
  parseStoredJudgement,
  saveAnnotation,
} from '../../../store/annotations.ts';
import { findArgumentTexts } from '../../../store/arguments.ts';
import { findUserByName, insertUser } from '../../../store/users.ts';
import { refreshErrorClassesOf } from '../../extraction/error-classes.ts';
import { type ApplyContext, reconcile } from './reconcile.ts';

/*
 * Annotations and gold kept back (`ApplyContext.pendingAnnotations`, `pendingGold`) are checked,
 * reconciled and written a batch at a time, in file order, by the rules one record at a time followed:
 * the argument must be stored, the spans must fit its text, a stored record is compared (`reconcile`).
 * The reads are one per batch — the arguments' row ids and texts (the span checks need them), the
 * stored records — instead of two or more per record; new records are inserted together with their
 * history rows, a replaced one is written at once as before. Keeping them back changes no outcome: no
 * record of the batch reads another's row (`reconcile` compares repeats in the file with the first,
 * never with the table), and nothing else runs until the batch is written.
 */

/**
 * The stored arguments a batch refers to (row id and text, by external id), read at once; `find` of a
 * missing one records the problem of its record.
 */
async function argumentsOf(context: ApplyContext, argumentIds: readonly string[]) {
  const texts = await findArgumentTexts(context.db, context.studyId, [...new Set(argumentIds)]);
  return {
    rowIds: [...texts.values()].map((argument) => argument.rowId),
    find(line: number, argumentId: string) {
      const argument = texts.get(argumentId);
      if (!argument)
        context.problems.push({
          line,
          message: `argument_id: no argument "${argumentId}" in study "${context.studyName}"; import the arguments first`,
        });
      return argument;
    },
  };
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
export async function flushAnnotations(context: ApplyContext): Promise<void> {
  const batch = context.pendingAnnotations.splice(0);
  if (batch.length === 0) return;
  const { db } = context;
  const stored = await argumentsOf(
    context,
    batch.map(({ annotation }) => annotation.argument_id),
  );
  const existing = new Map(
    (await findAnnotationsForSave(db, stored.rowIds)).map((row) => [
      `${row.argumentRowId}/${row.userId}`,
      row,
    ]),
  );
  const inserts: AnnotationWrite[] = [];
  for (const { line, annotation, secondsSpent } of batch) {
    const argument = stored.find(line, annotation.argument_id);
    if (!argument || spanProblems(context, line, annotation, argument)) continue;
    const annotator = await importUser(context, annotation.annotator);
    const judgement = judgementOf(annotation);
    const current = existing.get(`${argument.rowId}/${annotator.id}`);
    await reconcile(
      context,
      line,
      `annotation of "${annotation.argument_id}" by ${annotation.annotator}`,
      judgement,
      current && parseStoredJudgement(current.judgementJson),
      async () => {
        const write = {
          argumentRowId: argument.rowId,
          userId: annotator.id,
          status: 'submitted' as const,
          judgement,
          secondsSpent: secondsSpent ?? current?.secondsSpent ?? 0,
          importId: await context.importId(),
        };
        if (current) await saveAnnotation(db, write, 'import', null, { existing: current });
        else inserts.push(write);
        return undefined;
      },
    );
  }
  await insertNewAnnotations(db, inserts, 'import', null);
}

/** Gold of an import: new gold is inserted together, its error classes computed together. */
export async function flushGold(context: ApplyContext): Promise<void> {
  const batch = context.pendingGold.splice(0);
  if (batch.length === 0) return;
  const { db } = context;
  const stored = await argumentsOf(
    context,
    batch.map(({ gold }) => gold.argument_id),
  );
  const existing = new Map(
    (await listGoldOfArguments(db, stored.rowIds)).map((row) => [row.argumentRowId, row]),
  );
  const inserts: { argumentRowId: number; adjudicator: string | null; judgement: Judgement }[] = [];
  const written: number[] = [];
  for (const { line, gold } of batch) {
    const argument = stored.find(line, gold.argument_id);
    if (!argument || spanProblems(context, line, gold, argument)) continue;
    const judgement = judgementOf(gold);
    const current = existing.get(argument.rowId);
    // A draft differs from every imported record: it is an adjudicator's unfinished work, which only
    // --replace may overwrite.
    const incoming = { adjudicator: gold.adjudicator ?? null, judgement, final: true };
    const kept = current && {
      adjudicator: current.adjudicator,
      judgement: current.judgement,
      final: isFinalGold(current),
    };
    await reconcile(context, line, `gold for "${gold.argument_id}"`, incoming, kept, async () => {
      const importId = await context.importId();
      if (current) await upsertGold(db, argument.rowId, incoming.adjudicator, judgement, importId);
      else inserts.push({ argumentRowId: argument.rowId, adjudicator: incoming.adjudicator, judgement });
      written.push(argument.rowId);
      return undefined;
    });
  }
  if (inserts.length > 0) await insertImportedGold(db, inserts, await context.importId(), context.fileName);
  await refreshErrorClassesOf(db, written);
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
