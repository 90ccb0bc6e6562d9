import { Router } from 'express';
import { auditQuerySchema } from '../../../shared/audit-api.ts';
import { requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateQuery } from '../../middlewares/validate.ts';
import { auditEntries } from '../../services/audit/index.ts';
import type { RouteContext } from '../context.ts';

/** GET /api/studies/:study/audit?since=&limit= — who changed what, oldest first (admin). */
export function auditRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const query = validateQuery(auditQuerySchema);
  router.get('/audit', requireRole('admin'), query, async (_request, response) => {
    response.json(await auditEntries(db, studyOf(response), query.of(response)));
  });
  return router;
}
