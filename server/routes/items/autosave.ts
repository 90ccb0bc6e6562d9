import type { NextFunction, Request, Response } from 'express';
import { saveAnnotationRequestSchema } from '../../../shared/annotation-api.ts';
import { CSRF_HEADER, noteSignedInName, SESSION_COOKIE } from '../../middlewares/session.ts';
import { JUDGEMENT_BODY_LIMIT, validateBody } from '../../middlewares/validate.ts';
import { presentAnnotationState } from '../../presenters/annotation-item.ts';
import { autosave } from '../../services/annotation/index.ts';
import type { RouteContext } from '../context.ts';
import { itemParamsSchema, studyParamsSchema } from '../params.ts';

/** Where an annotator's autosave goes (the ordinary route is items.ts's PUT …/annotation). */
export const AUTOSAVE_PATH = '/studies/:study/items/:itemKey/annotation';

/**
 * The autosave's short way, mounted before `loadSession`: an annotator's workspace autosaves every
 * few seconds, and on PostgreSQL each statement is a round trip, so a save that passes every check
 * is written by ONE statement that makes the checks itself (`autosave`) instead of three reads, six
 * middlewares and the write. A request without a session cookie and a CSRF header, or with a
 * malformed URL, is handed on (`next()`) unread. Otherwise the body is read and checked as the
 * ordinary route reads it (the same schema and limit; a second reader of the request gets the same
 * outcome, `validateBody`), and every failure — of the body, of a check, of the version — is handed on
 * too: the ordinary chain and route check everything again and answer it exactly as before.
 */
export function autosaveRoute({ db }: RouteContext) {
  const saveBody = validateBody(saveAnnotationRequestSchema, { limit: JUDGEMENT_BODY_LIMIT });
  const paramsSchema = studyParamsSchema.extend(itemParamsSchema.shape);
  return (request: Request, response: Response, next: NextFunction): void => {
    const token: unknown = request.cookies?.[SESSION_COOKIE];
    const csrfHeader = request.get(CSRF_HEADER);
    const params = paramsSchema.safeParse(request.params);
    if (typeof token !== 'string' || token === '' || csrfHeader === undefined || !params.success) {
      next();
      return;
    }
    saveBody(request, response, (error?: unknown) => {
      if (error) {
        next();
        return;
      }
      const names = { token, csrfHeader, studyName: params.data.study, itemKey: params.data.itemKey };
      autosave(db, names, saveBody.of(response))
        .then((saved) => {
          if (!saved) {
            next();
            return;
          }
          if (saved.actor !== null) noteSignedInName(response, saved.actor);
          response.json(presentAnnotationState(saved));
        })
        .catch(next);
    });
  };
}
