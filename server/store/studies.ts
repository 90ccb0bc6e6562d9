import { type ReasoningTraceSetting, reasoningTraceSettingSchema } from '../../shared/study-settings.ts';
import type { Db } from './db.ts';
import { nowIso } from './json-columns.ts';

export interface StudyRow {
  id: number;
  name: string;
  showGroundTruth: number;
  /** What annotators see of a reasoning trace (migration 013). */
  reasoningTrace: ReasoningTraceSetting;
  createdAt: string;
}

const SELECT =
  'SELECT id, name, show_ground_truth AS showGroundTruth, reasoning_trace AS reasoningTrace, created_at AS createdAt FROM studies';

/** A row as read, its setting checked by the schema (the column's CHECK says the same). */
function studyRow(row: StudyRow): StudyRow {
  return { ...row, reasoningTrace: reasoningTraceSettingSchema.parse(row.reasoningTrace) };
}

export function findStudy(db: Db, name: string): StudyRow | undefined {
  const row = db.first<StudyRow>(`${SELECT} WHERE name = ?`, [name]);
  return row && studyRow(row);
}

export function listStudies(db: Db): StudyRow[] {
  return db.all<StudyRow>(`${SELECT} ORDER BY name`).map(studyRow);
}

export function updateReasoningTrace(db: Db, studyId: number, setting: ReasoningTraceSetting): void {
  db.run('UPDATE studies SET reasoning_trace = ? WHERE id = ?', [setting, studyId]);
}

export function insertStudy(db: Db, name: string): StudyRow {
  const { lastInsertRowid } = db.run('INSERT INTO studies (name, created_at) VALUES (?, ?)', [
    name,
    nowIso(),
  ]);
  return { id: lastInsertRowid, name, showGroundTruth: 0, reasoningTrace: 'collapsed', createdAt: nowIso() };
}

export interface StudyTotals {
  triples: number;
  arguments: number;
  submittedAnnotations: number;
  /** Final gold only (fixed or imported): a draft is an adjudicator's work in progress. */
  gold: number;
  reportedValues: number;
}

export function studyTotals(db: Db, studyId: number): StudyTotals {
  const totals = db.first<StudyTotals>(
    `SELECT
       (SELECT count(*) FROM triples WHERE study_id = @studyId) AS triples,
       (SELECT count(*) FROM arguments WHERE study_id = @studyId) AS arguments,
       (SELECT count(*) FROM annotations n JOIN arguments a ON a.id = n.argument_id
          WHERE a.study_id = @studyId AND n.status = 'submitted') AS submittedAnnotations,
       (SELECT count(*) FROM adjudications j JOIN arguments a ON a.id = j.argument_id
          WHERE a.study_id = @studyId AND j.status <> 'draft') AS gold,
       (SELECT count(*) FROM reported_results WHERE study_id = @studyId) AS reportedValues`,
    { studyId },
  );
  if (!totals) throw new Error('a count query returned no row');
  return totals;
}
