import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn } from '../support/browser.ts';
import { CONSOLE_ADMIN, consoleSuite, seedSampleAndAnnotators } from '../support/console-server.ts';

const suite = consoleSuite(seedSampleAndAnnotators);

/** Every form control's state on the page, to see that typing outside them changed none. */
const controls = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input, select, textarea',
      ),
    ].map((control) =>
      control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
        ? `${control.id}:${control.checked}`
        : `${control.id}:${control.value}`,
    ),
  );

describe('the console and report screens, typed at outside any field', () => {
  it('change nothing: no write is sent, no control changes, the screen stays where it is', {
    timeout: 120_000,
  }, async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && !request.url().endsWith('/api/auth/login'))
        writes.push(`${request.method()} ${request.url()}`);
    });
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    const screens = [
      '/admin/data',
      '/admin/users',
      ...['sample', 'assignment', 'progress', 'arguments', 'extractions'].map(
        (screen) => `/studies/default/console/${screen}`,
      ),
      '/studies/default/report',
    ];
    for (const path of screens) {
      await page.goto(`${suite.baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const before = await controls(page);
      const heading = await page.locator('h1').first().textContent();
      // Only what the typing sends counts (the report screen asks for its report when it opens).
      writes.length = 0;
      await page.keyboard.type('the study looks fine today ?/ gv da 12');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Space');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await page.locator('h1').first().textContent(), path).toBe(heading);
      expect(await controls(page), path).toEqual(before);
      expect(await page.getByRole('dialog').count(), path).toBe(0);
      expect(writes, path).toEqual([]);
    }
    await context.close();
  });
});
