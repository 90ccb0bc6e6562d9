import { Router } from 'express';
import type { Guidelines } from '../../../shared/annotation-api.ts';
import { requireUser } from '../../middlewares/session.ts';

/** GET /api/guidelines — the annotation guidelines and their version, for every signed-in account. */
export function guidelineRoutes(guidelines: Guidelines): Router {
  const router = Router();
  router.get('/', requireUser, (_request, response) => {
    response.json(guidelines);
  });
  return router;
}
