import { describe, expect, it } from 'vitest';
import { FACTORS } from '../shared/factors.ts';
import { JUDGEMENT_LIMITS } from '../shared/schemas/annotation.ts';
import { loggedIn, testApp } from './support/app.ts';
import { seedAnnotationStudy } from './support/study-fixture.ts';

/**
 * The heavy but honest save that sized JUDGEMENT_BODY_LIMIT (server/middlewares/validate.ts): every
 * factor ticked by its full label in all three cases, 40 unlisted factors, 400 marks, a full comment in
 * three-byte characters — about 83 kB of JSON.
 */
function heavyJudgement(textLength: number) {
  const labels = FACTORS.map((factor) => `${factor.id} ${factor.name}`);
  return {
    current: labels,
    tsc1: labels,
    tsc2: labels,
    unlisted: Array.from({ length: 40 }, (_, index) => ({
      case: 'current',
      text: `${index} ${'y'.repeat(195)}`,
    })),
    abstained: false,
    truncated: true,
    spans: Array.from({ length: 400 }, (_, index) => ({
      start: index % textLength,
      end: (index % textLength) + 1,
      case: 'current',
      factor: 'unlisted',
      style: 'paraphrase',
      polarity: 'negated',
      text: index % 5 === 0 ? 'x'.repeat(200) : 'x',
    })),
    comment: '€'.repeat(JUDGEMENT_LIMITS.comment),
  };
}

describe('request body limits', () => {
  it('takes a heavy honest save, and refuses a body past a route’s limit before parsing it', async () => {
    const { app, db } = await testApp();
    const { itemKeys } = await seedAnnotationStudy(db);
    const alice = await loggedIn(app, 'alice');
    const admin = await loggedIn(app, 'admin');
    const text = (await alice.agent.get(`/api/studies/default/items/${itemKeys.a1}`).expect(200)).body.text;
    const save = { version: 0, action: 'save', judgement: heavyJudgement(text.length), secondsSpent: 5 };
    const bytes = Buffer.byteLength(JSON.stringify(save));
    expect(bytes).toBeGreaterThan(60_000);
    const saved = await alice.agent
      .put(`/api/studies/default/items/${itemKeys.a1}/annotation`)
      .set('X-CSRF-Token', alice.csrf)
      .send(save);
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);

    const tooBig = await alice.agent
      .put(`/api/studies/default/items/${itemKeys.a1}/annotation`)
      .set('X-CSRF-Token', alice.csrf)
      .send({ ...save, version: 1, judgement: { ...save.judgement, comment: 'z'.repeat(1_100_000) } })
      .expect(413);
    expect(tooBig.body.error.message).toBe(
      'The request body is larger than the 1 MB this route accepts; send less.',
    );
    const sample = await admin.agent
      .post('/api/studies/default/samples')
      .set('X-CSRF-Token', admin.csrf)
      .send({ seed: 1, size: 1, note: 'n'.repeat(300_000) })
      .expect(413);
    expect(sample.body.error.message).toBe(
      'The request body is larger than the 256 kB this route accepts; send less.',
    );
  });
});
