import { mkdirSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serve } from '../../scripts/serve.ts';
import { loadConfig } from '../../server/config.ts';
import { assignDemoSample, loadDemo } from '../../server/services/demo/demo.ts';
import { saveAnnotation } from '../../server/store/annotations.ts';
import type { Db } from '../../server/store/db.ts';
import { openDatabase } from '../../server/store/open.ts';
import { findUserByName } from '../../server/store/users.ts';
import type { Judgement } from '../../shared/schemas/annotation.ts';
import { ARTIFACTS_DIR, launchBrowser } from './browser.ts';

/** Submits `judgement` as `username`'s annotation of the argument, as the workspace would. */
export async function submitAnnotation(
  db: Db,
  argumentRowId: number,
  username: string,
  judgement: Judgement,
): Promise<void> {
  const user = await findUserByName(db, username);
  if (!user) throw new Error(`no user ${username}`);
  await saveAnnotation(
    db,
    { argumentRowId, userId: user.id, status: 'submitted', judgement, secondsSpent: 60, importId: null },
    'submit',
    user.id,
  );
}

/**
 * The demo study in a fresh database (its sample assigned to alice and bob), prepared further by
 * `prepare`, served on a free port, with Chromium: what an adjudication browser test runs against.
 */
export async function demoStudyInBrowser(
  prefix: string,
  prepare: (db: Db) => Promise<void>,
): Promise<{ baseUrl: string; browser: Browser; close: () => Promise<void> }> {
  const database = join(mkdtempSync(join(tmpdir(), prefix)), 'study.db');
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const db = await openDatabase(database);
  await loadDemo(db);
  await assignDemoSample(db);
  await prepare(db);
  await db.close();
  const server: Server = await serve(loadConfig({ PORT: '0', FACTOR_AUDIT_DB: database }), () => {});
  const address = server.address();
  const browser = await launchBrowser();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    browser,
    close: async () => {
      await browser.close();
      await new Promise((done) => server.close(done));
    },
  };
}
