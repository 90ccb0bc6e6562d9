import type { Judgement } from '../../shared/schemas/annotation.ts';
import type { AnnotationStatus, SavedAnnotation } from './annotations.ts';
import { type AuditWrite, auditRow } from './audit-log.ts';
import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';

/**
 * Whose annotation a save writes: one the caller has already checked (its argument, its user and the
 * audit entry to write), or the one the request's own session reaches — the session of this token
 * hash, live, with this CSRF token, of an enabled annotator, in the study of this name, whose
 * assignment with this key holds an argument of that study at least `textLengthAtLeast` characters
 * long (the longest span's end). The second is the autosave's: every check the ordinary chain makes
 * before the write (`loadSession`, `csrfProtection`, `requireRole`, `loadStudy`, the assignment's 404,
 * the spans' end) is part of the write's own statement, so a save that fails one of them writes
 * nothing and the caller hands the request to the ordinary chain, which answers the failure.
 */
export type SaveTarget =
  | { kind: 'checked'; argumentRowId: number; userId: number; audit: AuditWrite }
  | {
      kind: 'session';
      tokenHash: string;
      csrfToken: string;
      studyName: string;
      itemKey: string;
      textLengthAtLeast: number;
    };

/**
 * The audit entry of a change an annotator made to their annotation (annotation.save, .submit or
 * .reopen): the argument as its subject, the annotator and the new version and status as details.
 * The one place its shape is written in JavaScript (`auditEntry` of services/annotation and the
 * SQLite session target use it); SESSION_CONTEXT_POSTGRES builds the same details in SQL, and
 * test/autosave-short-way.test.ts holds them equal byte for byte.
 */
export function annotationAudit(
  who: { studyId: number; username: string; argumentId: string },
  saved: { version: number; status: AnnotationStatus },
  action: 'save' | 'submit' | 'reopen',
): AuditWrite {
  return {
    studyId: who.studyId,
    actor: { name: who.username, via: 'app' },
    action: `annotation.${action}`,
    subject: who.argumentId,
    details: { annotator: who.username, version: saved.version, status: saved.status },
  };
}

/** An annotator's save of the version they read (`version`, 0 for a first save). */
export interface CurrentAnnotationSave {
  target: SaveTarget;
  /** The version the request was based on; the write makes it `version + 1`. */
  version: number;
  status: AnnotationStatus;
  judgement: Judgement;
  /** Added to the stored seconds. */
  secondsSpent: number;
  clientSaveId: string | null;
  /** The history row's action (`save` or `submit`); its actor is the annotator. */
  action: 'save' | 'submit';
}

/**
 * The save of an annotation that is still at the version the request was based on and not
 * submitted: its new state (version + 1), its history row and its audit entry, or nothing at all.
 * Answers the saved annotation, or undefined when the target is not there (a session target that
 * fails a check), or the stored annotation is at another version, submitted, or (for version 0)
 * already exists — the caller then takes the full path (`saveAnnotationAttempt`'s transaction), which
 * tells a retry from a stale save and keeps the rejected attempt.
 *
 * The version check is the write's own WHERE (`version = @expected`), so two saves of one version
 * cannot both match: the second waits for the first's row lock and then matches nothing (READ
 * COMMITTED re-reads the row; SERIALIZABLE fails with 40001 and `PostgresDb` runs the statement
 * again, when it matches nothing). On PostgreSQL it is ONE statement in autocommit — the target as a
 * CTE (`ctx`), the UPDATE (or INSERT … ON CONFLICT DO NOTHING) from it, and the history and audit rows
 * as writable CTEs on the rows the write returned, committed or failed with it (decision 022): for an
 * autosave, one round trip for the session check and the write. SQLite has no writable CTEs; there
 * the target's read and the three statements run in one transaction, in-process.
 */
export async function saveCurrentAnnotation(
  db: Db,
  save: CurrentAnnotationSave,
): Promise<SavedCurrentAnnotation | undefined> {
  const at = nowIso();
  const values: WriteValues = {
    expected: save.version,
    version: save.version + 1,
    status: save.status,
    judgement: writeJson(save.judgement),
    secondsSpent: save.secondsSpent,
    submittedAt: save.status === 'submitted' ? at : null,
    clientSaveId: save.clientSaveId,
    action: save.action,
    at,
  };
  const row =
    db.dialect === 'postgres'
      ? await db.first<SavedRow>(
          `WITH ctx AS (${save.target.kind === 'checked' ? CHECKED_CONTEXT : SESSION_CONTEXT_POSTGRES}),
           saved AS (${save.version === 0 ? INSERT_FIRST : UPDATE_CURRENT}),
           history AS (${INSERT_HISTORY}),
           audit AS (${INSERT_AUDIT})
           SELECT ${SAVED_COLUMNS} FROM saved, ctx`,
          { ...values, ...contextValues(save, at) },
        )
      : await db.transaction(async () => {
          const target =
            save.target.kind === 'checked' ? save.target : await sessionTarget(db, save.target, save, at);
          return target && (await writeOnSqlite(db, save.version, target, values));
        });
  if (!row) return undefined;
  return {
    id: row.id,
    argumentRowId: row.argumentRowId,
    userId: row.userId,
    status: save.status,
    version: values.version,
    judgement: save.judgement,
    secondsSpent: row.secondsSpent,
    updatedAt: at,
    submittedAt: values.submittedAt,
    lastClientSaveId: save.clientSaveId,
    actor: row.actor,
  };
}

/** The saved annotation, and the name of the account that saved it (the audit entry's actor). */
export type SavedCurrentAnnotation = SavedAnnotation & { actor: string | null };

interface SavedRow {
  id: number;
  argumentRowId: number;
  userId: number;
  secondsSpent: number;
  actor: string | null;
}
/** The parameters every statement of a save shares. */
interface WriteValues {
  expected: number;
  version: number;
  status: AnnotationStatus;
  judgement: string;
  secondsSpent: number;
  submittedAt: string | null;
  clientSaveId: string | null;
  action: 'save' | 'submit';
  at: string;
}
type CheckedTarget = Extract<SaveTarget, { kind: 'checked' }>;
type SessionTarget = Extract<SaveTarget, { kind: 'session' }>;

/** The parameters of the target's CTE (`ctx`): the checked one's values, or the session's keys. */
function contextValues(save: CurrentAnnotationSave, at: string) {
  const { target } = save;
  if (target.kind === 'checked')
    return { argumentRowId: target.argumentRowId, userId: target.userId, ...auditRow(target.audit, at) };
  return { ...sessionKeys(target, at), via: 'app', auditAction: `annotation.${save.action}` };
}

function sessionKeys(target: SessionTarget, now: string) {
  const { tokenHash, csrfToken, studyName, itemKey, textLengthAtLeast } = target;
  return { tokenHash, csrfToken, studyName, itemKey, textLengthAtLeast, now };
}

interface SessionContextRow {
  argumentRowId: number;
  userId: number;
  studyId: number;
  username: string;
  argumentId: string;
}

/** SQLite: the session target read as a checked one, with the audit entry of the save. */
async function sessionTarget(
  db: Db,
  session: SessionTarget,
  save: Pick<CurrentAnnotationSave, 'action' | 'version' | 'status'>,
  at: string,
): Promise<CheckedTarget | undefined> {
  const context = await db.first<SessionContextRow>(SESSION_CONTEXT, sessionKeys(session, at));
  if (!context) return undefined;
  return {
    kind: 'checked',
    argumentRowId: context.argumentRowId,
    userId: context.userId,
    audit: annotationAudit(context, { version: save.version + 1, status: save.status }, save.action),
  };
}

async function writeOnSqlite(
  db: Db,
  version: number,
  target: CheckedTarget,
  values: WriteValues,
): Promise<SavedRow | undefined> {
  const { argumentRowId, userId } = target;
  const saved = await db.first<{ id: number; seconds_spent: number }>(
    version === 0 ? INSERT_FIRST_SQLITE : UPDATE_CURRENT_SQLITE,
    { ...pick(values, version === 0 ? FIRST_NAMES : CURRENT_NAMES), argumentRowId, userId },
  );
  if (!saved) return undefined;
  await db.run(
    `INSERT INTO annotation_history (annotation_id, actor_id, action, version, judgement, at)
     VALUES (@id, @userId, @action, @version, @judgement, @at)`,
    { id: saved.id, userId, ...pick(values, ['action', 'version', 'judgement', 'at']) },
  );
  await db.run(
    `INSERT INTO audit_log (at, study_id, actor, via, action, subject, details)
     VALUES (@at, @studyId, @actor, @via, @auditAction, @subject, @details)`,
    auditRow(target.audit, values.at),
  );
  return {
    id: saved.id,
    argumentRowId,
    userId,
    secondsSpent: saved.seconds_spent,
    actor: target.audit.actor.name,
  };
}

/**
 * The checks of a session target; its columns, one row or none, are what `ctx` gives the write.
 * `length()` counts characters, never more than JavaScript's UTF-16 units, so a span that ends inside
 * a text with characters outside the BMP may fail here and pass the ordinary route: that save is
 * handed on and saved there (test/autosave-short-way.test.ts).
 */
const SESSION_CONTEXT_FROM = `FROM sessions s JOIN users u ON u.id = s.user_id
    JOIN studies st ON st.name = @studyName
    JOIN assignments g ON g.item_key = @itemKey AND g.user_id = u.id
    JOIN arguments a ON a.id = g.argument_id AND a.study_id = st.id
  WHERE s.token_hash = @tokenHash AND s.expires_at > @now AND s.csrf_token = @csrfToken
    AND u.disabled = 0 AND u.roles LIKE '%"annotator"%' AND length(a.text) >= @textLengthAtLeast`;
const SESSION_CONTEXT = `SELECT a.id AS argumentRowId, u.id AS userId, st.id AS studyId, u.username,
    a.external_id AS argumentId
  ${SESSION_CONTEXT_FROM}`;
// PostgreSQL only: the target as `ctx`, with the audit entry's details built as JSON.stringify would
// ({"annotator":…,"version":…,"status":…}; a user name is ASCII letters, digits and ".", "_", "-").
const SESSION_CONTEXT_POSTGRES = `SELECT a.id AS argument_row_id, u.id AS user_id, st.id AS study_id,
    u.username AS actor, a.external_id AS subject,
    '{"annotator":' || CAST(to_json(u.username) AS TEXT) || ',"version":' || CAST(CAST(@version AS BIGINT) AS TEXT)
      || ',"status":' || CAST(to_json(CAST(@status AS TEXT)) AS TEXT) || '}' AS details
  ${SESSION_CONTEXT_FROM}`;
// A parameter in a SELECT list has no column to take its type from, hence the casts
// (docs/POSTGRESQL-DIALECT.md, rule 2).
const CHECKED_CONTEXT = `SELECT CAST(@argumentRowId AS BIGINT) AS argument_row_id, CAST(@userId AS BIGINT) AS user_id,
    CAST(@studyId AS BIGINT) AS study_id, CAST(@actor AS TEXT) AS actor, CAST(@subject AS TEXT) AS subject,
    CAST(@details AS TEXT) AS details`;

const SAVED_COLUMNS =
  'saved.id, saved.argument_id AS argumentRowId, saved.user_id AS userId, saved.seconds_spent AS secondsSpent, ctx.actor';

const INSERT_FIRST = `INSERT INTO annotations (argument_id, user_id, status, version, judgement, seconds_spent, updated_at,
    submitted_at, import_id, last_client_save_id)
  SELECT ctx.argument_row_id, ctx.user_id, CAST(@status AS TEXT), CAST(@version AS BIGINT), CAST(@judgement AS TEXT),
    CAST(@secondsSpent AS BIGINT), CAST(@at AS TEXT), CAST(@submittedAt AS TEXT), NULL,
    CAST(@clientSaveId AS TEXT)
  FROM ctx
  ON CONFLICT (argument_id, user_id) DO NOTHING
  RETURNING id, argument_id, user_id, seconds_spent`;
const UPDATE_CURRENT = `UPDATE annotations SET status = @status, version = @version, judgement = @judgement,
    seconds_spent = annotations.seconds_spent + @secondsSpent, updated_at = @at, submitted_at = @submittedAt,
    last_client_save_id = @clientSaveId
  FROM ctx
  WHERE annotations.argument_id = ctx.argument_row_id AND annotations.user_id = ctx.user_id
    AND annotations.version = @expected AND annotations.status <> 'submitted'
  RETURNING annotations.id, annotations.argument_id, annotations.user_id, annotations.seconds_spent`;
const INSERT_HISTORY = `INSERT INTO annotation_history (annotation_id, actor_id, action, version, judgement, at)
  SELECT saved.id, ctx.user_id, CAST(@action AS TEXT), CAST(@version AS BIGINT), CAST(@judgement AS TEXT),
    CAST(@at AS TEXT)
  FROM saved, ctx`;
const INSERT_AUDIT = `INSERT INTO audit_log (at, study_id, actor, via, action, subject, details)
  SELECT CAST(@at AS TEXT), ctx.study_id, ctx.actor, CAST(@via AS TEXT), CAST(@auditAction AS TEXT), ctx.subject,
    ctx.details
  FROM saved, ctx`;

const RETURNING_SQLITE = 'RETURNING id, seconds_spent';
const INSERT_FIRST_SQLITE = `INSERT INTO annotations (argument_id, user_id, status, version, judgement, seconds_spent,
    updated_at, submitted_at, import_id, last_client_save_id)
  VALUES (@argumentRowId, @userId, @status, @version, @judgement, @secondsSpent, @at, @submittedAt, NULL, @clientSaveId)
  ON CONFLICT (argument_id, user_id) DO NOTHING ${RETURNING_SQLITE}`;
const FIRST_NAMES = [
  'status',
  'version',
  'judgement',
  'secondsSpent',
  'at',
  'submittedAt',
  'clientSaveId',
] as const;
const UPDATE_CURRENT_SQLITE = `UPDATE annotations SET status = @status, version = @version, judgement = @judgement,
    seconds_spent = seconds_spent + @secondsSpent, updated_at = @at, submitted_at = @submittedAt,
    last_client_save_id = @clientSaveId
  WHERE argument_id = @argumentRowId AND user_id = @userId AND version = @expected AND status <> 'submitted'
  ${RETURNING_SQLITE}`;
const CURRENT_NAMES = [...FIRST_NAMES, 'expected'] as const;

/** The named parameters a statement uses (better-sqlite3 refuses an object with names it does not bind). */
function pick<T extends object, K extends keyof T>(values: T, names: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) picked[name] = values[name];
  return picked;
}
