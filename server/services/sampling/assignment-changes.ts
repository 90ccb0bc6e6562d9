import type { AssignRequest, ReassignRequest } from '../../../shared/sample-api.ts';
import type { Db } from '../../store/db.ts';
import type { StudyRow } from '../../store/studies.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { assignSample, reassign } from './assignments.ts';

/**
 * Assignments made and moved, with their audit entries, for the admin's routes and the `assign` and
 * `reassign` commands: the assignment service does the work inside this transaction (its own nests as a
 * savepoint), so the change and its entry are written together or not at all.
 */

function actorName(actor: AuditActor): string {
  return actor.name ?? 'cli';
}

export function assignSampleAudited(db: Db, study: StudyRow, request: AssignRequest, actor: AuditActor) {
  return db.transaction(() => {
    const summary = assignSample(db, study, request, actorName(actor));
    recordAudit(db, {
      studyId: study.id,
      actor,
      action: 'assignment.assign',
      subject: `sample ${summary.sampleVersion}`,
      details: { items: summary.items, calibration: summary.calibration, loads: summary.loads },
    });
    return summary;
  });
}

export function reassignAudited(db: Db, study: StudyRow, request: ReassignRequest, actor: AuditActor) {
  return db.transaction(() => {
    const result = reassign(db, study, request, actorName(actor));
    if (result.moved.length > 0)
      recordAudit(db, {
        studyId: study.id,
        actor,
        action: 'assignment.reassign',
        subject: `${request.from} → ${request.to}`,
        // The first hundred ids say which; the count says how many (a whole queue may move).
        details: { moved: result.moved.length, items: result.moved.slice(0, 100) },
      });
    return result;
  });
}
