import { Router } from 'express';
import { requireRole } from '../../middlewares/session.ts';
import { argumentDetail } from '../../services/argument-detail-service.ts';
import { requireStudy } from '../../services/studies.ts';
import type { RouteContext } from '../context.ts';
import { param } from '../params.ts';

/** GET /api/studies/:study/arguments/:argumentId — the full record with extractions, annotations and gold (admin). */
export function argumentRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  router.get('/arguments/:argumentId', requireRole('admin'), (request, response) => {
    response.json(
      argumentDetail(db, requireStudy(db, param(request, 'study')), param(request, 'argumentId')),
    );
  });
  return router;
}
