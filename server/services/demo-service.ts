import { verify } from '@node-rs/argon2';
import type { Role } from '../../shared/api.ts';
import { buildDemoStudy, type DemoStudy } from '../../shared/demo/build-demo.ts';
import {
  answerKeyJudgement,
  DEMO_ANNOTATORS,
  simulateAnnotation,
} from '../../shared/demo/simulate-annotations.ts';
import { createRng } from '../../shared/stats/rng.ts';
import { upsertGold } from '../store/adjudications.ts';
import { saveAnnotation } from '../store/annotations.ts';
import { findArgument } from '../store/arguments.ts';
import type { Db } from '../store/db.ts';
import { listSampleItems } from '../store/samples.ts';
import { findStudy, studyTotals } from '../store/studies.ts';
import { countUsers, findUserByName } from '../store/users.ts';
import { assignSample } from './assignment-service.ts';
import { importRecords } from './import/import-service.ts';
import { runExtraction } from './llm/run-extraction.ts';
import { createRulesExtractor } from './rules-extractor.ts';
import { drawSample, latestSampleSummary, requireSample } from './sample-service.ts';
import { requireStudy } from './studies.ts';
import { createUser } from './user-service.ts';

export const DEMO_STUDY = 'default';

/**
 * The demo accounts. Their passwords are public on purpose: they exist only in a database the demo
 * created, and `npm start` prints them only while they still work (change them with `user passwd`).
 */
export const DEMO_USERS: readonly {
  username: string;
  displayName: string;
  password: string;
  roles: Role[];
}[] = [
  { username: 'admin', displayName: 'Study admin', password: 'admin-demo-2025', roles: ['admin'] },
  { username: 'alice', displayName: 'Alice (annotator)', password: 'alice-demo-2025', roles: ['annotator'] },
  { username: 'bob', displayName: 'Bob (annotator)', password: 'bob-demo-2025', roles: ['annotator'] },
  {
    username: 'carol',
    displayName: 'Carol (adjudicator)',
    password: 'carol-demo-2025',
    roles: ['adjudicator'],
  },
];

/** True when the database holds no study data and no accounts: the only state the demo loads into. */
export function isEmptyDatabase(db: Db): boolean {
  const study = findStudy(db, DEMO_STUDY);
  const empty = !study || Object.values(studyTotals(db, study.id)).every((count) => count === 0);
  return empty && countUsers(db) === 0;
}

/**
 * Loads the demo study — 30 generated triples per mode and, for each of eight simulated models, one
 * synthetic argument per triple (720 in all, labelled "synthetic demo"), the rules extractor's output
 * for every one of them — and the demo accounts.
 */
export async function loadDemo(db: Db): Promise<{ demo: DemoStudy; extractions: number }> {
  const demo = buildDemoStudy();
  importRecords(db, {
    kind: 'triples',
    study: DEMO_STUDY,
    sourceName: 'demo: generated triples',
    values: demo.triples,
  });
  importRecords(db, {
    kind: 'arguments',
    study: DEMO_STUDY,
    sourceName: 'demo: synthetic arguments',
    values: demo.arguments,
  });
  const run = await runExtraction({
    db,
    study: DEMO_STUDY,
    extractor: createRulesExtractor(),
    concurrency: 1,
  });
  for (const user of DEMO_USERS) if (!findUserByName(db, user.username)) await createUser(db, user);
  return { demo, extractions: run.extracted };
}

/** The demo logins whose published password still works. */
export async function workingDemoLogins(db: Db): Promise<typeof DEMO_USERS> {
  const working = await Promise.all(
    DEMO_USERS.map(async (demo) => {
      const user = findUserByName(db, demo.username);
      return user?.passwordHash && !user.disabled && (await verify(user.passwordHash, demo.password))
        ? demo
        : undefined;
    }),
  );
  return working.filter((demo) => demo !== undefined);
}

/**
 * Draws the demo's sample (50 arguments, seed 7, equal allocation over model × test) and gives every
 * item to both alice and bob, so the demo annotators find a queue waiting when they log in.
 */
export function assignDemoSample(db: Db): void {
  const study = requireStudy(db, DEMO_STUDY);
  drawSample(db, study, {
    size: 50,
    seed: 7,
    allocation: 'equal',
    strata: ['model', 'test'],
    excludeSampled: false,
  });
  assignSample(
    db,
    study,
    { annotators: DEMO_ANNOTATORS.map((annotator) => annotator.name), perItem: 2, seed: 7, calibration: [] },
    'demo',
  );
}

/**
 * For exploring the report before anyone has annotated: uses the demo sample (drawing and assigning it
 * when missing, see assignDemoSample), submits simulated annotations for both (the writer's answer key with each
 * annotator's misses and slips) and the answer key as gold (adjudicator carol). Everything it
 * writes says "synthetic demo" in its comment. Call after `loadDemo`, with the demo it loaded.
 */
export function loadDemoAnnotations(
  db: Db,
  demo: DemoStudy,
): { sampled: number; annotations: number; gold: number } {
  const study = requireStudy(db, DEMO_STUDY);
  if (latestSampleSummary(db, study) === null) assignDemoSample(db);
  const rng = createRng(7);
  const sample = requireSample(db, study);
  const items = listSampleItems(db, sample.id);
  let annotations = 0;
  db.transaction(() => {
    for (const item of items) {
      const key = demo.answerKey.get(item.argumentId);
      const argument = findArgument(db, study.id, item.argumentId);
      if (!key || !argument) throw new Error(`the demo has no answer key for ${item.argumentId}`);
      const truncated = argument.record.finish_reason === 'length';
      for (const annotator of DEMO_ANNOTATORS) {
        const user = findUserByName(db, annotator.name);
        if (!user) throw new Error(`demo annotator ${annotator.name} is missing`);
        const judgement = simulateAnnotation(key, truncated, annotator, rng);
        saveAnnotation(
          db,
          {
            argumentRowId: argument.rowId,
            userId: user.id,
            status: 'submitted',
            judgement,
            secondsSpent: 60 + rng.nextInt(240),
            importId: null,
          },
          'demo',
          null,
        );
        annotations += 1;
      }
      upsertGold(db, argument.rowId, 'carol', answerKeyJudgement(key, truncated), null);
    }
  });
  return { sampled: items.length, annotations, gold: items.length };
}
