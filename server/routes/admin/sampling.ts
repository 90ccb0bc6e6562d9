import { Router } from 'express';
import { importHistoryQuerySchema as pageQuerySchema } from '../../../shared/console-api.ts';
import {
  assignRequestSchema,
  drawSampleRequestSchema,
  reassignRequestSchema,
} from '../../../shared/sample-api.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateBody, validateQuery } from '../../middlewares/validate.ts';
import { appActor } from '../../services/audit/index.ts';
import {
  assignmentLog,
  assignmentLogPage,
  assignmentRecords,
  assignSample,
  drawSample,
  listSampleSummaries,
  previewAssignment,
  reassign,
} from '../../services/sampling/index.ts';
import type { RouteContext } from '../context.ts';
import { nextBatchRoutes } from './next-batch.ts';

/** Samples and assignments of a study, under /api/studies/:study, for admins. */
export function samplingRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const admin = requireRole('admin');
  const sampleBody = validateBody(drawSampleRequestSchema);
  const assignBody = validateBody(assignRequestSchema);
  const reassignBody = validateBody(reassignRequestSchema);

  router.get('/samples', admin, async (_request, response) => {
    response.json(await listSampleSummaries(db, studyOf(response)));
  });

  router.post('/samples', admin, sampleBody, async (_request, response) => {
    const actor = appActor(authOf(response).user);
    response.status(201).json(await drawSample(db, studyOf(response), sampleBody.of(response), actor));
  });

  router.use(nextBatchRoutes(db));

  router.get('/assignments', admin, async (_request, response) => {
    response.json(await assignmentRecords(db, studyOf(response)));
  });

  router.get('/assignments/log', admin, async (_request, response) => {
    response.json(await assignmentLog(db, studyOf(response)));
  });

  const pageQuery = validateQuery(pageQuerySchema);
  router.get('/assignment-log', admin, pageQuery, async (_request, response) => {
    const page = pageQuery.of(response);
    response.json({ ...page, ...(await assignmentLogPage(db, studyOf(response), page)) });
  });

  router.post('/assignments', admin, assignBody, async (_request, response) => {
    const actor = appActor(authOf(response).user);
    response.status(201).json(await assignSample(db, studyOf(response), assignBody.of(response), actor));
  });

  router.post('/assignments/preview', admin, assignBody, async (_request, response) => {
    response.json(await previewAssignment(db, studyOf(response), assignBody.of(response)));
  });

  router.post('/assignments/reassign', admin, reassignBody, async (_request, response) => {
    const actor = appActor(authOf(response).user);
    response.json(await reassign(db, studyOf(response), reassignBody.of(response), actor));
  });

  return router;
}
