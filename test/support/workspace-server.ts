import { mkdirSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { serve } from '../../scripts/serve.ts';
import { loadConfig } from '../../server/config.ts';
import type { AnnotationItem } from '../../shared/annotation-api.ts';
import { ARTIFACTS_DIR } from './browser.ts';

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
