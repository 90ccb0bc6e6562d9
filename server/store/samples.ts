import { z } from 'zod';
import {
  type StratumAttribute,
  storedAllocationSchema,
  stratumAttributeSchema,
} from '../../shared/sample-api.ts';
import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';

/** A stored version's allocation: a draw's, or a batch's design (`sample --next`). */
export type Allocation = z.infer<typeof storedAllocationSchema>;

/** A sample version, its JSON columns decoded through the sample API's schemas. */
export interface SampleRow {
  id: number;
  version: number;
  seed: number;
  size: number;
  allocation: Allocation;
  strataBy: StratumAttribute[];
  excludedPrevious: number;
  createdAt: string;
}

interface StoredSampleRow extends Omit<SampleRow, 'allocation' | 'strataBy'> {
  allocation: string;
  strataBy: string;
}

const strataByColumn = z.array(stratumAttributeSchema);

/**
 * JSON columns are written only here, but a database file can be edited by hand: they are read
 * through the schemas they were written from, so a corrupt column fails loudly.
 */
function decodeSample(row: StoredSampleRow): SampleRow {
  return {
    ...row,
    allocation: storedAllocationSchema.parse(JSON.parse(row.allocation)),
    strataBy: strataByColumn.parse(JSON.parse(row.strataBy)),
  };
}

export interface SampleStratumRow {
  stratum: string;
  populationSize: number;
  requested: number;
  drawn: number;
}

export interface SampleItemRow {
  argumentRowId: number;
  argumentId: string;
  stratum: string;
  inclusionProbability: number;
  weight: number;
}

const SELECT_SAMPLE = `SELECT id, version, seed, size, allocation, strata_by AS strataBy, excluded_previous AS excludedPrevious,
  created_at AS createdAt FROM samples`;

export async function latestSample(db: Db, studyId: number): Promise<SampleRow | undefined> {
  const row = await db.first<StoredSampleRow>(
    `${SELECT_SAMPLE} WHERE study_id = ? ORDER BY version DESC LIMIT 1`,
    [studyId],
  );
  return row && decodeSample(row);
}

export async function findSample(db: Db, studyId: number, version: number): Promise<SampleRow | undefined> {
  const row = await db.first<StoredSampleRow>(`${SELECT_SAMPLE} WHERE study_id = ? AND version = ?`, [
    studyId,
    version,
  ]);
  return row && decodeSample(row);
}

export async function listSamples(db: Db, studyId: number): Promise<SampleRow[]> {
  return (
    await db.all<StoredSampleRow>(`${SELECT_SAMPLE} WHERE study_id = ? ORDER BY version`, [studyId])
  ).map(decodeSample);
}

export async function insertSample(
  db: Db,
  studyId: number,
  sample: {
    seed: number;
    size: number;
    allocation: Allocation;
    strataBy: readonly StratumAttribute[];
    excludedPrevious: boolean;
  },
): Promise<SampleRow> {
  const version =
    ((
      await db.first<{ v: number | null }>('SELECT max(version) AS v FROM samples WHERE study_id = ?', [
        studyId,
      ])
    )?.v ?? 0) + 1;
  const id = await db.insert(
    `INSERT INTO samples (study_id, version, seed, size, allocation, strata_by, excluded_previous, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      studyId,
      version,
      sample.seed,
      sample.size,
      writeJson(sample.allocation),
      writeJson(sample.strataBy),
      Number(sample.excludedPrevious),
      nowIso(),
    ],
  );
  const row = await db.first<StoredSampleRow>(`${SELECT_SAMPLE} WHERE id = ?`, [id]);
  if (!row) throw new Error('the sample row vanished');
  return decodeSample(row);
}

export async function insertSampleStratum(
  db: Db,
  sampleId: number,
  stratum: SampleStratumRow,
): Promise<void> {
  await db.run(
    'INSERT INTO sample_strata (sample_id, stratum, population_size, requested, drawn) VALUES (?, ?, ?, ?, ?)',
    [sampleId, stratum.stratum, stratum.populationSize, stratum.requested, stratum.drawn],
  );
}

export async function insertSampleItem(
  db: Db,
  sampleId: number,
  item: {
    argumentRowId: number;
    stratum: string;
    inclusionProbability: number;
    weight: number;
    drawOrder: number;
    /** The extractor's predicted error the item was drawn on (a batch of `sample --next`). */
    predictedError?: number;
  },
): Promise<void> {
  await db.run(
    `INSERT INTO sample_items (sample_id, argument_id, stratum, inclusion_probability, weight, draw_order, predicted_error)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      sampleId,
      item.argumentRowId,
      item.stratum,
      item.inclusionProbability,
      item.weight,
      item.drawOrder,
      item.predictedError ?? null,
    ],
  );
}

export async function listSampleStrata(db: Db, sampleId: number): Promise<SampleStratumRow[]> {
  return await db.all<SampleStratumRow>(
    `SELECT stratum, population_size AS populationSize, requested, drawn FROM sample_strata WHERE sample_id = ? ORDER BY stratum`,
    [sampleId],
  );
}

export async function listSampleItems(db: Db, sampleId: number): Promise<SampleItemRow[]> {
  return await db.all<SampleItemRow>(
    `SELECT s.argument_id AS argumentRowId, a.external_id AS argumentId, s.stratum,
            s.inclusion_probability AS inclusionProbability, s.weight
     FROM sample_items s JOIN arguments a ON a.id = s.argument_id WHERE s.sample_id = ? ORDER BY s.draw_order`,
    [sampleId],
  );
}

/** Argument row ids sampled in some version of the study's samples. */
export async function sampledArgumentRowIds(db: Db, studyId: number): Promise<Set<number>> {
  return new Set(
    (
      await db.all<{ id: number }>(
        'SELECT DISTINCT i.argument_id AS id FROM sample_items i JOIN samples s ON s.id = i.sample_id WHERE s.study_id = ?',
        [studyId],
      )
    ).map((row) => row.id),
  );
}

/** Whether an annotation exists for the items of a sample (then it is in use and must not be redrawn). */
export async function sampleHasAnnotations(db: Db, sampleId: number): Promise<boolean> {
  return (
    ((
      await db.first<{ n: number }>(
        'SELECT count(*) AS n FROM annotations n JOIN sample_items i ON i.argument_id = n.argument_id WHERE i.sample_id = ?',
        [sampleId],
      )
    )?.n ?? 0) > 0
  );
}
