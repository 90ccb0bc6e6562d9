import { describe, expect, it } from 'vitest';
import { buildJudgement } from '../../../test/factories.ts';
import { seedAnnotationStudy } from '../../../test/support/study-fixture.ts';
import { saveAnnotation } from '../../store/annotations.ts';
import { openDatabase } from '../../store/open.ts';
import type { AssignmentProgressRow } from '../../store/progress.ts';
import { findUserByName } from '../../store/users.ts';
import { BURNDOWN_MAX_DAYS, burndown, STUCK_AFTER_HOURS, studyProgress } from './progress.ts';

describe('studyProgress', () => {
  it('counts per annotator, takes the median time of submitted items, and flags who is stuck', async () => {
    const db = await openDatabase(':memory:');
    const { study, rowIds } = await seedAnnotationStudy(db);
    const alice = (await findUserByName(db, 'alice'))?.id ?? 0;
    const save = async (argument: string, status: 'draft' | 'submitted', secondsSpent: number) =>
      await saveAnnotation(
        db,
        {
          argumentRowId: rowIds[argument] ?? 0,
          userId: alice,
          status,
          judgement: buildJudgement(),
          secondsSpent,
          importId: null,
        },
        status === 'submitted' ? 'submit' : 'save',
        alice,
      );
    await save('a1', 'submitted', 120);
    await save('a2', 'draft', 30);

    const now = new Date();
    const progress = await studyProgress(db, study, now);
    expect(progress.annotators).toEqual([
      {
        annotator: 'alice',
        assigned: 2,
        submitted: 1,
        drafts: 1,
        todo: 0,
        medianSecondsPerItem: 120,
        lastActivity: expect.any(String),
        stuck: false,
      },
      {
        annotator: 'bob',
        assigned: 1,
        submitted: 0,
        drafts: 0,
        todo: 1,
        medianSecondsPerItem: null,
        lastActivity: null,
        stuck: false,
      },
    ]);
    const later = new Date(now.getTime() + (STUCK_AFTER_HOURS + 1) * 3_600_000);
    expect(
      (await studyProgress(db, study, later)).annotators.map((row) => [row.annotator, row.stuck]),
    ).toEqual([
      ['alice', true],
      ['bob', true],
    ]);
    expect(progress.sampleVersion).toBeNull();
  });
});

describe('burndown', () => {
  const row = (assignedAt: string, submittedAt: string | null): AssignmentProgressRow => ({
    annotator: 'alice',
    argumentRowId: 1,
    assignedAt,
    status: submittedAt === null ? null : 'submitted',
    secondsSpent: null,
    updatedAt: submittedAt,
    submittedAt,
    calibration: false,
  });

  it('counts submissions by the end of each UTC day, from the first assignment to today', () => {
    const rows = [
      row('2026-03-01T09:00:00.000Z', '2026-03-01T23:59:00.000Z'),
      row('2026-03-01T09:00:00.000Z', '2026-03-03T00:01:00.000Z'),
      row('2026-03-02T09:00:00.000Z', null),
    ];
    expect(burndown(rows, new Date('2026-03-04T12:00:00Z'))).toEqual([
      { day: '2026-03-01', submitted: 1, remaining: 2 },
      { day: '2026-03-02', submitted: 1, remaining: 2 },
      { day: '2026-03-03', submitted: 2, remaining: 1 },
      { day: '2026-03-04', submitted: 2, remaining: 1 },
    ]);
  });

  it('is empty without assignments, ignores drafts, and keeps only the latest days of a long study', () => {
    expect(burndown([], new Date())).toEqual([]);
    const draft = { ...row('2026-03-01T09:00:00.000Z', null), status: 'draft' as const };
    expect(burndown([draft], new Date('2026-03-01T10:00:00Z'))).toEqual([
      { day: '2026-03-01', submitted: 0, remaining: 1 },
    ]);
    const long = burndown([row('2024-01-01T00:00:00.000Z', null)], new Date('2026-01-01T00:00:00Z'));
    expect(long).toHaveLength(BURNDOWN_MAX_DAYS);
    expect(long.at(-1)?.day).toBe('2026-01-01');
  });
});
