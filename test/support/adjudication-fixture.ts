import { saveAnnotation } from '../../server/store/annotations.ts';
import { insertArgument } from '../../server/store/arguments.ts';
import { insertAssignment } from '../../server/store/assignments.ts';
import type { Db } from '../../server/store/db.ts';
import { upsertExtraction } from '../../server/store/extractions.ts';
import { ensureExtractor } from '../../server/store/extractors.ts';
import { insertStudy } from '../../server/store/studies.ts';
import { insertTriple } from '../../server/store/triples.ts';
import { findUserByName } from '../../server/store/users.ts';
import type { Judgement, Span } from '../../shared/schemas/annotation.ts';
import { extractionSchema } from '../../shared/schemas/extraction.ts';
import { buildArgument, buildExtraction, buildJudgement, buildTriple } from '../factories.ts';
import { addUser } from './app.ts';
import { SECRETS } from './study-fixture.ts';

/** Strings of one annotator's work that no other annotator may see. */
export const WORK_SECRETS = {
  aliceComment: 'ALICE-COMMENT-SECRET',
  bobComment: 'BOB-COMMENT-SECRET',
  rationale: 'ADJUDICATOR-RATIONALE-SECRET',
  /** The arguments' provenance (`source`): it may name the model or the run that made them. */
  source: 'ARGUMENT-SOURCE-SECRET',
} as const;

export const ADJUDICATION_ARGUMENTS = {
  /** alice and bob agree on everything but their comments. */
  same: `${SECRETS.argumentIdPrefix}${SECRETS.model}-same`,
  /** alice and bob disagree on two cells, two spans and the truncation flag. */
  split: `${SECRETS.argumentIdPrefix}${SECRETS.model}-split`,
  /** Annotated alike by alice and dave (an annotator who also adjudicates). */
  third: `${SECRETS.argumentIdPrefix}${SECRETS.model}-third`,
} as const;
export type AdjudicationArgument = keyof typeof ADJUDICATION_ARGUMENTS;

export const TEXT = buildArgument().text;

/** The span of the first occurrence of `phrase` in the fixture text. */
export function spanOf(
  phrase: string,
  caseId: Span['case'],
  factor: Span['factor'],
  style: Span['style'],
  polarity: Span['polarity'] = 'asserted',
): Span {
  const start = TEXT.indexOf(phrase);
  if (start < 0) throw new Error(`"${phrase}" is not in the fixture text`);
  return { start, end: start + phrase.length, case: caseId, factor, style, polarity };
}

const ALICE_SPLIT: Judgement = buildJudgement({
  spans: [spanOf('F4', 'current', 'F4', 'code')],
  comment: WORK_SECRETS.aliceComment,
});
const BOB_SPLIT: Judgement = buildJudgement({
  current: ['F4'],
  tsc2: ['F10', 'F16'],
  truncated: true,
  spans: [spanOf('agreed not to disclose', 'current', 'F4', 'name')],
  comment: WORK_SECRETS.bobComment,
});
const SAME: Judgement = buildJudgement({ spans: [spanOf('F4', 'current', 'F4', 'code')] });

/**
 * A study ready for adjudication tests: three arguments (same, split, third) of one triple, each with
 * gpt-4.1's extraction (the factories' default: current F4 F6, TSC1 F4, TSC2 F10); the rules extractor
 * failed on `same` and has no output for the others. Accounts: alice, bob (annotators), carol
 * (adjudicator), dave (annotator and adjudicator), admin. `same` and `split` are assigned to alice
 * and bob, `third` to alice and dave. Nothing is submitted: `submitAll` submits the work.
 */
export async function seedAdjudicationStudy(db: Db) {
  const study = await insertStudy(db, 'default');
  const tripleRowId = await insertTriple(db, study.id, buildTriple({ id: SECRETS.tripleId }), null);
  const gpt = await ensureExtractor(db, study.id, 'gpt-4.1', 'imported');
  const rules = await ensureExtractor(db, study.id, 'rules', 'rules');
  const rowIds = {} as Record<AdjudicationArgument, number>;
  for (const [name, id] of Object.entries(ADJUDICATION_ARGUMENTS) as [AdjudicationArgument, string][]) {
    rowIds[name] = await insertArgument(
      db,
      study.id,
      buildArgument({ id, triple_id: SECRETS.tripleId, model: SECRETS.model, source: WORK_SECRETS.source }),
      tripleRowId,
      null,
    );
    await upsertExtraction(
      db,
      extractionSchema.parse(buildExtraction({ argument_id: id, raw: SECRETS.extractorRaw })),
      rowIds[name],
      gpt.id,
      null,
    );
  }
  await upsertExtraction(
    db,
    extractionSchema.parse({
      argument_id: ADJUDICATION_ARGUMENTS.same,
      extractor: 'rules',
      current: [],
      tsc1: [],
      tsc2: [],
      status: 'failed',
      error: 'the rules timed out',
    }),
    rowIds.same,
    rules.id,
    null,
  );
  await addUser(db, 'alice', ['annotator']);
  await addUser(db, 'bob', ['annotator']);
  await addUser(db, 'carol', ['adjudicator']);
  await addUser(db, 'dave', ['annotator', 'adjudicator']);
  await addUser(db, 'admin', ['admin']);
  const userId = async (name: string) => (await findUserByName(db, name))?.id ?? 0;
  const assignments: [AdjudicationArgument, string, number][] = [
    ['same', 'alice', 1],
    ['split', 'alice', 2],
    ['third', 'alice', 3],
    ['same', 'bob', 1],
    ['split', 'bob', 2],
    ['third', 'dave', 1],
  ];
  for (const [argument, user, position] of assignments)
    await insertAssignment(db, {
      argumentRowId: rowIds[argument],
      userId: await userId(user),
      position,
      calibration: false,
      sampleId: null,
    });

  const work: Record<AdjudicationArgument, Record<string, Judgement>> = {
    same: {
      alice: { ...SAME, comment: WORK_SECRETS.aliceComment },
      bob: { ...SAME, comment: WORK_SECRETS.bobComment },
    },
    split: { alice: ALICE_SPLIT, bob: BOB_SPLIT },
    third: { alice: SAME, dave: SAME },
  };
  /** Submits the listed (or every) annotator's work on an argument, as the workspace would. */
  const submit = async (argument: AdjudicationArgument, annotators = Object.keys(work[argument])) => {
    for (const annotator of annotators)
      await saveAnnotation(
        db,
        {
          argumentRowId: rowIds[argument],
          userId: await userId(annotator),
          status: 'submitted',
          judgement: work[argument][annotator] ?? SAME,
          secondsSpent: 60,
          importId: null,
        },
        'submit',
        await userId(annotator),
      );
  };
  const submitAll = async () => {
    for (const argument of Object.keys(work) as AdjudicationArgument[]) await submit(argument);
  };
  return { study, rowIds, submit, submitAll, work };
}
