import { Router } from 'express';
import { authOf, requireUser } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { studyOverviewFor, studySummaries } from '../../services/study/index.ts';
import type { RouteContext } from '../context.ts';

/** GET /api/studies — the studies of this database, for every signed-in account. */
export function studyListRoutes({ db }: RouteContext): Router {
  const router = Router();
  router.get('/', requireUser, async (_request, response) => {
    response.json(await studySummaries(db));
  });
  return router;
}

/** GET /api/studies/:study/overview — counts only (the study is loaded and the caller signed in by app.ts). */
export function studyRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  router.get('/overview', requireUser, async (_request, response) => {
    response.json(await studyOverviewFor(db, studyOf(response).name, authOf(response).user));
  });
  return router;
}
