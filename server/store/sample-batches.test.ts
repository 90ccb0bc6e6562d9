import { describe, expect, it } from 'vitest';
import { SqliteDb } from './db.ts';
import { migrate } from './migrate.ts';
import { insertSampleBatch, listSampleBatches, nextBatchNumber } from './sample-batches.ts';
import { insertSample } from './samples.ts';

/** A migrated database with one study, one triple, one argument and two sample versions. */
async function studyWithTwoVersions() {
  const db = new SqliteDb(':memory:');
  await migrate(db);
  await db.run("INSERT INTO studies (name, created_at) VALUES ('s', 'now')");
  const version = async (seed: number) =>
    await insertSample(db, 1, {
      seed,
      size: 5,
      allocation: 'equal',
      strataBy: ['model'],
      excludedPrevious: true,
    });
  return { db, first: await version(1), second: await version(2) };
}

describe('014_sample_batches', () => {
  it('records a batch with its number, design and floor, in batch order', async () => {
    const { db, first, second } = await studyWithTwoVersions();
    expect(await nextBatchNumber(db, 1)).toBe(1);
    await insertSampleBatch(db, {
      sampleId: second.id,
      batch: 1,
      design: 'active',
      requested: 5,
      probabilityFloor: 0.05,
      primaryExtractor: null,
      extendsVersion: first.version,
    });
    expect(await nextBatchNumber(db, 1)).toBe(2);
    expect(await listSampleBatches(db, 1)).toEqual([
      expect.objectContaining({ version: 2, batch: 1, design: 'active', seed: 2, probabilityFloor: 0.05 }),
    ]);
  });

  it('refuses an unknown design, a floor outside (0, 1], an update, and a predicted error outside [0, 1]', async () => {
    const { db, second } = await studyWithTwoVersions();
    const insert = async (design: string, floor: number) =>
      await db.run(
        'INSERT INTO sample_batches (sample_id, batch, design, requested, probability_floor, extends_version) VALUES (?, 1, ?, 5, ?, 1)',
        [second.id, design, floor],
      );
    await expect(insert('greedy', 0.1)).rejects.toThrow(/CHECK|check constraint/);
    await expect(insert('neyman', 0)).rejects.toThrow(/CHECK|check constraint/);
    await insert('neyman', 0.1);
    await expect(db.run("UPDATE sample_batches SET design = 'active'")).rejects.toThrow(/immutable/);
    await expect(
      db.run(
        'INSERT INTO sample_items (sample_id, argument_id, stratum, inclusion_probability, weight, draw_order, predicted_error) VALUES (?, 1, ?, 0.5, 2, 1, 1.5)',
        [second.id, 'm'],
      ),
    ).rejects.toThrow(/CHECK|check constraint/);
  });
});
