import { type Response, Router } from 'express';
import { reportQuerySchema } from '../../../shared/report-api.ts';
import { reportJobParamsSchema, reportJobRequestSchema } from '../../../shared/report-jobs-api.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateBody, validateParams, validateQuery } from '../../middlewares/validate.ts';
import { ReportCenter, type ServedReport } from '../../services/report/index.ts';
import type { RouteContext } from '../context.ts';

const CONTENT_TYPES = {
  json: 'application/json',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** Sends a rendered report in its format; `X-Report-Cache` says whether it was computed for this request. */
function sendReport(
  response: Response,
  format: keyof typeof CONTENT_TYPES,
  report: Pick<ServedReport, 'body' | 'cached'>,
): void {
  // The HTML report is one self-contained page: its only style is inline, and nothing else may load.
  if (format === 'html')
    response.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  response.set('X-Report-Cache', report.cached ? 'hit' : 'miss');
  response.type(CONTENT_TYPES[format]).send(report.body);
}

/**
 * The study's scores, for admins and, to read, adjudicators (the report screen; it ties no argument
 * to a model, as the overview does not). Loading and the bootstrap run in a worker thread, so the
 * server keeps answering everyone else meanwhile; a report is kept until the study's data change.
 *
 * - GET …/report?format=json|md|html&seed&replicates&level&extractor — the report, when it is done;
 * - POST …/report/jobs (the same settings as a JSON body) — 202 and a job to follow: its progress,
 *   then its result at GET …/report/jobs/:jobId/result; DELETE …/report/jobs/:jobId cancels it.
 */
export function reportRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const reports = new ReportCenter(db);
  const readers = requireRole('admin', 'adjudicator');
  const query = validateQuery(reportQuerySchema);
  const jobBody = validateBody(reportJobRequestSchema);
  const jobParams = validateParams(reportJobParamsSchema);

  router.get('/report', readers, query, async (_request, response) => {
    const settings = query.of(response);
    // A caller who goes away stops the computation: nobody would read it.
    const gone = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) gone.abort();
    });
    let report: ServedReport;
    try {
      report = await reports.report(studyOf(response), settings, gone.signal);
    } catch (error) {
      if (gone.signal.aborted) return;
      throw error;
    }
    sendReport(response, settings.format, report);
  });

  router.post('/report/jobs', readers, jobBody, async (request, response) => {
    const job = await reports.startJob(studyOf(response), authOf(response).user.id, jobBody.of(response));
    response
      .status(202)
      .location(`${request.originalUrl.split('?')[0]}/${job.id}`)
      .json(job);
  });

  router.get('/report/jobs/:jobId', readers, jobParams, async (_request, response) => {
    response.json(await reports.job(jobParams.of(response).jobId, authOf(response).user.id));
  });

  router.get('/report/jobs/:jobId/result', readers, jobParams, async (_request, response) => {
    const { body, format, cached } = await reports.result(
      jobParams.of(response).jobId,
      authOf(response).user.id,
    );
    sendReport(response, format, { body, cached });
  });

  router.delete('/report/jobs/:jobId', readers, jobParams, async (_request, response) => {
    await reports.cancel(jobParams.of(response).jobId, authOf(response).user.id);
    response.status(204).end();
  });
  return router;
}
