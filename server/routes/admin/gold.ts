import { Router } from 'express';
import { reopenGoldRequestSchema } from '../../../shared/adjudication-api.ts';
import { presentWrite } from '../../errors.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateBody, validateParams } from '../../middlewares/validate.ts';
import { presentGoldState } from '../../presenters/adjudication.ts';
import { reopenGold } from '../../services/adjudication/index.ts';
import type { RouteContext } from '../context.ts';
import { argumentParamsSchema } from '../params.ts';

/** POST /api/studies/:study/arguments/:argumentId/gold/reopen — an admin turns final gold back into a draft, with a reason. */
export function goldAdminRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const params = validateParams(argumentParamsSchema);
  const body = validateBody(reopenGoldRequestSchema);
  router.post(
    '/arguments/:argumentId/gold/reopen',
    requireRole('admin'),
    params,
    body,
    async (_request, response) => {
      const outcome = await reopenGold(
        { db, study: studyOf(response), user: authOf(response).user },
        params.of(response).argumentId,
        body.of(response).reason,
      );
      response.json(presentWrite(outcome, presentGoldState));
    },
  );
  return router;
}
