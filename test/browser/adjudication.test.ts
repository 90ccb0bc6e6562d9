import { mkdirSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../scripts/serve.ts';
import { loadConfig } from '../../server/config.ts';
import { assignDemoSample, loadDemo } from '../../server/services/demo-service.ts';
import { requireStudy } from '../../server/services/studies.ts';
import { saveAnnotation } from '../../server/store/annotations.ts';
import { openDatabase } from '../../server/store/open.ts';
import { latestSample, listSampleItems } from '../../server/store/samples.ts';
import { findUserByName } from '../../server/store/users.ts';
import { emptyJudgement, type Judgement } from '../../shared/schemas/annotation.ts';
import { ARTIFACTS_DIR, launchBrowser, logIn } from '../support/browser.ts';

let server: Server;
let browser: Browser;
let baseUrl = '';
/** The argument A and B disagree on, and the one they agree on. */
const items = { disputed: '', agreed: '' };

const A: Judgement = { ...emptyJudgement(), tsc1: ['F6'], current: ['F4'] };
const B: Judgement = { ...emptyJudgement(), tsc1: ['F6'], abstained: true };

/** The demo study, with alice and bob's annotations of two sampled arguments submitted. */
async function prepareDatabase(file: string): Promise<void> {
  const db = openDatabase(file);
  await loadDemo(db);
  assignDemoSample(db);
  const study = requireStudy(db, 'default');
  const sample = latestSample(db, study.id);
  if (!sample) throw new Error('the demo sample is missing');
  const [disputed, agreed] = listSampleItems(db, sample.id);
  if (!disputed || !agreed) throw new Error('the demo sample has fewer than two items');
  items.disputed = disputed.argumentId;
  items.agreed = agreed.argumentId;
  const submit = (argumentRowId: number, username: string, judgement: Judgement) => {
    const user = findUserByName(db, username);
    if (!user) throw new Error(`no user ${username}`);
    saveAnnotation(
      db,
      { argumentRowId, userId: user.id, status: 'submitted', judgement, secondsSpent: 60, importId: null },
      'submit',
      user.id,
    );
  };
  submit(disputed.argumentRowId, 'alice', A);
  submit(disputed.argumentRowId, 'bob', B);
  submit(agreed.argumentRowId, 'alice', A);
  submit(agreed.argumentRowId, 'bob', A);
  db.close();
}

beforeAll(async () => {
  const database = join(mkdtempSync(join(tmpdir(), 'fa-adjudication-')), 'study.db');
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await prepareDatabase(database);
  server = await serve(loadConfig({ PORT: '0', FACTOR_AUDIT_DB: database }), () => {});
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

/** The gold of an argument as the admin API has it. */
async function goldOf(page: Page, argumentId: string) {
  const response = await page.request.get(
    `${baseUrl}/api/studies/default/arguments/${encodeURIComponent(argumentId)}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as { gold: { judgement: Judgement; decisions?: unknown } | null };
}

describe('adjudication, in Chromium', () => {
  it('resolves disagreements into gold, bulk-accepts an agreed item, and reveals the extractors only after fixing', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
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

    // Open the disputed item: A and B differ on F4 in the input case and on the abstention flag.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Item \d+/ }).waitFor();
    const list = page.getByRole('list', { name: 'Disagreements' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);

    // The reveal is refused before the gold is fixed — by the API, not only the screen.
    const itemKey = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const early = await page.request.get(
      `${baseUrl}/api/studies/default/adjudication/items/${itemKey}/reveal`,
    );
    expect(early.status()).toBe(403);
    expect(await page.getByText('Fix the gold first').count()).toBe(1);

    // First disagreement (F4 in the input case): decided for the side that ticked it, by keyboard. Which
    // annotator is shown as A is the server's seeded choice, so the test reads it off the screen.
    const first = (await list.getByRole('listitem').first().textContent()) ?? '';
    expect(first).toContain('F4 Agreed-not-to-disclose');
    await page.keyboard.press('d');
    await page.keyboard.press(first.includes('A: ticked') ? 'a' : 'b');
    // Second (abstained): edited — the adjudicator sets the value, then records why.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('checkbox', { name: /^Abstained/ }).check();
    await list.getByRole('listitem').nth(1).focus();
    await page.keyboard.press('e');
    await page.keyboard.press('r');
    await page.keyboard.type('The response argues after declining; it abstained in its first sentence.');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'adjudication-item.png') });

    await page.keyboard.press('Control+Enter');
    await page.getByRole('button', { name: 'Show the extractors against this gold' }).click();
    await page.getByRole('heading', { name: /rules/ }).waitFor();
    // The rules extractor's evidence: a reading shown from the reveal is drawn over the text.
    await page
      .getByText(/evidence mentions? stored/)
      .first()
      .waitFor();
    expect(await page.locator('.mark-evidence').count()).toBe(0);
    const reading = page.locator('.reveal-table .evidence-list button').first();
    const label = (await reading.textContent()) ?? '';
    expect(label).toMatch(/^read: (code|name|paraphrase), (asserted|negated|hypothetical), /);
    await reading.click();
    await expect.poll(() => page.locator('.mark-evidence').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'adjudication-reveal.png') });

    // The gold equals the chosen resolutions.
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await logIn(adminPage, baseUrl, 'admin', 'admin-demo-2025');
    const disputed = await goldOf(adminPage, items.disputed);
    expect(disputed.gold?.judgement.current).toEqual(['F4']);
    expect(disputed.gold?.judgement.tsc1).toEqual(['F6']);
    expect(disputed.gold?.judgement.abstained).toBe(true);
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
