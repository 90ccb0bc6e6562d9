import type { SaveAnnotation } from '../../../shared/annotation-api.ts';
import { checkSpans } from '../../../shared/span-rules.ts';
import { type SavedCurrentAnnotation, saveCurrentAnnotation } from '../../store/current-annotation-save.ts';
import type { Db } from '../../store/db.ts';
import { tokenHash } from '../accounts/auth.ts';
import { withGuidelineVersion } from './annotation.ts';

/** What an autosave carries besides its body: the session cookie, the CSRF header and the item's names. */
export interface AutosaveRequest {
  token: string;
  csrfHeader: string;
  studyName: string;
  itemKey: string;
}

/**
 * An annotator's save that passes every check the ordinary chain makes — a live session of an enabled
 * account (`loadSession`), its CSRF token (`csrfProtection`), the annotator role (`requireRole`), the
 * study (`loadStudy`), the caller's own assignment with this key (`saveAnnotationAttempt`'s 404), the
 * spans (`checkSpans`) — of the version stored and not submitted, written with those checks in the
 * write itself (`saveCurrentAnnotation`'s session target: one statement on PostgreSQL); with it,
 * the annotator's name (the request log's user: no session was loaded). Undefined
 * when a check fails or the write matches nothing: nothing was written, and the caller hands the
 * request to the ordinary chain, which makes every check again and answers as it always has (401,
 * 403, 404, 400, 409 in its order; a retry of an applied save with its stored state).
 */
export async function autosave(
  db: Db,
  request: AutosaveRequest,
  save: SaveAnnotation,
): Promise<SavedCurrentAnnotation | undefined> {
  const judgement = withGuidelineVersion(save.judgement);
  // Every span check but the text's length needs no text; that one is the write's (the longest end).
  if (checkSpans(judgement, Number.POSITIVE_INFINITY).length > 0) return undefined;
  return await saveCurrentAnnotation(db, {
    target: {
      kind: 'session',
      tokenHash: tokenHash(request.token),
      csrfToken: request.csrfHeader,
      studyName: request.studyName,
      itemKey: request.itemKey,
      textLengthAtLeast: judgement.spans.reduce((longest, span) => Math.max(longest, span.end), 0),
    },
    version: save.version,
    status: save.action === 'submit' ? 'submitted' : 'draft',
    judgement,
    secondsSpent: save.secondsSpent,
    clientSaveId: save.clientSaveId ?? null,
    action: save.action,
  });
}
