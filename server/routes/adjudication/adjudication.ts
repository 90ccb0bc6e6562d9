import { type Response, Router } from 'express';
import { z } from 'zod';
import { acceptRequestSchema, saveGoldRequestSchema } from '../../../shared/adjudication-api.ts';
import { presentWrite } from '../../errors.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { studyOf } from '../../middlewares/study.ts';
import {
  JUDGEMENT_BODY_LIMIT,
  validateBody,
  validateParams,
  validateQuery,
} from '../../middlewares/validate.ts';
import {
  presentAdjudicationQueue,
  presentGoldHistory,
  presentGoldState,
  presentItemForAdjudicator,
  presentReveal,
} from '../../presenters/adjudication.ts';
import {
  type AdjudicationRequest,
  acceptItems,
  adjudicationItem,
  adjudicationQueue,
  goldHistory,
  revealItem,
  saveGold,
  startAdjudication,
} from '../../services/adjudication/index.ts';
import type { RouteContext } from '../context.ts';
import { itemParamsSchema } from '../params.ts';

/** `?names=1` shows who A and B are; anything but 0 or 1 is refused rather than read as "no". */
const itemQuerySchema = z.strictObject({
  names: z
    .enum(['0', '1'], { message: 'use names=1 to show the annotators’ names, or leave it out' })
    .optional(),
});

/**
 * The adjudicator's work, under /api/studies/:study/adjudication: the queue, bulk acceptance, one
 * item (blind to model, test and, unless asked, the annotators' names), starting it, saving and fixing
 * its gold, the gold's history and the reveal, each answer shown through the adjudication presenter
 * (the home of the adjudicator's blinding). Gold is written by adjudicators only; admins may read
 * (the queue, items, history, the reveal).
 */
export function adjudicationRoutes({ db }: RouteContext): Router {
  const router = Router({ mergeParams: true });
  // Per route, not router.use: this router shares /studies/:study with the other study routes.
  const reader = requireRole('adjudicator', 'admin');
  const adjudicator = requireRole('adjudicator');
  const itemParams = validateParams(itemParamsSchema);
  const itemQuery = validateQuery(itemQuerySchema);
  const acceptBody = validateBody(acceptRequestSchema);
  const goldBody = validateBody(saveGoldRequestSchema, { limit: JUDGEMENT_BODY_LIMIT });
  const caller = (response: Response) => ({ db, study: studyOf(response), user: authOf(response).user });
  const item = (response: Response): AdjudicationRequest => ({
    ...caller(response),
    itemKey: itemParams.of(response).itemKey,
  });

  router.get('/adjudication', reader, async (_request, response) => {
    response.json(
      presentAdjudicationQueue(await adjudicationQueue(db, studyOf(response), authOf(response).user)),
    );
  });

  router.post('/adjudication/accept', adjudicator, acceptBody, async (_request, response) => {
    response.json(await acceptItems(caller(response), acceptBody.of(response).itemKeys));
  });

  router.get('/adjudication/items/:itemKey', reader, itemParams, itemQuery, async (_request, response) => {
    response.json(
      presentItemForAdjudicator(await adjudicationItem(item(response)), itemQuery.of(response).names === '1'),
    );
  });

  router.post('/adjudication/items/:itemKey/start', adjudicator, itemParams, async (_request, response) => {
    response.json(presentItemForAdjudicator(await startAdjudication(item(response)), false));
  });

  router.put(
    '/adjudication/items/:itemKey/gold',
    adjudicator,
    itemParams,
    goldBody,
    async (_request, response) => {
      response.json(presentWrite(await saveGold(item(response), goldBody.of(response)), presentGoldState));
    },
  );

  router.get('/adjudication/items/:itemKey/gold/history', reader, itemParams, async (_request, response) => {
    response.json(presentGoldHistory(await goldHistory(item(response))));
  });

  router.get('/adjudication/items/:itemKey/reveal', reader, itemParams, async (_request, response) => {
    const { argument, extractors } = await revealItem(item(response));
    response.json(presentReveal(argument, extractors));
  });

  return router;
}
