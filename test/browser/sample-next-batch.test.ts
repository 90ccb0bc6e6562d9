import { mkdirSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../scripts/serve.ts';
import { loadConfig } from '../../server/config.ts';
import { loadDemo, loadDemoAnnotations } from '../../server/services/demo/demo.ts';
import { openDatabase } from '../../server/store/open.ts';
import { ARTIFACTS_DIR, launchBrowser, logIn } from '../support/browser.ts';

let server: Server;
let browser: Browser;
let baseUrl = '';

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
] as const;

beforeAll(async () => {
  // The demo with its sample (version 1), simulated annotations and gold, and the rules extractor's output.
  const database = join(mkdtempSync(join(tmpdir(), 'fa-next-batch-')), 'study.db');
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

async function adminPage(viewport: (typeof VIEWPORTS)[number]): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await logIn(page, baseUrl, 'admin', 'admin-demo-2025');
  return { page, errors };
}

describe('the next batch and the planner, in Chromium', () => {
  it('previews a seeded active batch by keyboard, draws it as a new version, and offers its assignment', {
    timeout: 240_000,
  }, async () => {
    const { page, errors } = await adminPage(VIEWPORTS[0]);
    await page.goto(`${baseUrl}/studies/default/console/sample`);
    const form = page.getByRole('form', { name: 'Draw the next batch' });
    await form.getByRole('radio', { name: 'active' }).check();
    await form.getByLabel('Batch size N').fill('30');
    await form.getByLabel('Batch seed').fill('5');
    await form.getByLabel('Batch seed').press('Enter');
    const preview = form.getByRole('region', { name: 'Preview of batch 1' });
    await preview.waitFor();
    const text = (await preview.textContent()) ?? '';
    expect(text).toContain('extends version 1');
    expect(text).toMatch(/Inclusion probability π from 0\.\d{3} to [01]\.\d{3}/);
    expect(await preview.getByRole('row').count()).toBe(25);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: join(ARTIFACTS_DIR, `console-sample-next-${viewport.width}.png`),
        fullPage: false,
      });
    }
    await preview.getByRole('button', { name: 'Draw batch 1' }).focus();
    await page.keyboard.press('Enter');
    const status = form.getByRole('status');
    await status.filter({ hasText: 'Batch 1 drawn as version 2' }).waitFor();
    await page.getByRole('region', { name: /Version 2/ }).waitFor();
    expect(await page.getByRole('region', { name: /Version 2/ }).textContent()).toContain(
      'a batch of the active design',
    );
    const samples = (await (await page.request.get(`${baseUrl}/api/studies/default/samples`)).json()) as {
      version: number;
      allocation: unknown;
      excludedPrevious: boolean;
    }[];
    expect(samples.at(-1)).toMatchObject({
      version: 2,
      allocation: { design: 'active' },
      excludedPrevious: true,
    });
    await status.getByRole('link', { name: 'Assign them' }).click();
    await page.waitForURL(`${baseUrl}/studies/default/console/assignment`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the planner after the verdict: more gold arguments and expert hours per design, and per model', {
    timeout: 300_000,
  }, async () => {
    for (const viewport of VIEWPORTS) {
      const { page, errors } = await adminPage(viewport);
      await page.goto(`${baseUrl}/studies/default/report?seed=2025&replicates=0&level=0.95`);
      const planner = page.getByRole('region', { name: 'Planner: how many more gold arguments' });
      await planner.waitFor();
      const text = (await planner.textContent()) ?? '';
      expect(text).toMatch(/To decide AccH > 0\.9 for every model over Tests 1–2 at ±0\.05/);
      expect(text).toMatch(/stratified: \d+ more gold arguments, about \d+(\.\d)? expert hours/);
      // The page drew an active batch above: the planner plans the next one from its recorded π.
      expect(text).toMatch(/active: \d+ more gold arguments, about \d+(\.\d)? expert hours/);
      expect(text).toMatch(/median \d+ s per annotation over \d+/);
      expect(await planner.getByRole('row').count()).toBe(9);
      await planner.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS_DIR, `report-planner-${viewport.width}.png`) });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
