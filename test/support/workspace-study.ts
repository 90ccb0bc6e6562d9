import { createUser } from '../../server/services/accounts/users.ts';
import { CLI_ACTOR } from '../../server/services/audit/audit.ts';
import { importRecords } from '../../server/services/interchange/import/import-records.ts';
import { requireStudy } from '../../server/services/study/studies.ts';
import { findArgumentRowId } from '../../server/store/arguments.ts';
import { insertAssignment } from '../../server/store/assignments.ts';
import { openDatabase } from '../../server/store/open.ts';
import { findUserByName } from '../../server/store/users.ts';
import { buildArgument, buildTriple } from '../factories.ts';

export const WORKSPACE_ANNOTATOR = { username: 'alice', password: 'alice-workspace-2026' };

/** An imported `source` that names the model, the test and the mode: annotators must never see it. */
export const REVEALING_SOURCE = 'OpenAI gpt-4o batch, Test 2 (reordered)';

/** The phrase find-to-select must reach: about 300 words into the long argument, between commas. */
export const FAR_PHRASE = 'F12 Outsider-disclosures-restricted';

const FILLER = [
  'The record before the court describes a long course of dealing between the parties.',
  'Both companies built their products over several years, and their engineers met often at trade fairs.',
  'Counsel for each side agrees on most of the facts and disputes only what weight they deserve.',
  'The information at issue consisted of customer lists, pricing formulas and process specifications.',
  'Nothing in the testimony suggests that the witnesses misremembered the sequence of events.',
  'Courts applying the Uniform Trade Secrets Act look at the whole relationship, not at one document.',
  'The comparison with the precedents therefore turns on how closely their facts match these facts.',
];

/** Sentences of FILLER, in turn, until `words` words. */
function filler(words: number, offset: number): string {
  const sentences: string[] = [];
  let count = 0;
  for (let index = offset; count < words; index += 1) {
    const sentence = FILLER[index % FILLER.length] ?? '';
    sentences.push(sentence);
    count += sentence.split(/\s+/u).length;
  }
  return sentences.join(' ');
}

const countWords = (text: string) => text.split(/\s+/u).filter(Boolean).length;

/** A 3-ply argument of about 500 words whose one factor code, FAR_PHRASE, stands about 300 words in. */
export function longArgument(): { text: string; wordsBefore: number } {
  const before = [
    "Plaintiff's argument:",
    filler(110, 0),
    '',
    filler(90, 3),
    '',
    "Defendant's counterargument:",
    filler(95, 5),
  ].join('\n');
  const paragraph = `Still, the court in TSC1 relied on one point, ${FAR_PHRASE}, which the present record also shows. ${filler(40, 2)}`;
  const text = [before, '', paragraph, '', "Plaintiff's rebuttal:", filler(150, 1)].join('\n');
  return { text, wordsBefore: countWords(`${before}\n\nStill, the court in TSC1 relied on one point,`) };
}

/** Statements shared by two cases, as 3-ply arguments make them in nearly every paragraph. */
export const SHARED_ARGUMENT = [
  "Plaintiff's argument: The input case should be decided for the plaintiff, as TSC1 was. F4 and F6 were present in both the input case and TSC1. The defendant signed a confidentiality agreement, as in TSC1.",
  '',
  "Defendant's counterargument: TSC2 is the better match, because F10 Secrets-disclosed-outsiders (D) was present in TSC2 but not in the input case.",
  '',
  "Plaintiff's rebuttal: TSC2 differs; the information was kept under lock and key.",
].join('\n');

/**
 * A study of three items for alice: (1) SHARED_ARGUMENT, (2) the long argument, (3) a short one —
 * each argument imported with REVEALING_SOURCE as its source — and an admin.
 */
export async function seedWorkspaceStudy(file: string): Promise<void> {
  const db = await openDatabase(file);
  try {
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'triples',
      study: 'default',
      sourceName: 'triples.jsonl',
      values: [buildTriple({ id: 'workspace-t1' })],
    });
    const texts = [
      SHARED_ARGUMENT,
      longArgument().text,
      "Plaintiff's argument: F6 Security-measures applies.",
    ];
    const ids = texts.map((_, index) => `gpt-4o-test1-${index + 1}`);
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'arguments',
      study: 'default',
      sourceName: 'arguments.jsonl',
      values: texts.map((text, index) =>
        buildArgument({
          id: ids[index],
          triple_id: 'workspace-t1',
          model: 'gpt-4o',
          text,
          source: REVEALING_SOURCE,
        }),
      ),
    });
    await createUser(db, CLI_ACTOR, { ...WORKSPACE_ANNOTATOR, roles: ['annotator'] });
    await createUser(db, CLI_ACTOR, {
      username: 'admin',
      password: 'admin-workspace-2026',
      roles: ['admin'],
    });
    const study = await requireStudy(db, 'default');
    const alice = await findUserByName(db, WORKSPACE_ANNOTATOR.username);
    for (const [index, id] of ids.entries())
      await insertAssignment(db, {
        argumentRowId: (await findArgumentRowId(db, study.id, id)) ?? 0,
        userId: alice?.id ?? 0,
        position: index + 1,
        calibration: false,
        sampleId: null,
      });
  } finally {
    await db.close();
  }
}
