import type { AuditEntry, AuditQuery } from '../../../shared/audit-api.ts';
import { type AuditActor, type AuditWrite, insertAudit, listAudit } from '../../store/audit-log.ts';
import type { Db } from '../../store/db.ts';
import type { StudyRow } from '../../store/studies.ts';
import type { User } from '../../store/users.ts';

export type { AuditActor } from '../../store/audit-log.ts';

/** The command line as an actor: it has no account, and whoever runs it owns the database file. */
export const CLI_ACTOR: AuditActor = { name: null, via: 'cli' };

/** A signed-in account acting through the app. */
export function appActor(user: Pick<User, 'username'>): AuditActor {
  return { name: user.username, via: 'app' };
}

/**
 * Appends one entry to the audit trail. Call it inside the transaction of the change it records, so
 * the two are written together or not at all.
 */
export async function recordAudit(db: Db, entry: AuditWrite): Promise<void> {
  await insertAudit(db, entry);
}

/** GET /api/studies/:study/audit: the study's entries and the accounts' (no study), oldest first. */
export async function auditEntries(db: Db, study: StudyRow, query: AuditQuery): Promise<AuditEntry[]> {
  return await listAudit(db, { studyId: study.id, since: query.since, limit: query.limit });
}

/** Every entry of `auditEntries`, read a page at a time (for `export audit`). */
export async function allAuditEntries(db: Db, study: StudyRow): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (;;) {
    const page = await listAudit(db, { studyId: study.id, afterId: entries.at(-1)?.id ?? 0, limit: 1000 });
    entries.push(...page);
    if (page.length < 1000) return entries;
  }
}
