import { describe, expect, it } from 'vitest';
import { buildArgument, buildJudgement, buildTriple } from '../../test/factories.ts';
import { writeGold } from './adjudications.ts';
import { insertArgument } from './arguments.ts';
import {
  COVERAGE_CHECKS_KEPT,
  countFinalGold,
  insertCoverageCheck,
  latestCoverageCheck,
  type NewCoverageCheck,
} from './coverage-checks.ts';
import { openDatabase } from './open.ts';
import { reportRevision } from './report-revision.ts';
import { insertStudy } from './studies.ts';
import { insertTriple } from './triples.ts';
import { insertUser } from './users.ts';

const SUMMARY = {
  studies: 20,
  targets: { coverage: 0.93, wrong_holds: 0.05 },
  rows: [
    {
      family: 'corrected AccH (gpt-4.1)',
      method: 'normal',
      intervals: 120,
      studies: 20,
      coverage: 0.95,
      mc_error: 0.02,
      meets_target: true,
      mean_width: 0.3,
    },
  ],
  claims: {
    acch_above: {
      checked: 120,
      studies: 20,
      wrong_holds_studies_share: 0.05,
      wrong_holds_mc_error: 0.049,
      wrong_fails_studies_share: 0,
      meets_target: true,
    },
    ranking: {
      checked: 20,
      studies: 20,
      wrong_holds_studies_share: null,
      wrong_holds_mc_error: null,
      wrong_fails_studies_share: null,
      meets_target: null,
    },
    acch_by_minimum_gold: [],
  },
};

async function setup() {
  const db = await openDatabase(':memory:');
  const study = await insertStudy(db, 's');
  const userId = await insertUser(db, {
    username: 'admin',
    displayName: 'A',
    passwordHash: null,
    roles: ['admin'],
  });
  const check = async (over: Partial<NewCoverageCheck> = {}): Promise<NewCoverageCheck> => ({
    studyId: study.id,
    designFingerprint: 'a'.repeat(64),
    reportRevision: await reportRevision(db),
    parameters: {
      replicates: 20,
      bootstrap: 50,
      seed: 4,
      populations: 10,
      level: 0.95,
      claim_threshold: 0.9,
      threshold: 0.9,
    },
    design: { models: 2, tests: 3, arguments_per_cell: 6, gold: 12, allocation: 'equal', notes: [] },
    summary: SUMMARY,
    source: 'screen',
    createdBy: userId,
    ...over,
  });
  return { db, study, userId, check };
}

describe('coverage checks (migration 012)', () => {
  it('stores a check and reads the newest back through the shared schemas, with who ran it', async () => {
    const { db, study, check } = await setup();
    expect(await latestCoverageCheck(db, study.id)).toBeNull();
    await insertCoverageCheck(db, await check({ designFingerprint: 'b'.repeat(64) }));
    const id = await insertCoverageCheck(db, await check());
    const latest = await latestCoverageCheck(db, study.id);
    expect(latest).toMatchObject({
      id,
      created_by: 'admin',
      source: 'screen',
      design_fingerprint: 'a'.repeat(64),
      parameters: { replicates: 20, bootstrap: 50, seed: 4 },
      design: { gold: 12 },
      result: { studies: 20, rows: [{ family: 'corrected AccH (gpt-4.1)', coverage: 0.95 }] },
    });
    // Keys the appendix does not show are kept in the database, not read.
    expect(latest?.result.rows[0]).not.toHaveProperty('mean_width');
    expect(await insertCoverageCheck(db, await check({ source: 'cli', createdBy: null }))).toBeGreaterThan(
      id,
    );
    expect((await latestCoverageCheck(db, study.id))?.created_by).toBeNull();
  });

  it('bumps the report revision when a check is stored or removed, so a cached report with the old appendix is not served', async () => {
    const { db, study, check } = await setup();
    const before = await reportRevision(db);
    await insertCoverageCheck(db, await check());
    expect(await reportRevision(db)).toBe(before + 1);
    await db.run('DELETE FROM coverage_checks WHERE study_id = ?', [study.id]);
    expect(await reportRevision(db)).toBe(before + 2);
  });

  it('keeps the newest checks per study only, and goes with its study', async () => {
    const { db, study, check } = await setup();
    const other = await insertStudy(db, 'other');
    await insertCoverageCheck(db, await check({ studyId: other.id }));
    for (let i = 0; i < COVERAGE_CHECKS_KEPT + 3; i++) await insertCoverageCheck(db, await check());
    const count = async (id: number) =>
      (await db.first<{ n: number }>('SELECT count(*) AS n FROM coverage_checks WHERE study_id = ?', [id]))
        ?.n;
    expect(await count(study.id)).toBe(COVERAGE_CHECKS_KEPT);
    expect(await count(other.id)).toBe(1);
    await db.run('DELETE FROM studies WHERE id = ?', [other.id]);
    expect(await count(other.id)).toBe(0);
  });

  it('refuses a result beyond its bound, a fingerprint that is not SHA-256 hex length, and JSON that is not JSON', async () => {
    const { db, check } = await setup();
    await expect(
      insertCoverageCheck(db, await check({ summary: { padding: 'x'.repeat(300_000) } })),
    ).rejects.toThrow(RangeError);
    await expect(insertCoverageCheck(db, await check({ designFingerprint: 'short' }))).rejects.toThrow(
      /CHECK|check constraint/,
    );
    await expect(
      db.run(
        `INSERT INTO coverage_checks (study_id, design_fingerprint, report_revision, parameters, result, source, created_at)
         VALUES (1, ?, 0, 'not json', '{}', 'cli', 'now')`,
        ['c'.repeat(64)],
      ),
    ).rejects.toThrow(/CHECK|check constraint/);
  });

  it('counts a study’s final gold, not its drafts', async () => {
    const { db, study } = await setup();
    const triple = await insertTriple(db, study.id, buildTriple(), null);
    const first = await insertArgument(db, study.id, buildArgument({ id: 'a1' }), triple, null);
    const second = await insertArgument(db, study.id, buildArgument({ id: 'a2' }), triple, null);
    const gold = async (argumentRowId: number, status: 'draft' | 'fixed') =>
      await writeGold(
        db,
        {
          argumentRowId,
          status,
          judgement: buildJudgement(),
          decisions: [],
          adjudicator: null,
          note: null,
          importId: null,
        },
        status === 'fixed' ? 'fix' : 'save',
        null,
      );
    await gold(first, 'fixed');
    await gold(second, 'draft');
    expect(await countFinalGold(db, study.id)).toBe(1);
  });
});
