import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../scripts/serve.ts';
import { loadConfig } from '../../server/config.ts';
import { loadDemo, loadDemoAnnotations } from '../../server/services/demo/demo.ts';
import { openDatabase } from '../../server/store/open.ts';
import { formatFigure } from '../../shared/report-document/blocks.ts';
import { type ReportView, reportViewSchema } from '../../shared/report-view.ts';
import { ARTIFACTS_DIR, launchBrowser, logIn } from '../support/browser.ts';

let server: Server;
let browser: Browser;
let baseUrl = '';

/** The settings of every report here: few replicates keep the test quick; the seed keeps it fixed. */
const SETTINGS = 'seed=2025&replicates=200&level=0.95';
const REPORT_API = '/api/studies/default/report';

beforeAll(async () => {
  // The demo with simulated annotations and most of them adjudicated (what `demo --with-annotations` loads).
  const database = join(mkdtempSync(join(tmpdir(), 'fa-report-')), 'study.db');
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const db = await openDatabase(database);
  const loaded = await loadDemo(db);
  await loadDemoAnnotations(db, loaded.demo);
  await db.close();
  server = await serve(loadConfig({ PORT: '0', FACTOR_AUDIT_DB: database }), () => {});
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

/** The report as JSON, through the API, with the caller's session. */
async function reportJson(page: Page): Promise<ReportView> {
  const response = await page.request.get(`${baseUrl}${REPORT_API}?${SETTINGS}&format=json`);
  expect(response.status()).toBe(200);
  return reportViewSchema.parse(await response.json());
}

/** How many claims of each status a report has: AccH per model × test, and per ranking. */
function statusTally(report: ReportView) {
  const count = (statuses: string[]) =>
    Object.fromEntries(
      ['holds', 'fails', 'undecided', 'too_few'].map((status) => [
        status,
        statuses.filter((entry) => entry === status).length,
      ]),
    );
  return {
    acch: count(
      Object.values(report.claims.acch_above.by_model).flatMap((tests) =>
        Object.values(tests).map((claim) => claim.status),
      ),
    ),
    ranking: count(Object.values(report.claims.ranking.by_ranking).map((claim) => claim.status)),
  };
}

/** The forest chart's estimates: every source's AccH that has a value, per model and test. */
function forestEstimates(report: ReportView): number {
  const primary = report.meta.primary_extractor;
  let estimates = 0;
  for (const [model, tests] of Object.entries(report.metrics))
    for (const [test, cell] of Object.entries(tests)) {
      if (!cell) continue;
      const figures = [
        cell.acch.gold,
        ...report.meta.extractors.map((extractor) => cell.acch[extractor]),
        primary === null ? null : report.corrected[primary]?.[model]?.[test]?.acch,
        report.meta.reported_source === null ? null : cell.acch.reported,
      ];
      estimates += figures.filter((figure) => figure && figure.value !== null).length;
    }
  return estimates;
}

/** WCAG 2 A and AA violations axe-core finds on the page, with every collapsed block opened first. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
  });
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    interface AxeResults {
      violations: { id: string; help: string; nodes: { target: string[] }[] }[];
    }
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
  });
}

describe('the report, in Chromium', () => {
  it('opens the HTML report offline, every chart inline as SVG, and prints it to PDF', {
    timeout: 180_000,
  }, async () => {
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await logIn(adminPage, baseUrl, 'admin', 'admin-demo-2025');
    const response = await adminPage.request.get(`${baseUrl}${REPORT_API}?${SETTINGS}&format=html`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const html = await response.text();
    await admin.close();
    writeFileSync(join(ARTIFACTS_DIR, 'report.html'), html);

    const offline = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
    await offline.setOffline(true);
    const page = await offline.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setContent(html, { waitUntil: 'load' });

    const figures = page.locator('figure.chart');
    expect(await figures.count()).toBe(3);
    expect(await page.locator('figure.chart svg[role="img"][aria-label]').count()).toBe(3);
    for (const id of ['forest', 'heatmap', 'slope'])
      expect(await page.locator(`figure.chart[aria-labelledby="figure-${id}"] svg`).count(), id).toBe(1);
    // The verdict comes first, as tables with a status in every claim cell.
    expect(await page.locator('h2').first().textContent()).toBe('Verdict');
    expect(await page.locator('td.tone').count()).toBeGreaterThan(7);
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-html.png'), fullPage: true });

    expect(await violations(page)).toEqual([]);

    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    writeFileSync(join(ARTIFACTS_DIR, 'report.pdf'), pdf);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await offline.close();
  });

  it('shows the admin the same figures on the report screen, charts drawn in the browser', {
    timeout: 180_000,
  }, async () => {
    // axe is injected as a script at the end, which the app's Content-Security-Policy would refuse.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, baseUrl, 'admin', 'admin-demo-2025');

    // From the study overview, as an admin finds it.
    await page.getByRole('link', { name: 'The study report' }).click();
    await page.waitForURL(/\/studies\/default\/report$/);
    await page.getByRole('status').filter({ hasText: 'Computing the report' }).waitFor();
    // Then with this test's settings, through the form (folded under "Settings and checks").
    await page.getByText('Settings and checks').click();
    await page.getByLabel('Replicates', { exact: true }).fill('200');
    await page.getByRole('button', { name: 'Compute' }).click();
    await page.waitForURL((url) => url.search.includes('replicates=200'));
    await page.locator('.report-chart svg[role="img"]').nth(2).waitFor();
    expect(await page.locator('.report-chart svg[role="img"]').count()).toBe(3);

    const report = await reportJson(page);
    const main = page.locator('main');
    expect(await main.textContent()).toContain(report.verdict.acch);
    expect(await main.textContent()).toContain(report.verdict.ranking);
    // The alternative annotator test: its verdict line and, in section 2, one row per held-out annotator.
    expect(await main.textContent()).toContain(report.verdict.alt_test);
    await page.getByRole('heading', { name: 'The alternative annotator test' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'held-out annotator' }).count()).toBe(1);
    const tally = statusTally(report);
    const [rankingTable, acchTable] = [
      page.locator('.report-table').nth(0),
      page.locator('.report-table').nth(1),
    ];
    for (const [status, count] of Object.entries(tally.ranking))
      expect(await rankingTable.locator(`td.tone-${status}`).count(), `rankings ${status}`).toBe(count);
    for (const [status, count] of Object.entries(tally.acch))
      expect(await acchTable.locator(`td.tone-${status}`).count(), `AccH ${status}`).toBe(count);

    // The forest chart draws one symbol per estimate (circles as <circle>, the rest as <path>), and its
    // table prints the JSON's figures.
    const forest = page.locator('figure[data-chart="forest"]');
    expect(await forest.locator('g[data-description="estimate"] :is(path, circle)').count()).toBe(
      forestEstimates(report),
    );
    await forest.getByText('The numbers behind figure 2').click();
    const model = report.meta.models[1] ?? '';
    const row = forest
      .locator('tr')
      .filter({ has: page.locator('th', { hasText: new RegExp(`^${model}$`) }) })
      .first();
    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).toBe('Test 1');
    expect(cells[1]).toBe(formatFigure(report.metrics[model]?.['1']?.acch.gold));
    expect(cells[2]).toBe(formatFigure(report.metrics[model]?.['1']?.acch.rules));
    await page.locator('h1').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-screen.png'), fullPage: true });

    // The downloads are the same report, as files (in the settings, folded again after Compute).
    await page.getByText('Settings and checks').click();
    const download = page.getByRole('link', { name: 'Download HTML' });
    expect(await download.getAttribute('href')).toBe(`${REPORT_API}?${SETTINGS}&format=html`);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the admin switch the corrected estimates to tuned λ (PPI++) and back', {
    timeout: 180_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, baseUrl, 'admin', 'admin-demo-2025');
    await page.goto(`${baseUrl}/studies/default/report?seed=2025&replicates=0&level=0.95`);
    await page.getByRole('heading', { name: '4. Corrected population estimates' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'λ', exact: true }).count()).toBe(0);

    await page.getByText('Settings and checks').click();
    const lambda = page.getByLabel('Corrected estimates');
    expect(await lambda.inputValue()).toBe('1');
    await lambda.selectOption({ label: 'tuned λ (PPI++)' });
    await page.setViewportSize({ width: 1024, height: 700 });
    await lambda.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-lambda-settings-1024.png'), fullPage: false });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('button', { name: 'Compute' }).click();
    await page.waitForURL((url) => url.searchParams.get('lambda') === 'tuned');
    await page.getByRole('columnheader', { name: 'λ', exact: true }).first().waitFor();
    expect(await page.locator('.report-settings-summary').textContent()).toContain('tuned λ (PPI++)');

    // The screen's λ cells are the API's: each row's choice, in the order the JSON lists the figures.
    const response = await page.request.get(
      `${baseUrl}${REPORT_API}?seed=2025&replicates=0&level=0.95&lambda=tuned&format=json`,
    );
    const report = reportViewSchema.parse(await response.json());
    const first = Object.values(report.corrected)[0] ?? {};
    const model = Object.keys(first)[0] ?? '';
    const figure = Object.values(first[model] ?? {})[0]?.acch;
    expect(figure?.lambda_choice).toBeDefined();
    const table = page
      .getByRole('heading', { name: /AccH.*corrected/ })
      .locator('xpath=following-sibling::*[1]')
      .locator('table');
    const cells = await table.locator('tbody tr').first().locator('td').allTextContents();
    const shown = cells.at(-1) ?? '';
    if (figure?.lambda_choice === 'gold_only') expect(shown).toBe('0 (gold only)');
    else if (figure?.lambda_choice === 'difference') expect(shown).toBe('1');
    else expect(shown).toMatch(/^λ̂ /);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-lambda-tuned-1366.png'), fullPage: false });

    // Back returns to the difference estimator: no λ column.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('lambda'));
    await page.getByRole('heading', { name: '4. Corrected population estimates' }).waitFor();
    await expect.poll(() => page.getByRole('columnheader', { name: 'λ', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets the admin check the intervals' coverage from the report screen: progress, then its table in the appendix", {
    timeout: 300_000,
  }, async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(240_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, baseUrl, 'admin', 'admin-demo-2025');
    await page.goto(`${baseUrl}/studies/default/report?seed=2025&replicates=0&level=0.95`);
    const article = page.locator('article.report-document');
    await article.getByRole('heading', { name: 'Appendix: how often do the intervals cover?' }).waitFor();
    expect(await article.textContent()).toContain('No coverage check has been run');

    // A tiny check: R = 10 simulated studies of B = 20 bootstrap replicates.
    await page.getByText('Settings and checks').click();
    const panel = page.getByRole('region', { name: "Check the intervals' coverage" });
    await panel.getByLabel('Simulated studies R').fill('10');
    await panel.getByLabel('Bootstrap replicates B').fill('20');
    await panel.getByRole('button', { name: 'Check the coverage' }).click();
    await panel.getByRole('progressbar', { name: "Checking the intervals' coverage" }).waitFor();
    await panel.getByText(/^Latest check: .* by admin; R = 10, B = 20, seed 2025\./).waitFor();
    await panel.getByRole('button', { name: 'Check the coverage' }).waitFor();

    // The report is computed again; its appendix states the check, at the study's current design.
    await article.getByText("It was run at the study's current design.", { exact: false }).waitFor();
    const appendixText = (await article.textContent()) ?? '';
    expect(appendixText).toContain(
      'R = 10 studies from 10 populations, B = 20 bootstrap replicates each, seed 2025',
    );
    const table = article
      .locator('table')
      .filter({ has: page.getByRole('columnheader', { name: 'coverage [95% MC interval]' }) });
    const row = table
      .locator('tr')
      .filter({ has: page.getByRole('rowheader', { name: 'corrected AccH (rules)', exact: true }) });
    expect(await row.count()).toBeGreaterThan(0);
    // method, intervals, coverage [95% MC interval], ≥ 93%?
    expect((await row.first().locator('td').nth(2).textContent()) ?? '').toMatch(
      /^\d+\.\d% \[\d+\.\d, \d+\.\d\]$/,
    );
    await panel.getByText("The latest check's tables").click();
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-coverage-check.png'), fullPage: false });
    await article
      .getByRole('heading', { name: 'Appendix: how often do the intervals cover?' })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-coverage-appendix.png'), fullPage: false });
    // The panel and the appendix pass axe too (axe needs the CSP bypassed, as above).
    expect(await violations(page)).toEqual([]);

    // A check that finishes while the admin is on another screen: back on the report (no reload), the
    // appendix states the new check, not the one the cached report was computed with.
    await panel.getByLabel('Seed').fill('7');
    await panel.getByRole('button', { name: 'Check the coverage' }).click();
    await panel.getByRole('progressbar', { name: "Checking the intervals' coverage" }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/report'));
    await expect
      .poll(
        async () => {
          const state = await page.request.get(`${baseUrl}/api/studies/default/coverage`);
          return ((await state.json()) as { latest: { parameters: { seed: number } } | null }).latest
            ?.parameters.seed;
        },
        { timeout: 240_000, interval: 1000 },
      )
      .toBe(7);
    await page.goBack();
    await article
      .getByText('R = 10 studies from 10 populations, B = 20 bootstrap replicates each, seed 7', {
        exact: false,
      })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads with the verdict at 1366×768: settings folded, the verdict tables inside the page, no console error', {
    timeout: 180_000,
  }, async () => {
    // The app's own Content-Security-Policy, not bypassed: Plot's <style> must pass it.
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    await logIn(page, baseUrl, 'admin', 'admin-demo-2025');
    // From here on (the login screen's "who am I?" 401 is before), no error of any kind on the console.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${baseUrl}/studies/default/report?${SETTINGS}`);
    await page.locator('.report-chart svg[role="img"]').nth(2).waitFor();

    // The settings are one folded line naming them; the verdict is the report's first section.
    const settings = page.locator('details.report-settings');
    expect(await settings.getAttribute('open')).toBeNull();
    expect(await settings.locator(':scope > summary').textContent()).toContain(
      'seed 2025 · 200 bootstrap replicates',
    );
    expect(await page.getByLabel('Replicates', { exact: true }).isVisible()).toBe(false);
    const article = page.locator('article.report-document');
    expect(await article.locator('h2').first().textContent()).toBe('Verdict');
    const settingsBottom = (await settings.boundingBox())?.y ?? 0;
    expect((await article.boundingBox())?.y ?? 0).toBeGreaterThan(settingsBottom);

    // The verdict's tables fit their box: nothing scrolls sideways, the least stable pair is in view.
    const verdictTables = () =>
      page.evaluate(() => {
        const boxes: { client: number; scroll: number }[] = [];
        const heading = [...document.querySelectorAll('article h2')].find((h) => h.textContent === 'Verdict');
        for (
          let node = heading?.nextElementSibling;
          node && node.tagName !== 'H2';
          node = node.nextElementSibling
        )
          if (node.classList.contains('table-scroll'))
            boxes.push({ client: node.clientWidth, scroll: node.scrollWidth });
        return boxes;
      });
    expect((await verdictTables()).length).toBe(2);
    for (const box of await verdictTables()) expect(box.scroll).toBeLessThanOrEqual(box.client);
    const pair = article.getByRole('columnheader', { name: /least stable adjacent pair/ });
    const pairBox = await pair.boundingBox();
    expect((pairBox?.x ?? 0) + (pairBox?.width ?? 0)).toBeLessThanOrEqual(1366);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-screen-1366.png'), fullPage: false });
    const toVerdict = () =>
      article.getByRole('heading', { name: 'Verdict' }).evaluate((heading) => heading.scrollIntoView());
    await toVerdict();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-verdict-1366.png'), fullPage: false });
    await page.setViewportSize({ width: 1024, height: 700 });
    for (const box of await verdictTables()) expect(box.scroll).toBeLessThanOrEqual(box.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-screen-1024.png'), fullPage: false });
    await toVerdict();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'report-verdict-1024.png'), fullPage: false });
    // Opening the settings shows the form and the downloads.
    await settings.locator(':scope > summary').click();
    await page.getByLabel('Replicates', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Download HTML' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the adjudicator read the report too', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    await logIn(page, baseUrl, 'carol', 'carol-demo-2025');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Report' }).click();
    await page.waitForURL(/\/studies\/default\/report/);
    await page.getByRole('heading', { name: 'Verdict' }).waitFor();
    await context.close();
  });
});
