import type { CalibrationAnnotation } from '../../shared/progress/calibration-agreement.ts';
import { judgementSchema } from '../../shared/schemas/annotation.ts';
import type { Db } from './db.ts';

export interface AssignmentProgressRow {
  annotator: string;
  argumentRowId: number;
  assignedAt: string;
  status: 'draft' | 'submitted' | null;
  secondsSpent: number | null;
  updatedAt: string | null;
  submittedAt: string | null;
  /** Whether the assignment is a calibration item (given to every annotator). */
  calibration: boolean;
}

/** Every assignment of a study with the state of its annotation (null when not started). */
export async function listAssignmentProgress(db: Db, studyId: number): Promise<AssignmentProgressRow[]> {
  return (
    await db.all<Omit<AssignmentProgressRow, 'calibration'> & { calibration: number }>(
      `SELECT u.username AS annotator, s.argument_id AS argumentRowId, s.created_at AS assignedAt, n.status,
            n.seconds_spent AS secondsSpent, n.updated_at AS updatedAt,
            n.submitted_at AS submittedAt, s.calibration
     FROM assignments s JOIN arguments a ON a.id = s.argument_id JOIN users u ON u.id = s.user_id
     LEFT JOIN annotations n ON n.argument_id = s.argument_id AND n.user_id = s.user_id
     WHERE a.study_id = ? ORDER BY u.username, s.position`,
      [studyId],
    )
  ).map((row) => ({ ...row, calibration: row.calibration === 1 }));
}

/** The submitted annotations of the study's calibration items (every annotator's), by argument. */
export async function listCalibrationAnnotations(db: Db, studyId: number): Promise<CalibrationAnnotation[]> {
  return (
    await db.all<{ annotator: string; item: number; judgement: string }>(
      `SELECT u.username AS annotator, s.argument_id AS item, n.judgement
       FROM assignments s JOIN arguments a ON a.id = s.argument_id JOIN users u ON u.id = s.user_id
       JOIN annotations n ON n.argument_id = s.argument_id AND n.user_id = s.user_id
       WHERE a.study_id = ? AND s.calibration = 1 AND n.status = 'submitted' ORDER BY s.argument_id, u.username`,
      [studyId],
    )
  ).map((row) => ({ ...row, judgement: judgementSchema.parse(JSON.parse(row.judgement)) }));
}
