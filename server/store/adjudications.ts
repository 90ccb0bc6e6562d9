import { type Judgement, judgementSchema } from '../../shared/schemas/annotation.ts';
import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';

export interface StoredGold {
  argumentRowId: number;
  argumentExternalId: string;
  adjudicator: string | null;
  judgement: Judgement;
  updatedAt: string;
}

const SELECT = `SELECT j.argument_id AS argumentRowId, a.external_id AS argumentExternalId, j.adjudicator, j.judgement,
  j.updated_at AS updatedAt FROM adjudications j JOIN arguments a ON a.id = j.argument_id`;

function toStored(row: Omit<StoredGold, 'judgement'> & { judgement: string }): StoredGold {
  return { ...row, judgement: judgementSchema.parse(JSON.parse(row.judgement)) };
}

export function findGold(db: Db, argumentRowId: number): StoredGold | undefined {
  const row = db.first<Omit<StoredGold, 'judgement'> & { judgement: string }>(
    `${SELECT} WHERE j.argument_id = ?`,
    [argumentRowId],
  );
  return row && toStored(row);
}

export function listGold(db: Db, studyId: number): StoredGold[] {
  return db
    .all<Omit<StoredGold, 'judgement'> & { judgement: string }>(
      `${SELECT} WHERE a.study_id = ? ORDER BY a.id`,
      [studyId],
    )
    .map(toStored);
}

export function upsertGold(
  db: Db,
  argumentRowId: number,
  adjudicator: string | null,
  judgement: Judgement,
  importId: number | null,
): void {
  db.run(
    `INSERT INTO adjudications (argument_id, adjudicator, judgement, updated_at, import_id) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (argument_id) DO UPDATE SET adjudicator = excluded.adjudicator, judgement = excluded.judgement,
       updated_at = excluded.updated_at, import_id = excluded.import_id`,
    [argumentRowId, adjudicator, writeJson(judgement), nowIso(), importId],
  );
}
