import { Router } from 'express';
import { reportQuerySchema } from '../../../shared/report-api.ts';
import { requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateQuery } from '../../middlewares/validate.ts';
import { prepareReport, renderReportInWorker } from '../../services/report/index.ts';
import type { RouteContext } from '../context.ts';

const CONTENT_TYPES = {
  json: 'application/json',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/**
 * GET /api/studies/:study/report?format=json|md|html&seed&replicates&level&extractor — the study's
 * scores, for admins and, to read, adjudicators (the report screen; it ties no argument to a model,
 * as the overview does not). The rows are loaded here (a 404 or 400 answers at once); the bootstrap
 * runs in a worker thread, so the server keeps answering everyone else meanwhile.
 */
export function reportRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const query = validateQuery(reportQuerySchema);
  router.get('/report', requireRole('admin', 'adjudicator'), query, async (_request, response) => {
    const { format, ...options } = query.of(response);
    const prepared = prepareReport(db, studyOf(response), options);
    // A caller who goes away stops the computation: nobody would read it.
    const gone = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) gone.abort();
    });
    let text: string;
    try {
      text = await renderReportInWorker({ prepared, format }, gone.signal);
    } catch (error) {
      if (gone.signal.aborted) return;
      throw error;
    }
    // The HTML report is one self-contained page: its only style is inline, and nothing else may load.
    if (format === 'html')
      response.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    response.type(CONTENT_TYPES[format]).send(text);
  });
  return router;
}
