import { verify } from '@node-rs/argon2';
import type { Role } from '../../shared/api.ts';
import { buildDemoStudy } from '../../shared/demo/build-demo.ts';
import type { Db } from '../store/db.ts';
import { findStudy, studyTotals } from '../store/studies.ts';
import { countUsers, findUserByName } from '../store/users.ts';
import { importRecords } from './import/import-service.ts';
import { runExtraction } from './llm/run-extraction.ts';
import { createRulesExtractor } from './rules-extractor.ts';
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
export async function loadDemo(db: Db): Promise<{ triples: number; arguments: number; extractions: number }> {
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
  return { triples: demo.triples.length, arguments: demo.arguments.length, extractions: run.extracted };
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
