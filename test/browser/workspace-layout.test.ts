import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { workspaceSuite } from '../support/workspace-server.ts';

const { server, browser } = workspaceSuite('workspace-layout');

/** alice's first item in a page of its own at `size`, the save state settled. */
async function firstItem(size: { width: number; height: number }): Promise<Page> {
  const context = await browser().newContext({ viewport: size });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await logIn(page, server.baseUrl, 'alice', 'alice-demo-2025');
  await page.getByRole('table', { name: /Your items/ }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /^Item 1 of/ }).waitFor();
  await page.locator('[data-save-state]').waitFor();
  return page;
}

/** Laptops of a law faculty, and a desktop screen. */
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/**
 * What of the workspace is really on screen, by hit-testing (a box inside the window can still be
 * scrolled out of its pane or covered): the text's first paragraph, and each of the grid's 26 rows
 * (the middle of its factor cell and of its last checkbox hits that row).
 */
async function visibility(page: Page): Promise<{ text: boolean; rows: boolean[] }> {
  return page.evaluate(() => {
    const hits = (element: Element | null): boolean => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (element === hit || element.contains(hit));
    };
    const paragraph = document.querySelector('.argument-text > p.argument-paragraph');
    const rows = [...document.querySelectorAll('.factor-grid tbody tr')].map(
      (row) => hits(row.querySelector('th')) && hits(row.querySelector('td:last-child input')),
    );
    return { text: hits(paragraph), rows };
  });
}

describe('the workspace on a laptop screen', () => {
  for (const size of SIZES) {
    it(`shows the text and every row of the grid together at ${size.width}×${size.height}; the guidelines drawer takes the focus and gives it back`, {
      timeout: 60_000,
    }, async () => {
      const page = await firstItem(size);

      // A mark of two cases first ("F1, F8 and F22 were present in both the current case and TSC1"),
      // so the screenshots show the text as it is being annotated.
      await page.keyboard.press('t');
      await page.keyboard.press('/');
      await page.keyboard.type('F1,');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.closest('.palette') !== null);
      await page.keyboard.press('1');
      await page.keyboard.press('2');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: /Mark/ }).waitFor({ state: 'detached' });
      expect(await page.locator('.change-notice').textContent()).toContain(
        'Marked F1 for the input case and TSC1.',
      );
      await page.getByRole('heading', { name: /^Item 1 of/ }).focus();

      const shown = await visibility(page);
      expect(shown.text).toBe(true);
      expect(shown.rows).toHaveLength(26);
      expect(shown.rows.map((visible, row) => (visible ? '' : `row ${row + 1}`)).filter(Boolean)).toEqual([]);
      // Side by side: the grid is to the right of the text, not under it.
      const text = await page.locator('.argument-text').boundingBox();
      const grid = await page.locator('.factor-grid').boundingBox();
      expect(text && grid && grid.x >= text.x + text.width).toBe(true);
      // The page itself does not scroll: the text scrolls in its own pane.
      expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(
        true,
      );
      await page.screenshot({ path: join(ARTIFACTS_DIR, `workspace-${size.width}x${size.height}.png`) });

      // L from the text: the drawer opens, in view, with the focus in it; L again gives it back.
      await page.keyboard.press('t');
      await page.keyboard.press('l');
      const drawer = page.getByRole('dialog', { name: 'Guidelines' });
      await drawer.getByText(/^Version 2025/).waitFor();
      expect(await page.evaluate(() => document.activeElement?.closest('.guidelines-panel') !== null)).toBe(
        true,
      );
      const box = await drawer.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= size.height + 1 && box.x < size.width).toBe(true);
      await page.screenshot({
        path: join(ARTIFACTS_DIR, `workspace-guidelines-${size.width}x${size.height}.png`),
      });
      await page.keyboard.press('l');
      await drawer.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.classList.contains('argument-text'))).toBe(
        true,
      );
      // Esc closes it too, and the focus goes back to where it was (here the Guidelines button).
      await page.getByRole('button', { name: 'Guidelines' }).click();
      await drawer.waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Guidelines');
      // The next size starts from the same item as it was: the mark is taken back.
      await page.keyboard.press('Control+z');
      await expect
        .poll(() => page.locator('[data-save-state]').getAttribute('data-save-state'))
        .toBe('saved');
      expect(await page.locator('mark.mark-cases-current-tsc1').count()).toBe(0);
      await page.context().close();
    });
  }

  it('keeps the grid’s header opaque over the cells it covers', async () => {
    const page = await firstItem({ width: 1024, height: 560 });
    // A window too short for the whole grid: the side pane scrolls, the header sticks over the rows.
    await page.locator('.side-column').evaluate((pane) => {
      pane.scrollTop = 120;
    });
    const covered = await page.evaluate(() => {
      const header = document.querySelector('.factor-grid thead th.grid-case-current');
      if (!header) return 'no header';
      const box = header.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit === header || header.contains(hit) ? 'header' : (hit?.outerHTML.slice(0, 60) ?? 'nothing');
    });
    expect(covered).toBe('header');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'workspace-grid-header.png') });
    await page.context().close();
  });
});

describe('the key list (?)', () => {
  for (const size of [SIZES[0], SIZES[1]]) {
    it(`opens at its top with its title in view and no line overflowing, at ${size.width}×${size.height}`, async () => {
      const page = await firstItem(size);
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard' });
      await dialog.waitFor();
      const state = await dialog.evaluate((element) => {
        const title = element.querySelector('h2')?.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        const overflowing = [...element.querySelectorAll('h2, h3, dt, dd, kbd, button')]
          .filter(
            (child) =>
              child.scrollWidth > child.clientWidth + 1 || child.getBoundingClientRect().right > box.right,
          )
          .map((child) => child.textContent ?? '');
        return {
          scrollTop: element.scrollTop,
          titleInView:
            title !== undefined &&
            title.top >= box.top &&
            title.bottom <= Math.min(box.bottom, window.innerHeight),
          focusedTitle: document.activeElement?.tagName === 'H2',
          wider: element.scrollWidth > element.clientWidth,
          overflowing,
        };
      });
      expect(state).toEqual({
        scrollTop: 0,
        titleInView: true,
        focusedTitle: true,
        wider: false,
        overflowing: [],
      });
      await page.screenshot({ path: join(ARTIFACTS_DIR, `workspace-keys-${size.width}x${size.height}.png`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.context().close();
    });
  }
});
