import { type Response, Router } from 'express';
import {
  reopenAnnotationRequestSchema,
  saveAnnotationRequestSchema,
} from '../../../shared/annotation-api.ts';
import { presentWrite } from '../../errors.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import { JUDGEMENT_BODY_LIMIT, validateBody, validateParams } from '../../middlewares/validate.ts';
import {
  presentAnnotationState,
  presentHistoryForAnnotator,
  presentItemForAnnotator,
  presentQueue,
} from '../../presenters/annotation-item.ts';
import {
  annotationHistory,
  annotatorItem,
  annotatorQueue,
  type ItemRequest,
  reopenAnnotation,
  saveAnnotationAttempt,
} from '../../services/annotation/index.ts';
import type { RouteContext } from '../context.ts';
import { itemParamsSchema } from '../params.ts';

/**
 * The annotator's own work, under /api/studies/:study: the queue, one item (blinded), save/submit,
 * reopen and history, each answer shown through the annotator's presenter (annotation-item.ts).
 * Every route is scoped to the signed-in annotator's assignments, and an item is addressed by its
 * opaque key, never by the argument id (which names the model and the test).
 */
export function itemRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  // Per route, not router.use: this router shares /studies/:study with the study routes.
  const annotator = requireRole('annotator');
  const itemParams = validateParams(itemParamsSchema);
  const saveBody = validateBody(saveAnnotationRequestSchema, { limit: JUDGEMENT_BODY_LIMIT });
  const reopenBody = validateBody(reopenAnnotationRequestSchema);
  const item = (response: Response): ItemRequest => ({
    db,
    study: studyOf(response),
    user: authOf(response).user,
    itemKey: itemParams.of(response).itemKey,
  });

  router.get('/queue', annotator, async (_request, response) => {
    response.json(presentQueue(await annotatorQueue(db, studyOf(response), authOf(response).user)));
  });

  router.get('/items/:itemKey', annotator, itemParams, async (_request, response) => {
    response.json(presentItemForAnnotator(await annotatorItem(item(response))));
  });

  router.put('/items/:itemKey/annotation', annotator, itemParams, saveBody, async (_request, response) => {
    response.json(
      presentWrite(
        await saveAnnotationAttempt(item(response), saveBody.of(response)),
        presentAnnotationState,
      ),
    );
  });

  router.post(
    '/items/:itemKey/annotation/reopen',
    annotator,
    itemParams,
    reopenBody,
    async (_request, response) => {
      response.json(
        presentWrite(
          await reopenAnnotation(item(response), reopenBody.of(response).version),
          presentAnnotationState,
        ),
      );
    },
  );

  router.get('/items/:itemKey/annotation/history', annotator, itemParams, async (_request, response) => {
    const request = item(response);
    response.json(presentHistoryForAnnotator(await annotationHistory(request), request.user));
  });

  return router;
}
