import type { Judgement } from '../../shared/schemas/annotation.ts';
import type { AnnotationStatus, SavedAnnotation } from './annotations.ts';
import { type AuditWrite, auditRow } from './audit-log.ts';
import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';

/** An annotator's save of the version they read (`version`, 0 for a first save). */
export interface CurrentAnnotationSave {
  argumentRowId: number;
  userId: number;
  /** The version the request was based on; the write makes it `version + 1`. */
  version: number;
  status: AnnotationStatus;
  judgement: Judgement;
  /** Added to the stored seconds. */
  secondsSpent: number;
  clientSaveId: string | null;
  /** The history row's action (`save` or `submit`) and actor. */
  action: 'save' | 'submit';
  actorId: number;
  /** The audit entry written with it; its details are the caller's (they know the new version). */
  audit: AuditWrite;
}

/**
 * The save of an annotation that is still at the version the request was based on and not
 * submitted: its new state (version + 1), its history row and its audit entry, or nothing at all.
 * Answers the saved annotation, or undefined when the stored one is at another version, submitted,
 * or (for version 0) already exists — the caller then takes the full path (`saveAnnotationAttempt`'s
 * transaction), which tells a retry from a stale save and keeps the rejected attempt.
 *
 * The version check is the write's own WHERE (`version = @version`), so two saves of one version
 * cannot both match: the second waits for the first's row lock and then matches nothing (READ
 * COMMITTED re-reads the row; SERIALIZABLE fails with 40001 and `PostgresDb` runs the statement
 * again, when it matches nothing). On PostgreSQL it is ONE statement in autocommit — the UPDATE (or
 * INSERT … ON CONFLICT DO NOTHING) and both INSERTs as writable CTEs, which run on the rows the write
 * returned and commit or fail with it (decision 022): one round trip instead of six. SQLite has no
 * writable CTEs; there the same three statements run in one transaction, in-process.
 */
export async function saveCurrentAnnotation(
  db: Db,
  save: CurrentAnnotationSave,
): Promise<SavedAnnotation | undefined> {
  const at = nowIso();
  const submittedAt = save.status === 'submitted' ? at : null;
  const params = {
    argumentRowId: save.argumentRowId,
    userId: save.userId,
    expected: save.version,
    version: save.version + 1,
    status: save.status,
    judgement: writeJson(save.judgement),
    secondsSpent: save.secondsSpent,
    submittedAt,
    clientSaveId: save.clientSaveId,
    action: save.action,
    actorId: save.actorId,
    ...auditRow(save.audit, at),
  };
  const row =
    db.dialect === 'postgres'
      ? await db.first<{ id: number; secondsSpent: number }>(
          `WITH saved AS (${save.version === 0 ? INSERT_FIRST : UPDATE_CURRENT}),
           history AS (${INSERT_HISTORY}),
           audit AS (${INSERT_AUDIT})
           SELECT id, seconds_spent AS secondsSpent FROM saved`,
          params,
        )
      : await db.transaction(async () => {
          const saved = await db.first<{ id: number; seconds_spent: number }>(
            save.version === 0 ? INSERT_FIRST : UPDATE_CURRENT,
            pick(params, save.version === 0 ? FIRST_NAMES : CURRENT_NAMES),
          );
          if (!saved) return undefined;
          await db.run(
            `INSERT INTO annotation_history (annotation_id, actor_id, action, version, judgement, at)
             VALUES (@id, @actorId, @action, @version, @judgement, @at)`,
            { id: saved.id, ...pick(params, ['actorId', 'action', 'version', 'judgement', 'at']) },
          );
          await db.run(
            `INSERT INTO audit_log (at, study_id, actor, via, action, subject, details)
             VALUES (@at, @studyId, @actor, @via, @auditAction, @subject, @details)`,
            pick(params, ['at', 'studyId', 'actor', 'via', 'auditAction', 'subject', 'details']),
          );
          return { id: saved.id, secondsSpent: saved.seconds_spent };
        });
  if (!row) return undefined;
  return {
    id: row.id,
    argumentRowId: save.argumentRowId,
    userId: save.userId,
    status: save.status,
    version: params.version,
    judgement: save.judgement,
    secondsSpent: row.secondsSpent,
    updatedAt: at,
    submittedAt,
    lastClientSaveId: save.clientSaveId,
  };
}

const RETURNING = 'RETURNING id, seconds_spent';

const INSERT_FIRST = `INSERT INTO annotations (argument_id, user_id, status, version, judgement, seconds_spent, updated_at,
    submitted_at, import_id, last_client_save_id)
  VALUES (@argumentRowId, @userId, @status, @version, @judgement, @secondsSpent, @at, @submittedAt, NULL, @clientSaveId)
  ON CONFLICT (argument_id, user_id) DO NOTHING ${RETURNING}`;
const FIRST_NAMES = [
  'argumentRowId',
  'userId',
  'status',
  'version',
  'judgement',
  'secondsSpent',
  'at',
  'submittedAt',
  'clientSaveId',
] as const;

const UPDATE_CURRENT = `UPDATE annotations SET status = @status, version = @version, judgement = @judgement,
    seconds_spent = seconds_spent + @secondsSpent, updated_at = @at, submitted_at = @submittedAt,
    last_client_save_id = @clientSaveId
  WHERE argument_id = @argumentRowId AND user_id = @userId AND version = @expected AND status <> 'submitted'
  ${RETURNING}`;
const CURRENT_NAMES = [...FIRST_NAMES, 'expected'] as const;

// PostgreSQL only (in the CTE): a parameter in an INSERT's SELECT list has no column to take its type
// from, hence the casts (docs/POSTGRESQL-DIALECT.md, rule 2).
const INSERT_HISTORY = `INSERT INTO annotation_history (annotation_id, actor_id, action, version, judgement, at)
  SELECT id, CAST(@actorId AS BIGINT), CAST(@action AS TEXT), CAST(@version AS BIGINT),
    CAST(@judgement AS TEXT), CAST(@at AS TEXT)
  FROM saved`;
const INSERT_AUDIT = `INSERT INTO audit_log (at, study_id, actor, via, action, subject, details)
  SELECT CAST(@at AS TEXT), CAST(@studyId AS BIGINT), CAST(@actor AS TEXT), CAST(@via AS TEXT),
    CAST(@auditAction AS TEXT), CAST(@subject AS TEXT), CAST(@details AS TEXT)
  FROM saved`;

/** The named parameters a statement uses (better-sqlite3 refuses an object with names it does not bind). */
function pick<T extends object, K extends keyof T>(values: T, names: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) picked[name] = values[name];
  return picked;
}
