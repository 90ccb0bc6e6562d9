import express, { Router } from 'express';
import {
  importHistoryQuerySchema,
  importUploadQuerySchema,
  UPLOAD_LIMIT_BYTES,
} from '../../../shared/console-api.ts';
import { errors } from '../../errors.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { validateQuery } from '../../middlewares/validate.ts';
import { appActor } from '../../services/audit/index.ts';
import { importHistory, importUpload } from '../../services/interchange/index.ts';
import type { RouteContext } from '../context.ts';

/** POST /api/admin/imports — an uploaded file, imported like `import KIND FILE` (the study may be new). */
export function adminImportRoutes({ db }: RouteContext): Router {
  const router = Router();
  router.use(requireRole('admin'));
  const query = validateQuery(importUploadQuerySchema);
  // The body is the file itself, whatever its type; larger than the limit is a 413 before it is read.
  const raw = express.raw({ type: () => true, limit: UPLOAD_LIMIT_BYTES });
  router.post('/', query, raw, async (request, response) => {
    const body: unknown = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0)
      throw errors.validation('The upload is empty: send the file as the request body.');
    const summary = await importUpload(db, {
      ...query.of(response),
      body,
      actor: appActor(authOf(response).user),
    });
    response.status(201).json(summary);
  });
  return router;
}

/** GET /api/studies/:study/imports — the study's import history, newest first. */
export function importHistoryRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  const query = validateQuery(importHistoryQuerySchema);
  router.get('/imports', requireRole('admin'), query, async (_request, response) => {
    response.json(await importHistory(db, studyOf(response), query.of(response)));
  });
  return router;
}
