import { Router } from 'express';
import type { StudySummary } from '../../../shared/api.ts';
import { requireUser } from '../../middlewares/session.ts';
import { studyOverview } from '../../services/overview-service.ts';
import { listStudies } from '../../store/studies.ts';
import type { RouteContext } from '../context.ts';
import { param } from '../params.ts';

/** GET /api/studies, GET /api/studies/:name/overview — counts only, nothing blinded. */
export function studyRoutes({ db }: RouteContext): Router {
  const router = Router();
  router.use(requireUser);

  router.get('/', (_request, response) => {
    const studies: StudySummary[] = listStudies(db).map((study) => ({
      name: study.name,
      createdAt: study.createdAt,
    }));
    response.json(studies);
  });

  router.get('/:name/overview', (request, response) => {
    response.json(studyOverview(db, param(request, 'name')));
  });

  return router;
}
