import { type Request, type Response, Router } from 'express';
import {
  itemKeySchema,
  reopenAnnotationRequestSchema,
  type SaveAnnotation,
  saveAnnotationRequestSchema,
} from '../../../shared/annotation-api.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { validateBody } from '../../middlewares/validate.ts';
import {
  annotationHistory,
  annotatorItem,
  annotatorQueue,
  type ItemRequest,
  reopenAnnotation,
  saveAnnotationAttempt,
} from '../../services/annotation-service.ts';
import { requireStudy } from '../../services/studies.ts';
import type { RouteContext } from '../context.ts';
import { param, parsedParam } from '../params.ts';

/**
 * The annotator's own work, under /api/studies/:study: the queue, one item (blinded), save/submit,
 * reopen and history. Every route is scoped to the signed-in annotator's assignments, and an item is
 * addressed by its opaque key, never by the argument id (which names the model and the test).
 */
export function itemRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  // Per route, not router.use: this router shares /studies/:study with the study routes.
  const annotator = requireRole('annotator');
  const study = (request: Request) => requireStudy(db, param(request, 'study'));
  const item = (request: Request, response: Response): ItemRequest => ({
    db,
    study: study(request),
    user: authOf(response).user,
    itemKey: parsedParam(request, 'itemKey', itemKeySchema),
  });

  router.get('/queue', annotator, (request, response) => {
    response.json(annotatorQueue(db, study(request), authOf(response).user));
  });

  router.get('/items/:itemKey', annotator, (request, response) => {
    response.json(annotatorItem(item(request, response)));
  });

  router.put(
    '/items/:itemKey/annotation',
    annotator,
    validateBody(saveAnnotationRequestSchema),
    (request, response) => {
      const body = request.body as SaveAnnotation;
      response.json(saveAnnotationAttempt(item(request, response), body));
    },
  );

  router.post(
    '/items/:itemKey/annotation/reopen',
    annotator,
    validateBody(reopenAnnotationRequestSchema),
    (request, response) => {
      const { version } = request.body as { version: number };
      response.json(reopenAnnotation(item(request, response), version));
    },
  );

  router.get('/items/:itemKey/annotation/history', annotator, (request, response) => {
    response.json(annotationHistory(item(request, response)));
  });

  return router;
}
