import type { Triple } from '../../shared/schemas/triple.ts';
import type { Db } from './db.ts';
import { readFactorIds, writeJson } from './json-columns.ts';

interface TripleRow {
  id: number;
  externalId: string;
  mode: Triple['mode'];
  currentFactors: string;
  tsc1Factors: string;
  tsc1Outcome: Triple['tsc1']['outcome'];
  tsc2Factors: string;
  tsc2Outcome: Triple['tsc2']['outcome'];
}

export interface StoredTriple {
  rowId: number;
  record: Triple;
}

const SELECT = `SELECT id, external_id AS externalId, mode, current_factors AS currentFactors,
  tsc1_factors AS tsc1Factors, tsc1_outcome AS tsc1Outcome, tsc2_factors AS tsc2Factors, tsc2_outcome AS tsc2Outcome
  FROM triples`;

function toStored(row: TripleRow): StoredTriple {
  return {
    rowId: row.id,
    record: {
      id: row.externalId,
      mode: row.mode,
      current: { factors: readFactorIds(row.currentFactors) },
      tsc1: { factors: readFactorIds(row.tsc1Factors), outcome: row.tsc1Outcome },
      tsc2: { factors: readFactorIds(row.tsc2Factors), outcome: row.tsc2Outcome },
    },
  };
}

function columns(studyId: number, triple: Triple, importId: number | null) {
  return {
    studyId,
    externalId: triple.id,
    mode: triple.mode,
    current: writeJson(triple.current.factors),
    tsc1: writeJson(triple.tsc1.factors),
    tsc1Outcome: triple.tsc1.outcome,
    tsc2: writeJson(triple.tsc2.factors),
    tsc2Outcome: triple.tsc2.outcome,
    importId,
  };
}

export async function findTriple(
  db: Db,
  studyId: number,
  externalId: string,
): Promise<StoredTriple | undefined> {
  const row = await db.first<TripleRow>(`${SELECT} WHERE study_id = ? AND external_id = ?`, [
    studyId,
    externalId,
  ]);
  return row && toStored(row);
}

export async function findTripleByRowId(db: Db, rowId: number): Promise<StoredTriple | undefined> {
  const row = await db.first<TripleRow>(`${SELECT} WHERE id = ?`, [rowId]);
  return row && toStored(row);
}

export async function listTriples(db: Db, studyId: number): Promise<StoredTriple[]> {
  return (await db.all<TripleRow>(`${SELECT} WHERE study_id = ? ORDER BY id`, [studyId])).map(toStored);
}

export async function insertTriple(
  db: Db,
  studyId: number,
  triple: Triple,
  importId: number | null,
): Promise<number> {
  return await db.insert(
    `INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome, import_id)
     VALUES (@studyId, @externalId, @mode, @current, @tsc1, @tsc1Outcome, @tsc2, @tsc2Outcome, @importId)`,
    columns(studyId, triple, importId),
  );
}

export async function updateTriple(
  db: Db,
  studyId: number,
  triple: Triple,
  importId: number | null,
): Promise<void> {
  await db.run(
    `UPDATE triples SET mode = @mode, current_factors = @current, tsc1_factors = @tsc1, tsc1_outcome = @tsc1Outcome,
       tsc2_factors = @tsc2, tsc2_outcome = @tsc2Outcome, import_id = @importId
     WHERE study_id = @studyId AND external_id = @externalId`,
    columns(studyId, triple, importId),
  );
}

export async function countTriplesByMode(
  db: Db,
  studyId: number,
): Promise<{ mode: Triple['mode']; count: number }[]> {
  return await db.all('SELECT mode, count(*) AS count FROM triples WHERE study_id = ? GROUP BY mode', [
    studyId,
  ]);
}
