import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/services/audit/audit.ts';
import { importRecords } from '../../server/services/interchange/import/import-records.ts';
import { buildExtraction } from '../factories.ts';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { CONSOLE_ADMIN, consoleSuite, seedSampleAndAnnotators } from '../support/console-server.ts';

const failed = (argumentId: string, error: string) =>
  buildExtraction({
    argument_id: argumentId,
    extractor: 'gpt-x',
    status: 'failed',
    error,
    current: [],
    tsc1: [],
    tsc2: [],
  });

const suite = consoleSuite(async (server) => {
  await seedSampleAndAnnotators(server);
  await importRecords(server.db, {
    actor: CLI_ACTOR,
    kind: 'extractions',
    study: 'default',
    sourceName: 'gpt-x.jsonl',
    values: [
      buildExtraction({ argument_id: 'model-a-0', extractor: 'gpt-x' }),
      buildExtraction({ argument_id: 'model-a-1', extractor: 'gpt-x' }),
      failed('model-b-0', 'the model answered no JSON'),
      failed('model-b-1', 'rate limited after 5 retries'),
    ],
  });
});

describe('the study console: extraction runs, in Chromium', () => {
  it('shows each extractor’s counts over the study and the sample, its runs, its failures with their errors, and the command that reruns them', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Extraction runs' })
      .click();
    const panel = page.getByRole('region', { name: /gpt-x/ });
    await panel.waitFor();
    // 16 arguments: 2 extracted, 2 failed, 12 never run; the sample of 8 holds some of each.
    expect(await panel.textContent()).toContain(
      "2 extracted · 2 failed · 12 not run of the study's 16 arguments",
    );
    expect(await panel.textContent()).toMatch(/Sample version 1: \d of its 8 items with output/);
    const runs = panel.getByRole('table', { name: 'Runs of gpt-x' });
    expect(await runs.locator('tbody tr').count()).toBe(1);
    expect(await runs.locator('tbody tr').textContent()).toContain('import of gpt-x.jsonl');
    expect(await runs.locator('tbody td').last().textContent()).toBe('4');
    expect(await panel.getByText(/^npm run -s cli/).textContent()).toBe(
      'npm run -s cli -- --study default import extractions FILE --replace',
    );
    const overview = page.getByRole('table', { name: 'Every extractor' });
    expect(await overview.getByRole('row', { name: /gpt-x/ }).locator('td').allTextContents()).toEqual([
      'imported',
      '2 (13 %)',
      '2',
      '12',
      expect.stringMatching(/^\d \(\d+ %\)$/),
      expect.any(String),
    ]);
    await panel.getByRole('button', { name: 'Show the failures of gpt-x' }).click();
    const failures = panel.getByRole('table', { name: /Failures of gpt-x/ });
    await failures.waitFor();
    expect(await failures.getByRole('row', { name: /model-b-1/ }).textContent()).toContain('rate limited');
    const api = (await (
      await page.request.get(`${suite.baseUrl}/api/studies/default/extractors/gpt-x/failures`)
    ).json()) as { total: number; items: { argumentId: string }[] };
    expect(api.total).toBe(2);
    expect(await failures.locator('tbody th').allTextContents()).toEqual(
      api.items.map((item) => item.argumentId),
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-extractions.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
