import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Judgement } from '../../shared/schemas/annotation.ts';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { itemFromApi, workspaceSuite } from '../support/workspace-server.ts';
import {
  FAR_PHRASE,
  longArgument,
  REVEALING_SOURCE,
  seedWorkspaceStudy,
  WORKSPACE_ANNOTATOR,
} from '../support/workspace-study.ts';

const { server, browser } = workspaceSuite('workspace-keys', seedWorkspaceStudy);

/** Errors thrown in each page, checked when it closes. */
const pageErrors = new WeakMap<Page, string[]>();

/** A page of alice's, on item `position` of her queue, saved state settled. */
async function openItem(position: number): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  await logIn(page, server.baseUrl, WORKSPACE_ANNOTATOR.username, WORKSPACE_ANNOTATOR.password);
  await page.getByRole('table', { name: /Your items/ }).waitFor();
  await page.getByRole('link', { name: `Item ${position}`, exact: true }).click();
  await page.getByRole('heading', { name: new RegExp(`^Item ${position} of`) }).waitFor();
  await page.locator('[data-save-state]').waitFor();
  return page;
}

const saveState = (page: Page) => page.locator('[data-save-state]').getAttribute('data-save-state');
const saved = (page: Page) => expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('saved');
/** The judgement the server holds for the page's item. */
const judgementOf = async (page: Page): Promise<Judgement | undefined> =>
  (await itemFromApi(page, server.baseUrl, page.url())).annotation?.judgement;
const notice = (page: Page) => page.locator('.change-notice').textContent();

/** Closes the page's context, after checking that no script error happened in it. */
async function close(page: Page): Promise<void> {
  expect((pageErrors.get(page) ?? []).join('\n')).toBe('');
  await page.context().close();
}

/** Records every text the change line shows from now on (a change is announced there, once). */
async function recordNotices(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { notices: string[] }).notices = seen;
    const line = document.querySelector('.change-notice');
    if (!line) throw new Error('no change line');
    new MutationObserver(() => {
      const text = line.textContent ?? '';
      if (text !== '') seen.push(text);
    }).observe(line, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { notices: string[] }).notices]);
}

describe('keys that never change the judgement by accident', () => {
  it('types words everywhere outside the palette and the comment box: nothing changes unannounced, Ctrl+Z takes back what did', {
    timeout: 120_000,
  }, async () => {
    const page = await openItem(3);
    // One mark first, so that there is a mark to select, edit or remove by a stray key: "F6".
    await page.keyboard.press('t');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /Mark/ }).waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('.palette') !== null);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /Mark/ }).waitFor({ state: 'detached' });
    await saved(page);
    const before = await judgementOf(page);
    expect(before?.spans).toHaveLength(1);
    const notices = await recordNotices(page);

    // The issue's own sequence: T, then the word "exact", then "c" and "t" — no flag, no comment.
    await page.keyboard.press('t');
    await page.keyboard.type('exact');
    await page.keyboard.type('ct');
    expect(await page.getByRole('checkbox', { name: /^Truncated/ }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: /^Abstained/ }).isChecked()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('TEXTAREA');

    // Ordinary words from every place the focus can be outside the palette and the comment box.
    // It starts with "exact", whose letters are the flags' (A, E, X) and the comment's old key (C).
    const words = 'exact fax, and the defendant signed (with 1 2 3) as claimed [sic] / then nothing?';
    const places: [string, () => Promise<void>][] = [
      ['the heading', () => page.getByRole('heading', { name: /^Item 3 of/ }).focus()],
      ['the text', () => page.keyboard.press('t')],
      [
        'the list of marks',
        () => page.getByRole('list', { name: 'Marks' }).getByRole('button').first().focus(),
      ],
      ['a cell of the grid', () => page.getByRole('checkbox', { name: /^F10 .* in TSC2/ }).focus()],
      ['the flags', () => page.getByRole('checkbox', { name: /^Truncated/ }).focus()],
      ['the guidelines button', () => page.getByRole('button', { name: 'Guidelines' }).focus()],
    ];
    for (const [, focus] of places) {
      // A dialog a "?" opened is closed first, as an annotator would.
      while ((await page.locator('dialog[open]').count()) > 0) await page.keyboard.press('Escape');
      await focus();
      await page.keyboard.type(words, { delay: 5 });
    }
    while ((await page.locator('dialog[open]').count()) > 0) await page.keyboard.press('Escape');
    await saved(page);
    const after = await judgementOf(page);
    // Never a comment, whatever was typed (the comment box takes Alt+C).
    expect(after?.comment).toBeUndefined();
    // Every change was announced — once each — and as many Ctrl+Z take every one back.
    const announced = await notices();
    const changes = announced.filter((text) => text.endsWith('Ctrl+Z undoes it.'));
    expect(announced.length).toBe(changes.length);
    // "exact" typed in the flags panel ticked flags there (a focused control): announced, so undone below.
    expect(changes.some((text) => text.includes('“With the exact phrase”'))).toBe(true);
    await page.getByRole('heading', { name: /^Item 3 of/ }).focus();
    for (const _ of changes) await page.keyboard.press('Control+z');
    await saved(page);
    expect(await judgementOf(page)).toEqual(before);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'workspace-stray-keys.png') });
    await close(page);
  });

  it('announces a flag set with Alt and undoes it; leaves the comment box with Esc, undoing its typing with Ctrl+Z there', {
    timeout: 60_000,
  }, async () => {
    const page = await openItem(3);
    await page.keyboard.press('Alt+a');
    expect(await page.getByRole('checkbox', { name: /^Abstained/ }).isChecked()).toBe(true);
    expect(await notice(page)).toContain('Ticked “Abstained”');
    await expect
      .poll(() => page.locator('[role="status"][aria-live]').allTextContents())
      .toContainEqual(expect.stringContaining('Ticked “Abstained”'));
    await page.keyboard.press('Alt+c');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('Unsure whether the cited case is TSC1.');
    // Ctrl+Z in the comment box is the workspace's: the typed comment is one step, taken back.
    await page.keyboard.press('Control+z');
    expect(await page.getByLabel(/Comment for the adjudicator/).inputValue()).toBe('');
    expect(await notice(page)).toContain('Undone: Wrote a comment.');
    await page.keyboard.press('Control+z');
    expect(await page.getByRole('checkbox', { name: /^Abstained/ }).isChecked()).toBe(false);
    // A comment committed by the pause is undone at once: the field never keeps the words undone.
    await page.keyboard.type('Second thoughts.');
    await expect.poll(() => notice(page)).toContain('Wrote a comment.');
    // Read in the task of the key press itself (after its microtasks), as the next frame would paint it.
    const shownAfterUndo = await page.evaluate(async () => {
      const box = document.activeElement;
      if (!(box instanceof HTMLTextAreaElement)) return 'focus left the comment box';
      const init = { key: 'z', code: 'KeyZ', ctrlKey: true, bubbles: true, cancelable: true };
      box.dispatchEvent(new KeyboardEvent('keydown', init));
      await Promise.resolve();
      return box.value;
    });
    expect(shownAfterUndo).toBe('');
    await page.keyboard.type('Cut off?');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('argument-text'))).toBe(true);
    await saved(page);
    expect((await judgementOf(page))?.comment).toBe('Cut off?');
    // Ordinary words typed outside any text field leave the comment and the judgement as they are.
    const before = await judgementOf(page);
    await page.getByRole('heading', { name: /^Item 3 of/ }).focus();
    await page.keyboard.type('the plaintiff here signed', { delay: 5 });
    while ((await page.locator('dialog[open]').count()) > 0) await page.keyboard.press('Escape');
    expect(await page.getByLabel(/Comment for the adjudicator/).inputValue()).toBe('Cut off?');
    await saved(page);
    expect(await judgementOf(page)).toEqual(before);
    for (const [width, height] of [
      [1366, 768],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByLabel(/Comment for the adjudicator/).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS_DIR, `workspace-comment-${width}x${height}.png`) });
    }
    await close(page);
  });
});

describe('one mark for several cases', () => {
  it('marks "F4 … in both the input case and TSC1" once for two cases; the API has both; undo removes both', {
    timeout: 60_000,
  }, async () => {
    const page = await openItem(1);
    // "F4" of "F4 and F6 were present in both the input case and TSC1": find it, open the palette.
    await page.keyboard.press('t');
    await page.keyboard.press('/');
    await page.keyboard.type('F4 and');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Enter');
    const palette = page.getByRole('dialog', { name: /^(Edit mark|Mark) /i });
    await palette.waitFor();
    expect(await palette.locator('.palette-title q').textContent()).toBe('F4');
    // The selection names F4 by code: chosen already; 1 and 2 for the two cases, Enter.
    await page.keyboard.press('1');
    await page.keyboard.press('2');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'workspace-palette-two-cases.png') });
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    expect(await notice(page)).toContain('Marked F4 for the input case and TSC1.');
    await saved(page);
    const judgement = await judgementOf(page);
    expect(judgement?.current).toContain('F4');
    expect(judgement?.tsc1).toContain('F4');
    const f4 = judgement?.spans.filter((span) => span.factor === 'F4') ?? [];
    expect(f4.map((span) => span.case)).toEqual(['current', 'tsc1']);
    expect(new Set(f4.map((span) => `${span.start}-${span.end}`)).size).toBe(1);
    // One mark on screen: one row with two chips, one highlight with an underline per case.
    const rows = page.getByRole('list', { name: 'Marks' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('.case-chip').allTextContents()).toEqual(['Input', 'TSC1']);
    expect(await page.locator('mark.mark-cases-current-tsc1').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'workspace-two-cases.png') });

    // The next mark is offered the same two cases; Enter takes them.
    await page.keyboard.press('/');
    await page.keyboard.type('F6 were');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Enter');
    await palette.waitFor();
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    expect(await notice(page)).toContain('Marked F6 for the input case and TSC1.');

    // Selected with [ and opened with Enter, the F4 mark is edited as one: TSC2 alone now.
    await page.keyboard.press('[');
    await page.keyboard.press('[');
    await page.keyboard.press('Enter');
    await palette.waitFor();
    expect(await palette.textContent()).toContain('Edit mark');
    await page.keyboard.press('3');
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    await saved(page);
    const edited = await judgementOf(page);
    expect(edited?.spans.filter((span) => span.factor === 'F4').map((span) => span.case)).toEqual(['tsc2']);
    expect(edited?.current).not.toContain('F4');
    // Undo, twice: the edit, then the F6 mark; again: the first F4 mark, both its cases at once.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await saved(page);
    const undone = await judgementOf(page);
    expect(undone?.spans).toEqual([]);
    expect(undone?.current).toEqual([]);
    expect(undone?.tsc1).toEqual([]);
    await close(page);
  });
});

describe('find-to-select', () => {
  it('reaches and marks a phrase 300 words into a long argument in at most 8 key presses', {
    timeout: 60_000,
  }, async () => {
    expect(longArgument().wordsBefore).toBeGreaterThanOrEqual(300);
    const page = await openItem(2);
    await page.keyboard.press('t');
    const presses = [
      '/',
      'f',
      '1',
      '2',
      'Enter', // selects the match, "F12"
      'Control+Shift+ArrowRight', // to the end of its phrase, before the comma
      'Enter', // opens the palette: "F12" names the factor, chosen already
      'Enter', // marks it, for the input case (offered for the first mark)
    ];
    expect(presses.length).toBeLessThanOrEqual(8);
    for (const [index, key] of presses.entries()) {
      await page.keyboard.press(key);
      // Waiting is no key press: for the find box, then for the palette to have the keys.
      if (key === '/') await page.getByRole('searchbox').waitFor();
      if (index === 6) await page.waitForFunction(() => document.activeElement?.closest('.palette') !== null);
    }
    await page.getByRole('dialog', { name: /Mark/ }).waitFor({ state: 'detached' });
    await saved(page);
    const item = await itemFromApi(page, server.baseUrl, page.url());
    const [span] = item.annotation?.judgement.spans ?? [];
    expect(span && item.text.slice(span.start, span.end)).toBe(FAR_PHRASE);
    expect(span).toMatchObject({ factor: 'F12', case: 'current', style: 'code', polarity: 'asserted' });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'workspace-find.png') });
    await close(page);
  });
});

describe('blinding', () => {
  it('shows no imported source on any page or answer an annotator gets', { timeout: 60_000 }, async () => {
    const page = await openItem(1);
    const answers: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/api/')) answers.push(await response.text().catch(() => ''));
    });
    for (const position of [1, 2, 3]) {
      await page.getByRole('link', { name: '← Queue' }).click();
      await page.getByRole('table', { name: /Your items/ }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain('gpt-4o');
      await page.getByRole('link', { name: `Item ${position}`, exact: true }).click();
      await page.getByRole('heading', { name: new RegExp(`^Item ${position} of`) }).waitFor();
      const shown = (await page.locator('body').textContent()) ?? '';
      expect(shown).not.toContain(REVEALING_SOURCE);
      expect(shown).not.toMatch(/gpt-4o|Test 2|reordered/);
    }
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer).not.toMatch(/gpt-4o|Test 2|reordered/);
    await close(page);
  });
});
