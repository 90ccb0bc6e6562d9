import { Router } from 'express';
import { argumentListQuerySchema } from '../../../shared/console-api.ts';
import { requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateParams, validateQuery } from '../../middlewares/validate.ts';
import { presentArgumentDetail } from '../../presenters/argument-detail.ts';
import { argumentDetail, argumentListPage } from '../../services/annotation/index.ts';
import type { RouteContext } from '../context.ts';
import { argumentParamsSchema } from '../params.ts';

/** GET /api/studies/:study/arguments — one page of the list; …/arguments/:argumentId — the full record with extractions, annotations and gold (admin). */
export function argumentRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const params = validateParams(argumentParamsSchema);
  const listQuery = validateQuery(argumentListQuerySchema);
  router.get('/arguments', requireRole('admin'), listQuery, async (_request, response) => {
    response.json(await argumentListPage(db, studyOf(response), listQuery.of(response)));
  });
  router.get('/arguments/:argumentId', requireRole('admin'), params, async (_request, response) => {
    response.json(
      presentArgumentDetail(await argumentDetail(db, studyOf(response), params.of(response).argumentId)),
    );
  });
  return router;
}
