import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAdjudicationItem } from '../server/store/adjudication-items.ts';
import { findAssignment } from '../server/store/assignments.ts';
import type { Db } from '../server/store/db.ts';
import { findUserByName } from '../server/store/users.ts';
import {
  ADJUDICATION_ARGUMENTS,
  seedAdjudicationStudy,
  WORK_SECRETS,
} from './support/adjudication-fixture.ts';
import { documentedRoutes, mountedRoutes, rowCounts } from './support/api-routes.ts';
import { loggedIn, testApp } from './support/app.ts';
import { SECRETS } from './support/study-fixture.ts';

/**
 * Every documented route × every kind of caller: the status each gets, that a refused request writes
 * nothing, and that no answer (body, error message, header) shows a caller what they are blind to.
 * Annotator A (alice) owns the item keys used; annotator B (bob) is her fellow annotator on the same
 * arguments; the adjudicator (carol) annotated nothing; the admin runs the study.
 */
const ROLES = ['anonymous', 'annotator A', 'annotator B', 'adjudicator', 'admin'] as const;
type Caller = (typeof ROLES)[number];
const USERS: Record<Exclude<Caller, 'anonymous'>, string> = {
  'annotator A': 'alice',
  'annotator B': 'bob',
  adjudicator: 'carol',
  admin: 'admin',
};

/** Statuses in ROLES order: anonymous, A, B, adjudicator, admin. */
type Statuses = readonly [number, number, number, number, number];
interface RouteCase {
  statuses: Statuses;
  /** The body to send (writes). */
  body?: (keys: Keys) => object;
  /** A query string to add. */
  query?: string;
}

interface Keys {
  /** alice's item keys: `third` (nothing saved yet) and `split` (submitted). */
  aliceThird: string;
  aliceSplit: string;
  /** adjudication keys */
  same: string;
  split: string;
}

const GOLD = {
  current: ['F4', 'F6'],
  tsc1: ['F4'],
  tsc2: ['F10'],
  abstained: false,
  comment: SECRETS.goldComment,
};

const ANY = [401, 200, 200, 200, 200] as const;
const ANNOTATOR_OWN = [401, 200, 404, 403, 403] as const;
const ADJUDICATOR_READ = [401, 403, 403, 200, 200] as const;
const ADJUDICATOR_WRITE = [401, 403, 403, 200, 403] as const;
const ADMIN = [401, 403, 403, 403, 200] as const;

/**
 * The expected status of every documented route for each caller, with the request that shows it. The
 * table runs in docs/API.md's order (logout last), so a write's effect is what the next row sees:
 * alice saves before her history is read, the gold is fixed before it is revealed and then reopened.
 */
const CASES: Record<string, RouteCase> = {
  'POST /api/auth/login': {
    statuses: [200, 200, 200, 200, 200],
    body: () => ({ username: 'dave', password: 'dave-password' }),
  },
  // Nobody to log out without a session: 401, as docs/SECURITY.md says of every route but two.
  'POST /api/auth/logout': { statuses: [401, 204, 204, 204, 204] },
  'GET /api/auth/me': { statuses: ANY },
  'GET /api/health': { statuses: [200, 200, 200, 200, 200] },
  'GET /api/studies': { statuses: ANY },
  'GET /api/studies/:study/overview': { statuses: [401, 403, 403, 200, 200] },
  'GET /api/studies/:study/queue': { statuses: [401, 200, 200, 403, 403] },
  'GET /api/studies/:study/items/:itemKey': { statuses: ANNOTATOR_OWN },
  'PUT /api/studies/:study/items/:itemKey/annotation': {
    statuses: ANNOTATOR_OWN,
    body: () => ({ version: 0, action: 'save', judgement: { ...GOLD, comment: 'alice again' } }),
  },
  'POST /api/studies/:study/items/:itemKey/annotation/reopen': {
    statuses: ANNOTATOR_OWN,
    body: () => ({ version: 1 }),
  },
  'GET /api/studies/:study/items/:itemKey/annotation/history': { statuses: ANNOTATOR_OWN },
  'GET /api/guidelines': { statuses: ANY },
  'GET /api/studies/:study/adjudication': { statuses: ADJUDICATOR_READ },
  'GET /api/studies/:study/adjudication/items/:itemKey': { statuses: ADJUDICATOR_READ, query: '?names=1' },
  'POST /api/studies/:study/adjudication/items/:itemKey/start': { statuses: ADJUDICATOR_WRITE },
  'PUT /api/studies/:study/adjudication/items/:itemKey/gold': {
    statuses: ADJUDICATOR_WRITE,
    body: () => ({ version: 0, action: 'fix', judgement: GOLD, decisions: [] }),
  },
  'POST /api/studies/:study/adjudication/accept': {
    statuses: ADJUDICATOR_WRITE,
    body: (keys) => ({ itemKeys: [keys.split] }),
  },
  'GET /api/studies/:study/adjudication/items/:itemKey/gold/history': { statuses: ADJUDICATOR_READ },
  'GET /api/studies/:study/adjudication/items/:itemKey/reveal': { statuses: ADJUDICATOR_READ },
  'POST /api/studies/:study/arguments/:argumentId/gold/reopen': {
    statuses: ADMIN,
    body: () => ({ reason: 'a second look' }),
  },
  'GET /api/studies/:study/progress': { statuses: ADMIN },
  'GET /api/studies/:study/arguments': { statuses: ADMIN, query: '?page=1&pageSize=10&sampled=yes' },
  'GET /api/studies/:study/arguments/:argumentId': { statuses: ADMIN },
  'GET /api/admin/users': { statuses: ADMIN },
  'POST /api/admin/users': {
    statuses: [401, 403, 403, 403, 201],
    body: () => ({ username: 'erin', roles: ['annotator'] }),
  },
  'PATCH /api/admin/users/:username': {
    statuses: ADMIN,
    body: () => ({ roles: ['annotator', 'adjudicator'] }),
  },
  'POST /api/admin/users/:username/password': { statuses: ADMIN, body: () => ({}) },
  'POST /api/admin/imports': {
    statuses: [401, 403, 403, 403, 400],
    query: '?study=default&kind=triples&file=triples.jsonl',
    body: () => ({ not: 'a triple' }),
  },
  'GET /api/studies/:study/imports': { statuses: ADMIN },
  'GET /api/studies/:study/assignment-log': { statuses: ADMIN, query: '?page=1&pageSize=5' },
  'GET /api/studies/:study/extractors': { statuses: ADMIN },
  'GET /api/studies/:study/extractors/:name/failures': { statuses: ADMIN },
  'GET /api/studies/:study/samples': { statuses: ADMIN },
  'POST /api/studies/:study/samples': {
    statuses: [401, 403, 403, 403, 201],
    body: () => ({ seed: 1, size: 2 }),
  },
  // The fixture's one undrawn argument: the admin previews it, then draws it as batch 1.
  'POST /api/studies/:study/samples/next/preview': {
    statuses: [401, 403, 403, 403, 200],
    body: () => ({ seed: 1, size: 1 }),
  },
  'POST /api/studies/:study/samples/next': {
    statuses: [401, 403, 403, 403, 201],
    body: () => ({ seed: 1, size: 1 }),
  },
  'GET /api/studies/:study/assignments': { statuses: ADMIN },
  'GET /api/studies/:study/assignments/log': { statuses: ADMIN },
  // Every fixture argument is assigned already: the admin gets past the role check to a 409.
  'POST /api/studies/:study/assignments': {
    statuses: [401, 403, 403, 403, 409],
    body: () => ({ annotators: ['bob'], perItem: 1, seed: 1 }),
  },
  'POST /api/studies/:study/assignments/preview': {
    statuses: [401, 403, 403, 403, 409],
    body: () => ({ annotators: ['bob'], perItem: 1, seed: 1 }),
  },
  'POST /api/studies/:study/assignments/reassign': {
    statuses: ADMIN,
    body: () => ({ from: 'alice', to: 'dave' }),
  },
  'GET /api/studies/:study/report': { statuses: ADJUDICATOR_READ, query: '?replicates=0' },
  'POST /api/studies/:study/report/jobs': {
    statuses: [401, 403, 403, 202, 202],
    body: () => ({ replicates: 0, format: 'md' }),
  },
  // Another caller's job id is as unknown as a made-up one.
  'GET /api/studies/:study/report/jobs/:jobId': { statuses: [401, 403, 403, 404, 404] },
  'GET /api/studies/:study/report/jobs/:jobId/result': { statuses: [401, 403, 403, 404, 404] },
  'DELETE /api/studies/:study/report/jobs/:jobId': { statuses: [401, 403, 403, 404, 404] },
  'GET /api/studies/:study/coverage': { statuses: ADJUDICATOR_READ },
  // The fixture's gold (two arguments, one reopened by now) is too little to simulate: 409 says so.
  'POST /api/studies/:study/coverage/jobs': {
    statuses: [401, 403, 403, 403, 409],
    body: () => ({ replicates: 1, bootstrap: 0 }),
  },
  'GET /api/studies/:study/coverage/jobs/:jobId': { statuses: [401, 403, 403, 403, 404] },
  'DELETE /api/studies/:study/coverage/jobs/:jobId': { statuses: [401, 403, 403, 403, 404] },
  'GET /api/studies/:study/audit': { statuses: ADMIN },
};

/** Which item key a route's :itemKey takes. */
function keyFor(name: string, keys: Keys): string {
  if (name.includes('/adjudication/')) return keys.same;
  return name.includes('/reopen') ? keys.aliceSplit : keys.aliceThird;
}

function concretePath(name: string, keys: Keys): string {
  const path = name.slice(name.indexOf(' ') + 1);
  return path
    .replace(':study', 'default')
    .replace(':itemKey', keyFor(name, keys))
    .replace(':argumentId', ADJUDICATION_ARGUMENTS.same)
    .replace(':username', 'erin')
    .replace(':name', 'rules')
    .replace(':jobId', 'no-such-job');
}

const EVERY_SECRET = [...Object.values(SECRETS), ...Object.values(WORK_SECRETS)];
const BEFORE_REVEAL = [SECRETS.model, SECRETS.tripleId, SECRETS.argumentIdPrefix, SECRETS.extractorRaw];

/** What a caller must never find in an answer of this route. */
function forbiddenFor(caller: Caller, name: string): string[] {
  const annotator = (other: string) => [
    ...Object.values(SECRETS),
    other,
    WORK_SECRETS.rationale,
    // The generating model and the test, by their JSON keys (their values are not distinctive).
    '"model":',
    '"test":',
  ];
  switch (caller) {
    case 'anonymous':
      return EVERY_SECRET;
    case 'annotator A':
      return annotator(WORK_SECRETS.bobComment);
    case 'annotator B':
      return annotator(WORK_SECRETS.aliceComment);
    case 'adjudicator':
      // The reveal shows the item's model and extractors, once the gold is fixed. The overview counts
      // the whole study's arguments per model and test, tying no item to a model.
      if (name.endsWith('/reveal')) return [];
      // The report, like it, scores models over whole cells (the report screen is read-only for them).
      if (name.endsWith('/overview') || name.includes('/report'))
        return BEFORE_REVEAL.filter((secret) => secret !== SECRETS.model);
      return BEFORE_REVEAL;
    case 'admin':
      return [];
  }
}

interface Session {
  cookie: string;
  csrf: string;
}

let app: Express;
let db: Db;
let keys: Keys;
const sessions = {} as Record<Exclude<Caller, 'anonymous'>, Session>;

beforeAll(async () => {
  ({ app, db } = await testApp());
  const fixture = await seedAdjudicationStudy(db);
  await fixture.submit('same');
  await fixture.submit('split');
  const aliceId = (await findUserByName(db, 'alice'))?.id ?? 0;
  keys = {
    aliceThird: (await findAssignment(db, fixture.rowIds.third, aliceId))?.itemKey ?? '',
    aliceSplit: (await findAssignment(db, fixture.rowIds.split, aliceId))?.itemKey ?? '',
    same: (await ensureAdjudicationItem(db, fixture.rowIds.same)).itemKey,
    split: (await ensureAdjudicationItem(db, fixture.rowIds.split)).itemKey,
  };
  for (const [caller, username] of Object.entries(USERS) as [Exclude<Caller, 'anonymous'>, string][]) {
    const { cookies, csrf } = await loggedIn(app, username);
    sessions[caller] = { cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; '), csrf };
  }
});

describe('every documented route for every kind of caller', () => {
  it('is documented when mounted, and mounted when documented', () => {
    const documented = documentedRoutes().map((route) => route.name);
    const mounted = mountedRoutes(app);
    expect(mounted.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !mounted.includes(name))).toEqual([]);
  });

  it('answers each caller with the expected status, writes nothing when it refuses, and shows nobody what they may not see', async () => {
    const routes = documentedRoutes();
    // Logging out ends the callers' sessions: it goes last.
    const ordered = [
      ...routes.filter((route) => route.name !== 'POST /api/auth/logout'),
      ...routes.filter((route) => route.name === 'POST /api/auth/logout'),
    ];
    const failures: string[] = [];
    let reads = 0;
    let writes = 0;
    let scanned = 0;
    // A's column runs last on each route: her write must not change what the others are answered.
    const callerOrder: Caller[] = ['anonymous', 'annotator B', 'adjudicator', 'admin', 'annotator A'];
    for (const route of ordered) {
      const known = CASES[route.name];
      const write = route.method !== 'GET';
      for (const caller of callerOrder) {
        const column = ROLES.indexOf(caller);
        const path = `${concretePath(route.name, keys)}${known?.query ?? ''}`;
        let call =
          request(app)[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
        if (caller !== 'anonymous') {
          const session = sessions[caller];
          call = call.set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf);
        }
        const before = await rowCounts(db);
        const response = await (known?.body ? call.send(known.body(keys)) : call);
        const cell = `${route.name} as ${caller}`;
        if (write) writes += 1;
        else reads += 1;

        // A route documented but not in CASES still joins: nobody gets a 5xx, and a caller without a
        // session is refused unless the doc says anyone may call it ("—").
        const expected = known?.statuses[column];
        if (expected !== undefined && response.status !== expected)
          failures.push(`${cell}: ${response.status}, expected ${expected} (${response.text.slice(0, 200)})`);
        if (response.status >= 500) failures.push(`${cell}: ${response.status}`);
        if (!known && caller === 'anonymous' && route.role !== '—' && response.status !== 401)
          failures.push(`${cell}: ${response.status}, expected 401 (add the route to CASES)`);
        if (response.status >= 400) {
          const after = await rowCounts(db);
          for (const [table, count] of Object.entries(after))
            if (before[table] !== count)
              failures.push(`${cell}: refused (${response.status}) but ${table} changed`);
        }
        const answer = `${response.text} ${JSON.stringify(response.headers)}`;
        for (const secret of forbiddenFor(caller, route.name))
          if (answer.includes(secret)) failures.push(`${cell}: the answer shows ${secret}`);
        scanned += 1;
      }
    }
    console.log(
      `route × role table: ${reads + writes} cells checked (${routes.length} routes × ${ROLES.length} callers: ` +
        `${reads} read, ${writes} write), ${scanned} answers scanned for what each caller is blind to`,
    );
    expect(failures).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !routes.some((route) => route.name === name))).toEqual([]);
  });
});

/** Malformed percent-escapes: not two hex digits, not UTF-8, a UTF-8 sequence cut short, an overlong one. */
const BAD_ESCAPES = ['%FF', '%', '%zz', '%E0%A4%A', '%C0%AF'] as const;

describe('a malformed percent-escape anywhere in the URL', () => {
  it('is a 4xx with a message for every documented route, every caller, and the client pages, never a 5xx', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'fa-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>factor-audit</title>');
    writeFileSync(join(clientDir, 'assets', 'app.js'), '');
    const withClient = await testApp({ clientDir });
    const failures: string[] = [];
    let checked = 0;
    const check = async (target: Express, method: string, path: string, caller: Caller) => {
      let call = request(target)[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
      if (caller !== 'anonymous') {
        const session = sessions[caller];
        call = call.set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf);
      }
      const response = await (method === 'GET' ? call : call.send({}));
      checked += 1;
      if (response.status < 400 || response.status >= 500)
        failures.push(`${method} ${path} as ${caller}: ${response.status}`);
      else if (typeof response.body?.error?.message !== 'string')
        failures.push(`${method} ${path} as ${caller}: ${response.status} without a message`);
    };
    for (const route of documentedRoutes()) {
      const segments = route.path.split('/');
      for (const badEscape of BAD_ESCAPES)
        for (const [index, segment] of segments.entries()) {
          // Each parameter, and the last segment of a route without one.
          if (!segment.startsWith(':') && !(index === segments.length - 1 && !route.path.includes(':')))
            continue;
          const bad = segments.map((part, at) =>
            at === index ? (part.startsWith(':') ? badEscape : `${part}${badEscape}`) : part,
          );
          const path = concretePath(`${route.method} ${bad.join('/')}`, keys);
          for (const caller of ['anonymous', 'admin', 'annotator A'] as const)
            await check(app, route.method, path, caller);
        }
    }
    for (const badEscape of BAD_ESCAPES)
      for (const path of [`/${badEscape}`, `/assets/${badEscape}.js`, `/studies/${badEscape}/queue`])
        await check(withClient.app, 'GET', path, 'anonymous');
    console.log(`malformed escapes: ${checked} requests, every one a 4xx with a message`);
    expect(failures).toEqual([]);
    expect(
      (await request(app).get('/api/studies/%FF/queue').set('Cookie', sessions.admin.cookie)).body.error
        .message,
    ).toMatch(/malformed percent-escape/);
  });
});
