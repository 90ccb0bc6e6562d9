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
export function studyRow(row: StudyRow): StudyRow {
  return { ...row, reasoningTrace: reasoningTraceSettingSchema.parse(row.reasoningTrace) };
}

export async function findStudy(db: Db, name: string): Promise<StudyRow | undefined> {
  const row = await db.first<StudyRow>(`${SELECT} WHERE name = ?`, [name]);
  return row && studyRow(row);
}

export async function listStudies(db: Db): Promise<StudyRow[]> {
  return (await db.all<StudyRow>(`${SELECT} ORDER BY name`)).map(studyRow);
}

export async function updateReasoningTrace(
  db: Db,
  studyId: number,
  setting: ReasoningTraceSetting,
): Promise<void> {
  await db.run('UPDATE studies SET reasoning_trace = ? WHERE id = ?', [setting, studyId]);
}

export async function insertStudy(db: Db, name: string): Promise<StudyRow> {
  const id = await db.insert('INSERT INTO studies (name, created_at) VALUES (?, ?)', [name, nowIso()]);
  return { id, name, showGroundTruth: 0, reasoningTrace: 'collapsed', createdAt: nowIso() };
}

export interface StudyTotals {
  triples: number;
  arguments: number;
  submittedAnnotations: number;
  /** Final gold only (fixed or imported): a draft is an adjudicator's work in progress. */
  gold: number;
  reportedValues: number;
}

export async function studyTotals(db: Db, studyId: number): Promise<StudyTotals> {
  const totals = await db.first<StudyTotals>(
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
