import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireStudy } from '../../server/services/study/studies.ts';
import { findArgument } from '../../server/store/arguments.ts';
import type { Db } from '../../server/store/db.ts';
import { latestSample, listSampleItems } from '../../server/store/samples.ts';
import type { FactorId } from '../../shared/factors.ts';
import { emptyJudgement, type Judgement, type Span } from '../../shared/schemas/annotation.ts';
import { demoStudyInBrowser, submitAnnotation } from '../support/adjudication-browser.ts';
import { ARTIFACTS_DIR, axeViolations, logIn } from '../support/browser.ts';

let browser: Browser;
let baseUrl = '';

/** A mention of `factor` in the input case on the `nth` word of four letters or more after the reasoning. */
function mentionOn(text: string, nth: number, factor: FactorId): Span {
  const answer = Math.max(0, text.lastIndexOf('</think>'));
  const words = [...text.slice(answer).matchAll(/[A-Za-z]{4,}/gu)];
  const word = words[nth * 7];
  if (!word || word.index === undefined) throw new Error('the demo argument is too short');
  const start = answer + word.index;
  return {
    start,
    end: start + word[0].length,
    case: 'current',
    factor,
    style: 'paraphrase',
    polarity: 'asserted',
  };
}

/**
 * One argument of the demo study submitted by alice and bob, disagreeing on about a dozen points:
 * the cells F1–F5 (alice) against F6–F11 (bob; there is no F9) in the input case, three mentions, and Abstained.
 */
async function prepareDatabase(db: Db): Promise<void> {
  const study = await requireStudy(db, 'default');
  const sample = await latestSample(db, study.id);
  const [item] = sample ? await listSampleItems(db, sample.id) : [];
  if (!item) throw new Error('the demo sample is empty');
  const text = (await findArgument(db, study.id, item.argumentId))?.record.text ?? '';
  const alice: Judgement = {
    ...emptyJudgement(),
    current: ['F1', 'F2', 'F3', 'F4', 'F5'],
    spans: [mentionOn(text, 1, 'F1'), mentionOn(text, 3, 'F2')],
  };
  const bob: Judgement = {
    ...emptyJudgement(),
    current: ['F6', 'F7', 'F8', 'F10', 'F11'],
    spans: [mentionOn(text, 5, 'F6')],
    abstained: true,
  };
  await submitAnnotation(db, item.argumentRowId, 'alice', alice);
  await submitAnnotation(db, item.argumentRowId, 'bob', bob);
}

let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ baseUrl, browser, close } = await demoStudyInBrowser('fa-adjudication-keys-', prepareDatabase));
}, 180_000);

afterAll(() => close());

/** The item as the adjudicator's API has it: the saved gold, and whether adjudication has started. */
async function itemState(page: Page, itemKey: string) {
  const response = await page.request.get(`${baseUrl}/api/studies/default/adjudication/items/${itemKey}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { gold: unknown; started: boolean };
}

/** The disagreement the focus is on, by its id. */
const focusedDisagreement = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-disagreement') ?? null);

/** A screenshot at 1366×768 and one at 1024×700, each as the window shows it (the panes scroll inside). */
async function bothSizes(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
  await page.setViewportSize({ width: 1024, height: 700 });
  // The panes scroll, not the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(701);
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-1024.png`) });
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('adjudication keys, in Chromium', () => {
  it('decides only from the list, moves on to the next undecided, lists its own keys and shows A | gold | B side by side', {
    timeout: 180_000,
  }, async () => {
    // bypassCSP: axe-core is injected as a script.
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await logIn(page, baseUrl, 'carol', 'carol-demo-2025');
    await page.waitForURL(/\/studies\/default\/adjudication$/);
    await page.getByRole('table', { name: /annotations are all submitted/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Item \d+/ }).waitFor();
    const itemKey = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const list = page.getByRole('list', { name: 'Disagreements' });
    await list.waitFor();
    const rows = list.getByRole('listitem');
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(12);

    // Outside the list the deciding letters change nothing: not the gold, and adjudication is not started.
    await page.keyboard.press('t');
    // T focuses the text on the next animation frame: wait for it rather than race it.
    await page.waitForFunction(() => document.activeElement?.classList.contains('argument-text'), null, {
      timeout: 5000,
    });
    for (const key of ['a', 'b', 'o', 'n', 'e', 'r']) await page.keyboard.press(key);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (const key of ['a', 'b', 'o', 'n', 'e', 'r']) await page.keyboard.press(key);
    expect(await page.locator('.change-notice').textContent()).toBe('');
    expect(await page.locator('[data-save-state]').textContent()).toContain('No changes yet');
    expect(await list.locator('.is-decided').count()).toBe(0);
    expect(await itemState(page, itemKey)).toMatchObject({ gold: null, started: false });

    // G lands on the grid's first cell.
    await page.keyboard.press('g');
    expect(
      await page.evaluate(() => [
        document.activeElement?.getAttribute('data-row'),
        document.activeElement?.getAttribute('data-col'),
      ]),
    ).toEqual(['0', '0']);

    // Inside the list a choice decides and moves on to the next undecided disagreement, wrapping round.
    await page.keyboard.press('d');
    const ids = await rows.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-disagreement')),
    );
    expect(await focusedDisagreement(page)).toBe(ids[0]);
    await page.keyboard.press('a');
    expect(await focusedDisagreement(page)).toBe(ids[1]);
    expect(await rows.first().getAttribute('class')).toContain('is-decided');
    expect(await page.locator('.change-notice').textContent()).toMatch(
      /^Decided disagreement 1 \(.+\) as A\. Ctrl\+Z undoes it\.$/,
    );
    await page.keyboard.press('b');
    expect(await focusedDisagreement(page)).toBe(ids[2]);
    await rows.last().focus();
    await page.keyboard.press('o');
    expect(await focusedDisagreement(page)).toBe(ids[2]);
    await expect.poll(async () => (await itemState(page, itemKey)).started).toBe(true);

    // The ? dialog is adjudication's own list.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard' });
    await dialog.waitFor();
    const listed = (await dialog.textContent()) ?? '';
    expect(listed).toContain('In the disagreement list');
    expect(listed).toContain('Fix the gold');
    expect(listed).toContain('Side by side');
    expect(listed).not.toContain('Submit and go to the next item');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Both panes usable at both sizes: the text's pane is tall, and the list starts in the window.
    for (const [width, height] of [
      [1366, 768],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      const text = await page.locator('.argument-text').boundingBox();
      const firstRow = await rows.first().boundingBox();
      expect(text?.height ?? 0).toBeGreaterThan(height * 0.5);
      expect((firstRow?.y ?? height) + (firstRow?.height ?? 0)).toBeLessThan(height);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    // Most of a dozen disagreements in view at 1366×768.
    const inView = await rows.evaluateAll(
      (elements) =>
        elements.filter((element) => {
          const box = element.getBoundingClientRect();
          const pane = element.closest('.disagreements')?.getBoundingClientRect();
          return (
            pane && box.top >= pane.top - 1 && box.bottom <= Math.min(pane.bottom, window.innerHeight) + 1
          );
        }).length,
    );
    expect(inView).toBeGreaterThanOrEqual(Math.ceil(count * 0.6));
    await bothSizes(page, 'adjudication-item-list');
    expect(await axeViolations(page)).toEqual([]);

    // Side by side, by key and by button: A | gold | B over the same text.
    await page.keyboard.press('v');
    const sideBySide = page.getByRole('region', { name: /^Side by side/ });
    await sideBySide.waitFor();
    expect(await sideBySide.getByRole('columnheader').allTextContents()).toEqual(['A', 'Gold', 'B']);
    expect(await sideBySide.locator('.sbs-disputed').count()).toBeGreaterThan(0);
    expect(await page.locator('.argument-text').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Side by side/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await bothSizes(page, 'adjudication-item-side-by-side');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('v');
    await page.locator('.argument-text').waitFor();
    await page.getByRole('button', { name: /Side by side/ }).click();
    await sideBySide.waitFor();
    await page.keyboard.press('t');
    await page.locator('.argument-text').waitFor();
    // T focuses the text on the next animation frame: wait for it, or it could take the focus back
    // from the list after D.
    await page.waitForFunction(() => document.activeElement?.classList.contains('argument-text'), null, {
      timeout: 5000,
    });

    // A key after T from the side-by-side view keeps its focus: T's deferred focus does not take it back.
    await page.keyboard.press('v');
    await sideBySide.waitFor();
    await page.keyboard.press('t');
    await page.keyboard.press('d');
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
    );
    expect(await focusedDisagreement(page)).not.toBeNull();
    await page.locator('.argument-text').waitFor();

    // Deciding the rest: when none is left, the panel says so and offers the fix.
    await page.keyboard.press('d');
    await expect.poll(() => focusedDisagreement(page)).not.toBeNull();
    for (let left = count - 3; left > 0; left--) {
      const decided = await list.locator('.is-decided').count();
      await page.keyboard.press('a');
      await expect.poll(() => list.locator('.is-decided').count()).toBe(decided + 1);
    }
    await page.getByText(`All ${count} disagreements are decided.`).waitFor();
    expect(await page.getByRole('button', { name: 'Fix the gold' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-save-state]').textContent()).toMatch(/^Draft saved · /);
    expect(errors).toEqual([]);
    await context.close();
  });
});
