import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing reaching out to the network (the machine has none). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Where browser tests keep their screenshots (git-ignored), for people to look at. */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** Logs in through the login screen, by keyboard, and waits to land past it. */
export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * The WCAG 2 A and AA violations axe-core finds on the page, one line each (rule, help, where). axe is
 * injected as a script, which the app's Content-Security-Policy refuses: open the context with
 * `bypassCSP: true`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe;
    interface AxeResults {
      violations: { id: string; help: string; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  });
}
