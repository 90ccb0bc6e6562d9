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
import { findExtraction, upsertExtraction } from './extractions.ts';
import { ensureExtractor } from './extractors.ts';
import { openDatabase } from './open.ts';
import { insertStudy } from './studies.ts';
import { findTriple, insertTriple } from './triples.ts';
import { insertUser } from './users.ts';

function seeded() {
  const db = openDatabase(':memory:');
  const study = insertStudy(db, 'default');
  const tripleRowId = insertTriple(db, study.id, buildTriple(), null);
  const argumentRowId = insertArgument(db, study.id, buildArgument(), tripleRowId, null);
  const userId = insertUser(db, {
    username: 'alice',
    displayName: 'Alice',
    passwordHash: null,
    roles: ['annotator'],
  });
  return { db, study, tripleRowId, argumentRowId, userId };
}

describe('the store', () => {
  it('opens a file database in WAL mode', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'fa-store-')), 'nested', 'x.db'));
    expect(db.raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.raw.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('reads back a triple and an argument as they were written', () => {
    const { db, study } = seeded();
    expect(findTriple(db, study.id, 't1')?.record).toEqual(buildTriple());
    expect(findArgument(db, study.id, 'a1')?.record).toEqual(buildArgument());
  });

  it('keeps a failed extraction failed, with its error', () => {
    const { db, study, argumentRowId } = seeded();
    const extractor = ensureExtractor(db, study.id, 'gpt-4.1', 'imported');
    const failed = extractionSchema.parse(
      buildExtraction({ current: [], tsc1: [], tsc2: [], status: 'failed', error: 'HTTP 500' }),
    );
    upsertExtraction(db, failed, argumentRowId, extractor.id, null);
    expect(findExtraction(db, argumentRowId, extractor.id)).toMatchObject({
      status: 'failed',
      error: 'HTTP 500',
    });
  });

  it('refuses a failed extraction row without an error at the database level too', () => {
    const { db, argumentRowId, study } = seeded();
    const extractor = ensureExtractor(db, study.id, 'x', 'imported');
    expect(() =>
      db.run(
        "INSERT INTO extractions (argument_id, extractor_id, status, current_factors, tsc1_factors, tsc2_factors) VALUES (?, ?, 'failed', '[]', '[]', '[]')",
        [argumentRowId, extractor.id],
      ),
    ).toThrow(/CHECK/);
  });

  it('bumps the annotation version on each save and appends every save to the history', () => {
    const { db, argumentRowId, userId } = seeded();
    const write = {
      argumentRowId,
      userId,
      status: 'draft' as const,
      judgement: buildJudgement(),
      secondsSpent: 10,
      importId: null,
    };
    saveAnnotation(db, write, 'save', userId);
    const second = saveAnnotation(
      db,
      { ...write, status: 'submitted', judgement: buildJudgement({ tsc2: [] }) },
      'submit',
      userId,
    );
    expect(second.version).toBe(2);
    expect(second.submittedAt).not.toBeNull();
    const history = listHistory(db, second.id);
    expect(history.map((entry) => [entry.action, entry.version, entry.actor])).toEqual([
      ['save', 1, 'alice'],
      ['submit', 2, 'alice'],
    ]);
    expect(history[0]?.judgement?.tsc2).toEqual(['F10']);
  });

  it('remembers the client save id of the write that made the current version, and forgets it on the next write without one', () => {
    const { db, argumentRowId, userId } = seeded();
    const write = {
      argumentRowId,
      userId,
      status: 'draft' as const,
      judgement: buildJudgement(),
      secondsSpent: 0,
      importId: null,
    };
    expect(saveAnnotation(db, { ...write, clientSaveId: 'save-0001' }, 'save', userId).lastClientSaveId).toBe(
      'save-0001',
    );
    expect(saveAnnotation(db, write, 'reopen', userId).lastClientSaveId).toBeNull();
  });

  it('issues each assignment its own random key, and a new one when the item moves to another annotator', () => {
    const { db, study, argumentRowId, userId } = seeded();
    const bob = insertUser(db, {
      username: 'bob',
      displayName: 'Bob',
      passwordHash: null,
      roles: ['annotator'],
    });
    const other = insertArgument(db, study.id, buildArgument({ id: 'a2' }), 1, null);
    const assign = (argument: number, user: number) =>
      insertAssignment(db, {
        argumentRowId: argument,
        userId: user,
        position: 1,
        calibration: false,
        sampleId: null,
      });
    assign(argumentRowId, userId);
    assign(other, userId);
    const keyOf = (argument: number, user: number) => findAssignment(db, argument, user)?.itemKey ?? '';
    const before = keyOf(argumentRowId, userId);
    expect(before).toMatch(/^[0-9a-f]{16}$/);
    expect(keyOf(other, userId)).not.toBe(before);
    expect(findAssignmentByKey(db, study.id, userId, before)?.argumentRowId).toBe(argumentRowId);
    expect(findAssignmentByKey(db, study.id, bob, before)).toBeUndefined();

    moveAssignment(db, argumentRowId, userId, bob, 1);
    const after = keyOf(argumentRowId, bob);
    expect(after).toMatch(/^[0-9a-f]{16}$/);
    expect(after).not.toBe(before);
    expect(findAssignmentByKey(db, study.id, userId, before)).toBeUndefined();
    expect(findAssignmentByKey(db, study.id, bob, before)).toBeUndefined();
    expect(findAssignmentByKey(db, study.id, bob, after)?.argumentRowId).toBe(argumentRowId);
  });

  it('refuses to change or delete history rows', () => {
    const { db, argumentRowId, userId } = seeded();
    saveAnnotation(
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
    expect(() => db.run("UPDATE annotation_history SET action = 'x'")).toThrow(/append-only/);
    expect(() => db.run('DELETE FROM annotation_history')).toThrow(/append-only/);
  });

  it('lets an argument be deleted with its annotations and their history', () => {
    const { db, argumentRowId, userId } = seeded();
    saveAnnotation(
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
    db.run('DELETE FROM arguments WHERE id = ?', [argumentRowId]);
    expect(db.first<{ n: number }>('SELECT count(*) AS n FROM annotation_history')?.n).toBe(0);
  });

  it('rolls back every write of a failed transaction', () => {
    const { db, study } = seeded();
    expect(() =>
      db.transaction(() => {
        insertTriple(db, study.id, buildTriple({ id: 't2' }), null);
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(findTriple(db, study.id, 't2')).toBeUndefined();
  });

  it('upserts gold per argument', () => {
    const { db, argumentRowId } = seeded();
    upsertGold(db, argumentRowId, 'carol', buildJudgement(), null);
    upsertGold(db, argumentRowId, 'carol', buildJudgement({ current: [] }), null);
    expect(findGold(db, argumentRowId)?.judgement.current).toEqual([]);
  });
});
