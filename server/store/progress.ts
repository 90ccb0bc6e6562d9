import type { Db } from './db.ts';

export interface AssignmentProgressRow {
  annotator: string;
  argumentRowId: number;
  assignedAt: string;
  status: 'draft' | 'submitted' | null;
  secondsSpent: number | null;
  updatedAt: string | null;
  submittedAt: string | null;
}

/** Every assignment of a study with the state of its annotation (null when not started). */
export function listAssignmentProgress(db: Db, studyId: number): AssignmentProgressRow[] {
  return db.all<AssignmentProgressRow>(
    `SELECT u.username AS annotator, s.argument_id AS argumentRowId, s.created_at AS assignedAt, n.status,
            n.seconds_spent AS secondsSpent, n.updated_at AS updatedAt,
            n.submitted_at AS submittedAt
     FROM assignments s JOIN arguments a ON a.id = s.argument_id JOIN users u ON u.id = s.user_id
     LEFT JOIN annotations n ON n.argument_id = s.argument_id AND n.user_id = s.user_id
     WHERE a.study_id = ? ORDER BY u.username, s.position`,
    [studyId],
  );
}
