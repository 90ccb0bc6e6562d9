import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/accounts/users.ts';
import { CLI_ACTOR } from '../../server/services/audit/audit.ts';
import { drawSample } from '../../server/services/sampling/samples.ts';
import { requireStudy } from '../../server/services/study/studies.ts';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { CONSOLE_ADMIN, consoleSuite, seedArguments } from '../support/console-server.ts';

const suite = consoleSuite(async (server) => {
  await seedArguments(server);
  for (const username of ['alice', 'bob', 'erin'])
    await createUser(server.db, CLI_ACTOR, {
      username,
      password: `${username}-password`,
      roles: ['annotator'],
    });
  await drawSample(
    server.db,
    await requireStudy(server.db, 'default'),
    {
      size: 8,
      seed: 7,
      allocation: 'equal',
      strata: ['model'],
      excludeSampled: false,
    },
    CLI_ACTOR,
  );
});

interface Assignment {
  argument_id: string;
  annotator: string;
  calibration: boolean;
}

async function assignments(page: Page): Promise<Assignment[]> {
  return (await (
    await page.request.get(`${suite.baseUrl}/api/studies/default/assignments`)
  ).json()) as Assignment[];
}

describe('the study console: assignment, in Chromium', () => {
  it('previews the loads, assigns the sample with a calibration item, reassigns unfinished work and shows the log', async () => {
    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assignment' }).click();
    await page.waitForURL(`${suite.baseUrl}/studies/default/console/assignment`);

    const form = page.getByRole('form', { name: 'Assign a sample' });
    await form.getByRole('checkbox', { name: 'alice' }).check();
    await form.getByRole('checkbox', { name: 'bob' }).check();
    await form.getByLabel('Annotators per item').fill('2');
    await form.getByLabel('Calibration argument ids (optional)').fill('model-d-0');
    expect(await form.getByRole('button', { name: 'Assign', exact: true }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Preview loads' }).click();
    const preview = form.getByRole('table', { name: /Would assign/ });
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/alice\s*\d+/);
    expect(await assignments(page)).toEqual([]);

    await form.getByRole('button', { name: 'Assign', exact: true }).click();
    await form.getByRole('table', { name: /^Assigned/ }).waitFor();
    const made = await assignments(page);
    expect(new Set(made.map((row) => row.annotator))).toEqual(new Set(['alice', 'bob']));
    expect(
      made
        .filter((row) => row.calibration)
        .map((row) => row.annotator)
        .sort(),
    ).toEqual(['alice', 'bob']);
    const aliceHad = made.filter((row) => row.annotator === 'alice').length;

    // alice leaves: her account is disabled, and her unfinished work still moves.
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'fa_csrf')?.value ?? '';
    const disabled = await page.request.patch(`${suite.baseUrl}/api/admin/users/alice`, {
      headers: { 'X-CSRF-Token': csrf },
      data: { disabled: true },
    });
    expect(disabled.status()).toBe(200);
    await page.reload();
    const reassign = page.getByRole('form', { name: 'Reassign unfinished work' });
    await reassign.waitFor();
    expect(await reassign.getByLabel('From').textContent()).toContain('alice (disabled)');
    expect(await reassign.getByLabel('To').textContent()).not.toContain('alice');
    await reassign.getByLabel('From').selectOption('alice');
    await reassign.getByLabel('To').selectOption('erin');
    await reassign.getByRole('button', { name: 'Reassign' }).click();
    await reassign
      .getByRole('status')
      .filter({ hasText: `Moved ${aliceHad} item(s) from alice to erin` })
      .waitFor();
    const after = await assignments(page);
    expect(after.filter((row) => row.annotator === 'alice')).toEqual([]);
    expect(after.filter((row) => row.annotator === 'erin')).toHaveLength(aliceHad);

    const log = page.getByRole('table', { name: /Assignment log/ });
    await expect.poll(async () => (await log.textContent()) ?? '').toContain('reassign');
    const logPage = (await (
      await page.request.get(`${suite.baseUrl}/api/studies/default/assignment-log?pageSize=5`)
    ).json()) as {
      total: number;
      items: { action: string }[];
    };
    expect(logPage.total).toBe(made.length + aliceHad);
    expect(logPage.items.map((entry) => entry.action)).toEqual(Array(5).fill('reassign'));
    expect(await log.locator('caption').textContent()).toContain(`(${logPage.total})`);
    expect(await log.getByRole('row').nth(1).textContent()).toMatch(/reassign.*alice.*erin.*root/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-assignment.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
