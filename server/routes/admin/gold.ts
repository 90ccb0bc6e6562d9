import { Router } from 'express';
import { reopenGoldRequestSchema } from '../../../shared/adjudication-api.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { reopenGold } from '../../services/adjudication/gold-service.ts';
import { requireStudy } from '../../services/studies.ts';
import type { RouteContext } from '../context.ts';
import { param } from '../params.ts';

/** POST /api/studies/:study/arguments/:argumentId/gold/reopen — an admin turns final gold back into a draft, with a reason. */
export function goldAdminRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  router.post('/arguments/:argumentId/gold/reopen', requireRole('admin'), (request, response) => {
    const { reason } = parseInput(reopenGoldRequestSchema, request.body);
    response.json(
      reopenGold(
        { db, study: requireStudy(db, param(request, 'study')), user: authOf(response).user },
        param(request, 'argumentId'),
        reason,
      ),
    );
  });
  return router;
}
