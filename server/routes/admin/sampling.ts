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

  router.get('/samples', admin, (_request, response) => {
    response.json(listSampleSummaries(db, studyOf(response)));
  });

  router.post('/samples', admin, sampleBody, (_request, response) => {
    const actor = appActor(authOf(response).user);
    response.status(201).json(drawSample(db, studyOf(response), sampleBody.of(response), actor));
  });

  router.use(nextBatchRoutes(db));

  router.get('/assignments', admin, (_request, response) => {
    response.json(assignmentRecords(db, studyOf(response)));
  });

  router.get('/assignments/log', admin, (_request, response) => {
    response.json(assignmentLog(db, studyOf(response)));
  });

  const pageQuery = validateQuery(pageQuerySchema);
  router.get('/assignment-log', admin, pageQuery, (_request, response) => {
    const page = pageQuery.of(response);
    response.json({ ...page, ...assignmentLogPage(db, studyOf(response), page) });
  });

  router.post('/assignments', admin, assignBody, (_request, response) => {
    const actor = appActor(authOf(response).user);
    response.status(201).json(assignSample(db, studyOf(response), assignBody.of(response), actor));
  });

  router.post('/assignments/preview', admin, assignBody, (_request, response) => {
    response.json(previewAssignment(db, studyOf(response), assignBody.of(response)));
  });

  router.post('/assignments/reassign', admin, reassignBody, (_request, response) => {
    const actor = appActor(authOf(response).user);
    response.json(reassign(db, studyOf(response), reassignBody.of(response), actor));
  });

  return router;
}
