import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SqliteDb } from '../server/store/db.ts';
import { cliSandbox } from './support/cli.ts';

interface BatchItem {
  argumentId: string;
  stratum: string;
  inclusionProbability: number;
  weight: number;
  predictedError: number | null;
}

/** The items of a sample version as the store holds them, in draw order. */
async function storedItems(path: string, version: number): Promise<BatchItem[]> {
  const db = new SqliteDb(path);
  try {
    return await db.all<BatchItem>(
      `SELECT a.external_id AS argumentId, i.stratum, i.inclusion_probability AS inclusionProbability,
              i.weight, i.predicted_error AS predictedError
       FROM sample_items i JOIN samples s ON s.id = i.sample_id JOIN arguments a ON a.id = i.argument_id
       WHERE s.version = ? ORDER BY i.draw_order`,
      [version],
    );
  } finally {
    await db.close();
  }
}

interface StoredBatch {
  version: number;
  batch: number;
  design: string;
  seed: number;
  requested: number;
  floor: number;
  extendsVersion: number;
}

async function storedBatches(path: string): Promise<StoredBatch[]> {
  const db = new SqliteDb(path);
  try {
    return await db.all<StoredBatch>(
      `SELECT s.version, b.batch, b.design, s.seed, b.requested, b.probability_floor AS floor, b.extends_version AS extendsVersion
       FROM sample_batches b JOIN samples s ON s.id = b.sample_id ORDER BY b.batch`,
    );
  } finally {
    await db.close();
  }
}

describe('sample --next on the demo study', () => {
  const first = cliSandbox();
  const second = cliSandbox();
  beforeAll(async () => {
    for (const sandbox of [first, second]) expect((await sandbox.run('demo')).code).toBe(0);
  }, 120_000);

  it('refuses a batch before there is a sample to extend, saying how to draw one', async () => {
    const refused = await first.run('sample', '--next', '10', '--seed', '1');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('has no sample to extend; draw the first one with');
  });

  it('previews without writing, then draws a seeded batch whose π, weights and predicted errors are recorded', async () => {
    for (const sandbox of [first, second])
      expect((await sandbox.run('sample', '--size', '48', '--seed', '7')).code).toBe(0);
    const preview = await first.run(
      'sample',
      '--next',
      '30',
      '--design',
      'active',
      '--seed',
      '5',
      '--preview',
    );
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toContain('would draw batch 1 of study "default" (extends sample version 1)');
    expect(preview.stdout).toContain('of 672 undrawn argument(s), active design');
    expect(await storedBatches(first.db)).toEqual([]);

    const drawn = await first.run('sample', '--next', '30', '--design', 'active', '--seed', '5');
    expect(drawn.code, drawn.stderr).toBe(0);
    expect(drawn.stdout).toMatch(/drew \d+ argument\(s\) as sample version 2/);
    expect(await storedBatches(first.db)).toEqual([
      {
        version: 2,
        batch: 1,
        design: 'active',
        seed: 5,
        requested: 30,
        floor: (0.2 * 30) / 672,
        extendsVersion: 1,
      },
    ]);
    const items = await storedItems(first.db, 2);
    expect(items.length).toBeGreaterThan(0);
    const earlier = new Set((await storedItems(first.db, 1)).map((item) => item.argumentId));
    for (const item of items) {
      expect(earlier.has(item.argumentId)).toBe(false);
      expect(item.inclusionProbability).toBeGreaterThanOrEqual((0.2 * 30) / 672 - 1e-12);
      expect(item.inclusionProbability).toBeLessThanOrEqual(1);
      expect(item.weight).toBeCloseTo(1 / item.inclusionProbability, 12);
      expect(item.predictedError).not.toBeNull();
    }
    // Unequal probabilities: the active design does not give every argument the same π.
    expect(new Set(items.map((item) => item.inclusionProbability)).size).toBeGreaterThan(1);
  });

  it('draws the same batch from the same seed on the same study', async () => {
    const again = await second.run('sample', '--next', '30', '--design', 'active', '--seed', '5');
    expect(again.code, again.stderr).toBe(0);
    expect(await storedItems(second.db, 2)).toEqual(await storedItems(first.db, 2));
    const other = await second.run('sample', '--next', '30', '--design', 'active', '--seed', '6');
    expect(other.code, other.stderr).toBe(0);
    expect((await storedItems(second.db, 3)).map((item) => item.argumentId)).not.toEqual(
      (await storedItems(first.db, 2)).map((item) => item.argumentId),
    );
  });

  it('numbers the batches and assigns a batch like any sample version', async () => {
    const next = await first.run('sample', '--next', '12', '--design', 'stratified', '--seed', '9');
    expect(next.code, next.stderr).toBe(0);
    expect(
      (await storedBatches(first.db)).map((batch) => [batch.version, batch.batch, batch.design]),
    ).toEqual([
      [2, 1, 'active'],
      [3, 2, 'stratified'],
    ]);
    const assigned = await first.run('assign', '--annotators', 'alice,bob', '--seed', '3');
    expect(assigned.code, assigned.stderr).toBe(0);
    expect(assigned.stdout).toContain(`of sample version 3`);
  });

  it('refuses a batch larger than what is left, an unknown design and an unknown extractor, saying what to do', async () => {
    const tooMany = await first.run('sample', '--next', '100000', '--seed', '1');
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toMatch(
      /only \d+ argument\(s\) of study "default" are not sampled yet; ask for at most \d+/,
    );
    const design = await first.run('sample', '--next', '5', '--design', 'greedy', '--seed', '1');
    expect(design.code).toBe(1);
    expect(design.stderr).toMatch(/design/);
    expect(design.stderr).toMatch(/active/);
    const extractor = await first.run('sample', '--next', '5', '--extractor', 'gpt-9', '--seed', '1');
    expect(extractor.code).toBe(1);
    expect(extractor.stderr).toContain('Extractor "gpt-9"');
    expect(await storedBatches(first.db)).toHaveLength(2);
  });

  it('exports a dataset whose sample design names a batch by its design', async () => {
    const annotated = cliSandbox();
    expect((await annotated.run('demo', '--with-annotations')).code).toBe(0);
    const drawn = await annotated.run('sample', '--next', '10', '--design', 'active', '--seed', '2');
    expect(drawn.code, drawn.stderr).toBe(0);
    const out = join(annotated.dir, 'dataset');
    const exported = await annotated.run('export', 'dataset', '--out', out);
    expect(exported.code, exported.stderr).toBe(0);
    const design = JSON.parse(readFileSync(join(out, 'sample.json'), 'utf8')) as {
      versions: { allocation: unknown }[];
    };
    expect(design.versions.at(-1)?.allocation).toEqual({ design: 'active' });
  }, 120_000);
});
