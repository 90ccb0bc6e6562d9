import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRecords } from '../../server/services/import/import-service.ts';
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
  importRecords(server.db, {
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
  it('shows each extractor’s counts, its failures with their errors, and the command that reruns them', async () => {
    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Extraction runs' })
      .click();
    const panel = page.getByRole('region', { name: /gpt-x/ });
    await panel.waitFor();
    expect(await panel.textContent()).toContain('2 extracted · 2 failed');
    expect(await panel.locator('code').textContent()).toBe(
      'npm run -s cli -- --study default import extractions FILE --replace',
    );
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
