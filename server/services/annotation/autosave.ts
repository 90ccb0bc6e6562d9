import type { AssignedArgumentForSave } from '../../store/assignments.ts';
import type { Db } from '../../store/db.ts';
import { findSaveContext } from '../../store/save-context.ts';
import type { SessionRow } from '../../store/sessions.ts';
import { tokenHash } from '../accounts/auth.ts';
import type { ItemRequest } from './annotation.ts';

/** A save that passed every check made before its body is read. */
export interface CheckedSave {
  item: ItemRequest;
  argument: AssignedArgumentForSave;
  session: SessionRow;
}

/**
 * The checks the ordinary middleware chain makes of an annotator's save before its body is read —
 * a live session (`loadSession`) of an enabled account, its CSRF token (`csrfProtection`), the
 * annotator role (`requireRole`), the study (`loadStudy`) and the caller's own assignment with this
 * key in it (`saveAnnotationAttempt`'s 404) — from one read (`findSaveContext`) instead of three.
 * Undefined when one of them fails: the caller then hands the request to the ordinary chain, which
 * makes them again and answers the failure as it always has (401, 403, 404, in its order).
 */
export async function checkSave(
  db: Db,
  request: { token: string; csrfHeader: string | undefined; studyName: string; itemKey: string },
): Promise<CheckedSave | undefined> {
  const context = await findSaveContext(db, tokenHash(request.token), request.studyName, request.itemKey);
  if (!context || context.user.disabled) return undefined;
  if (request.csrfHeader !== context.session.csrfToken) return undefined;
  if (!context.user.roles.includes('annotator') || !context.study || !context.argument) return undefined;
  return {
    item: { db, study: context.study, user: context.user, itemKey: request.itemKey },
    argument: context.argument,
    session: context.session,
  };
}
