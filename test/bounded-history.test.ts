import { describe, expect, it } from 'vitest';
import { goldHistorySchema } from '../shared/adjudication-api.ts';
import { annotationHistorySchema } from '../shared/annotation-api.ts';
import { JUDGEMENT_LIMITS } from '../shared/schemas/annotation.ts';
import { buildJudgement } from './factories.ts';
import { seedAdjudicationStudy } from './support/adjudication-fixture.ts';
import { loggedIn, testApp } from './support/app.ts';
import { seedAnnotationStudy } from './support/study-fixture.ts';
import { storedBytes } from './support/tables.ts';

/**
 * A stale save (409) is kept in the history as its SHA-256 and size, so a client sending them cannot
 * grow the database by what it sends; every accepted change stays in the history in full.
 */

const STALE_SAVES = 50;
/** What 50 rejected saves may add at most: ~200 bytes of row each, rounded up to whole pages. */
const BOUND = 32 * 1024;
const longComment = 'é'.repeat(JUDGEMENT_LIMITS.comment);

describe('the annotation history under stale saves', () => {
  it('grows by a small bounded amount for 50 stale saves with the longest comment, and keeps accepted saves whole', async () => {
    const { app, db } = await testApp();
    const { itemKeys } = await seedAnnotationStudy(db);
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = `/api/studies/default/items/${itemKeys.a1}/annotation`;
    const save = (version: number) => ({
      version,
      action: 'save',
      judgement: buildJudgement({ comment: longComment }),
      secondsSpent: 1,
    });
    await agent.put(path).set('X-CSRF-Token', csrf).send(save(0)).expect(200);
    const before = await storedBytes(db);
    for (let attempt = 0; attempt < STALE_SAVES; attempt += 1)
      await agent.put(path).set('X-CSRF-Token', csrf).send(save(0)).expect(409);
    const grown = (await storedBytes(db)) - before;
    // Each attempt carried over 10 kB (5,000 two-byte characters): whole, they would add ~500 kB.
    expect(grown).toBeLessThan(BOUND);

    const history = annotationHistorySchema.parse((await agent.get(`${path}/history`).expect(200)).body);
    expect(history).toHaveLength(1 + STALE_SAVES);
    expect(history[0]?.judgement?.comment).toBe(longComment);
    const rejected = history[1];
    expect(rejected).toMatchObject({ action: 'conflict', version: 0, judgement: null });
    expect(rejected?.rejected?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(rejected?.rejected?.bytes).toBeGreaterThan(2 * JUDGEMENT_LIMITS.comment);
  });
});

describe('the gold history under stale saves', () => {
  it('grows by a small bounded amount for 50 stale gold saves, and keeps accepted saves whole', async () => {
    const { app, db } = await testApp();
    await (await seedAdjudicationStudy(db)).submitAll();
    const carol = await loggedIn(app, 'carol');
    const base = '/api/studies/default/adjudication';
    const queue = (await carol.agent.get(base).expect(200)).body as { items: { itemKey: string }[] };
    const key = queue.items.find(() => true)?.itemKey;
    const item = (await carol.agent.get(`${base}/items/${key}`).expect(200)).body as {
      disagreements: { id: string }[];
    };
    const path = `${base}/items/${key}/gold`;
    const save = (version: number) => ({
      version,
      action: 'save',
      judgement: buildJudgement({ comment: longComment }),
      decisions: item.disagreements.map((disagreement) => ({
        disagreementId: disagreement.id,
        choice: 'edited',
        rationale: 'r'.repeat(2000),
      })),
    });
    await carol.agent.put(path).set('X-CSRF-Token', carol.csrf).send(save(0)).expect(200);
    const before = await storedBytes(db);
    for (let attempt = 0; attempt < STALE_SAVES; attempt += 1)
      await carol.agent.put(path).set('X-CSRF-Token', carol.csrf).send(save(0)).expect(409);
    expect((await storedBytes(db)) - before).toBeLessThan(BOUND);

    const history = goldHistorySchema.parse((await carol.agent.get(`${path}/history`).expect(200)).body);
    expect(history).toHaveLength(1 + STALE_SAVES);
    expect(history[0]).toMatchObject({ action: 'save', rejected: null });
    expect(history[0]?.judgement?.comment).toBe(longComment);
    expect(history[1]).toMatchObject({ action: 'conflict', judgement: null, decisions: null });
    expect(history[1]?.rejected?.bytes).toBeGreaterThan(2 * JUDGEMENT_LIMITS.comment);
  });
});
