import { mkdirSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { serve } from '../../scripts/serve.ts';
import { loadConfig } from '../../server/config.ts';
import type { AnnotationItem } from '../../shared/annotation-api.ts';
import { ARTIFACTS_DIR, launchBrowser } from './browser.ts';

/**
 * The real server on a database file of its own (the demo study when `prepare` leaves it empty),
 * for the workspace's browser tests: stopped and started again on the same port and file.
 */
export class WorkspaceServer {
  readonly database: string;
  private server: Server | undefined;
  private port = 0;

  constructor(name: string) {
    this.database = join(mkdtempSync(join(tmpdir(), `fa-${name}-`)), 'study.db');
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = await serve(
      loadConfig({ PORT: String(this.port), FACTOR_AUDIT_DB: this.database, LOG_LEVEL: 'silent' }),
      () => {},
    );
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server?.listening) return;
    await new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  }
}

/** The signed-in annotator's item as the API gives it (what the server holds, not what the page shows). */
export async function itemFromApi(page: Page, baseUrl: string, itemUrl: string): Promise<AnnotationItem> {
  const path = new URL(itemUrl).pathname.replace('/studies/', '/api/studies/');
  const response = await page.request.get(`${baseUrl}${path}`);
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`);
  return (await response.json()) as AnnotationItem;
}

/**
 * A browser test file's server and Chromium: started before its tests (after `prepare` has written
 * the database, when given; else the server loads the demo study), stopped after them.
 */
export function workspaceSuite(
  name: string,
  prepare?: (databaseFile: string) => Promise<void>,
): { server: WorkspaceServer; browser: () => Browser } {
  const server = new WorkspaceServer(name);
  let browser: Browser | undefined;
  beforeAll(async () => {
    await prepare?.(server.database);
    await server.start();
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server.stop();
  });
  return {
    server,
    browser: () => {
      if (!browser) throw new Error('the browser is not started yet');
      return browser;
    },
  };
}
