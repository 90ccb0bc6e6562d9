import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/services/audit/audit.ts';
import { importRecords } from '../../server/services/interchange/import/import-records.ts';
import { buildExtraction } from '../factories.ts';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { CONSOLE_ADMIN, consoleSuite, seedSampleAndAnnotators } from '../support/console-server.ts';

const suite = consoleSuite(async (server) => {
  await seedSampleAndAnnotators(server);
  await importRecords(server.db, {
    actor: CLI_ACTOR,
    kind: 'extractions',
    study: 'default',
    sourceName: 'rules.jsonl',
    values: [
      buildExtraction({ argument_id: 'model-a-3', extractor: 'rules' }),
      buildExtraction({
        argument_id: 'model-a-4',
        extractor: 'rules',
        status: 'failed',
        error: 'timeout',
        current: [],
        tsc1: [],
        tsc2: [],
      }),
    ],
  });
});

describe('the study console: arguments, in Chromium', () => {
  it('filters the server-paginated table, searches, and opens one argument with its triple, extractions and text', async () => {
    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Arguments' }).click();
    await page.waitForURL(`${suite.baseUrl}/studies/default/console/arguments`);
    const table = page.getByRole('table', { name: /argument\(s\), by id/ });
    await expect.poll(() => table.locator('caption').textContent()).toContain('16 argument(s)');
    expect(await table.getByRole('row', { name: /model-a-4/ }).textContent()).toContain('failed');

    await page.getByLabel('Sampled').selectOption('yes');
    await expect.poll(() => table.locator('caption').textContent()).toContain('8 argument(s)');
    expect(new URL(page.url()).searchParams.get('sampled')).toBe('yes');
    const api = (await (
      await page.request.get(`${suite.baseUrl}/api/studies/default/arguments?sampled=yes&pageSize=100`)
    ).json()) as { total: number; items: { argumentId: string; sampled: boolean }[] };
    expect(api.total).toBe(8);
    const sampledIds = api.items.map((item) => item.argumentId);
    const shown = await table.locator('tbody th').allTextContents();
    expect(shown).toEqual(sampledIds);
    await page.getByLabel('Sampled').selectOption('');

    await page.getByLabel('Model').selectOption('model-a');
    await page.getByLabel('Search id, triple or text').fill('a-3');
    await page.getByLabel('Search id, triple or text').press('Enter');
    await expect.poll(() => table.locator('caption').textContent()).toContain('1 argument(s)');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-arguments.png'), fullPage: true });

    await table.getByRole('link', { name: 'model-a-3' }).click();
    await page.waitForURL(`${suite.baseUrl}/studies/default/console/arguments/model-a-3`);
    const factors = page.getByRole('table', { name: 'Factors by source' });
    await factors.waitFor();
    const header = await factors.locator('thead').textContent();
    expect(header).toContain('Triple');
    expect(header).toContain('rules');
    expect(await factors.getByRole('row', { name: /Current case/ }).textContent()).toContain('F4, F6');
    expect(await page.getByRole('region', { name: 'Text' }).textContent()).toContain('Plaintiff');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-argument.png'), fullPage: true });
    await page.goBack();
    await expect.poll(() => table.locator('caption').textContent()).toContain('1 argument(s)');
    expect(errors).toEqual([]);
    await page.close();
  });
});
