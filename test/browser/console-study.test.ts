import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSOLE_DATA_PATH } from '../../client/screens/console/consolePaths.ts';
import { buildArgument, buildJudgement, buildTriple, toJsonl } from '../factories.ts';
import { ARTIFACTS_DIR, logIn } from '../support/browser.ts';
import { CONSOLE_ADMIN, consoleSuite } from '../support/console-server.ts';

const files = mkdtempSync(join(tmpdir(), 'fa-console-files-'));

const suite = consoleSuite(() => {
  writeFileSync(join(files, 'triples.jsonl'), toJsonl([buildTriple()]));
  const models = ['model-a', 'model-b'];
  writeFileSync(
    join(files, 'arguments.jsonl'),
    toJsonl(
      models.flatMap((model) =>
        Array.from({ length: 6 }, (_, index) => buildArgument({ id: `${model}-${index}`, model, test: 1 })),
      ),
    ),
  );
  writeFileSync(
    join(files, 'bad-arguments.jsonl'),
    `${JSON.stringify(buildArgument({ id: 'ok-1' }))}\n{"id": "x"}\n`,
  );
  // A paper log does not name its model or test, and this scenario CSV's name does not say its mode.
  copyFileSync(fixture('paper/gpt-4o_test1_responses.json'), join(files, 'responses.json'));
  copyFileSync(fixture('import/reordered_factor_2_sample.csv'), join(files, 'scenarios.csv'));
});

function fixture(path: string): string {
  return fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function api<T>(page: Page, path: string): Promise<T> {
  return (await (await page.request.get(`${suite.baseUrl}${path}`)).json()) as T;
}

async function addAccount(page: Page, username: string, role: 'annotator' | 'adjudicator'): Promise<string> {
  const form = page.getByRole('form', { name: 'Add an account' });
  await form.getByLabel('User name').fill(username);
  const annotator = form.getByRole('checkbox', { name: /annotator/ });
  if (role === 'annotator') await annotator.check();
  else {
    await annotator.uncheck();
    await form.getByRole('checkbox', { name: /adjudicator/ }).check();
  }
  await form.getByRole('button', { name: 'Add account' }).click();
  await page.getByRole('heading', { name: `Password for ${username}` }).waitFor();
  const password = (await page.getByTestId('one-time-password').textContent()) ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  return password;
}

async function importFile(page: Page, kind: string, file: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Import a file' });
  await form.getByLabel('Kind').selectOption(kind);
  await form.getByLabel('File (JSONL, JSON or CSV)').setInputFiles(join(files, file));
  await form.getByRole('button', { name: /Import into/ }).click();
}

/** An annotator submits their first item through the API, as the workspace would. */
async function submitFirst(context: BrowserContext, username: string, password: string): Promise<void> {
  expect(
    (
      await context.request.post(`${suite.baseUrl}/api/auth/login`, { data: { username, password } })
    ).status(),
  ).toBe(200);
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'fa_csrf')?.value ?? '';
  const queue = (await (await context.request.get(`${suite.baseUrl}/api/studies/default/queue`)).json()) as {
    next: string;
  };
  const saved = await context.request.put(
    `${suite.baseUrl}/api/studies/default/items/${queue.next}/annotation`,
    {
      headers: { 'X-CSRF-Token': csrf },
      data: { version: 0, action: 'submit', judgement: buildJudgement(), secondsSpent: 60 },
    },
  );
  expect(saved.status(), await saved.text()).toBe(200);
}

describe('the study console from an empty database, in Chromium', () => {
  it('adds two annotators and an adjudicator, imports arguments, draws and assigns a sample, watches progress and opens one argument', async () => {
    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);

    // People.
    await nav(page).getByRole('link', { name: 'Users' }).click();
    const alicePassword = await addAccount(page, 'alice', 'annotator');
    await addAccount(page, 'bob', 'annotator');
    await addAccount(page, 'carol', 'adjudicator');
    const users = await api<{ username: string; roles: string[] }[]>(page, '/api/admin/users');
    expect(users.map((user) => [user.username, user.roles])).toEqual([
      ['alice', ['annotator']],
      ['bob', ['annotator']],
      ['carol', ['adjudicator']],
      ['root', ['admin']],
    ]);

    // Data: a bad file is refused with its bad record by line; then triples and arguments.
    await nav(page).getByRole('link', { name: 'Data' }).click();
    await page.getByRole('heading', { name: 'Data', level: 1 }).waitFor();
    await importFile(page, 'triples', 'triples.jsonl');
    await page
      .getByRole('status')
      .filter({ hasText: 'Imported triples.jsonl into default (a new study)' })
      .waitFor();
    await importFile(page, 'arguments', 'bad-arguments.jsonl');
    const problems = page.getByRole('list', { name: 'Bad records' });
    await problems.waitFor();
    expect(await problems.textContent()).toMatch(/^2: /);
    await importFile(page, 'arguments', 'arguments.jsonl');
    await page.getByRole('status').filter({ hasText: 'Imported arguments.jsonl' }).waitFor();
    const history = page.getByRole('table', { name: /Imports into default/ });
    await expect.poll(() => history.locator('caption').textContent()).toContain('(2)');
    expect(await history.getByRole('row', { name: /arguments\.jsonl/ }).textContent()).toContain('root');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-data.png'), fullPage: true });
    const imports = await api<{ total: number }>(page, '/api/studies/default/imports');
    expect(imports.total).toBe(2);

    // Sample.
    await nav(page).getByRole('link', { name: 'Sample' }).click();
    const sampleForm = page.getByRole('form', { name: 'Draw a new version' });
    await sampleForm.getByLabel('Size').fill('6');
    await sampleForm.getByLabel('Seed', { exact: true }).fill('11');
    await sampleForm.getByRole('button', { name: 'Draw sample' }).click();
    await page.getByRole('status').filter({ hasText: 'Version 1 drawn: 6 of 6' }).waitFor();

    // Assignment.
    await nav(page).getByRole('link', { name: 'Assignment' }).click();
    const assignForm = page.getByRole('form', { name: 'Assign a sample' });
    await assignForm.getByRole('checkbox', { name: 'alice' }).check();
    await assignForm.getByRole('checkbox', { name: 'bob' }).check();
    await assignForm.getByRole('button', { name: 'Preview loads' }).click();
    await assignForm.getByRole('table', { name: /Would assign/ }).waitFor();
    await assignForm.getByRole('button', { name: 'Assign', exact: true }).click();
    await assignForm.getByRole('table', { name: /^Assigned/ }).waitFor();
    const assignments = await api<{ annotator: string }[]>(page, '/api/studies/default/assignments');
    expect(assignments).toHaveLength(12);

    // Progress, live.
    await nav(page).getByRole('link', { name: 'Progress' }).click();
    // The study's first day: today's counts, not a one-dot chart.
    const burndown = page.getByRole('region', { name: 'Burn-down' });
    await expect.poll(() => burndown.textContent()).toContain('0 of 12 annotations submitted');
    const alice = await suite.browser.newContext();
    await submitFirst(alice, 'alice', alicePassword);
    await expect
      .poll(() => burndown.textContent(), { timeout: 15_000 })
      .toContain('1 of 12 annotations submitted');
    await alice.close();

    // One argument's full record.
    await nav(page).getByRole('link', { name: 'Arguments' }).click();
    await page.getByLabel('Annotated').selectOption('yes');
    const table = page.getByRole('table', { name: /argument\(s\), by id/ });
    await expect.poll(() => table.locator('caption').textContent()).toContain('1 argument(s)');
    await table.locator('tbody a').first().click();
    const factors = page.getByRole('table', { name: 'Factors by source' });
    await factors.waitFor();
    expect(await factors.locator('thead').textContent()).toContain('alice');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-study.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('imports a paper log with its model, test and extractor, and a scenario CSV with the mode chosen on the screen', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, suite.baseUrl, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    await page.goto(`${suite.baseUrl}${CONSOLE_DATA_PATH}?study=pilot`);
    await page.getByRole('heading', { name: 'Data', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Import a file' });

    // A scenario CSV whose name says no mode: refused with the way out, then imported with one.
    await importFile(page, 'triples', 'scenarios.csv');
    await page.getByRole('alert').filter({ hasText: 'choose the mode' }).waitFor();
    await form.getByLabel('Mode (scenario CSV)').selectOption('reordered');
    await form.getByRole('button', { name: /Import into/ }).click();
    await page.getByRole('status').filter({ hasText: 'Imported scenarios.csv into pilot' }).waitFor();

    // A paper log: the model, test and extractor fields appear for that kind only.
    await form.getByLabel('Kind').selectOption('paper-log');
    expect(await form.getByLabel('Mode (scenario CSV)').count()).toBe(0);
    await form.getByLabel('Model').fill('gpt-4o');
    await form.getByLabel('Test').selectOption('1');
    await form.getByLabel('Extractor').fill('gpt-4.1');
    await form.getByLabel('File (JSONL, JSON or CSV)').setInputFiles(join(files, 'responses.json'));
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-data-paper-log.png'), fullPage: true });
    await form.getByRole('button', { name: /Import into/ }).click();
    await page.getByRole('status').filter({ hasText: 'Imported responses.json into pilot' }).waitFor();
    const overview = await api<{ totals: { arguments: number; extractions: number } }>(
      page,
      '/api/studies/pilot/overview',
    );
    expect(overview.totals.arguments).toBeGreaterThan(0);
    expect(overview.totals.extractions).toBe(overview.totals.arguments);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'console-data-paper-log-1024.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
