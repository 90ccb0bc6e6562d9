import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Express } from 'express';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdjudicationItem } from '../server/store/adjudication-items.ts';
import { findAssignment } from '../server/store/assignments.ts';
import type { Db } from '../server/store/db.ts';
import { findUserByName } from '../server/store/users.ts';
import { ADJUDICATION_ARGUMENTS, seedAdjudicationStudy, TEXT } from './support/adjudication-fixture.ts';
import { documentedRoutes, rowCounts } from './support/api-routes.ts';
import { loggedIn, testApp } from './support/app.ts';

/**
 * Random and malformed requests to every write route of docs/API.md, sent by an account allowed to
 * write there (so they get past the role check to the validation): bodies of every JSON shape, valid
 * bodies with one field broken, random spans, texts with lone surrogate escapes, URL ids of every length
 * and alphabet, malformed percent-escapes in the path, an upload's query broken (its file "." or "..",
 * fields a kind does not take), bodies that are not JSON, not UTF-8, compressed or not, larger than the
 * route's limit, and requests without their CSRF token. The server must never answer 5xx, and a refused request must write nothing: the row count of
 * every table is the same after it — except a stale save, which the histories keep as one `conflict`.
 */

/** Cases per route, and the time each route may take at most (fast-check stops early, and says so). */
const RUNS = 150;
const TIME_LIMIT_MS = 2_000;
const SEED = 20_251;

interface Ctx {
  itemKey: string;
  reopenKey: string;
  adjudicationKey: string;
  acceptKey: string;
}

type Json = unknown;
type Body = (ctx: Ctx) => Json;

const judgement = {
  current: ['F4', 'F6'],
  tsc1: ['F4'],
  tsc2: ['F10'],
  unlisted: [],
  abstained: false,
  exact_phrase: false,
  truncated: false,
  spans: [{ start: 0, end: 9, case: 'current', factor: 'F4', style: 'name', polarity: 'asserted' }],
};

/** For each write route: who may call it, the valid body it is fuzzed around, which id fills the URL. */
const WRITES: Record<string, { caller: string; body: Body; id?: (ctx: Ctx) => string; query?: true }> = {
  'POST /api/auth/login': {
    caller: 'anonymous',
    body: () => ({ username: 'dave', password: 'dave-password' }),
  },
  'POST /api/auth/logout': { caller: 'bob', body: () => ({}) },
  'PUT /api/studies/:study/items/:itemKey/annotation': {
    caller: 'alice',
    body: () => ({ version: 0, action: 'save', judgement }),
    id: (ctx) => ctx.itemKey,
  },
  'POST /api/studies/:study/items/:itemKey/annotation/reopen': {
    caller: 'alice',
    body: () => ({ version: 1 }),
    id: (ctx) => ctx.reopenKey,
  },
  'POST /api/studies/:study/adjudication/items/:itemKey/start': {
    caller: 'carol',
    body: () => ({}),
    id: (ctx) => ctx.adjudicationKey,
  },
  'PUT /api/studies/:study/adjudication/items/:itemKey/gold': {
    caller: 'carol',
    body: () => ({ version: 0, action: 'save', judgement, decisions: [] }),
    id: (ctx) => ctx.adjudicationKey,
  },
  'POST /api/studies/:study/adjudication/accept': {
    caller: 'carol',
    body: (ctx) => ({ itemKeys: [ctx.acceptKey] }),
  },
  'POST /api/studies/:study/arguments/:argumentId/gold/reopen': {
    caller: 'admin',
    body: () => ({ reason: 'a second look' }),
    id: () => ADJUDICATION_ARGUMENTS.same,
  },
  'POST /api/admin/users': { caller: 'admin', body: () => ({ username: 'erin', roles: ['annotator'] }) },
  'PATCH /api/admin/users/:username': {
    caller: 'admin',
    body: () => ({ roles: ['annotator'] }),
    id: () => 'bob',
  },
  'POST /api/admin/users/:username/password': { caller: 'admin', body: () => ({}), id: () => 'erin' },
  'POST /api/studies/:study/samples': { caller: 'admin', body: () => ({ seed: 1, size: 2 }) },
  'POST /api/studies/:study/samples/next/preview': { caller: 'admin', body: () => ({ seed: 1, size: 1 }) },
  'POST /api/studies/:study/samples/next': { caller: 'admin', body: () => ({ seed: 1, size: 1 }) },
  'POST /api/studies/:study/assignments': {
    caller: 'admin',
    body: () => ({ annotators: ['bob'], perItem: 1, seed: 1 }),
  },
  'POST /api/studies/:study/assignments/reassign': {
    caller: 'admin',
    body: () => ({ from: 'alice', to: 'dave' }),
  },
  'POST /api/studies/:study/assignments/preview': {
    caller: 'admin',
    body: () => ({ annotators: ['bob'], perItem: 1, seed: 1 }),
  },
  'POST /api/studies/:study/report/jobs': { caller: 'admin', body: () => ({ replicates: 0, format: 'md' }) },
  'DELETE /api/studies/:study/report/jobs/:jobId': {
    caller: 'admin',
    body: () => ({}),
    id: () => 'no-such-job',
  },
  'POST /api/studies/:study/coverage/jobs': {
    caller: 'admin',
    body: () => ({ replicates: 1, bootstrap: 0 }),
  },
  'DELETE /api/studies/:study/coverage/jobs/:jobId': {
    caller: 'admin',
    body: () => ({}),
    id: () => 'no-such-job',
  },
  // The body is a file: a one-line JSONL of a triple, however the fuzzer mangles it.
  'POST /api/admin/imports': {
    caller: 'admin',
    body: () => ({
      id: 'fuzz-1',
      mode: 'arguable',
      current: { factors: ['F4'] },
      tsc1: { factors: ['F4'], outcome: 'plaintiff' },
      tsc2: { factors: ['F10'], outcome: 'defendant' },
    }),
    // The query is fuzzed too (`uploadQuery`).
    query: true,
  },
};

/** A span anywhere, of every case and factor, inside the text or not. */
const anySpan = fc.record(
  {
    start: fc.oneof(fc.integer({ min: -3, max: TEXT.length + 3 }), fc.integer(), fc.double()),
    end: fc.oneof(fc.integer({ min: -3, max: TEXT.length + 3 }), fc.integer()),
    case: fc.constantFrom('current', 'tsc1', 'tsc2', 'input', ''),
    factor: fc.constantFrom('F4', 'F6', 'F27', 'unlisted', 'f4', ''),
    style: fc.constantFrom('code', 'name', 'paraphrase', 'bold'),
    polarity: fc.constantFrom('asserted', 'negated', 'maybe'),
    text: fc.string({ maxLength: 40 }),
  },
  { requiredKeys: ['start', 'end', 'case', 'factor', 'style', 'polarity'] },
);

/** A body around the valid one: itself, one field replaced or added, random spans, or arbitrary JSON. */
function jsonBody(valid: Json): fc.Arbitrary<Json> {
  const fields = typeof valid === 'object' && valid !== null ? Object.keys(valid) : [];
  const withField = (key: fc.Arbitrary<string>, value: fc.Arbitrary<Json>) =>
    fc.tuple(key, value).map(([name, replaced]) => ({ ...(valid as object), [name]: replaced }));
  const options: fc.Arbitrary<Json>[] = [
    fc.constant(valid),
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
    withField(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
  ];
  if (fields.length > 0) {
    options.push(withField(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 2 })));
    options.push(withField(fc.constantFrom(...fields), fc.string({ unit: 'grapheme', maxLength: 300 })));
    options.push(
      withField(fc.constantFrom(...fields), fc.constantFrom('x'.repeat(70_000), -1, 2 ** 60, [], null)),
    );
    // Lone surrogate halves ("\ud800"): valid JSON, not Unicode; they must never be stored.
    options.push(withField(fc.constantFrom(...fields), fc.constantFrom('a\ud800', '\udc00b', '\ud83d')));
  }
  if (fields.includes('judgement'))
    options.push(
      fc
        .record({
          spans: fc.array(anySpan, { maxLength: 20 }),
          comment: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('lone \ud800 half', '\udfff')),
        })
        .map((change) => ({ ...(valid as object), judgement: { ...judgement, ...change } })),
    );
  return fc.oneof(...options);
}

/** What goes on the wire: JSON, or bytes with a content type and encoding of their own. */
type Wire =
  | { kind: 'json'; value: Json }
  | { kind: 'raw'; bytes: Uint8Array; contentType: string; contentEncoding?: string };

function wire(valid: Json, limitBytes: number): fc.Arbitrary<Wire> {
  const validText = JSON.stringify(valid);
  return fc.oneof(
    { weight: 6, arbitrary: jsonBody(valid).map((value): Wire => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          bytes: fc.oneof(
            fc.uint8Array({ maxLength: 200 }),
            fc.string({ maxLength: 200 }).map((text) => new TextEncoder().encode(text)),
            // A valid body cut short, or with a byte that is not UTF-8.
            fc.nat({ max: validText.length }).map((cut) => new TextEncoder().encode(validText.slice(0, cut))),
            fc.constant(Uint8Array.from([...new TextEncoder().encode(validText), 0xff, 0xfe])),
            // JSON nested thousands deep.
            fc
              .integer({ min: 1, max: 5_000 })
              .map((depth) => new TextEncoder().encode(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
          ),
          contentType: fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            'text/plain',
            'application/x-www-form-urlencoded',
          ),
        })
        .map(({ bytes, contentType }): Wire => ({ kind: 'raw', bytes, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          encoding: fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'identity'),
          garbage: fc.boolean(),
        })
        .map(
          ({ encoding, garbage }): Wire => ({
            kind: 'raw',
            bytes: garbage ? new TextEncoder().encode(validText) : gzipSync(validText),
            contentType: 'application/json',
            contentEncoding: encoding,
          }),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(0.5, 1.05, 4).map(
        (factor): Wire => ({
          kind: 'json',
          value: { ...(valid as object), padding: 'x'.repeat(Math.round(limitBytes * factor)) },
        }),
      ),
    },
  );
}

/** Percent-escapes no decoder accepts, put into the path as they are (not escaped again). */
const BAD_ESCAPES = ['%FF', '%', '%zz', '%E0%A4%A', '%C0%AF', 'a%2'];

/**
 * A URL id: the valid one, or an arbitrary string (escaped into the path), up to 5,000 characters,
 * or a malformed percent-escape written into the path raw.
 */
const anyId = (valid: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(encodeURIComponent(valid)) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9]{8,32}$/) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('x'.repeat(5_000), '..', '%', 'default', ' ').map(encodeURIComponent),
    },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES) },
  );

/** The study in the path: the fixture's, or now and then a malformed escape. */
const anyStudy = fc.oneof(
  { weight: 9, arbitrary: fc.constant('default') },
  { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES) },
);

/**
 * The upload's query: the fixture's, or with its file name, kind, mode, model, test or extractor
 * changed (".", "..", a malformed escape, a kind that does not match the body, an unknown mode…).
 */
const uploadQuery = fc.oneof(
  { weight: 4, arbitrary: fc.constant('?study=default&kind=triples&file=fuzz.jsonl') },
  {
    weight: 1,
    arbitrary: fc
      .record({
        file: fc.constantFrom('.', '..', '...', 'fuzz.jsonl', 'a%FF.jsonl', '%', 'x'.repeat(300), ''),
        kind: fc.constantFrom('triples', 'arguments', 'gold', 'paper-log', 'reported', 'people'),
        extra: fc.constantFrom(
          '',
          '&mode=reordered',
          '&mode=sideways',
          '&model=gpt-4o&test=1',
          '&model=&test=9',
          '&extractor=%FF',
          '&colour=red',
        ),
      })
      .map(({ file, kind, extra }) => `?study=default&kind=${kind}&file=${file}${extra}`),
  },
);

interface Session {
  cookie: string;
  csrf: string;
}

let app: Express;
/** Requests the app is still answering (`tracked` counts them). */
let inFlight = 0;
/** Requests the test has sent and not yet had answered (on their way to the app, or in it). */
let sent = 0;
/** The route whose test is running; '' between tests. */
let fuzzing = '';
function tracked(request: IncomingMessage, response: ServerResponse): void {
  inFlight += 1;
  response.on('close', () => {
    inFlight -= 1;
  });
  app(request, response);
}
let db: Db;
let ctx: Ctx;
const sessions: Record<string, Session> = {};
const totals = new Map<number, number>();
let cases = 0;

beforeAll(async () => {
  ({ app, db } = await testApp());
  const fixture = await seedAdjudicationStudy(db);
  await fixture.submit('same');
  await fixture.submit('split');
  const aliceId = (await findUserByName(db, 'alice'))?.id ?? 0;
  ctx = {
    itemKey: (await findAssignment(db, fixture.rowIds.third, aliceId))?.itemKey ?? '',
    reopenKey: (await findAssignment(db, fixture.rowIds.split, aliceId))?.itemKey ?? '',
    adjudicationKey: (await ensureAdjudicationItem(db, fixture.rowIds.same)).itemKey,
    acceptKey: (await ensureAdjudicationItem(db, fixture.rowIds.split)).itemKey,
  };
  for (const name of ['alice', 'bob', 'carol', 'admin']) {
    const { cookies, csrf } = await loggedIn(app, name);
    sessions[name] = { cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; '), csrf };
  }
});

afterAll(() => {
  const statuses = [...totals].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.log(
    `write-route fuzz: ${cases} cases over ${Object.keys(WRITES).length} routes; statuses ${statuses.join(', ')}`,
  );
});

/** The tables a request changed, with how many rows each gained or lost. */
function changes(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const [table, count] of Object.entries(after))
    if (count !== before[table]) changed[table] = count - (before[table] ?? 0);
  return changed;
}

/** A stale save is refused (409) yet kept in the item's history as one `conflict` entry. */
async function isRecordedConflict(status: number, changed: Record<string, number>): Promise<boolean> {
  const tables = Object.keys(changed);
  if (status !== 409 || tables.length !== 1) return false;
  const [table] = tables;
  if ((table !== 'annotation_history' && table !== 'gold_history') || changed[table] !== 1) return false;
  return (
    (await db.first<{ action: string }>(`SELECT action FROM ${table} ORDER BY id DESC LIMIT 1`))?.action ===
    'conflict'
  );
}

/**
 * A refused login is counted by the login limiter, in the database (`login_attempts`: its failures,
 * and the stale rows it drops as it goes), and writes nothing else.
 */
function isCountedLoginFailure(name: string, changed: Record<string, number>): boolean {
  const tables = Object.keys(changed);
  return name === 'POST /api/auth/login' && tables.length === 1 && tables[0] === 'login_attempts';
}

describe('every write route under random and malformed requests', () => {
  it('documents exactly the write routes fuzzed here', () => {
    const writes = documentedRoutes()
      .filter((route) => route.method !== 'GET')
      .map((route) => route.name);
    expect(Object.keys(WRITES).sort()).toEqual(writes.sort());
  });

  for (const [name, route] of Object.entries(WRITES)) {
    it(`${name}: never a 5xx, never a partial write`, { timeout: 30_000 }, async () => {
      const [method = '', template = ''] = name.split(' ');
      const valid = route.body(ctx);
      const limit = name.endsWith('/annotation') || name.endsWith('/gold') ? 1024 * 1024 : 256 * 1024;
      const seen = new Map<number, number>();
      const property = fc.asyncProperty(
        wire(valid, limit),
        anyId(route.id?.(ctx) ?? ''),
        anyStudy,
        route.query === undefined ? fc.constant('') : uploadQuery,
        // One request in eight forgets its CSRF token.
        fc.integer({ min: 0, max: 7 }).map((draw) => draw !== 0),
        async (body, id, study, query, withCsrf) => {
          const path = template
            .replace(':study', study)
            .replace(/:(itemKey|argumentId|username|jobId)/, id)
            .concat(query);
          let call = request(tracked)[method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'](path);
          const session = sessions[route.caller];
          if (session) {
            call = call.set('Cookie', session.cookie);
            if (withCsrf) call = call.set('X-CSRF-Token', session.csrf);
          }
          if (body.kind === 'raw') {
            call = call.set('Content-Type', body.contentType);
            if (body.contentEncoding) call = call.set('Content-Encoding', body.contentEncoding);
          }
          const before = await rowCounts(db);
          if (body.kind === 'json') call = call.set('Content-Type', 'application/json');
          const payload = body.kind === 'json' ? JSON.stringify(body.value) : Buffer.from(body.bytes);
          // A case fast-check gave up on at its time limit may go on after its route's test ended:
          // it must not send into the next route's case.
          if (fuzzing !== name) return;
          sent += 1;
          let response: Awaited<typeof call>;
          try {
            response = await call.send(payload);
          } finally {
            sent -= 1;
          }
          seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
          expect(
            response.status,
            `${name} answered ${response.status}: ${response.text.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (response.status >= 400) {
            // The report cache (migration 018) is filled by a report job an earlier accepted case
            // started, whenever it finishes: background work, not a write of the refused request.
            const { report_cache: _cache, ...changed } = changes(before, await rowCounts(db));
            if (
              !(await isRecordedConflict(response.status, changed)) &&
              !isCountedLoginFailure(name, changed)
            )
              expect(changed, `${name} refused (${response.status}) but wrote`).toEqual({});
            expect(response.body?.error?.code, 'a refusal carries the error envelope').toEqual(
              expect.any(String),
            );
          }
        },
      );
      fuzzing = name;
      await fc.assert(property, { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: TIME_LIMIT_MS });
      fuzzing = '';
      // An interrupted case leaves its request in flight; a login finishing during the next route's
      // case (a new session, a counted failure) would read as that route's partial write. Wait until
      // it is done — answered by the app, and first arrived there: a request the client has sent but
      // the app has not yet received is not in `inFlight`.
      while (inFlight > 0 || sent > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      for (const [status, count] of seen) totals.set(status, (totals.get(status) ?? 0) + count);
      cases += [...seen.values()].reduce((sum, count) => sum + count, 0);
      expect([...seen.keys()].some((status) => status >= 400)).toBe(true);
    });
  }
});
