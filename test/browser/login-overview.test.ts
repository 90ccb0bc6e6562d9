import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../scripts/serve.ts';
import { loadConfig } from '../../server/config.ts';
import { launchBrowser } from '../support/browser.ts';

let server: Server;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  const database = join(mkdtempSync(join(tmpdir(), 'fa-browser-')), 'demo.db');
  server = await serve(loadConfig({ PORT: '0', FACTOR_AUDIT_DB: database }), () => {});
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

describe('the login screen and the study overview, in Chromium', () => {
  it('sends a visitor to the login, logs in by keyboard and shows the demo study per model × test', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/username/);

    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill('wrong-password');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('do not match');

    await page.getByLabel('Password').fill('admin-demo-2025');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/studies/default`);
    const table = page.getByRole('table', { name: /model/i });
    await table.waitFor();
    const text = await table.textContent();
    expect(text).toContain('demo-codes');
    expect(text).toContain('demo-reasoner');
    expect(await page.getByRole('banner').textContent()).toContain('Study admin');
    expect(await page.getByRole('note').textContent()).toContain(
      '720 of the 720 arguments are labelled “synthetic demo”',
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
