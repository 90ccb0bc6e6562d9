import { z } from 'zod';
import { type AuditAction, type AuditEntry, auditActionSchema } from '../../shared/audit-api.ts';
import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';

/** Who acted: an account through the app, or the command line (no account). */
export interface AuditActor {
  name: string | null;
  via: 'app' | 'cli';
}

export interface AuditWrite {
  studyId: number | null;
  actor: AuditActor;
  action: AuditAction;
  subject: string;
  details?: Record<string, unknown>;
}

export async function insertAudit(db: Db, entry: AuditWrite): Promise<void> {
  await db.run(
    `INSERT INTO audit_log (at, study_id, actor, via, action, subject, details)
     VALUES (@at, @studyId, @actor, @via, @auditAction, @subject, @details)`,
    auditRow(entry, nowIso()),
  );
}

/**
 * An entry's column values, as named parameters (`auditAction` for its action, so that a statement
 * writing it beside another table's `action` can bind both: current-annotation-save.ts).
 */
export function auditRow(entry: AuditWrite, at: string) {
  return {
    at,
    studyId: entry.studyId,
    actor: entry.actor.name,
    via: entry.actor.via,
    auditAction: entry.action,
    subject: entry.subject,
    details: writeJson(entry.details ?? {}),
  };
}

interface AuditRow {
  id: number;
  at: string;
  study: string | null;
  actor: string | null;
  via: 'app' | 'cli';
  action: string;
  subject: string;
  details: string;
}

const detailsColumn = z.record(z.string(), z.unknown());

/**
 * A study's entries and those of no study (accounts), oldest first: at or after `since` (ISO), after
 * entry `afterId`, at most `limit`.
 */
export async function listAudit(
  db: Db,
  query: { studyId: number; since?: string | undefined; afterId?: number; limit: number },
): Promise<AuditEntry[]> {
  return (
    await db.all<AuditRow>(
      `SELECT l.id, l.at, s.name AS study, l.actor, l.via, l.action, l.subject, l.details
       FROM audit_log l LEFT JOIN studies s ON s.id = l.study_id
       WHERE (l.study_id = @studyId OR l.study_id IS NULL) AND l.at >= @since AND l.id > @afterId
       ORDER BY l.id LIMIT @limit`,
      { studyId: query.studyId, since: query.since ?? '', afterId: query.afterId ?? 0, limit: query.limit },
    )
  ).map((row) => ({
    ...row,
    action: auditActionSchema.parse(row.action),
    details: detailsColumn.parse(JSON.parse(row.details)),
  }));
}
