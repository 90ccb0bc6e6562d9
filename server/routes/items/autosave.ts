import type { NextFunction, Request, Response } from 'express';
import { saveAnnotationRequestSchema } from '../../../shared/annotation-api.ts';
import { presentWrite } from '../../errors.ts';
import { type Auth, CSRF_HEADER, SESSION_COOKIE } from '../../middlewares/session.ts';
import { JUDGEMENT_BODY_LIMIT, validateBody } from '../../middlewares/validate.ts';
import { presentAnnotationState } from '../../presenters/annotation-item.ts';
import { checkSave, saveAnnotationAttempt } from '../../services/annotation/index.ts';
import type { RouteContext } from '../context.ts';
import { itemParamsSchema, studyParamsSchema } from '../params.ts';

/** Where an annotator's autosave goes (the ordinary route is items.ts's PUT …/annotation). */
export const AUTOSAVE_PATH = '/studies/:study/items/:itemKey/annotation';

/**
 * The autosave's short way, mounted before `loadSession`: the session, its CSRF token, the role, the
 * study and the assignment checked from one read (`checkSave`) instead of three reads and six
 * middlewares — an annotator's workspace autosaves every few seconds, and on PostgreSQL each read is
 * a round trip. Only a save that passes every check goes this way: every other request is handed on
 * (`next()`) before its body is read, to the ordinary chain and route, which check everything again
 * and answer a failure exactly as before. The body is then read and checked as the ordinary route
 * does (the same schema and limit), and the save is the same service call.
 */
export function autosaveRoute({ db }: RouteContext) {
  const saveBody = validateBody(saveAnnotationRequestSchema, { limit: JUDGEMENT_BODY_LIMIT });
  const paramsSchema = studyParamsSchema.extend(itemParamsSchema.shape);
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const token: unknown = request.cookies?.[SESSION_COOKIE];
    const params = paramsSchema.safeParse(request.params);
    if (typeof token !== 'string' || token === '' || !params.success) {
      next();
      return;
    }
    const checked = await checkSave(db, {
      token,
      csrfHeader: request.get(CSRF_HEADER),
      studyName: params.data.study,
      itemKey: params.data.itemKey,
    });
    if (!checked) {
      next();
      return;
    }
    response.locals.auth = { user: checked.item.user, session: checked.session, token } satisfies Auth;
    saveBody(request, response, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      // A refused write is thrown by presentWrite (the 409): caught here, as Express catches a handler's.
      saveAnnotationAttempt(checked.item, saveBody.of(response), checked.argument)
        .then((outcome) => {
          response.json(presentWrite(outcome, presentAnnotationState));
        })
        .catch(next);
    });
  };
}
