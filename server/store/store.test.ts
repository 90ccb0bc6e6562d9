import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractionSchema } from '../../shared/schemas/extraction.ts';
import { buildArgument, buildExtraction, buildJudgement, buildTriple } from '../../test/factories.ts';
import { findGold, upsertGold } from './adjudications.ts';
import { listHistory, saveAnnotation } from './annotations.ts';
import { findArgument, insertArgument } from './arguments.ts';
import { findAssignment, findAssignmentByKey, insertAssignment, moveAssignment } from './assignments.ts';
import { sqliteConnectionOf } from './db.ts';
import { findExtraction, upsertExtraction } from './extractions.ts';
import { ensureExtractor } from './extractors.ts';
import { openDatabase } from './open.ts';
import { insertStudy } from './studies.ts';
import { findTriple, insertTriple } from './triples.ts';
import { insertUser } from './users.ts';

async function seeded() {
  const db = await openDatabase(':memory:');
  const study = await insertStudy(db, 'default');
  const tripleRowId = await insertTriple(db, study.id, buildTriple(), null);
  const argumentRowId = await insertArgument(db, study.id, buildArgument(), tripleRowId, null);
  const userId = await insertUser(db, {
    username: 'alice',
    displayName: 'Alice',
    passwordHash: null,
    roles: ['annotator'],
  });
  return { db, study, tripleRowId, argumentRowId, userId };
}

describe('the store', () => {
  it('opens a file database in WAL mode', async () => {
    const db = await openDatabase(join(mkdtempSync(join(tmpdir(), 'fa-store-')), 'nested', 'x.db'));
    expect(sqliteConnectionOf(db, 'test').pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqliteConnectionOf(db, 'test').pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('reads back a triple and an argument as they were written', async () => {
    const { db, study } = await seeded();
    expect((await findTriple(db, study.id, 't1'))?.record).toEqual(buildTriple());
    expect((await findArgument(db, study.id, 'a1'))?.record).toEqual(buildArgument());
  });

  it('keeps a failed extraction failed, with its error', async () => {
    const { db, study, argumentRowId } = await seeded();
    const extractor = await ensureExtractor(db, study.id, 'gpt-4.1', 'imported');
    const failed = extractionSchema.parse(
      buildExtraction({ current: [], tsc1: [], tsc2: [], status: 'failed', error: 'HTTP 500' }),
    );
    await upsertExtraction(db, failed, argumentRowId, extractor.id, null);
    expect(await findExtraction(db, argumentRowId, extractor.id)).toMatchObject({
      status: 'failed',
      error: 'HTTP 500',
    });
  });

  it('refuses a failed extraction row without an error at the database level too', async () => {
    const { db, argumentRowId, study } = await seeded();
    const extractor = await ensureExtractor(db, study.id, 'x', 'imported');
    await expect(
      db.run(
        "INSERT INTO extractions (argument_id, extractor_id, status, current_factors, tsc1_factors, tsc2_factors) VALUES (?, ?, 'failed', '[]', '[]', '[]')",
        [argumentRowId, extractor.id],
      ),
    ).rejects.toThrow(/CHECK|check constraint/);
  });

  it('bumps the annotation version on each save and appends every save to the history', async () => {
    const { db, argumentRowId, userId } = await seeded();
    const write = {
      argumentRowId,
      userId,
      status: 'draft' as const,
      judgement: buildJudgement(),
      secondsSpent: 10,
      importId: null,
    };
    await saveAnnotation(db, write, 'save', userId);
    const second = await saveAnnotation(
      db,
      { ...write, status: 'submitted', judgement: buildJudgement({ tsc2: [] }) },
      'submit',
      userId,
    );
    expect(second.version).toBe(2);
    expect(second.submittedAt).not.toBeNull();
    const history = await listHistory(db, second.id);
    expect(history.map((entry) => [entry.action, entry.version, entry.actor])).toEqual([
      ['save', 1, 'alice'],
      ['submit', 2, 'alice'],
    ]);
    expect(history[0]?.judgement?.tsc2).toEqual(['F10']);
  });

  it('remembers the client save id of the write that made the current version, and forgets it on the next write without one', async () => {
    const { db, argumentRowId, userId } = await seeded();
    const write = {
      argumentRowId,
      userId,
      status: 'draft' as const,
      judgement: buildJudgement(),
      secondsSpent: 0,
      importId: null,
    };
    expect(
      (await saveAnnotation(db, { ...write, clientSaveId: 'save-0001' }, 'save', userId)).lastClientSaveId,
    ).toBe('save-0001');
    expect((await saveAnnotation(db, write, 'reopen', userId)).lastClientSaveId).toBeNull();
  });

  it('issues each assignment its own random key, and a new one when the item moves to another annotator', async () => {
    const { db, study, argumentRowId, userId } = await seeded();
    const bob = await insertUser(db, {
      username: 'bob',
      displayName: 'Bob',
      passwordHash: null,
      roles: ['annotator'],
    });
    const other = await insertArgument(db, study.id, buildArgument({ id: 'a2' }), 1, null);
    const assign = async (argument: number, user: number) =>
      await insertAssignment(db, {
        argumentRowId: argument,
        userId: user,
        position: 1,
        calibration: false,
        sampleId: null,
      });
    await assign(argumentRowId, userId);
    await assign(other, userId);
    const keyOf = async (argument: number, user: number) =>
      (await findAssignment(db, argument, user))?.itemKey ?? '';
    const before = await keyOf(argumentRowId, userId);
    expect(before).toMatch(/^[0-9a-f]{16}$/);
    expect(await keyOf(other, userId)).not.toBe(before);
    expect((await findAssignmentByKey(db, study.id, userId, before))?.argumentRowId).toBe(argumentRowId);
    expect(await findAssignmentByKey(db, study.id, bob, before)).toBeUndefined();

    await moveAssignment(db, argumentRowId, userId, bob, 1);
    const after = await keyOf(argumentRowId, bob);
    expect(after).toMatch(/^[0-9a-f]{16}$/);
    expect(after).not.toBe(before);
    expect(await findAssignmentByKey(db, study.id, userId, before)).toBeUndefined();
    expect(await findAssignmentByKey(db, study.id, bob, before)).toBeUndefined();
    expect((await findAssignmentByKey(db, study.id, bob, after))?.argumentRowId).toBe(argumentRowId);
  });

  it('refuses to change or delete history rows', async () => {
    const { db, argumentRowId, userId } = await seeded();
    await saveAnnotation(
      db,
      {
        argumentRowId,
        userId,
        status: 'draft',
        judgement: buildJudgement(),
        secondsSpent: 0,
        importId: null,
      },
      'save',
      userId,
    );
    await expect(db.run("UPDATE annotation_history SET action = 'x'")).rejects.toThrow(/append-only/);
    await expect(db.run('DELETE FROM annotation_history')).rejects.toThrow(/append-only/);
  });

  it('lets an argument be deleted with its annotations and their history', async () => {
    const { db, argumentRowId, userId } = await seeded();
    await saveAnnotation(
      db,
      {
        argumentRowId,
        userId,
        status: 'draft',
        judgement: buildJudgement(),
        secondsSpent: 0,
        importId: null,
      },
      'save',
      userId,
    );
    await db.run('DELETE FROM arguments WHERE id = ?', [argumentRowId]);
    expect((await db.first<{ n: number }>('SELECT count(*) AS n FROM annotation_history'))?.n).toBe(0);
  });

  it('rolls back every write of a failed transaction', async () => {
    const { db, study } = await seeded();
    await expect(
      db.transaction(async () => {
        await insertTriple(db, study.id, buildTriple({ id: 't2' }), null);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await findTriple(db, study.id, 't2')).toBeUndefined();
  });

  it('upserts gold per argument', async () => {
    const { db, argumentRowId } = await seeded();
    await upsertGold(db, argumentRowId, 'carol', buildJudgement(), null);
    await upsertGold(db, argumentRowId, 'carol', buildJudgement({ current: [] }), null);
    expect((await findGold(db, argumentRowId))?.judgement.current).toEqual([]);
  });
});
