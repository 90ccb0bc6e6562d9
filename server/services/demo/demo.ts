import { verify } from '@node-rs/argon2';
import { disputedValue, resolvedValue, sameValue } from '../../../shared/adjudication/apply-decision.ts';
import { disagreements } from '../../../shared/adjudication/disagreements.ts';
import { goldFromDecisions } from '../../../shared/adjudication/gold-from-decisions.ts';
import type { Disagreement, ResolutionChoice } from '../../../shared/adjudication-api.ts';
import type { Role } from '../../../shared/api.ts';
import { buildDemoStudy, type DemoStudy } from '../../../shared/demo/build-demo.ts';
import {
  answerKeyJudgement,
  DEMO_ANNOTATORS,
  simulateAnnotation,
} from '../../../shared/demo/simulate-annotations.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { createRng } from '../../../shared/stats/rng.ts';
import {
  findAdjudicationItem,
  insertAdjudicationItem,
  startAdjudicationItem,
} from '../../store/adjudication-items.ts';
import { ACCEPTED_NOTE, writeGold } from '../../store/adjudications.ts';
import { saveAnnotation } from '../../store/annotations.ts';
import { findArgument } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { listSampleItems } from '../../store/samples.ts';
import { findStudy, studyTotals } from '../../store/studies.ts';
import { countUsers, findUserByName } from '../../store/users.ts';
import { createUser } from '../accounts/users.ts';
import { comparedAnnotations, queueEntries } from '../adjudication/item-context.ts';
import { CLI_ACTOR } from '../audit/audit.ts';
import { refreshErrorClasses } from '../extraction/error-classes.ts';
import { createRulesExtractor } from '../extraction/rules-extractor.ts';
import { runExtraction } from '../extraction/run-extraction.ts';
import { importRecords } from '../interchange/import/import-records.ts';
import { assignSample } from '../sampling/assignments.ts';
import { drawSample, latestSampleSummary, requireSample } from '../sampling/samples.ts';
import { requireStudy } from '../study/studies.ts';

export const DEMO_STUDY = 'default';
/** The demo's adjudicator (one of DEMO_USERS). */
const DEMO_ADJUDICATOR = 'carol';

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
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const study = await findStudy(db, DEMO_STUDY);
  const empty = !study || Object.values(await studyTotals(db, study.id)).every((count) => count === 0);
  return empty && (await countUsers(db)) === 0;
}

/**
 * Loads the demo study — 30 generated triples per mode and, for each of eight simulated models, one
 * synthetic argument per triple (720 in all, labelled "synthetic demo"), the rules extractor's output
 * for every one of them — and the demo accounts.
 */
export async function loadDemo(db: Db): Promise<{ demo: DemoStudy; extractions: number }> {
  const demo = buildDemoStudy();
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'triples',
    study: DEMO_STUDY,
    sourceName: 'demo: generated triples',
    values: demo.triples,
  });
  await importRecords(db, {
    actor: CLI_ACTOR,
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
  for (const user of DEMO_USERS)
    if (!(await findUserByName(db, user.username))) await createUser(db, CLI_ACTOR, user);
  return { demo, extractions: run.extracted };
}

/** The demo logins whose published password still works. */
export async function workingDemoLogins(db: Db): Promise<typeof DEMO_USERS> {
  const working = await Promise.all(
    DEMO_USERS.map(async (demo) => {
      const user = await findUserByName(db, demo.username);
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
export async function assignDemoSample(db: Db): Promise<void> {
  const study = await requireStudy(db, DEMO_STUDY);
  await drawSample(
    db,
    study,
    {
      size: 50,
      seed: 7,
      allocation: 'equal',
      strata: ['model', 'test'],
      excludeSampled: false,
    },
    CLI_ACTOR,
  );
  await assignSample(
    db,
    study,
    { annotators: DEMO_ANNOTATORS.map((annotator) => annotator.name), perItem: 2, seed: 7, calibration: [] },
    CLI_ACTOR,
  );
}

/** What `loadDemoAnnotations` wrote. */
export interface DemoAnnotationSummary {
  sampled: number;
  annotations: number;
  /** Items fixed by carol after resolving their disagreements, with decisions. */
  adjudicated: number;
  /** Items whose annotators agreed throughout, accepted as they are. */
  accepted: number;
  /** Items with disagreements left for an adjudicator. */
  waiting: number;
}

/**
 * For exploring the report and the adjudication screens before anyone has worked: uses the demo
 * sample (drawing and assigning it when missing, see assignDemoSample) and submits simulated
 * annotations for both annotators, with spans where the writer put each mention (the writer's answer
 * key with each annotator's misses, slips and unhighlighted mentions). Then carol adjudicates: items
 * without disagreement are accepted as they are; of the others, two in three (in queue order) are
 * decided — each disagreement resolved the way the answer key reads the text — and fixed; the rest
 * wait in the queue. The error classes of fixed gold are stored. Everything it writes says
 * "synthetic demo". Its adjudication keys come from a fixed seed (`issueDemoAdjudicationKeys`), so
 * two demos are the same: the same items wait, the same gold, the same report. Call after `loadDemo`,
 * with the demo it loaded.
 */
export async function loadDemoAnnotations(db: Db, demo: DemoStudy): Promise<DemoAnnotationSummary> {
  const study = await requireStudy(db, DEMO_STUDY);
  if ((await latestSampleSummary(db, study)) === null) await assignDemoSample(db);
  const sample = await requireSample(db, study);
  const items = await listSampleItems(db, sample.id);
  // Everything the body draws or counts starts inside it: PostgreSQL runs a transaction's body again
  // whole after a serialization failure (docs/decisions/022), and the second run must draw the same
  // numbers and count from zero.
  return await db.transaction(async () => {
    const rng = createRng(7);
    const truthOf = new Map<number, Judgement>();
    const summary: DemoAnnotationSummary = {
      sampled: items.length,
      annotations: 0,
      adjudicated: 0,
      accepted: 0,
      waiting: 0,
    };
    for (const item of items) {
      const key = demo.answerKey.get(item.argumentId);
      const argument = await findArgument(db, study.id, item.argumentId);
      if (!key || !argument) throw new Error(`the demo has no answer key for ${item.argumentId}`);
      const truncated = argument.record.finish_reason === 'length';
      truthOf.set(argument.rowId, answerKeyJudgement(key, truncated));
      for (const annotator of DEMO_ANNOTATORS) {
        const user = await findUserByName(db, annotator.name);
        if (!user) throw new Error(`demo annotator ${annotator.name} is missing`);
        const judgement = simulateAnnotation(key, truncated, annotator, rng);
        await saveAnnotation(
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
        summary.annotations += 1;
      }
    }
    const carol = await findUserByName(db, DEMO_ADJUDICATOR);
    if (!carol) throw new Error(`demo adjudicator ${DEMO_ADJUDICATOR} is missing`);
    await issueDemoAdjudicationKeys(db, items);
    let disagreeing = 0;
    for (const { candidate, itemKey } of (await queueEntries(db, study, carol)).entries) {
      const truth = truthOf.get(candidate.argumentRowId);
      const [a, b] = (await comparedAnnotations(db, candidate.argumentRowId, itemKey)).annotations;
      if (!truth || !a || !b) continue;
      const found = disagreements(a.judgement, b.judgement);
      if (found.length > 0 && disagreeing++ % 3 === 2) {
        summary.waiting += 1;
        continue;
      }
      const decisions = found.map((disagreement) => ({
        disagreementId: disagreement.id,
        choice: choiceMatching(truth, disagreement),
        rationale: 'synthetic demo: as the writer’s answer key reads the text',
      }));
      await startAdjudicationItem(db, candidate.argumentRowId, null);
      await writeGold(
        db,
        {
          argumentRowId: candidate.argumentRowId,
          status: 'fixed',
          judgement: goldFromDecisions(a.judgement, b.judgement, decisions, truth),
          decisions,
          adjudicator: DEMO_ADJUDICATOR,
          note: found.length === 0 ? ACCEPTED_NOTE : null,
          importId: null,
        },
        'demo',
        null,
      );
      await refreshErrorClasses(db, candidate.argumentRowId);
      if (found.length === 0) summary.accepted += 1;
      else summary.adjudicated += 1;
    }
    return summary;
  });
}

/**
 * The demo's adjudication keys, drawn from a seeded generator in the sample's draw order before the
 * queue is first read. Keys order the adjudication queue and pick each item's A and B, and the demo
 * leaves every third disagreeing item (in queue order) waiting: with random keys, two runs gave
 * different gold and a different report. A real study's keys stay random (`ensureAdjudicationItem`);
 * these are predictable, which only the demo, whose passwords are public too, can afford.
 */
async function issueDemoAdjudicationKeys(db: Db, items: readonly { argumentRowId: number }[]): Promise<void> {
  const rng = createRng(DEMO_KEY_SEED);
  const word = () => rng.nextUint32().toString(16).padStart(8, '0');
  for (const item of items) {
    // A key already taken (never, in practice) is drawn again; an item with a key keeps it.
    while (!(await findAdjudicationItem(db, item.argumentRowId)))
      await insertAdjudicationItem(db, item.argumentRowId, `${word()}${word()}`);
  }
}

/** The seed of the demo's adjudication keys (the sample's and the assignment's is 7). */
const DEMO_KEY_SEED = 7_007;

/** The resolution that gives a disagreement the value the answer key holds ("edited" when none does). */
function choiceMatching(truth: Judgement, disagreement: Disagreement): ResolutionChoice {
  const wanted = disputedValue(truth, disagreement);
  const choices: ResolutionChoice[] = ['a', 'b', 'both', 'neither'];
  return (
    choices.find((choice) => {
      const value = resolvedValue(disagreement, choice);
      return value !== null && sameValue(value, wanted);
    }) ?? 'edited'
  );
}
