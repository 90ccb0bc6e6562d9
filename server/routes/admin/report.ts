import { Router } from 'express';
import { reportQuerySchema } from '../../../shared/report-api.ts';
import { describeIssues } from '../../../shared/zod-issues.ts';
import { errors } from '../../errors.ts';
import { requireRole } from '../../middlewares/session.ts';
import { formatReport, studyReport } from '../../services/report/index.ts';
import type { RouteContext } from '../context.ts';
import { param } from '../params.ts';

const CONTENT_TYPES = {
  json: 'application/json',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** GET /api/studies/:study/report?format=json|md|html&seed&replicates&level&extractor — the study's scores (admin). */
export function reportRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  router.get('/report', requireRole('admin'), (request, response) => {
    const query = reportQuerySchema.safeParse(request.query);
    if (!query.success) {
      const issues = describeIssues(query.error);
      throw errors.validation(issues[0] ?? 'The query string is not valid.', issues);
    }
    const { format, ...options } = query.data;
    const report = studyReport(db, { study: param(request, 'study'), ...options });
    // The HTML report is one self-contained page: its only style is inline, and nothing else may load.
    if (format === 'html')
      response.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    response.type(CONTENT_TYPES[format]).send(formatReport(report, format));
  });
  return router;
}
