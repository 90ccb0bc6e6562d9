import { Router } from 'express';
import {
  type AssignRequest,
  assignRequestSchema,
  type DrawSampleRequest,
  drawSampleRequestSchema,
  type ReassignRequest,
  reassignRequestSchema,
} from '../../../shared/sample-api.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { validateBody } from '../../middlewares/validate.ts';
import { assignmentRecords, assignSample, reassign } from '../../services/assignment-service.ts';
import { drawSample, listSampleSummaries } from '../../services/sample-service.ts';
import { requireStudy } from '../../services/studies.ts';
import { listAssignmentLog } from '../../store/assignments.ts';
import type { RouteContext } from '../context.ts';
import { param } from '../params.ts';

/** Samples and assignments of a study, under /api/studies/:study, for admins. */
export function samplingRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const admin = requireRole('admin');

  router.get('/samples', admin, (request, response) => {
    response.json(listSampleSummaries(db, requireStudy(db, param(request, 'study'))));
  });

  router.post('/samples', admin, validateBody(drawSampleRequestSchema), (request, response) => {
    const study = requireStudy(db, param(request, 'study'));
    response.status(201).json(drawSample(db, study, request.body as DrawSampleRequest));
  });

  router.get('/assignments', admin, (request, response) => {
    response.json(assignmentRecords(db, requireStudy(db, param(request, 'study'))));
  });

  router.get('/assignments/log', admin, (request, response) => {
    response.json(listAssignmentLog(db, requireStudy(db, param(request, 'study')).id));
  });

  router.post('/assignments', admin, validateBody(assignRequestSchema), (request, response) => {
    const study = requireStudy(db, param(request, 'study'));
    response
      .status(201)
      .json(assignSample(db, study, request.body as AssignRequest, authOf(response).user.username));
  });

  router.post('/assignments/reassign', admin, validateBody(reassignRequestSchema), (request, response) => {
    const study = requireStudy(db, param(request, 'study'));
    response.json(reassign(db, study, request.body as ReassignRequest, authOf(response).user.username));
  });

  return router;
}
