import { describe, expect, it } from 'vitest';
import { extractionSchema } from '../../shared/schemas/extraction.ts';
import { buildArgument, buildExtraction, buildJudgement, buildTriple } from '../../test/factories.ts';
import { writeGold } from './adjudications.ts';
import { saveAnnotation } from './annotations.ts';
import { insertArgument, updateArgument } from './arguments.ts';
import type { Db } from './db.ts';
import { upsertErrorClasses } from './error-classes.ts';
import { upsertExtraction } from './extractions.ts';
import { ensureExtractor } from './extractors.ts';
import { openDatabase } from './open.ts';
import { reportRevision } from './report-revision.ts';
import { upsertReportedValue } from './reported-results.ts';
import { insertSample, insertSampleItem } from './samples.ts';
import { insertStudy } from './studies.ts';
import { insertTriple } from './triples.ts';
import { insertUser } from './users.ts';

/** Migration 011: every change a report can see bumps the revision; drafts and unrelated writes do not. */
async function study() {
  const db = await openDatabase(':memory:');
  const { id: studyId } = await insertStudy(db, 's');
  const tripleRowId = await insertTriple(db, studyId, buildTriple(), null);
  const argumentRowId = await insertArgument(db, studyId, buildArgument(), tripleRowId, null);
  const userId = await insertUser(db, {
    username: 'alice',
    displayName: 'Alice',
    passwordHash: null,
    roles: ['annotator'],
  });
  return { db, studyId, tripleRowId, argumentRowId, userId };
}

async function bumps(db: Db, change: () => Promise<unknown>): Promise<number> {
  const before = await reportRevision(db);
  await change();
  return (await reportRevision(db)) - before;
}

describe('the report revision (migration 011)', () => {
  it('moves on every insert, update and delete of what a report reads', async () => {
    const { db, studyId, tripleRowId, argumentRowId } = await study();
    expect(
      await bumps(db, async () => await insertTriple(db, studyId, buildTriple({ id: 't2' }), null)),
    ).toBe(1);
    expect(
      await bumps(
        db,
        async () => await updateArgument(db, studyId, buildArgument({ model: 'm2' }), tripleRowId, null),
      ),
    ).toBe(1);
    const extractor = await ensureExtractor(db, studyId, 'rules', 'imported');
    expect(
      await bumps(
        db,
        async () =>
          await upsertExtraction(
            db,
            extractionSchema.parse(buildExtraction()),
            argumentRowId,
            extractor.id,
            null,
          ),
      ),
    ).toBe(1);
    expect(
      await bumps(
        db,
        async () =>
          await upsertErrorClasses(db, {
            argumentRowId,
            extractorId: extractor.id,
            goldVersion: 1,
            decisions: [],
          }),
      ),
    ).toBe(1);
    expect(
      await bumps(
        db,
        async () =>
          await upsertReportedValue(
            db,
            studyId,
            { source: 'p', model: 'm', test: 1, metric: 'acch', value: 0.5 },
            null,
          ),
      ),
    ).toBe(1);
    expect(
      await bumps(db, async () => {
        const sample = await insertSample(db, studyId, {
          seed: 1,
          size: 1,
          allocation: 'proportional',
          strataBy: [],
          excludedPrevious: false,
        });
        await insertSampleItem(db, sample.id, {
          argumentRowId,
          stratum: 'all',
          inclusionProbability: 1,
          weight: 1,
          drawOrder: 1,
        });
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await bumps(
        db,
        async () => await db.run("UPDATE users SET username = 'alicia' WHERE username = 'alice'"),
      ),
    ).toBe(1);
    expect(await bumps(db, async () => await db.run('DELETE FROM extractions'))).toBeGreaterThan(0);
    expect(await bumps(db, async () => await db.run("UPDATE studies SET name = 's2'"))).toBe(1);
  });

  it('moves by one per row a statement changes, on both engines (migration 019 on PostgreSQL)', async () => {
    const { db, studyId, tripleRowId } = await study();
    const insertThree = async () =>
      await db.run(
        `INSERT INTO arguments (study_id, external_id, triple_id, model, test, text)
         VALUES (?, 'b1', ?, 'm', 1, 'x'), (?, 'b2', ?, 'm', 1, 'x'), (?, 'b3', ?, 'm', 1, 'x')`,
        [studyId, tripleRowId, studyId, tripleRowId, studyId, tripleRowId],
      );
    expect(await bumps(db, insertThree)).toBe(3);
    expect(
      await bumps(
        db,
        async () => await db.run("UPDATE arguments SET model = 'm3' WHERE external_id LIKE 'b%'"),
      ),
    ).toBe(3);
    expect(
      await bumps(
        db,
        async () => await db.run("UPDATE arguments SET model = 'm4' WHERE external_id = 'none'"),
      ),
    ).toBe(0);
    const userId = await insertUser(db, {
      username: 'bob',
      displayName: 'Bob',
      passwordHash: null,
      roles: ['annotator'],
    });
    const argumentIds = (await db.all<{ id: number }>('SELECT id FROM arguments')).map((row) => row.id);
    for (const [index, argumentId] of argumentIds.entries())
      await db.run(
        `INSERT INTO annotations (argument_id, user_id, status, version, judgement, updated_at)
         VALUES (?, ?, ?, 1, '{}', 'now')`,
        [argumentId, userId, index === 0 ? 'submitted' : 'draft'],
      );
    // Only the submitted one counts, whether the statement touches one row or all of them.
    expect(
      await bumps(db, async () => await db.run("UPDATE annotations SET version = 2 WHERE status = 'draft'")),
    ).toBe(0);
    expect(await bumps(db, async () => await db.run('UPDATE annotations SET version = 3'))).toBe(1);
    // The drafts of b1–b3 go with their arguments and do not count.
    expect(
      await bumps(db, async () => await db.run("DELETE FROM arguments WHERE external_id LIKE 'b%'")),
    ).toBe(3);
  });

  it('moves when an annotation is submitted or reopened, not on an autosaved draft', async () => {
    const { db, argumentRowId, userId } = await study();
    const write = {
      argumentRowId,
      userId,
      status: 'draft' as const,
      judgement: buildJudgement(),
      secondsSpent: 1,
      importId: null,
    };
    expect(await bumps(db, async () => await saveAnnotation(db, write, 'save', userId))).toBe(0);
    expect(await bumps(db, async () => await saveAnnotation(db, write, 'save', userId))).toBe(0);
    expect(
      await bumps(
        db,
        async () => await saveAnnotation(db, { ...write, status: 'submitted' }, 'submit', userId),
      ),
    ).toBe(1);
    expect(await bumps(db, async () => await saveAnnotation(db, write, 'reopen', userId))).toBe(1);
    expect(await bumps(db, async () => await db.run('UPDATE users SET display_name = ?', ['A.']))).toBe(0);
  });

  it('moves when gold is fixed, reopened or deleted, not on a draft', async () => {
    const { db, argumentRowId } = await study();
    const gold = {
      argumentRowId,
      status: 'draft' as const,
      judgement: buildJudgement(),
      decisions: [],
      adjudicator: 'carol',
      note: null,
      importId: null,
    };
    expect(await bumps(db, async () => await writeGold(db, gold, 'save', null))).toBe(0);
    expect(await bumps(db, async () => await writeGold(db, { ...gold, status: 'fixed' }, 'fix', null))).toBe(
      1,
    );
    expect(await bumps(db, async () => await writeGold(db, gold, 'reopen', null))).toBe(1);
    expect(await bumps(db, async () => await writeGold(db, { ...gold, status: 'fixed' }, 'fix', null))).toBe(
      1,
    );
    expect(await bumps(db, async () => await db.run('DELETE FROM adjudications'))).toBe(1);
  });
});
