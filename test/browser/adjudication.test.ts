import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/services/audit/audit.ts';
import { importRecords } from '../../server/services/interchange/import/import-records.ts';
import { requireStudy } from '../../server/services/study/studies.ts';
import { findArgument } from '../../server/store/arguments.ts';
import type { Db } from '../../server/store/db.ts';
import { latestSample, listSampleItems } from '../../server/store/samples.ts';
import { emptyJudgement, type Judgement, type Span } from '../../shared/schemas/annotation.ts';
import { buildExtraction } from '../factories.ts';
import { demoStudyInBrowser, submitAnnotation } from '../support/adjudication-browser.ts';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';

let browser: Browser;
let baseUrl = '';
/** The argument A and B disagree on, and the one they agree on. */
const items = { disputed: '', agreed: '' };

const ALICE_COMMENT = 'Rebuttal heading present but empty; F6 is only paraphrased in TSC1.';
const BOB_COMMENT = 'The response declines in its first sentence, then argues anyway.';

/** alice marks F6 in TSC1 in the text; bob ticks it without a mark, and sets Abstained. */
function judgements(text: string): { alice: Judgement; bob: Judgement } {
  const answer = Math.max(0, text.lastIndexOf('</think>'));
  const start = text.indexOf('TSC', answer);
  const mark: Span = {
    start,
    end: start + 4,
    case: 'tsc1',
    factor: 'F6',
    style: 'paraphrase',
    polarity: 'asserted',
  };
  return {
    alice: { ...emptyJudgement(), tsc1: ['F6'], current: ['F4'], spans: [mark], comment: ALICE_COMMENT },
    bob: { ...emptyJudgement(), tsc1: ['F6'], abstained: true, comment: BOB_COMMENT },
  };
}

/**
 * The demo study, with alice and bob's annotations of two sampled arguments submitted, and an
 * extractor ("perfect") whose output on the disputed argument is the gold the test fixes.
 */
async function prepareDatabase(db: Db): Promise<void> {
  const study = await requireStudy(db, 'default');
  const sample = await latestSample(db, study.id);
  if (!sample) throw new Error('the demo sample is missing');
  const [disputed, agreed] = await listSampleItems(db, sample.id);
  if (!disputed || !agreed) throw new Error('the demo sample has fewer than two items');
  items.disputed = disputed.argumentId;
  items.agreed = agreed.argumentId;
  const submit = async (argumentRowId: number, username: string, judgement: Judgement) =>
    await submitAnnotation(db, argumentRowId, username, judgement);
  const text = (await findArgument(db, study.id, disputed.argumentId))?.record.text ?? '';
  const { alice, bob } = judgements(text);
  await submit(disputed.argumentRowId, 'alice', alice);
  await submit(disputed.argumentRowId, 'bob', bob);
  const agreedJudgement: Judgement = { ...emptyJudgement(), current: ['F4'], tsc1: ['F6'] };
  await submit(agreed.argumentRowId, 'alice', agreedJudgement);
  await submit(agreed.argumentRowId, 'bob', agreedJudgement);
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'extractions',
    study: 'default',
    sourceName: 'perfect.jsonl',
    values: [
      buildExtraction({
        argument_id: disputed.argumentId,
        extractor: 'perfect',
        current: ['F4'],
        tsc1: ['F6'],
        tsc2: [],
      }),
    ],
  });
}

let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ baseUrl, browser, close } = await demoStudyInBrowser('fa-adjudication-', prepareDatabase));
}, 180_000);

afterAll(() => close());

/** The gold of an argument as the admin API has it. */
async function goldOf(page: Page, argumentId: string) {
  const response = await page.request.get(
    `${baseUrl}/api/studies/default/arguments/${encodeURIComponent(argumentId)}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as { gold: { judgement: Judgement; decisions?: unknown } | null };
}

/**
 * A screenshot at 1366×768, then one at 1024×700, back to 1366×768. At both sizes the text and the
 * column beside it are panes that scroll inside the window (the page itself does not scroll), so
 * each screenshot is the window. `side` scrolls the column beside the text to that panel first.
 */
async function screenshots(page: Page, name: string, side: string): Promise<void> {
  await page.locator(side).evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
  await page.setViewportSize({ width: 1024, height: 700 });
  // Nothing wider or taller than the window: the panes scroll, not the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(701);
  await page.locator(side).evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-1024.png`) });
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('adjudication, in Chromium', () => {
  it('shows both annotators’ comments, places a refused fix by its number with a link to it, brings marks back on a re-tick, and reveals the extractors — a perfect one with its correct units — only after fixing', {
    timeout: 180_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await logIn(page, baseUrl, 'carol', 'carol-demo-2025');
    await page.waitForURL(/\/studies\/default\/adjudication$/);
    await page.getByRole('table', { name: /annotations are all submitted/ }).waitFor();
    expect(await page.locator('main').textContent()).toContain('1 item has no disagreement');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'adjudication-queue.png') });

    // Bulk acceptance takes the agreed item only.
    await page.getByRole('button', { name: 'Accept them all…' }).click();
    await page.getByRole('button', { name: 'Accept 1' }).click();
    await page.getByText(/Accepted 1 item as gold/).waitFor();

    // Open the disputed item: A and B differ on F4 in the input case, on the mark of F6 in TSC1, and on
    // the abstention flag. Which annotator is shown as A is the server's seeded choice, so the test reads
    // it off the screen.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Item \d+/ }).waitFor();
    const list = page.getByRole('list', { name: 'Disagreements' });
    await list.waitFor();
    const rows = list.getByRole('listitem');
    expect(await rows.count()).toBe(3);

    // Both annotators' comments (and flags) are beside the disagreements, each under its label.
    const notes = page.getByRole('region', { name: 'The annotators’ comments' });
    const noteText = (await notes.textContent()) ?? '';
    expect(noteText).toContain(ALICE_COMMENT);
    expect(noteText).toContain(BOB_COMMENT);
    expect(noteText).toContain('flags: Abstained');
    expect(noteText).not.toMatch(/alice|bob/);

    // The reveal is refused before the gold is fixed — by the API, not only the screen.
    const itemKey = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const early = await page.request.get(
      `${baseUrl}/api/studies/default/adjudication/items/${itemKey}/reveal`,
    );
    expect(early.status()).toBe(403);
    expect(await page.getByText('Fix the gold first').count()).toBe(1);

    // 1 (F4 in the input case): decided for the side that ticked it, by keyboard.
    const first = (await rows.first().textContent()) ?? '';
    expect(first).toMatch(/^1\s*F4 Agreed-not-to-disclose/);
    await page.keyboard.press('d');
    await page.keyboard.press(first.includes('A: ticked') ? 'a' : 'b');

    // Fixing now is refused, naming the disagreement as the list numbers it, with a link that selects it.
    await page.keyboard.press('Control+Enter');
    const refusal = page.getByRole('alert').filter({ hasText: 'The gold cannot be fixed yet' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      'Disagreement 2 — a mark of F6 in TSC1: undecided (and 1 more after it)',
    );
    const second = rows.nth(1);
    expect(await second.textContent()).toMatch(/^2\s*Mention of F6 Security-measures · TSC1/);
    await refusal.getByRole('button', { name: 'Go to disagreement 2' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-disagreement'))).toMatch(
      /^span:tsc1:F6:/,
    );
    // The selected row takes the keys: keep the mark, from the side that made it.
    const withMark = ((await second.textContent()) ?? '').match(/A: “/) ? 'a' : 'b';
    await page.keyboard.press(withMark);
    // 3 (abstained): edited — the adjudicator sets the value, then records why.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('checkbox', { name: /^Abstained/ }).check();
    await rows.nth(2).focus();
    await page.keyboard.press('e');
    await page.keyboard.press('r');
    await page.keyboard.type('The response argues after declining; it abstained in its first sentence.');
    await page.keyboard.press('Escape');

    // Unticking F6 in TSC1 takes the kept mark with it: fixing is refused, saying where and what to do.
    const f6 = page.getByRole('checkbox', { name: /^F6 .* in TSC1/ });
    await f6.uncheck();
    await page.keyboard.press('Control+Enter');
    await refusal
      .getByText(/^Disagreement 2 — a mark of F6 in TSC1: decided as [AB] \([AB]'s mark kept\)/)
      .waitFor();
    expect(await refusal.textContent()).toContain(
      'but the gold keeps neither mark: F6 in TSC1 is no longer ticked, which took the mark away. Tick F6 in TSC1 again (the mark comes back)',
    );
    expect(await second.getAttribute('class')).toContain('is-stale');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'adjudication-refusal.png') });
    // Ticking it again brings the mark back, and says so.
    await f6.check();
    await page
      .getByRole('status')
      .filter({ hasText: 'Ticked F6 in TSC1 again: the marks disagreement 2 kept are back.' })
      .waitFor();
    expect(await second.getAttribute('class')).not.toContain('is-stale');
    // The refusal followed the changes: with nothing left in the way, it is gone.
    expect(await refusal.count()).toBe(0);
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await screenshots(page, 'adjudication-item', '.annotator-notes');

    await page.keyboard.press('Control+Enter');
    await page.getByRole('button', { name: 'Show the extractors against this gold' }).click();
    await page.getByRole('heading', { name: /rules/ }).waitFor();

    // An extractor right on every unit lists those units, folded.
    const perfect = page
      .locator('.reveal-extractor')
      .filter({ has: page.getByRole('heading', { name: 'perfect' }) });
    expect(await perfect.textContent()).toContain('Nothing missed, nothing wrong: all 2 units are correct.');
    const correct = perfect.locator('details.reveal-correct');
    expect(await correct.getAttribute('open')).toBeNull();
    await correct.getByText('The 2 correct units').click();
    const units = correct.getByRole('table', { name: 'What perfect got right' }).locator('tbody tr');
    expect(await units.count()).toBe(2);
    expect((await units.allTextContents()).map((row) => row.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^Input caseF4 Agreed-not-to-disclose ?correct/),
      expect.stringMatching(/^TSC1F6 Security-measures ?correct/),
    ]);

    // The rules extractor's evidence: a reading shown from the reveal is drawn over the text.
    await page
      .getByText(/evidence mentions? stored/)
      .first()
      .waitFor();
    expect(await page.locator('.mark-evidence').count()).toBe(0);
    const reading = page.locator('.reveal-table .evidence-list li').first();
    expect((await reading.textContent()) ?? '').toMatch(
      /^(code|name|paraphrase), (asserted|negated|hypothetical), (Input case|TSC1|TSC2|no case)(; rules [^:]+)?: /,
    );
    await reading.getByRole('button').first().click();
    await expect.poll(() => page.locator('.mark-evidence').count()).toBeGreaterThan(0);
    await screenshots(page, 'adjudication-reveal', '.reveal-panel');

    // The gold equals the chosen resolutions, with the mark that came back.
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await logIn(adminPage, baseUrl, 'admin', 'admin-demo-2025');
    const disputed = await goldOf(adminPage, items.disputed);
    expect(disputed.gold?.judgement.current).toEqual(['F4']);
    expect(disputed.gold?.judgement.tsc1).toEqual(['F6']);
    expect(disputed.gold?.judgement.abstained).toBe(true);
    expect(disputed.gold?.judgement.spans.map((span) => [span.case, span.factor])).toEqual([['tsc1', 'F6']]);
    const agreed = await goldOf(adminPage, items.agreed);
    expect(agreed.gold?.judgement.current).toEqual(['F4']);
    await admin.close();
    // The annotators can no longer reopen the adjudicated item.
    const annotator = await browser.newContext();
    const alicePage = await annotator.newPage();
    await logIn(alicePage, baseUrl, 'alice', 'alice-demo-2025');
    const queue = (await (await alicePage.request.get(`${baseUrl}/api/studies/default/queue`)).json()) as {
      items: { itemKey: string; status: string }[];
    };
    for (const entry of queue.items.filter((candidate) => candidate.status === 'submitted')) {
      const item = (await (
        await alicePage.request.get(`${baseUrl}/api/studies/default/items/${entry.itemKey}`)
      ).json()) as { canReopen: boolean };
      expect(item.canReopen).toBe(false);
    }
    await annotator.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
