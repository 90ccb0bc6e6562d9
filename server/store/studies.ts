import type { Db } from './db.ts';
import { nowIso } from './json-columns.ts';

export interface StudyRow {
  id: number;
  name: string;
  showGroundTruth: number;
  createdAt: string;
}

const SELECT = 'SELECT id, name, show_ground_truth AS showGroundTruth, created_at AS createdAt FROM studies';

export function findStudy(db: Db, name: string): StudyRow | undefined {
  return db.first<StudyRow>(`${SELECT} WHERE name = ?`, [name]);
}

export function listStudies(db: Db): StudyRow[] {
  return db.all<StudyRow>(`${SELECT} ORDER BY name`);
}

export function insertStudy(db: Db, name: string): StudyRow {
  const { lastInsertRowid } = db.run('INSERT INTO studies (name, created_at) VALUES (?, ?)', [
    name,
    nowIso(),
  ]);
  return { id: lastInsertRowid, name, showGroundTruth: 0, createdAt: nowIso() };
}
