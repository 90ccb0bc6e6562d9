import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { CONSOLE_ADMIN, consoleSuite } from '../support/console-server.ts';

const suite = consoleSuite();

interface ListedUser {
  username: string;
  roles: string[];
  disabled: boolean;
}

/** The accounts as the API lists them, read with the page's own session. */
async function listedUser(page: Page, username: string): Promise<ListedUser | undefined> {
  const answer = await page.request.get(`${suite.baseUrl}/api/admin/users`);
  const users = (await answer.json()) as ListedUser[];
  return users.find((user) => user.username === username);
}

/** Whether a fresh suite.browser can log in with the name and password (through the API). */
async function canLogIn(context: BrowserContext, username: string, password: string): Promise<number> {
  const answer = await context.request.post(`${suite.baseUrl}/api/auth/login`, {
    data: { username, password },
  });
  return answer.status();
}

describe('the study console: users, in Chromium', () => {
  it('adds an account with a one-time password, changes its roles, disables it, resets its password, and keeps the last admin', async () => {
    const context = await suite.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('dialog', (dialog) => void dialog.accept());
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${suite.baseUrl}/admin/users`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

    // Add dave, by keyboard: the name, then Enter submits with the default role ticked.
    const form = page.getByRole('form', { name: 'Add an account' });
    await form.getByLabel('User name').fill('dave');
    await form.getByLabel('Display name (optional)').fill('Dave Doe');
    await form.getByRole('checkbox', { name: /adjudicator/ }).check();
    await form.getByLabel('User name').press('Enter');
    const shown = page.getByTestId('one-time-password');
    await shown.waitFor();
    const password = (await shown.textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByText('Copied to the clipboard.').count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-users.png'), fullPage: true });
    expect(await listedUser(page, 'dave')).toMatchObject({
      roles: ['annotator', 'adjudicator'],
      disabled: false,
    });
    const stranger = await suite.browser.newContext();
    expect(await canLogIn(stranger, 'dave', password)).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await shown.count()).toBe(0);

    // Change roles: take adjudicator away.
    await page
      .getByRole('group', { name: 'Roles of dave' })
      .getByRole('checkbox', { name: 'adjudicator' })
      .uncheck();
    await expect.poll(async () => (await listedUser(page, 'dave'))?.roles).toEqual(['annotator']);

    // Disable, then enable.
    await page.getByRole('button', { name: 'Disable dave' }).click();
    await expect.poll(async () => (await listedUser(page, 'dave'))?.disabled).toBe(true);
    expect(await canLogIn(await suite.browser.newContext(), 'dave', password)).toBe(401);
    await page.getByRole('button', { name: 'Enable dave' }).click();
    await expect.poll(async () => (await listedUser(page, 'dave'))?.disabled).toBe(false);

    // Reset the password: the old one stops working, the new one (shown once) works.
    await page.getByRole('button', { name: 'Reset password of dave' }).click();
    await expect.poll(async () => (await shown.textContent()) ?? '').not.toBe('');
    const fresh = (await shown.textContent()) ?? '';
    expect(fresh).not.toBe(password);
    expect(await canLogIn(await suite.browser.newContext(), 'dave', password)).toBe(401);
    expect(await canLogIn(await suite.browser.newContext(), 'dave', fresh)).toBe(200);

    // The last enabled admin cannot lock themselves out: the suite.server refuses, the page says why.
    const rootRoles = page.getByRole('group', { name: 'Roles of root' });
    await rootRoles.getByRole('checkbox', { name: 'adjudicator' }).check();
    await expect.poll(async () => (await listedUser(page, 'root'))?.roles).toEqual(['admin', 'adjudicator']);
    await rootRoles.getByRole('checkbox', { name: 'admin' }).click();
    await expect
      .poll(async () => (await page.getByRole('alert').allTextContents()).join(' '))
      .toContain('last enabled admin');
    await expect.poll(() => rootRoles.getByRole('checkbox', { name: 'admin' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Disable root' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    expect((await listedUser(page, 'root'))?.disabled).toBe(false);
    expect((await listedUser(page, 'root'))?.roles).toContain('admin');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-users-last-admin.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
