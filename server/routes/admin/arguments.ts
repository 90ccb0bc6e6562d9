import { Router } from 'express';
import { requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateParams } from '../../middlewares/validate.ts';
import { argumentDetail } from '../../services/argument-detail-service.ts';
import type { RouteContext } from '../context.ts';
import { argumentParamsSchema } from '../params.ts';

/** GET /api/studies/:study/arguments/:argumentId — the full record with extractions, annotations and gold (admin). */
export function argumentRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const params = validateParams(argumentParamsSchema);
  router.get('/arguments/:argumentId', requireRole('admin'), params, (_request, response) => {
    response.json(argumentDetail(db, studyOf(response), params.of(response).argumentId));
  });
  return router;
}
