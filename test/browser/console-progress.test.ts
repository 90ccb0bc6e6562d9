import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/services/audit/audit.ts';
import { assignSample } from '../../server/services/sampling/assignments.ts';
import { requireStudy } from '../../server/services/study/studies.ts';
import { saveAnnotation } from '../../server/store/annotations.ts';
import { latestSample, listSampleItems } from '../../server/store/samples.ts';
import { findUserByName } from '../../server/store/users.ts';
import { buildJudgement } from '../factories.ts';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { CONSOLE_ADMIN, consoleSuite, seedSampleAndAnnotators } from '../support/console-server.ts';

/** bob ticks one factor more than alice on every calibration item: 4 both, 1 bob only, p_pos = 8/9. */
const ALICE = buildJudgement();
const BOB = buildJudgement({ tsc2: ['F10', 'F12'] });

const suite = consoleSuite(async (server) => {
  await seedSampleAndAnnotators(server);
  const study = await requireStudy(server.db, 'default');
  const sample = await latestSample(server.db, study.id);
  if (!sample) throw new Error('the console suite draws a sample');
  const items = await listSampleItems(server.db, sample.id);
  const calibration = items.slice(0, 5);
  await assignSample(
    server.db,
    study,
    {
      annotators: ['alice', 'bob'],
      perItem: 2,
      seed: 1,
      calibration: calibration.map((item) => item.argumentId),
    },
    CLI_ACTOR,
  );
  // bob has submitted all five calibration items, alice four of them: one short of the minimum.
  const submit = async (username: string, argumentRowId: number, judgement: typeof ALICE) => {
    const user = await findUserByName(server.db, username);
    if (!user) throw new Error(`no user ${username}`);
    await saveAnnotation(
      server.db,
      { argumentRowId, userId: user.id, status: 'submitted', judgement, secondsSpent: 150, importId: null },
      'submit',
      user.id,
    );
  };
  for (const item of calibration) await submit('bob', item.argumentRowId, BOB);
  for (const item of calibration.slice(0, 4)) await submit('alice', item.argumentRowId, ALICE);
});

/** alice submits the next item of her queue (her last calibration item) through the API, as the workspace would. */
async function aliceSubmitsOne(context: BrowserContext): Promise<void> {
  const login = await context.request.post(`${suite.baseUrl}/api/auth/login`, {
    data: { username: 'alice', password: 'alice-password' },
  });
  expect(login.status()).toBe(200);
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'fa_csrf')?.value ?? '';
  const queue = (await (await context.request.get(`${suite.baseUrl}/api/studies/default/queue`)).json()) as {
    next: string;
  };
  const saved = await context.request.put(
    `${suite.baseUrl}/api/studies/default/items/${queue.next}/annotation`,
    {
      headers: { 'X-CSRF-Token': csrf },
      data: { version: 0, action: 'submit', judgement: ALICE, secondsSpent: 95 },
    },
  );
  expect(saved.status(), await saved.text()).toBe(200);
}

async function cellsOf(page: Page, annotator: string): Promise<string[]> {
  return page
    .getByRole('table', { name: 'Per annotator' })
    .getByRole('row', { name: new RegExp(`^${annotator}`) })
    .locator('td')
    .allTextContents();
}

describe('the study console: progress, in Chromium', () => {
  it('shows per annotator items done, median active minutes and calibration agreement (too few, then stated), the counts on day one, and updates by itself', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress' }).click();
    await page.waitForURL(`${suite.baseUrl}/studies/default/console/progress`);
    const annotators = page.getByRole('table', { name: 'Per annotator' });
    await annotators.getByRole('row', { name: /^alice/ }).waitFor();
    // Assigned, done, drafts, to do, median active minutes, agreement on calibration items.
    expect((await cellsOf(page, 'alice')).slice(0, 6)).toEqual([
      '8',
      '4 (50 %)',
      '0',
      '4',
      '2.5 min',
      'too few (4 of 5 items)',
    ]);
    expect((await cellsOf(page, 'bob'))[5]).toBe('too few (4 of 5 items)');
    // The first day: no one-dot chart, the counts.
    const burndown = page.getByRole('region', { name: 'Burn-down' });
    expect(await burndown.getByRole('img').count()).toBe(0);
    expect(await burndown.textContent()).toContain('9 of 16 annotations submitted · 7 to do');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-progress-too-few.png'), fullPage: true });

    const alice = await suite.browser.newContext();
    await aliceSubmitsOne(alice);
    // No reload: the screen rereads within ten seconds, and now states alice's agreement (8/9).
    await expect
      .poll(async () => (await cellsOf(page, 'alice'))[5], { timeout: 15_000 })
      .toBe('0.89 (5 items)');
    expect((await cellsOf(page, 'bob'))[5]).toBe('0.89 (5 items)');
    expect((await cellsOf(page, 'alice')).slice(0, 2)).toEqual(['8', '5 (63 %)']);
    expect(await burndown.textContent()).toContain('10 of 16 annotations submitted · 6 to do');
    expect(await page.getByRole('table', { name: /Per stratum/ }).textContent()).toContain('model=model-a');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-progress.png'), fullPage: true });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-progress-1024.png'), fullPage: true });
    expect(errors).toEqual([]);
    await alice.close();
    await page.close();
  });
});
