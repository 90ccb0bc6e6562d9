import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { CONSOLE_ADMIN, consoleSuite, seedArguments } from '../support/console-server.ts';

const suite = consoleSuite(async (server) => {
  await seedArguments(server);
});

interface ListedSample {
  version: number;
  seed: number;
  drawn: number;
  excludedPrevious: boolean;
  strata: { stratum: string; populationSize: number; drawn: number }[];
}

async function listedSamples(page: Page): Promise<ListedSample[]> {
  return (await (
    await page.request.get(`${suite.baseUrl}/api/studies/default/samples`)
  ).json()) as ListedSample[];
}

describe('the study console: sample, in Chromium', () => {
  it('draws a version with a chosen seed, shows the short stratum and the strata, and reuses the settings excluding what was sampled', async () => {
    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sample' }).click();
    await page.waitForURL(`${suite.baseUrl}/studies/default/console/sample`);
    await page.getByText('No sample drawn yet').waitFor();

    const form = page.getByRole('form', { name: 'Draw a new version' });
    await form.getByLabel('Size').fill('8');
    await form.getByLabel('Seed', { exact: true }).fill('4242');
    await form.getByRole('radio', { name: 'equal' }).check();
    await form.getByLabel('Size').press('Enter');
    const status = page.getByRole('status').filter({ hasText: 'Version 1 drawn' });
    await status.waitFor();
    expect(await status.textContent()).toContain('model-d');
    const [first] = await listedSamples(page);
    expect(first).toMatchObject({ version: 1, seed: 4242, drawn: 8, excludedPrevious: false });
    const version1 = page.getByRole('region', { name: /Version 1/ });
    const shortRow = version1.getByRole('row', { name: /model-d/ });
    expect(await shortRow.textContent()).toMatch(/1\D*1\.00/);
    expect(await page.getByRole('table', { name: /Items to annotate/ }).textContent()).toContain('± 0.05');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-sample.png'), fullPage: true });

    // The seed is shown and reusable: the settings come back into the form, then exclude version 1.
    await form.getByRole('button', { name: 'New seed' }).click();
    expect(await form.getByLabel('Seed', { exact: true }).inputValue()).not.toBe('4242');
    await page.getByRole('button', { name: 'Reuse these settings of version 1' }).click();
    expect(await form.getByLabel('Seed', { exact: true }).inputValue()).toBe('4242');
    expect(await form.getByLabel('Size').inputValue()).toBe('8');
    await form.getByRole('checkbox', { name: 'Exclude arguments already sampled' }).check();
    await form.getByRole('button', { name: 'Draw sample' }).click();
    await page.getByRole('status').filter({ hasText: 'Version 2 drawn' }).waitFor();
    const samples = await listedSamples(page);
    expect(samples.map((sample) => [sample.version, sample.seed, sample.excludedPrevious])).toEqual([
      [1, 4242, false],
      [2, 4242, true],
    ]);
    await page.getByRole('region', { name: /Version 2/ }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
