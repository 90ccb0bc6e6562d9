import { Router } from 'express';
import { nextBatchRequestSchema } from '../../../shared/sampling/next-batch.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateBody } from '../../middlewares/validate.ts';
import { appActor } from '../../services/audit/index.ts';
import { drawNextBatch, previewNextBatch } from '../../services/sampling/index.ts';
import type { Db } from '../../store/db.ts';

/** The next batch of a study's sample (`sample --next`), under /api/studies/:study/samples, for admins. */
export function nextBatchRoutes(db: Db): Router {
  const router = Router({ mergeParams: true });
  const admin = requireRole('admin');
  const body = validateBody(nextBatchRequestSchema);

  router.post('/samples/next/preview', admin, body, async (_request, response) => {
    response.json(await previewNextBatch(db, studyOf(response), body.of(response)));
  });

  router.post('/samples/next', admin, body, async (_request, response) => {
    const actor = appActor(authOf(response).user);
    response.status(201).json(await drawNextBatch(db, studyOf(response), body.of(response), actor));
  });

  return router;
}
