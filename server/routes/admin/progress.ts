import { Router } from 'express';
import { requireRole } from '../../middlewares/session.ts';
import { studyProgress } from '../../services/progress-service.ts';
import { requireStudy } from '../../services/studies.ts';
import type { RouteContext } from '../context.ts';
import { param } from '../params.ts';

/** GET /api/studies/:study/progress — per annotator and per stratum, for admins. */
export function progressRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  router.get('/progress', requireRole('admin'), (request, response) => {
    response.json(studyProgress(db, requireStudy(db, param(request, 'study'))));
  });
  return router;
}
