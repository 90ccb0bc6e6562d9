import { Router } from 'express';
import { requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { studyProgress } from '../../services/study/index.ts';
import type { RouteContext } from '../context.ts';

/** GET /api/studies/:study/progress — per annotator and per stratum, for admins. */
export function progressRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  router.get('/progress', requireRole('admin'), async (_request, response) => {
    response.json(await studyProgress(db, studyOf(response)));
  });
  return router;
}
