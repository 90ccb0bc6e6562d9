import { Router } from 'express';
import { coverageCheckRequestSchema, coverageJobParamsSchema } from '../../../shared/coverage-check-api.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateBody, validateParams } from '../../middlewares/validate.ts';
import { CoverageCenter } from '../../services/coverage/index.ts';
import type { RouteContext } from '../context.ts';

/**
 * The intervals' coverage at the study's design (issue 17, `simulate coverage` from the report
 * screen): admins start a check, follow and cancel it; admins and adjudicators read the latest stored
 * result, which the report's appendix states too.
 *
 * - GET …/coverage — the latest check (and, for an admin, the study's running or last job);
 * - POST …/coverage/jobs { replicates, bootstrap, seed } — 202 and the job; 409 while this study's
 *   check runs, 429 while another study's does;
 * - GET …/coverage/jobs/:jobId — its progress, then its stored check; DELETE cancels it.
 */
export function coverageRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const checks = new CoverageCenter(db);
  const readers = requireRole('admin', 'adjudicator');
  const admins = requireRole('admin');
  const body = validateBody(coverageCheckRequestSchema);
  const params = validateParams(coverageJobParamsSchema);

  router.get('/coverage', readers, async (_request, response) => {
    response.json(await checks.state(studyOf(response), authOf(response).user));
  });

  router.post('/coverage/jobs', admins, body, async (request, response) => {
    const job = await checks.start(studyOf(response), authOf(response).user, body.of(response));
    response
      .status(202)
      .location(`${request.originalUrl.split('?')[0]}/${job.id}`)
      .json(job);
  });

  router.get('/coverage/jobs/:jobId', admins, params, async (_request, response) => {
    response.json(await checks.job(studyOf(response), params.of(response).jobId));
  });

  router.delete('/coverage/jobs/:jobId', admins, params, async (_request, response) => {
    await checks.cancel(studyOf(response), params.of(response).jobId);
    response.status(204).end();
  });
  return router;
}
