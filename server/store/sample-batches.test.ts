import { describe, expect, it } from 'vitest';
import { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { insertSampleBatch, listSampleBatches, nextBatchNumber } from './sample-batches.ts';
import { insertSample } from './samples.ts';

/** A migrated database with one study, one triple, one argument and two sample versions. */
function studyWithTwoVersions() {
  const db = new Db(':memory:');
  migrate(db);
  db.run("INSERT INTO studies (name, created_at) VALUES ('s', 'now')");
  const version = (seed: number) =>
    insertSample(db, 1, {
      seed,
      size: 5,
      allocation: 'equal',
      strataBy: ['model'],
      excludedPrevious: true,
    });
  return { db, first: version(1), second: version(2) };
}

describe('014_sample_batches', () => {
  it('records a batch with its number, design and floor, in batch order', () => {
    const { db, first, second } = studyWithTwoVersions();
    expect(nextBatchNumber(db, 1)).toBe(1);
    insertSampleBatch(db, {
      sampleId: second.id,
      batch: 1,
      design: 'active',
      requested: 5,
      probabilityFloor: 0.05,
      primaryExtractor: null,
      extendsVersion: first.version,
    });
    expect(nextBatchNumber(db, 1)).toBe(2);
    expect(listSampleBatches(db, 1)).toEqual([
      expect.objectContaining({ version: 2, batch: 1, design: 'active', seed: 2, probabilityFloor: 0.05 }),
    ]);
  });

  it('refuses an unknown design, a floor outside (0, 1], an update, and a predicted error outside [0, 1]', () => {
    const { db, second } = studyWithTwoVersions();
    const insert = (design: string, floor: number) =>
      db.run(
        'INSERT INTO sample_batches (sample_id, batch, design, requested, probability_floor, extends_version) VALUES (?, 1, ?, 5, ?, 1)',
        [second.id, design, floor],
      );
    expect(() => insert('greedy', 0.1)).toThrow(/CHECK/);
    expect(() => insert('neyman', 0)).toThrow(/CHECK/);
    insert('neyman', 0.1);
    expect(() => db.run("UPDATE sample_batches SET design = 'active'")).toThrow(/immutable/);
    expect(() =>
      db.run(
        'INSERT INTO sample_items (sample_id, argument_id, stratum, inclusion_probability, weight, draw_order, predicted_error) VALUES (?, 1, ?, 0.5, 2, 1, 1.5)',
        [second.id, 'm'],
      ),
    ).toThrow(/CHECK/);
  });
});
