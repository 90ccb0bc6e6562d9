import { describe, expect, it } from 'vitest';
import { buildJudgement } from '../../test/factories.ts';
import { seedAnnotationStudy } from '../../test/support/study-fixture.ts';
import { saveAnnotation } from '../store/annotations.ts';
import { openDatabase } from '../store/open.ts';
import { findUserByName } from '../store/users.ts';
import { STUCK_AFTER_HOURS, studyProgress } from './progress-service.ts';

describe('studyProgress', () => {
  it('counts per annotator, takes the median time of submitted items, and flags who is stuck', async () => {
    const db = openDatabase(':memory:');
    const { study, rowIds } = await seedAnnotationStudy(db);
    const alice = findUserByName(db, 'alice')?.id ?? 0;
    const save = (argument: string, status: 'draft' | 'submitted', secondsSpent: number) =>
      saveAnnotation(
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
    save('a1', 'submitted', 120);
    save('a2', 'draft', 30);

    const now = new Date();
    const progress = studyProgress(db, study, now);
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
    expect(studyProgress(db, study, later).annotators.map((row) => [row.annotator, row.stuck])).toEqual([
      ['alice', true],
      ['bob', true],
    ]);
    expect(progress.sampleVersion).toBeNull();
  });
});
