import type { DesignName } from '../../shared/sampling/designs.ts';
import type { Db } from './db.ts';

/** A batch of `sample --next` (migration 014): the sample version it is, and how it was drawn. */
export interface SampleBatchRow {
  sampleId: number;
  version: number;
  batch: number;
  design: DesignName;
  seed: number;
  requested: number;
  probabilityFloor: number;
  primaryExtractor: string | null;
  extendsVersion: number;
  createdAt: string;
}

/** One drawn item of a batch with the probability and predicted error it was drawn with. */
export interface SampleBatchItemRow {
  argumentId: string;
  stratum: string;
  inclusionProbability: number;
  predictedError: number | null;
}

const SELECT_BATCH = `SELECT b.sample_id AS sampleId, s.version, b.batch, b.design, s.seed, b.requested,
  b.probability_floor AS probabilityFloor, b.primary_extractor AS primaryExtractor,
  b.extends_version AS extendsVersion, s.created_at AS createdAt
  FROM sample_batches b JOIN samples s ON s.id = b.sample_id`;

/** The number the next batch of the study gets: one more than its batches so far. */
export async function nextBatchNumber(db: Db, studyId: number): Promise<number> {
  return (
    ((
      await db.first<{ n: number | null }>(
        'SELECT max(b.batch) AS n FROM sample_batches b JOIN samples s ON s.id = b.sample_id WHERE s.study_id = ?',
        [studyId],
      )
    )?.n ?? 0) + 1
  );
}

export async function insertSampleBatch(
  db: Db,
  batch: {
    sampleId: number;
    batch: number;
    design: DesignName;
    requested: number;
    probabilityFloor: number;
    primaryExtractor: string | null;
    extendsVersion: number;
  },
): Promise<void> {
  await db.run(
    `INSERT INTO sample_batches (sample_id, batch, design, requested, probability_floor, primary_extractor, extends_version)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      batch.sampleId,
      batch.batch,
      batch.design,
      batch.requested,
      batch.probabilityFloor,
      batch.primaryExtractor,
      batch.extendsVersion,
    ],
  );
}

/** The study's batches, oldest first. */
export async function listSampleBatches(db: Db, studyId: number): Promise<SampleBatchRow[]> {
  return await db.all<SampleBatchRow>(`${SELECT_BATCH} WHERE s.study_id = ? ORDER BY b.batch`, [studyId]);
}

/** The batch a sample version is, if it is one. */
export async function findSampleBatch(db: Db, sampleId: number): Promise<SampleBatchRow | undefined> {
  return await db.first<SampleBatchRow>(`${SELECT_BATCH} WHERE b.sample_id = ?`, [sampleId]);
}

/** The items of a sample version with their inclusion probability and predicted error, in draw order. */
export async function listSampleBatchItems(db: Db, sampleId: number): Promise<SampleBatchItemRow[]> {
  return await db.all<SampleBatchItemRow>(
    `SELECT a.external_id AS argumentId, i.stratum, i.inclusion_probability AS inclusionProbability,
            i.predicted_error AS predictedError
     FROM sample_items i JOIN arguments a ON a.id = i.argument_id WHERE i.sample_id = ? ORDER BY i.draw_order`,
    [sampleId],
  );
}
