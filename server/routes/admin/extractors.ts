import { Router } from 'express';
import { z } from 'zod';
import { extractionFailuresQuerySchema } from '../../../shared/console-api.ts';
import { requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateParams, validateQuery } from '../../middlewares/validate.ts';
import { extractionFailures, extractorRuns } from '../../services/extraction/index.ts';
import type { RouteContext } from '../context.ts';

const extractorParamsSchema = z.object({
  name: z.string().min(1).max(200, 'an extractor name is at most 200 characters'),
});

/** GET /api/studies/:study/extractors[/:name/failures] — extraction runs, for admins. */
export function extractorRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const admin = requireRole('admin');
  const params = validateParams(extractorParamsSchema);
  const query = validateQuery(extractionFailuresQuerySchema);
  router.get('/extractors', admin, async (_request, response) => {
    response.json(await extractorRuns(db, studyOf(response)));
  });
  router.get('/extractors/:name/failures', admin, params, query, async (_request, response) => {
    response.json(
      await extractionFailures(db, studyOf(response), params.of(response).name, query.of(response)),
    );
  });
  return router;
}
