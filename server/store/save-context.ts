import type { AssignedArgumentForSave } from './assignments.ts';
import type { Db } from './db.ts';
import { nowIso } from './json-columns.ts';
import type { SessionRow } from './sessions.ts';
import { type StudyRow, studyRow } from './studies.ts';
import { toUser, type User, type UserRow } from './users.ts';

/** What an autosave needs to know before its body is read; study and argument absent when not found. */
export interface SaveContext {
  session: SessionRow;
  user: User;
  study: StudyRow | undefined;
  argument: AssignedArgumentForSave | undefined;
}

type SaveContextRow = UserRow &
  Pick<SessionRow, 'tokenHash' | 'csrfToken' | 'expiresAt'> & {
    studyId: number | null;
    studyName: string | null;
    showGroundTruth: number | null;
    reasoningTrace: StudyRow['reasoningTrace'] | null;
    studyCreatedAt: string | null;
    argumentRowId: number | null;
    argumentId: string | null;
    text: string | null;
  };

/**
 * The live session of a token hash with its user, the study of that name and the user's own
 * assignment with that key in it (with its argument's text), in ONE query — what `loadSession`,
 * `loadStudy` and `findAssignedArgumentForSave` read in three. Undefined when the session is unknown
 * or expired; the study (or the argument) undefined when there is none (for this user, in this study).
 */
export async function findSaveContext(
  db: Db,
  tokenHash: string,
  studyName: string,
  itemKey: string,
): Promise<SaveContext | undefined> {
  const row = await db.first<SaveContextRow>(
    `SELECT u.id, u.username, u.display_name AS displayName, u.password_hash AS passwordHash, u.roles, u.disabled,
       u.created_at AS createdAt, s.token_hash AS tokenHash, s.csrf_token AS csrfToken, s.expires_at AS expiresAt,
       st.id AS studyId, st.name AS studyName, st.show_ground_truth AS showGroundTruth,
       st.reasoning_trace AS reasoningTrace, st.created_at AS studyCreatedAt,
       a.id AS argumentRowId, a.external_id AS argumentId, a.text
     FROM sessions s JOIN users u ON u.id = s.user_id
       LEFT JOIN studies st ON st.name = @studyName
       LEFT JOIN assignments g ON g.item_key = @itemKey AND g.user_id = u.id
       LEFT JOIN arguments a ON a.id = g.argument_id AND a.study_id = st.id
     WHERE s.token_hash = @tokenHash AND s.expires_at > @now`,
    { tokenHash, studyName, itemKey, now: nowIso() },
  );
  if (!row) return undefined;
  const { csrfToken, expiresAt, studyId, studyName: name, showGroundTruth, reasoningTrace } = row;
  const { studyCreatedAt, argumentRowId, argumentId, text } = row;
  const user = toUser({
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    passwordHash: row.passwordHash,
    roles: row.roles,
    disabled: row.disabled,
    createdAt: row.createdAt,
  });
  const study =
    studyId === null || name === null || reasoningTrace === null || studyCreatedAt === null
      ? undefined
      : studyRow({
          id: studyId,
          name,
          showGroundTruth: showGroundTruth ?? 0,
          reasoningTrace,
          createdAt: studyCreatedAt,
        });
  return {
    session: { tokenHash: row.tokenHash, userId: user.id, csrfToken, expiresAt },
    user,
    study,
    argument:
      argumentRowId === null || argumentId === null || text === null
        ? undefined
        : { argumentRowId, argumentId, text },
  };
}
