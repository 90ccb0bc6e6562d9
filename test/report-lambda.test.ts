import { describe, expect, it } from 'vitest';
import { loggedIn, testApp } from './support/app.ts';
import { seedAnnotationStudy } from './support/study-fixture.ts';

/** λ of the corrected estimates as the report screen asks for it: `lambda=tuned` (PPI++) or the default 1. */
function choicesOf(body: { corrected: Record<string, unknown> }): unknown[] {
  const found: unknown[] = [];
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    if ('lambda_choice' in value) found.push(value.lambda_choice);
    for (const child of Object.values(value)) walk(child);
  };
  walk(body.corrected);
  return found;
}

describe('the report API and λ', () => {
  it('gives the difference estimator by default and PPI++ with lambda=tuned, by GET and by job', async () => {
    const { app, db } = await testApp();
    await seedAnnotationStudy(db);
    const admin = await loggedIn(app, 'admin');
    const plain = await admin.agent.get('/api/studies/default/report?replicates=0').expect(200);
    expect(choicesOf(plain.body)).toEqual([]);
    const tuned = await admin.agent.get('/api/studies/default/report?replicates=0&lambda=tuned').expect(200);
    const choices = choicesOf(tuned.body);
    expect(choices.length).toBeGreaterThan(0);
    for (const choice of choices) expect(['tuned', 'gold_only', 'difference']).toContain(choice);
    expect(JSON.stringify(tuned.body.meta.notes)).toContain('PPI++');
    const one = await admin.agent.get('/api/studies/default/report?replicates=0&lambda=1').expect(200);
    expect(choicesOf(one.body)).toEqual([]);

    const job = await admin.agent
      .post('/api/studies/default/report/jobs')
      .set('X-CSRF-Token', admin.csrf)
      .send({ replicates: '0', lambda: 'tuned', format: 'json' })
      .expect(202);
    let state = job.body;
    while (state.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await admin.agent.get(`/api/studies/default/report/jobs/${job.body.id}`).expect(200)).body;
    }
    expect(state.status).toBe('done');
    const result = await admin.agent.get(`/api/studies/default/report/${state.result}`).expect(200);
    expect(choicesOf(result.body)).toEqual(choices);
  }, 60_000);

  it('answers 400 naming lambda for anything but 1 or tuned', async () => {
    const { app, db } = await testApp();
    await seedAnnotationStudy(db);
    const admin = await loggedIn(app, 'admin');
    for (const bad of ['2', 'pooled', '0.5', '']) {
      const refused = await admin.agent.get(`/api/studies/default/report?lambda=${bad}`).expect(400);
      expect(JSON.stringify(refused.body)).toContain('lambda');
      expect(JSON.stringify(refused.body)).toContain('tuned');
    }
  }, 60_000);
});
