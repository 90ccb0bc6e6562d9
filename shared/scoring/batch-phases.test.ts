import { describe, expect, it } from 'vitest';
import { batchPhases, EARLIER, LAST } from './batch-phases.ts';
import type { DesignBatch } from './report-input.ts';

const ids = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
const positionOf = new Map(ids.map((id, i) => [id, i]));
const drawn = (...entries: [string, number][]) =>
  entries.map(([argumentId, inclusionProbability]) => ({ argumentId, inclusionProbability }));
const batches: DesignBatch[] = [
  { version: 1, excludedPrevious: false, draw: 'srs', drawn: drawn(['a1', 0.5], ['a2', 0.5]) },
  { version: 2, batch: 1, excludedPrevious: true, draw: 'poisson', drawn: drawn(['a3', 0.5], ['a4', 0.25]) },
  { version: 3, batch: 2, excludedPrevious: true, draw: 'srs', drawn: drawn(['a5', 0.2]) },
];

describe('batchPhases', () => {
  it('the latest version with gold estimates the rest; earlier versions are known; a later one without gold is rest', () => {
    const gold = new Set([0, 2]);
    const phases = batchPhases(batches, positionOf, ids.length, (i) => gold.has(i));
    expect(phases?.version).toBe(2);
    expect(phases?.draw).toBe('poisson');
    expect([...(phases?.phase ?? [])]).toEqual([EARLIER, EARLIER, LAST, LAST, 0, 0]);
    expect(phases?.inclusionProbability[2]).toBe(0.5);
    expect(phases?.inclusionProbability[3]).toBe(0.25);
    expect(Number.isNaN(phases?.inclusionProbability[0])).toBe(true);
    expect(phases?.notes).toEqual([
      'A batch was drawn with unequal inclusion probabilities (the active design: batch 1 (sample version 2)): the corrected estimates count the 2 argument(s) drawn before sample version 2 as a known sum and estimate the rest from version 2, weighting each of its arguments by 1/π (the Hájek form) with the Poisson variance (docs/decisions/019-unequal-probability-batches.md).',
      'Sample version 3 has no gold yet: the corrected estimates count its arguments among the rest version 2 estimates.',
    ]);
  });

  it('with gold only on the first version, it alone estimates every argument', () => {
    const phases = batchPhases(batches, positionOf, ids.length, (i) => i === 0);
    expect(phases?.version).toBe(1);
    expect(phases?.draw).toBe('srs');
    expect([...(phases?.phase ?? [])]).toEqual([LAST, LAST, 0, 0, 0, 0]);
    expect(phases?.notes[0]).toContain('estimate every argument from sample version 1 alone');
  });

  it('a version drawn from everything (not excluding earlier draws) has nothing before it', () => {
    const fresh: DesignBatch[] = [
      batches[0] ?? { version: 1, excludedPrevious: false, draw: 'srs', drawn: [] },
      { version: 2, batch: 1, excludedPrevious: false, draw: 'poisson', drawn: drawn(['a3', 0.5]) },
    ];
    const phases = batchPhases(fresh, positionOf, ids.length, (i) => i === 2);
    expect([...(phases?.phase ?? [])]).toEqual([0, 0, LAST, 0, 0, 0]);
  });

  it('no versions: undefined', () => {
    expect(batchPhases([], positionOf, ids.length, () => true)).toBeUndefined();
  });
});
