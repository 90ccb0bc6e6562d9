import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CLIENT_DIR, ensureClientBuilt } from '../../scripts/client-build.ts';
import { createApp } from '../../server/app.ts';
import { LoginLimiter } from '../../server/services/accounts/login-limiter.ts';
import { createUser } from '../../server/services/accounts/users.ts';
import { CLI_ACTOR } from '../../server/services/audit/audit.ts';
import { importRecords } from '../../server/services/interchange/import/import-records.ts';
import { drawSample } from '../../server/services/sampling/samples.ts';
import { requireStudy } from '../../server/services/study/studies.ts';
import type { Db } from '../../server/store/db.ts';
import { openDatabase } from '../../server/store/open.ts';
import { buildArgument, buildTriple } from '../factories.ts';
import { launchBrowser } from './browser.ts';

export const CONSOLE_ADMIN = { username: 'root', password: 'root-password-1' } as const;

export interface ConsoleServer {
  readonly baseUrl: string;
  readonly db: Db;
  close(): Promise<void>;
}

/**
 * The real app and client on a fresh, empty database (no demo study) with one admin, for the study
 * console's browser tests: everything else is made through the screens.
 */
export async function startConsoleServer(): Promise<ConsoleServer> {
  await ensureClientBuilt(() => {});
  const db = await openDatabase(':memory:');
  await createUser(db, CLI_ACTOR, { ...CONSOLE_ADMIN, roles: ['admin'] });
  const app = createApp({
    db,
    config: { sessionTtlHours: 1, cookieSecure: false },
    loginLimiter: new LoginLimiter(db),
    clientDir: CLIENT_DIR,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(async () => {
          await db.close();
          done();
        });
      }),
  };
}

/** 16 arguments of one test in four model strata of 5, 5, 5 and 1: an equal share of 2 runs short in one. */
export async function seedArguments(target: ConsoleServer): Promise<void> {
  await importRecords(target.db, {
    actor: CLI_ACTOR,
    kind: 'triples',
    study: 'default',
    sourceName: 'triples.jsonl',
    values: [buildTriple()],
  });
  const strata = [
    { model: 'model-a', count: 5 },
    { model: 'model-b', count: 5 },
    { model: 'model-c', count: 5 },
    { model: 'model-d', count: 1 },
  ];
  const values = strata.flatMap(({ model, count }) =>
    Array.from({ length: count }, (_, index) => buildArgument({ id: `${model}-${index}`, model, test: 1 })),
  );
  await importRecords(target.db, {
    actor: CLI_ACTOR,
    kind: 'arguments',
    study: 'default',
    sourceName: 'arguments.jsonl',
    values,
  });
}

/** Annotators alice, bob and erin (password NAME-password) and sample version 1 (8 items over the models). */
export async function seedSampleAndAnnotators(target: ConsoleServer): Promise<void> {
  await seedArguments(target);
  for (const username of ['alice', 'bob', 'erin'])
    await createUser(target.db, CLI_ACTOR, {
      username,
      password: `${username}-password`,
      roles: ['annotator'],
    });
  await drawSample(
    target.db,
    await requireStudy(target.db, 'default'),
    { size: 8, seed: 7, allocation: 'equal', strata: ['model'], excludeSampled: false },
    CLI_ACTOR,
  );
}

/** What a console browser-test file works with, set by `consoleSuite`'s beforeAll. */
export interface ConsoleSuite {
  server: ConsoleServer;
  browser: Browser;
  baseUrl: string;
}

/**
 * Registers a console browser-test file's set-up and tear-down: the console server (seeded by
 * `seed`, which may also prepare files) and Chromium, both closed after the file's tests.
 */
export function consoleSuite(seed: (server: ConsoleServer) => void | Promise<void> = () => {}): ConsoleSuite {
  let started: ConsoleSuite | undefined;
  beforeAll(async () => {
    const server = await startConsoleServer();
    await seed(server);
    started = { server, browser: await launchBrowser(), baseUrl: server.baseUrl };
  }, 120_000);
  afterAll(async () => {
    await started?.browser.close();
    await started?.server.close();
  });
  const ready = (): ConsoleSuite => {
    if (!started) throw new Error('the console suite is used before its beforeAll ran');
    return started;
  };
  return {
    get server() {
      return ready().server;
    },
    get browser() {
      return ready().browser;
    },
    get baseUrl() {
      return ready().baseUrl;
    },
  };
}
