import { upsertGold } from '../../server/store/adjudications.ts';
import { insertArgument } from '../../server/store/arguments.ts';
import { findAssignment, insertAssignment } from '../../server/store/assignments.ts';
import type { Db } from '../../server/store/db.ts';
import { upsertExtraction } from '../../server/store/extractions.ts';
import { ensureExtractor } from '../../server/store/extractors.ts';
import { insertStudy } from '../../server/store/studies.ts';
import { insertTriple } from '../../server/store/triples.ts';
import { findUserByName } from '../../server/store/users.ts';
import { extractionSchema } from '../../shared/schemas/extraction.ts';
import { buildArgument, buildExtraction, buildJudgement, buildTriple } from '../factories.ts';
import { addUser } from './app.ts';

/**
 * Strings that must never reach an annotator: each marks one thing they are blind to. The argument
 * ids all start with `argumentIdPrefix` and, like generated ids, spell out the model.
 */
export const SECRETS = {
  model: 'model-secret-x',
  tripleId: 'triple-secret-t1',
  argumentIdPrefix: 'argument-secret-',
  extractorRaw: 'EXTRACTOR-RAW-SECRET',
  goldComment: 'GOLD-COMMENT-SECRET',
} as const;

/** The fixture's arguments by short name (a1, a2, a3) → their external ids. */
export const ARGUMENT_IDS = {
  a1: `${SECRETS.argumentIdPrefix}${SECRETS.model}-1`,
  a2: `${SECRETS.argumentIdPrefix}${SECRETS.model}-2`,
  a3: `${SECRETS.argumentIdPrefix}${SECRETS.model}-3`,
} as const;
export type FixtureArgument = keyof typeof ARGUMENT_IDS;

/**
 * A study with three arguments: a1 and a2 assigned to alice, a3 to bob; an extraction of each,
 * gold for a2; accounts alice, bob (annotators), carol (adjudicator), admin. `rowIds` and `itemKeys`
 * are by short name; `itemKeys` are the assigned annotator's keys.
 */
export async function seedAnnotationStudy(db: Db) {
  const study = await insertStudy(db, 'default');
  const tripleRowId = await insertTriple(db, study.id, buildTriple({ id: SECRETS.tripleId }), null);
  const extractor = await ensureExtractor(db, study.id, 'gpt-4.1', 'imported');
  const rowIds: Record<string, number> = {};
  for (const [name, id] of Object.entries(ARGUMENT_IDS)) {
    rowIds[name] = await insertArgument(
      db,
      study.id,
      buildArgument({ id, triple_id: SECRETS.tripleId, model: SECRETS.model }),
      tripleRowId,
      null,
    );
    await upsertExtraction(
      db,
      extractionSchema.parse(buildExtraction({ argument_id: id, raw: SECRETS.extractorRaw })),
      rowIds[name] ?? 0,
      extractor.id,
      null,
    );
  }
  await upsertGold(db, rowIds.a2 ?? 0, 'carol', buildJudgement({ comment: SECRETS.goldComment }), null);
  await addUser(db, 'alice', ['annotator']);
  await addUser(db, 'bob', ['annotator']);
  await addUser(db, 'carol', ['adjudicator']);
  await addUser(db, 'admin', ['admin']);
  const userId = async (name: string) => (await findUserByName(db, name))?.id ?? 0;
  const assign = async (argument: string, user: string, position: number) =>
    await insertAssignment(db, {
      argumentRowId: rowIds[argument] ?? 0,
      userId: await userId(user),
      position,
      calibration: false,
      sampleId: null,
    });
  await assign('a1', 'alice', 1);
  await assign('a2', 'alice', 2);
  await assign('a3', 'bob', 1);
  const keyOf = async (argument: FixtureArgument, user: string) =>
    (await findAssignment(db, rowIds[argument] ?? 0, await userId(user)))?.itemKey ?? '';
  const itemKeys = {
    a1: await keyOf('a1', 'alice'),
    a2: await keyOf('a2', 'alice'),
    a3: await keyOf('a3', 'bob'),
  };
  return { study, rowIds, itemKeys };
}
