import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { acceptRequestSchema, saveGoldRequestSchema } from '../../../shared/adjudication-api.ts';
import { itemKeySchema } from '../../../shared/annotation-api.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { goldHistory, saveGold } from '../../services/adjudication/gold-service.ts';
import type { AdjudicationRequest } from '../../services/adjudication/item-context.ts';
import {
  acceptItems,
  adjudicationItem,
  adjudicationQueue,
  startAdjudication,
} from '../../services/adjudication/queue-service.ts';
import { revealItem } from '../../services/adjudication/reveal-service.ts';
import { requireStudy } from '../../services/studies.ts';
import type { RouteContext } from '../context.ts';
import { param, parsedParam } from '../params.ts';

/** `?names=1` shows who A and B are; anything but 0 or 1 is refused rather than read as "no". */
const itemQuerySchema = z.object({
  names: z
    .enum(['0', '1'], { message: 'use names=1 to show the annotators’ names, or leave it out' })
    .optional(),
});

/**
 * The adjudicator's work, under /api/studies/:study/adjudication: the queue, bulk acceptance, one
 * item (blind to model, test and, unless asked, the annotators' names), starting it, saving and fixing
 * its gold, the gold's history and the reveal. Gold is written by adjudicators only; admins may read
 * (the queue, items, history, the reveal).
 */
export function adjudicationRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  // Per route, not router.use: this router shares /studies/:study with the other study routes.
  const reader = requireRole('adjudicator', 'admin');
  const adjudicator = requireRole('adjudicator');
  const study = (request: Request) => requireStudy(db, param(request, 'study'));
  const item = (request: Request, response: Response): AdjudicationRequest => ({
    db,
    study: study(request),
    user: authOf(response).user,
    itemKey: parsedParam(request, 'itemKey', itemKeySchema),
  });

  router.get('/adjudication', reader, (request, response) => {
    response.json(adjudicationQueue(db, study(request), authOf(response).user));
  });

  router.post('/adjudication/accept', adjudicator, (request, response) => {
    const { itemKeys } = parseInput(acceptRequestSchema, request.body);
    response.json(acceptItems({ db, study: study(request), user: authOf(response).user }, itemKeys));
  });

  router.get('/adjudication/items/:itemKey', reader, (request, response) => {
    const { names } = parseInput(itemQuerySchema, request.query);
    response.json(adjudicationItem(item(request, response), names === '1'));
  });

  router.post('/adjudication/items/:itemKey/start', adjudicator, (request, response) => {
    response.json(startAdjudication(item(request, response)));
  });

  router.put('/adjudication/items/:itemKey/gold', adjudicator, (request, response) => {
    const body = parseInput(saveGoldRequestSchema, request.body);
    response.json(saveGold(item(request, response), body));
  });

  router.get('/adjudication/items/:itemKey/gold/history', reader, (request, response) => {
    response.json(goldHistory(item(request, response)));
  });

  router.get('/adjudication/items/:itemKey/reveal', reader, (request, response) => {
    response.json(revealItem(item(request, response)));
  });

  return router;
}
