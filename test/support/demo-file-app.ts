import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { createApp } from '../../server/app.ts';
import { LoginLimiter } from '../../server/services/accounts/login-limiter.ts';
import { assignDemoSample, loadDemo, loadDemoAnnotations } from '../../server/services/demo/demo.ts';
import type { Db } from '../../server/store/db.ts';
import { openDatabase } from '../../server/store/open.ts';
import { loggedIn } from './app.ts';

/** The app on a database FILE (so report and coverage workers can open it read-only) with the demo study, its sample and annotations. */
export interface DemoFileApp {
  app: Express;
  db: Db;
  admin: Awaited<ReturnType<typeof loggedIn>>;
  adjudicator: Awaited<ReturnType<typeof loggedIn>>;
}

/** A fresh temporary database file named after `prefix`, the demo with annotations loaded, admin and carol logged in. */
export async function demoFileApp(prefix: string): Promise<DemoFileApp> {
  const db = await openDatabase(join(mkdtempSync(join(tmpdir(), prefix)), 'study.db'));
  const app = createApp({
    db,
    config: { sessionTtlHours: 1, cookieSecure: false },
    loginLimiter: new LoginLimiter(db),
  });
  const { demo } = await loadDemo(db);
  await assignDemoSample(db);
  await loadDemoAnnotations(db, demo);
  return {
    app,
    db,
    admin: await loggedIn(app, 'admin', 'admin-demo-2025'),
    adjudicator: await loggedIn(app, 'carol', 'carol-demo-2025'),
  };
}
