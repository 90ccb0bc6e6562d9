import { type Request, Router } from 'express';
import {
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
  reopenAnnotation,
  saveAnnotationAttempt,
} from '../../services/annotation-service.ts';
import { requireStudy } from '../../services/studies.ts';
import type { RouteContext } from '../context.ts';
import { param } from '../params.ts';

/**
 * The annotator's own work, under /api/studies/:study: the queue, one item (blinded), save/submit,
 * reopen and history. Every route is scoped to the signed-in annotator's assignments.
 */
export function itemRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  // Per route, not router.use: this router shares /studies/:study with the study routes.
  const annotator = requireRole('annotator');
  const study = (request: Request) => requireStudy(db, param(request, 'study'));

  router.get('/queue', annotator, (request, response) => {
    response.json(annotatorQueue(db, study(request), authOf(response).user));
  });

  router.get('/items/:argumentId', annotator, (request, response) => {
    response.json(annotatorItem(db, study(request), authOf(response).user, param(request, 'argumentId')));
  });

  router.put(
    '/items/:argumentId/annotation',
    annotator,
    validateBody(saveAnnotationRequestSchema),
    (request, response) => {
      const body = request.body as SaveAnnotation;
      response.json(
        saveAnnotationAttempt(db, study(request), authOf(response).user, param(request, 'argumentId'), body),
      );
    },
  );

  router.post(
    '/items/:argumentId/annotation/reopen',
    annotator,
    validateBody(reopenAnnotationRequestSchema),
    (request, response) => {
      const { version } = request.body as { version: number };
      response.json(
        reopenAnnotation(db, study(request), authOf(response).user, param(request, 'argumentId'), version),
      );
    },
  );

  router.get('/items/:argumentId/annotation/history', annotator, (request, response) => {
    response.json(annotationHistory(db, study(request), authOf(response).user, param(request, 'argumentId')));
  });

  return router;
}
