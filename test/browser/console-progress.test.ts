import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assignSampleAudited } from '../../server/services/assignment-changes.ts';
import { CLI_ACTOR } from '../../server/services/audit-service.ts';
import { requireStudy } from '../../server/services/studies.ts';
import { buildJudgement } from '../factories.ts';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { CONSOLE_ADMIN, consoleSuite, seedSampleAndAnnotators } from '../support/console-server.ts';

const suite = consoleSuite(async (server) => {
  await seedSampleAndAnnotators(server);
  assignSampleAudited(
    server.db,
    requireStudy(server.db, 'default'),
    { annotators: ['alice', 'bob'], perItem: 2, seed: 1, calibration: [] },
    CLI_ACTOR,
  );
});

/** alice submits the first item of her queue through the API, as the workspace would. */
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
      data: { version: 0, action: 'submit', judgement: buildJudgement(), secondsSpent: 95 },
    },
  );
  expect(saved.status(), await saved.text()).toBe(200);
}

describe('the study console: progress, in Chromium', () => {
  it('shows each annotator and the burn-down, and updates by itself when an annotation is submitted', async () => {
    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress' }).click();
    await page.waitForURL(`${suite.baseUrl}/studies/default/console/progress`);
    const annotators = page.getByRole('table', { name: 'Per annotator' });
    const aliceRow = annotators.getByRole('row', { name: /alice/ });
    await aliceRow.waitFor();
    expect(await aliceRow.textContent()).toMatch(/^alice8\s*0/);
    expect(await page.getByRole('img', { name: /Burn-down/ }).getAttribute('aria-label')).toContain(
      '0 of 16 annotations submitted',
    );

    const alice = await suite.browser.newContext();
    await aliceSubmitsOne(alice);
    const api = (await (await page.request.get(`${suite.baseUrl}/api/studies/default/progress`)).json()) as {
      annotators: { annotator: string; submitted: number }[];
    };
    expect(api.annotators.find((row) => row.annotator === 'alice')?.submitted).toBe(1);
    // No reload: the screen rereads within ten seconds.
    await expect
      .poll(() => page.getByRole('img', { name: /Burn-down/ }).getAttribute('aria-label'), {
        timeout: 15_000,
      })
      .toContain('1 of 16 annotations submitted');
    expect(await aliceRow.textContent()).toMatch(/^alice8\s*1/);
    expect(await page.getByRole('table', { name: /Per stratum/ }).textContent()).toContain('model=model-a');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-progress.png'), fullPage: true });
    expect(errors).toEqual([]);
    await alice.close();
    await page.close();
  });
});
