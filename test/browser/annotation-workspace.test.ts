import { mkdirSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../scripts/serve.ts';
import { loadConfig } from '../../server/config.ts';
import { suggestMentionStyle } from '../../shared/mention-style.ts';
import { ARTIFACTS_DIR, launchBrowser, logIn } from '../support/browser.ts';

let server: Server;
let browser: Browser;
let port = 0;
let database = '';

async function startServer(): Promise<void> {
  server = await serve(loadConfig({ PORT: String(port), FACTOR_AUDIT_DB: database }), () => {});
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}

async function stopServer(): Promise<void> {
  await new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}

const baseUrl = () => `http://127.0.0.1:${port}`;

beforeAll(async () => {
  database = join(mkdtempSync(join(tmpdir(), 'fa-workspace-')), 'demo.db');
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await startServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server?.listening) await stopServer();
});

const saveState = (page: Page) => page.locator('[data-save-state]').getAttribute('data-save-state');

/** The words the keyboard selection covers, as the page shows them. */
const selectedText = (page: Page) => page.evaluate(() => window.getSelection()?.toString() ?? '');

/** Opens the palette on the current selection and marks it: factor by type-ahead, case key, optional N, style. */
async function markSelection(
  page: Page,
  options: {
    query: string;
    caseKey: '1' | '2' | '3';
    negated?: boolean;
    factor: 'F6' | 'F5';
    screenshot?: string;
  },
): Promise<void> {
  const words = await selectedText(page);
  await page.keyboard.press('Enter');
  const palette = page.getByRole('dialog', { name: /Mark/ });
  await palette.waitFor();
  await page.keyboard.type(options.query);
  await page.keyboard.press('Enter');
  await page.keyboard.press(options.caseKey);
  if (options.negated) await page.keyboard.press('n');
  // Cycle the suggested style to "paraphrase" (code → name → paraphrase).
  const order = ['code', 'name', 'paraphrase'];
  const presses =
    (order.length + 2 - order.indexOf(suggestMentionStyle(words, options.factor))) % order.length;
  for (let press = 0; press < presses; press += 1) await page.keyboard.press('s');
  await expect.poll(() => palette.getByRole('radio', { name: 'paraphrase' }).isChecked()).toBe(true);
  if (options.screenshot) await page.screenshot({ path: join(ARTIFACTS_DIR, options.screenshot) });
  await page.keyboard.press('Enter');
  await palette.waitFor({ state: 'detached' });
}

describe('the annotation workspace, in Chromium', () => {
  let firstItemUrl = '';

  it('takes an annotator from the queue through marking, reload, a server restart and submission', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await logIn(page, baseUrl(), 'alice', 'alice-demo-2025');
    await page.waitForURL(/\/studies\/default\/queue$/);
    await page.getByRole('table', { name: /Your items/ }).waitFor();
    const queueText = (await page.locator('main').textContent()) ?? '';
    expect(queueText).toContain('0 of 50 submitted');
    expect(queueText).not.toMatch(/demo-(codes|reasoner|names)|arguable|test ?[123]/i);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'queue.png'), fullPage: true });

    // Enter continues where the annotator left off: the first item.
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/items\/[a-z0-9]+$/);
    firstItemUrl = page.url();
    expect(firstItemUrl).not.toMatch(/demo|arguable|reordered|test/);
    await page.getByRole('heading', { name: /Item 1/ }).waitFor();

    // A paraphrase span for TSC1, by keyboard: three words from the first paragraph under the first heading.
    await page.keyboard.press('t');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await markSelection(page, { query: 'security', caseKey: '2', factor: 'F6' });
    await expect.poll(() => page.locator('mark.mark-tsc1').count()).toBeGreaterThan(0);
    expect(await page.getByRole('checkbox', { name: /^F6 Security-measures in TSC1/ }).isChecked()).toBe(
      true,
    );

    // A negated mention for the input case: the first words of the next paragraph.
    await page.keyboard.press('t');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    await markSelection(page, {
      query: 'agreement-not',
      caseKey: '1',
      negated: true,
      factor: 'F5',
      screenshot: 'workspace-palette.png',
    });
    await expect.poll(() => page.locator('mark.mark-negated').count()).toBeGreaterThan(0);
    expect(
      await page.getByRole('checkbox', { name: /^F5 Agreement-not-specific in Input case/ }).isChecked(),
    ).toBe(false);

    // A grid cell ticked without a span, and a flag.
    await page.getByRole('checkbox', { name: /^F15 .* in TSC2/ }).check();
    await page.keyboard.press('a');
    expect(await page.getByRole('checkbox', { name: /^Abstained/ }).isChecked()).toBe(true);
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('saved');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'workspace.png'), fullPage: false });

    // A reload finds it all.
    await page.reload();
    await page.getByRole('heading', { name: /Item 1/ }).waitFor();
    expect(await page.getByRole('list', { name: 'Marks' }).getByRole('listitem').count()).toBe(2);
    expect(await page.getByRole('checkbox', { name: /^F6 Security-measures in TSC1/ }).isChecked()).toBe(
      true,
    );
    expect(await page.getByRole('checkbox', { name: /^F15 .* in TSC2/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Abstained/ }).isChecked()).toBe(true);

    // The server goes away; a change made meanwhile is kept and sent once it is back.
    await stopServer();
    await page.getByRole('checkbox', { name: /^F20 .* in Input case/ }).check();
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('offline');
    await startServer();
    await expect.poll(() => saveState(page), { timeout: 20_000 }).toBe('saved');
    const fromServer = await page.evaluate(async (url) => {
      const response = await fetch(url.replace('/studies/', '/api/studies/'), { credentials: 'same-origin' });
      return (await response.json()) as { annotation: { judgement: { current: string[] } } };
    }, firstItemUrl);
    expect(fromServer.annotation.judgement.current).toContain('F20');

    // Submit lands on the next item.
    await page.keyboard.press('Control+Enter');
    await page.getByRole('heading', { name: /Item 2/ }).waitFor();
    expect(page.url()).not.toBe(firstItemUrl);

    // The queue shows the work done: one submitted, time spent, the next item to continue.
    await page.getByRole('link', { name: '← Queue' }).click();
    await page.getByRole('table', { name: /Your items/ }).waitFor();
    expect(await page.locator('.queue-summary').textContent()).toContain('1 of 50 submitted');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'queue-progress.png') });

    // A submitted item is read-only until reopened (adjudication has not started).
    await page.getByRole('link', { name: 'Item 1', exact: true }).click();
    await page.getByRole('button', { name: 'Reopen to change' }).click();
    await page.getByRole('button', { name: /^Submit/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^F20 .* in Input case/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^F20 .* in Input case/ }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses another annotator’s item by URL, revealing nothing', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, baseUrl(), 'bob', 'bob-demo-2025');
    await page.goto(firstItemUrl);
    await page.getByRole('heading', { name: 'This item cannot be opened' }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('not in your queue');
    expect(text).not.toMatch(/alice|demo-|arguable/i);
    await context.close();
  });
});

describe('accessibility of the annotator screens (axe-core, WCAG 2 A and AA)', () => {
  async function violations(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
    return page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
      ).axe;
      interface AxeResults {
        violations: { id: string; help: string; nodes: { target: string[] }[] }[];
      }
      const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
      return results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
    });
  }

  it('finds no violation on the queue, the workspace with marks, and the open palette', async () => {
    // axe is injected as a script, which the app's Content-Security-Policy would refuse.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await logIn(page, baseUrl(), 'bob', 'bob-demo-2025');
    await page.getByRole('table', { name: /Your items/ }).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Item 1/ }).waitFor();
    await page.keyboard.press('t');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /Mark/ }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.type('secur');
    await page.keyboard.press('Enter');
    await page.keyboard.press('n');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /Mark/ }).waitFor({ state: 'detached' });
    await page.keyboard.press('l');
    await page
      .getByRole('complementary', { name: 'Guidelines' })
      .getByText(/^Version 2025/)
      .waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'workspace-guidelines.png') });
    await context.close();
  });
});
