import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { suggestMentionStyle } from '../../shared/mention-style.ts';
import { ARTIFACTS_DIR, axeViolations, logIn } from '../support/browser.ts';
import { itemFromApi, workspaceSuite } from '../support/workspace-server.ts';

const { server, browser } = workspaceSuite('workspace');

const saveState = (page: Page) => page.locator('[data-save-state]').getAttribute('data-save-state');
const saveText = (page: Page) => page.locator('[data-save-state]').textContent();

/** The words the keyboard selection covers, as the page shows them. */
const selectedText = (page: Page) => page.evaluate(() => window.getSelection()?.toString() ?? '');

/**
 * Opens the palette on the current selection and marks it: the factor by type-ahead, the case by
 * its key (the first key chooses it alone), N when negated, S until the style is "paraphrase".
 */
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
  await page.getByRole('combobox').waitFor();
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

/** The seconds the offline countdown shows ("retrying in 7 s"), or 0 for "retrying now". */
async function countdown(page: Page): Promise<number> {
  const text = (await saveText(page)) ?? '';
  const seconds = /retrying in (\d+) s/.exec(text)?.[1];
  if (seconds !== undefined) return Number(seconds);
  if (text.includes('retrying now')) return 0;
  throw new Error(`no countdown in "${text}"`);
}

describe('the annotation workspace, in Chromium', () => {
  let firstItemUrl = '';

  it('takes an annotator from the queue through marking, reload, a server restart and submission', {
    timeout: 150_000,
  }, async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await logIn(page, server.baseUrl, 'alice', 'alice-demo-2025');
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
    // The demo's arguments carry a source ("synthetic demo"): never shown to an annotator.
    expect(await page.locator('body').textContent()).not.toContain('synthetic demo');
    expect(await saveText(page)).toContain('No changes yet');

    // A paraphrase span for TSC1, by keyboard: three words from the first paragraph under the first heading.
    await page.keyboard.press('t');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await markSelection(page, { query: 'security', caseKey: '2', factor: 'F6' });
    await expect.poll(() => page.locator('mark.mark-cases-tsc1').count()).toBeGreaterThan(0);
    expect(await page.locator('.change-notice').textContent()).toContain('Marked F6 for TSC1.');
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

    // A grid cell ticked without a span, and a flag (Alt+A from anywhere).
    await page.getByRole('checkbox', { name: /^F15 .* in TSC2/ }).check();
    await page.keyboard.press('Alt+a');
    expect(await page.getByRole('checkbox', { name: /^Abstained/ }).isChecked()).toBe(true);
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('saved');
    expect(await saveText(page)).toMatch(/^Draft saved · \d\d:\d\d/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'workspace.png'), fullPage: false });

    // A reload finds it all, and says the draft is saved (and when), not "no changes".
    await page.reload();
    await page.getByRole('heading', { name: /Item 1/ }).waitFor();
    expect(await saveText(page)).toMatch(/^Draft saved · \d\d:\d\d/);
    expect(await page.getByRole('list', { name: 'Marks' }).getByRole('listitem').count()).toBe(2);
    expect(await page.getByRole('checkbox', { name: /^F6 Security-measures in TSC1/ }).isChecked()).toBe(
      true,
    );
    expect(await page.getByRole('checkbox', { name: /^F15 .* in TSC2/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Abstained/ }).isChecked()).toBe(true);

    // The server goes away; a change made meanwhile is kept, the countdown counts down, and the
    // save goes as soon as the server answers again — not when the backoff (by then 8 s) ends.
    await server.stop();
    await page.getByRole('checkbox', { name: /^F20 .* in Input case/ }).check();
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('offline');
    // Retries back off (1, 2, 4, 8 s): within the 8-second wait, the countdown goes down.
    await expect.poll(() => countdown(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    const first = await countdown(page);
    await page.waitForTimeout(1200);
    expect(await countdown(page)).toBeLessThan(first);
    await server.start();
    const back = Date.now();
    await expect.poll(() => saveState(page), { timeout: 20_000 }).toBe('saved');
    expect(Date.now() - back).toBeLessThan(3500);
    const fromServer = await itemFromApi(page, server.baseUrl, firstItemUrl);
    expect(fromServer.annotation?.judgement.current).toContain('F20');

    // Submit lands on the next item, and says which was submitted.
    await page.keyboard.press('Control+Enter');
    await page.getByRole('heading', { name: /Item 2/ }).waitFor();
    expect(page.url()).not.toBe(firstItemUrl);
    expect(await page.locator('.change-notice').textContent()).toBe('Item 1 submitted.');

    // From the queue, item 4 (2 and 3 left as they are): Ctrl+Enter goes on to 5, in queue order.
    await page.getByRole('link', { name: '← Queue' }).click();
    await page.getByRole('table', { name: /Your items/ }).waitFor();
    await page.getByRole('link', { name: 'Item 4', exact: true }).click();
    await page.getByRole('heading', { name: /^Item 4 of/ }).waitFor();
    await page.keyboard.press('Control+Enter');
    await page.getByRole('heading', { name: /^Item 5 of/ }).waitFor();
    expect(await page.locator('.change-notice').textContent()).toBe('Item 4 submitted.');

    // The queue shows the work done: two submitted, time spent, when each was saved (unambiguously).
    await page.getByRole('link', { name: '← Queue' }).click();
    await page.getByRole('table', { name: /Your items/ }).waitFor();
    expect(await page.locator('.queue-summary').textContent()).toContain('2 of 50 submitted');
    const firstRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Item 1', exact: true }) });
    expect(await firstRow.textContent()).toMatch(
      /\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d\d:\d\d/,
    );
    expect(await page.locator('main').textContent()).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'queue-progress.png') });

    // A submitted item is read-only until reopened (adjudication has not started).
    await page.getByRole('link', { name: 'Item 1', exact: true }).click();
    expect(await saveText(page)).toMatch(/^Submitted · /);
    await page.getByRole('button', { name: 'Reopen to change' }).click();
    await page.getByRole('button', { name: /^Submit/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^F20 .* in Input case/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^F20 .* in Input case/ }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses another annotator’s item by URL, revealing nothing', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await logIn(page, server.baseUrl, 'bob', 'bob-demo-2025');
    await page.goto(firstItemUrl);
    await page.getByRole('heading', { name: 'This item cannot be opened' }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('not in your queue');
    expect(text).not.toMatch(/alice|demo-|arguable/i);
    await context.close();
  });
});

describe('accessibility of the annotator screens (axe-core, WCAG 2 A and AA)', () => {
  const violations = axeViolations;

  it('finds no violation on the queue, the workspace with marks, the open palette, the guidelines and the key list', async () => {
    // axe is injected as a script, which the app's Content-Security-Policy would refuse.
    const context = await browser().newContext({ bypassCSP: true, viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await logIn(page, server.baseUrl, 'bob', 'bob-demo-2025');
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
    await page.keyboard.press('1');
    await page.keyboard.press('2');
    await page.keyboard.press('n');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /Mark/ }).waitFor({ state: 'detached' });
    await page.keyboard.press('l');
    await page
      .getByRole('dialog', { name: 'Guidelines' })
      .getByText(/^Version 2025/)
      .waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'workspace-guidelines.png') });
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
