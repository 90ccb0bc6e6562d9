import { describe, expect, it } from 'vitest';
import { cellMetrics } from './cell-metrics.ts';
import { indexStudy } from './study-index.ts';
import { reportedKey, studyMetrics } from './study-metrics.ts';
import { argument, extraction, judgement, smallStudy } from './test-fixtures.ts';

describe('studyMetrics', () => {
  const small = smallStudy();
  // Add a Test-3 cell for m1: a5 abstains (gold and x), a6 gold argues F5 in the current case, x abstains.
  const input = {
    ...small,
    arguments: [
      ...small.arguments,
      argument('a5', 'm1', 3),
      { ...argument('a6', 'm1', 3), finish_reason: 'length' },
    ],
    gold: [
      ...small.gold,
      { argumentId: 'a5', judgement: judgement({ abstained: true, exact_phrase: true }) },
      { argumentId: 'a6', judgement: judgement({ current: ['F5'], abstained: true, truncated: true }) },
    ],
    extractions: [...small.extractions, extraction({ argument_id: 'a5' }), extraction({ argument_id: 'a6' })],
  };
  const index = indexStudy(input);
  const reported = new Map([[reportedKey('m1', 1, 'acch'), 0.93]]);
  const metrics = studyMetrics(index, cellMetrics(index, { seed: 1, replicates: 50 }), reported, 0.95);

  it('gives each cell its means per source, beside the reported figure', () => {
    // m1, Test 1: gold RecU 1, x RecU 11/12 (a2 misses TSC2 F4); reported AccH 0.93.
    expect(metrics.m1?.['1']?.recu.gold?.value).toBe(1);
    expect(metrics.m1?.['1']?.recu.x?.value).toBeCloseTo(11 / 12, 12);
    expect(metrics.m1?.['1']?.acch.reported).toEqual({ value: 0.93, ci: null, method: 'none' });
    expect(metrics.m2?.['1']?.acch.reported).toBeNull();
  });

  it('gives RatioAbstain on Test 3 only, with Wilson intervals', () => {
    // Test 3, m1: gold E empty on a5 only → 1/2; x empty on both → 2/2.
    expect(metrics.m1?.['3']?.abstain.gold).toMatchObject({ value: 0.5, method: 'wilson' });
    expect(metrics.m1?.['3']?.abstain.x?.value).toBe(1);
    expect(metrics.m1?.['1']?.abstain.gold).toBeNull();
  });

  it('reads the gold flags: exact phrase 1/2, near miss 1/2, truncated 1/2; finish_reason length 1/2', () => {
    const cell = metrics.m1?.['3'];
    expect(cell?.abstention_phrasing.exact_phrase).toMatchObject({ count: 1, of: 2 });
    expect(cell?.abstention_phrasing.near_miss).toMatchObject({ count: 1, of: 2 });
    expect(cell?.truncation.gold_flagged).toMatchObject({ count: 1, of: 2 });
    expect(cell?.truncation.finish_reason_length).toMatchObject({ count: 1, of: 2 });
  });

  it('gives AccH on non-abstained Test-3 outputs only: gold a6 (F5 correct) → 1', () => {
    expect(metrics.m1?.['3']?.acch_non_abstained.gold?.value).toBe(1);
    // x abstains on both: no non-abstained output, n/a.
    expect(metrics.m1?.['3']?.acch_non_abstained.x?.value).toBeNull();
  });

  it('lists a model only a paper reported, with nulls from the study', () => {
    const withPaperOnly = studyMetrics(
      index,
      cellMetrics(index, { seed: 1, replicates: 0 }),
      new Map([[reportedKey('paper-only', 1, 'recu'), 0.5]]),
      0.95,
    );
    expect(withPaperOnly['paper-only']?.['1']?.recu).toEqual({
      gold: null,
      x: null,
      reported: { value: 0.5, ci: null, method: 'none' },
    });
    expect(withPaperOnly['paper-only']?.['1']?.arguments).toBe(0);
  });
});
