import type { Express } from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { importRecords } from '../server/services/interchange/import/import-records.ts';
import type { Db } from '../server/store/db.ts';
import { goldFromDecisions } from '../shared/adjudication/gold-from-decisions.ts';
import {
  adjudicationItemSchema,
  adjudicationQueueSchema,
  type Decision,
  goldHistorySchema,
  goldStateSchema,
  revealSchema,
} from '../shared/adjudication-api.ts';
import type { Judgement } from '../shared/schemas/annotation.ts';
import { buildJudgement } from './factories.ts';
import {
  ADJUDICATION_ARGUMENTS,
  type AdjudicationArgument,
  seedAdjudicationStudy,
  WORK_SECRETS,
} from './support/adjudication-fixture.ts';
import { loggedIn, testApp } from './support/app.ts';
import { SECRETS } from './support/study-fixture.ts';

let app: Express;
let db: Db;
let fixture: Awaited<ReturnType<typeof seedAdjudicationStudy>>;

beforeEach(async () => {
  ({ app, db } = await testApp());
  fixture = await seedAdjudicationStudy(db);
});

const BASE = '/api/studies/default/adjudication';
const itemPath = (key: string) => `${BASE}/items/${key}`;
type Agent = Awaited<ReturnType<typeof loggedIn>>;

/** Before the reveal, no answer an adjudicator gets may name the argument, its triple, model or extractors' output. */
function expectBlind(response: { body: unknown; headers: unknown }): void {
  const text = JSON.stringify(response.body) + JSON.stringify(response.headers);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

/** The adjudication key of a fixture argument, found through the queue as an adjudicator finds it. */
async function keyOf(carol: Agent, argument: AdjudicationArgument): Promise<string> {
  const queue = adjudicationQueueSchema.parse((await carol.agent.get(BASE).expect(200)).body);
  for (const entry of queue.items) {
    const item = (await carol.agent.get(`${itemPath(entry.itemKey)}?names=1`).expect(200)).body;
    const names = item.annotations.map((annotation: { annotator: string }) => annotation.annotator).sort();
    const wanted = argument === 'third' ? ['alice', 'dave'] : ['alice', 'bob'];
    if (names.join() !== wanted.join()) continue;
    const disagreeing = item.disagreements.length > 0;
    if (argument === 'third' || disagreeing === (argument === 'split')) return entry.itemKey;
  }
  throw new Error(`${argument} is not in carol's queue`);
}

/** The item's A and B judgements and a decision "A" for every disagreement, with the gold they make. */
async function resolveAllAsA(carol: Agent, key: string): Promise<{ decisions: Decision[]; gold: Judgement }> {
  const item = adjudicationItemSchema.parse((await carol.agent.get(itemPath(key)).expect(200)).body);
  const [a, b] = item.annotations;
  if (!a || !b) throw new Error('the item has not two annotations');
  const decisions = item.disagreements.map((disagreement) => ({
    disagreementId: disagreement.id,
    choice: 'a' as const,
    rationale: WORK_SECRETS.rationale,
  }));
  return { decisions, gold: goldFromDecisions(a.judgement, b.judgement, decisions) };
}

const put = (agent: Agent, key: string, body: object) =>
  agent.agent
    .put(`${itemPath(key)}/gold`)
    .set('X-CSRF-Token', agent.csrf)
    .send(body);

describe('the adjudication queue', () => {
  it('lists only items whose assigned annotations are all submitted, with their disagreements', async () => {
    const carol = await loggedIn(app, 'carol');
    expect((await carol.agent.get(BASE).expect(200)).body).toEqual({ items: [], notReady: 3 });
    await fixture.submit('same');
    await fixture.submit('split', ['alice']);
    const partial = adjudicationQueueSchema.parse((await carol.agent.get(BASE).expect(200)).body);
    expect(partial.items).toHaveLength(1);
    expect(partial.notReady).toBe(2);
    await fixture.submitAll();
    const response = await carol.agent.get(BASE).expect(200);
    expectBlind(response);
    const queue = adjudicationQueueSchema.parse(response.body);
    expect(queue.notReady).toBe(0);
    expect(queue.items.map((entry) => entry.position)).toEqual([1, 2, 3]);
    expect(queue.items.map((entry) => [entry.annotations, entry.disagreements, entry.status]).sort()).toEqual(
      [
        [2, 0, 'waiting'],
        [2, 0, 'waiting'],
        [2, 5, 'waiting'],
      ],
    );
    for (const entry of queue.items) expect(entry.itemKey).toMatch(/^[0-9a-f]{16}$/);
    // The keys are the adjudicator's own: no annotator's item key is reused.
    const annotatorKeys = (await db.all<{ key: string }>('SELECT item_key AS key FROM assignments')).map(
      (row) => row.key,
    );
    for (const entry of queue.items) expect(annotatorKeys).not.toContain(entry.itemKey);
  });

  it('leaves out the items the caller annotated: an annotator who also adjudicates never sees their own', async () => {
    await fixture.submitAll();
    const dave = await loggedIn(app, 'dave');
    const queue = adjudicationQueueSchema.parse((await dave.agent.get(BASE).expect(200)).body);
    expect(queue.items).toHaveLength(2);
    const carol = await loggedIn(app, 'carol');
    const third = await keyOf(carol, 'third');
    expect(queue.items.map((entry) => entry.itemKey)).not.toContain(third);
    const refused = await dave.agent.get(itemPath(third)).expect(404);
    expect(refused.body.error.message).toMatch(/not in your adjudication queue/);
  });
});

describe('an adjudication item', () => {
  beforeEach(async () => await fixture.submitAll());

  it('shows both judgements as A and B, blind to names unless asked with ?names=1', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const blind = await carol.agent.get(itemPath(key)).expect(200);
    expectBlind(blind);
    const item = adjudicationItemSchema.parse(blind.body);
    expect(item.annotations.map((annotation) => [annotation.label, annotation.annotator])).toEqual([
      ['A', null],
      ['B', null],
    ]);
    expect(JSON.stringify(blind.body)).not.toMatch(/"alice"|"bob"/);
    // The argument's provenance can name the model or the extractor run: it is not sent either.
    expect(blind.body).not.toHaveProperty('source');
    expect(JSON.stringify(blind.body)).not.toContain(WORK_SECRETS.source);
    // The fixture text holds "agreed not to disclose" at 37–59 (bob's name mention) and "F4" at
    // 61–63 (alice's code mention): they do not overlap, so each is one-sided.
    expect(item.disagreements.map((disagreement) => disagreement.id).sort()).toEqual([
      'cell:current:F6',
      'cell:tsc2:F16',
      'flag:truncated',
      'span:current:F4:asserted:37-59',
      'span:current:F4:asserted:61-63',
    ]);
    expect(item).toMatchObject({ gold: null, canReveal: false, started: false, queueLength: 3 });
    const named = adjudicationItemSchema.parse(
      (await carol.agent.get(`${itemPath(key)}?names=1`).expect(200)).body,
    );
    expect(named.annotations.map((annotation) => annotation.annotator).sort()).toEqual(['alice', 'bob']);
    // The order is fixed per item: the same annotator is A on every visit.
    const again = adjudicationItemSchema.parse(
      (await carol.agent.get(`${itemPath(key)}?names=1`).expect(200)).body,
    );
    expect(again.annotations.map((annotation) => annotation.annotator)).toEqual(
      named.annotations.map((annotation) => annotation.annotator),
    );
    const bad = await carol.agent.get(`${itemPath(key)}?names=yes`).expect(400);
    expect(bad.body.error.message).toMatch(/^names: /);
  });

  it('answers an unknown key 404 and a malformed one 400, echoing neither', async () => {
    const carol = await loggedIn(app, 'carol');
    const unknown = await carol.agent.get(itemPath('ffffffffffffffff')).expect(404);
    expect(unknown.body.error.message).toBe(
      'This item is not in your adjudication queue; open items from the queue.',
    );
    const malformed = await carol.agent
      .get(itemPath(encodeURIComponent(ADJUDICATION_ARGUMENTS.split)))
      .expect(400);
    expect(JSON.stringify(malformed.body)).not.toContain(ADJUDICATION_ARGUMENTS.split);
  });
});

describe('starting adjudication', () => {
  beforeEach(async () => await fixture.submitAll());

  it('locks reopening for the annotators; opening the item alone does not', async () => {
    const carol = await loggedIn(app, 'carol');
    const alice = await loggedIn(app, 'alice');
    const key = await keyOf(carol, 'split');
    await carol.agent.get(itemPath(key)).expect(200);
    const aliceQueue = (await alice.agent.get('/api/studies/default/queue').expect(200)).body;
    const aliceKey = aliceQueue.items[1].itemKey;
    expect((await alice.agent.get(`/api/studies/default/items/${aliceKey}`).expect(200)).body.canReopen).toBe(
      true,
    );

    const started = await carol.agent
      .post(`${itemPath(key)}/start`)
      .set('X-CSRF-Token', carol.csrf)
      .expect(200);
    expect(adjudicationItemSchema.parse(started.body).started).toBe(true);
    await carol.agent
      .post(`${itemPath(key)}/start`)
      .set('X-CSRF-Token', carol.csrf)
      .expect(200);
    const queue = adjudicationQueueSchema.parse((await carol.agent.get(BASE).expect(200)).body);
    expect(queue.items.find((entry) => entry.itemKey === key)?.status).toBe('in_progress');

    const shown = (await alice.agent.get(`/api/studies/default/items/${aliceKey}`).expect(200)).body;
    expect(shown.canReopen).toBe(false);
    const refused = await alice.agent
      .post(`/api/studies/default/items/${aliceKey}/annotation/reopen`)
      .set('X-CSRF-Token', alice.csrf)
      .send({ version: shown.annotation.version })
      .expect(409);
    expect(refused.body.error.message).toBe(
      'Adjudication of this argument has started; ask the adjudicator to change the gold instead.',
    );
  });

  it('takes an item away while an annotator has reopened it, and gives it back once resubmitted', async () => {
    const carol = await loggedIn(app, 'carol');
    const alice = await loggedIn(app, 'alice');
    const key = await keyOf(carol, 'split');
    const aliceKey = (await alice.agent.get('/api/studies/default/queue').expect(200)).body.items[1].itemKey;
    await alice.agent
      .post(`/api/studies/default/items/${aliceKey}/annotation/reopen`)
      .set('X-CSRF-Token', alice.csrf)
      .send({ version: 1 })
      .expect(200);
    const away = await carol.agent.get(itemPath(key)).expect(409);
    expect(away.body.error.message).toMatch(/back with its annotators/);
    expect(adjudicationQueueSchema.parse((await carol.agent.get(BASE).expect(200)).body).notReady).toBe(1);
    await alice.agent
      .put(`/api/studies/default/items/${aliceKey}/annotation`)
      .set('X-CSRF-Token', alice.csrf)
      .send({ version: 2, action: 'submit', judgement: fixture.work.split.alice })
      .expect(200);
    await carol.agent.get(itemPath(key)).expect(200);
  });
});

describe('bulk acceptance', () => {
  beforeEach(async () => await fixture.submitAll());

  it('accepts only items without disagreement and without gold, as fixed gold noted "accepted, no disagreement"', async () => {
    const carol = await loggedIn(app, 'carol');
    const same = await keyOf(carol, 'same');
    const split = await keyOf(carol, 'split');
    const response = await carol.agent
      .post(`${BASE}/accept`)
      .set('X-CSRF-Token', carol.csrf)
      .send({ itemKeys: [same, split, 'ffffffffffffffff', same] })
      .expect(200);
    expect(response.body).toEqual({
      accepted: [same],
      skipped: [
        { itemKey: split, reason: '5 disagreements: adjudicate it' },
        { itemKey: 'ffffffffffffffff', reason: 'not in your adjudication queue' },
      ],
    });
    const item = adjudicationItemSchema.parse((await carol.agent.get(itemPath(same)).expect(200)).body);
    expect(item.gold).toMatchObject({
      status: 'fixed',
      version: 1,
      decisions: [],
      adjudicator: 'carol',
      note: 'accepted, no disagreement',
      fixedAt: expect.any(String),
    });
    expect(item.gold?.judgement).toEqual({ ...fixture.work.same.alice, comment: undefined });
    expect(item.canReveal).toBe(true);
    const queue = adjudicationQueueSchema.parse((await carol.agent.get(BASE).expect(200)).body);
    expect(queue.items.find((entry) => entry.itemKey === same)?.status).toBe('accepted');
    const again = await carol.agent
      .post(`${BASE}/accept`)
      .set('X-CSRF-Token', carol.csrf)
      .send({ itemKeys: [same] })
      .expect(200);
    expect(again.body.skipped).toEqual([{ itemKey: same, reason: 'it already has gold (fixed)' }]);
    const bad = await carol.agent
      .post(`${BASE}/accept`)
      .set('X-CSRF-Token', carol.csrf)
      .send({ itemKeys: [] })
      .expect(400);
    expect(bad.body.error.message).toMatch(/^itemKeys: /);
  });
});

describe('saving the gold', () => {
  beforeEach(async () => await fixture.submitAll());

  it('equals the chosen resolutions once fixed, with who decided what and why', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const { decisions, gold } = await resolveAllAsA(carol, key);
    const fixed = goldStateSchema.parse(
      (await put(carol, key, { version: 0, action: 'fix', judgement: gold, decisions }).expect(200)).body,
    );
    expect(fixed).toMatchObject({ status: 'fixed', version: 1, adjudicator: 'carol', note: null });
    expect(fixed.judgement).toEqual(gold);
    expect(fixed.decisions).toEqual(decisions);
    const item = adjudicationItemSchema.parse(
      (await carol.agent.get(`${itemPath(key)}?names=1`).expect(200)).body,
    );
    const a = item.annotations[0];
    // Every decision chose A: the gold is A's judgement, whose comment stays A's own.
    expect(fixed.judgement).toEqual({ ...a?.judgement, comment: undefined });
    const queue = adjudicationQueueSchema.parse((await carol.agent.get(BASE).expect(200)).body);
    expect(queue.items.find((entry) => entry.itemKey === key)?.status).toBe('fixed');
  });

  it('autosaves drafts with versions, answers a stale version 409 with the current state, and recognises a retry', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const draft = { version: 0, action: 'save', judgement: buildJudgement(), clientSaveId: 'save-0000-0001' };
    const first = goldStateSchema.parse((await put(carol, key, draft).expect(200)).body);
    expect(first).toMatchObject({ status: 'draft', version: 1, fixedAt: null });
    expect((await put(carol, key, draft).expect(200)).body).toEqual(first);
    const stale = await put(carol, key, { ...draft, clientSaveId: 'save-0000-0002' }).expect(409);
    expect(stale.body.error.message).toBe(
      'The gold of this item changed since you loaded it (you had version 0, it is now 1); reload the item before saving.',
    );
    expect(stale.body.error.details.current).toEqual(first);
    await put(carol, key, { ...draft, version: 1, clientSaveId: 'save-0000-0003' }).expect(200);
    const history = goldHistorySchema.parse(
      (await carol.agent.get(`${itemPath(key)}/gold/history`).expect(200)).body,
    );
    expect(history.map((entry) => [entry.id, entry.actor, entry.action, entry.version])).toEqual([
      [1, 'carol', 'save', 1],
      [2, 'carol', 'conflict', 0],
      [3, 'carol', 'save', 2],
    ]);
  });

  it('scores and exports only final gold: a draft is not gold yet', async () => {
    const carol = await loggedIn(app, 'carol');
    const admin = await loggedIn(app, 'admin');
    const key = await keyOf(carol, 'split');
    const { decisions, gold } = await resolveAllAsA(carol, key);
    const goldCount = async () =>
      (await admin.agent.get('/api/studies/default/report?replicates=0').expect(200)).body.meta.counts.gold;
    await put(carol, key, { version: 0, action: 'save', judgement: gold, decisions }).expect(200);
    expect(await goldCount()).toBe(0);
    await put(carol, key, { version: 1, action: 'fix', judgement: gold, decisions }).expect(200);
    expect(await goldCount()).toBe(1);
    const report = (await admin.agent.get('/api/studies/default/report?replicates=0').expect(200)).body;
    expect(report.error_classes['gpt-4.1'].items).toBe(1);
  });

  it('starts adjudication with the first save', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    await put(carol, key, { version: 0, action: 'save', judgement: buildJudgement() }).expect(200);
    expect(
      adjudicationItemSchema.parse((await carol.agent.get(itemPath(key)).expect(200)).body).started,
    ).toBe(true);
  });

  it('refuses to fix with disagreements undecided or decisions the gold does not carry out', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const { decisions, gold } = await resolveAllAsA(carol, key);
    const undecided = await put(carol, key, {
      version: 0,
      action: 'fix',
      judgement: gold,
      decisions: decisions.slice(1),
    }).expect(400);
    expect(undecided.body.error.message).toMatch(
      /^decisions: Disagreement 1 — .+: undecided; decide every disagreement before fixing the gold$/,
    );
    const contrary = decisions.map((decision) =>
      decision.disagreementId === 'flag:truncated' ? { ...decision, choice: 'both' as const } : decision,
    );
    const wrong = await put(carol, key, {
      version: 0,
      action: 'fix',
      judgement: { ...gold, truncated: false },
      decisions: contrary,
    }).expect(400);
    expect(wrong.body.error.message).toMatch(
      /^decisions\[\d\]: Disagreement \d+ — the Truncated flag: decided as Both \(set\), but the gold does not set it\. Choose Both again/,
    );
    // Nothing was written.
    expect((await carol.agent.get(`${itemPath(key)}/gold/history`).expect(200)).body).toEqual([]);
  });

  it('refuses a span outside the text or a decision naming no disagreement with 400 naming the field', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const outside = {
      start: 0,
      end: 9_999,
      case: 'current',
      factor: 'F4',
      style: 'code',
      polarity: 'asserted',
    } as const;
    const spanResponse = await put(carol, key, {
      version: 0,
      action: 'save',
      judgement: buildJudgement({ spans: [outside] }),
    }).expect(400);
    expect(spanResponse.body.error.message).toMatch(/^judgement\.spans\[0\]: ends at 9999/);
    const decision = await put(carol, key, {
      version: 0,
      action: 'save',
      judgement: buildJudgement(),
      decisions: [{ disagreementId: 'cell:tsc1:F1', choice: 'a' }],
    }).expect(400);
    expect(decision.body.error.message).toMatch(
      /^decisions\[0\]\.disagreementId: "cell:tsc1:F1" is not a disagreement/,
    );
    const choice = await put(carol, key, {
      version: 0,
      action: 'save',
      judgement: buildJudgement(),
      decisions: [{ disagreementId: 'flag:truncated', choice: 'maybe' }],
    }).expect(400);
    expect(choice.body.error.message).toMatch(/^decisions\[0\]\.choice: /);
  });

  it('keeps fixed gold fixed: a later save is 409 until an admin reopens it', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const { decisions, gold } = await resolveAllAsA(carol, key);
    await put(carol, key, { version: 0, action: 'fix', judgement: gold, decisions }).expect(200);
    const refused = await put(carol, key, { version: 1, action: 'save', judgement: gold, decisions }).expect(
      409,
    );
    expect(refused.body.error.message).toBe(
      'The gold of this item is fixed; ask an admin to reopen it before changing it.',
    );
  });
});

describe('the reveal', () => {
  beforeEach(async () => await fixture.submitAll());

  it('is refused with 403 before the gold is fixed and shows every extractor against it after', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const early = await carol.agent.get(`${itemPath(key)}/reveal`).expect(403);
    expect(early.body.error).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/fix the gold/),
    });
    expectBlind(early);
    const { decisions, gold } = await resolveAllAsA(carol, key);
    await put(carol, key, { version: 0, action: 'save', judgement: gold, decisions }).expect(200);
    await carol.agent.get(`${itemPath(key)}/reveal`).expect(403);
    await put(carol, key, { version: 1, action: 'fix', judgement: gold, decisions }).expect(200);

    const reveal = revealSchema.parse((await carol.agent.get(`${itemPath(key)}/reveal`).expect(200)).body);
    expect(reveal).toMatchObject({ argumentId: ADJUDICATION_ARGUMENTS.split, model: SECRETS.model, test: 1 });
    const [gpt, rules] = reveal.extractors;
    expect(rules).toEqual({
      extractor: 'rules',
      status: 'missing',
      error: null,
      decisions: [],
      counts: { correct: 0, missed: 0, negated_as_present: 0, wrong_case: 0, invented: 0, extra: 0 },
      mentions: [],
    });
    expect(gpt?.status).toBe('extracted');
    // This extractor stored no evidence; the rules extractor's mentions are shown in the browser test.
    expect(gpt?.mentions).toEqual([]);
    expect(gpt?.counts.correct).toBe(
      gpt?.decisions.filter((decision) => decision.class === 'correct').length,
    );
    expect(await db.first('SELECT count(*) AS n FROM error_classes')).toEqual({ n: 1 });
    const admin = await loggedIn(app, 'admin');
    expect((await admin.agent.get(`${itemPath(key)}/reveal`).expect(200)).body).toEqual(reveal);
  });

  it('classifies the extractor against the gold: gpt-4.1 on the agreed item is correct throughout', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'same');
    await carol.agent
      .post(`${BASE}/accept`)
      .set('X-CSRF-Token', carol.csrf)
      .send({ itemKeys: [key] })
      .expect(200);
    expect(await db.first('SELECT count(*) AS n FROM error_classes')).toEqual({ n: 1 });
    const reveal = revealSchema.parse((await carol.agent.get(`${itemPath(key)}/reveal`).expect(200)).body);
    expect(reveal.extractors.map((entry) => [entry.extractor, entry.status, entry.error])).toEqual([
      ['gpt-4.1', 'extracted', null],
      ['rules', 'failed', 'the rules timed out'],
    ]);
    expect(reveal.extractors[0]?.counts).toEqual({
      correct: 4,
      missed: 0,
      negated_as_present: 0,
      wrong_case: 0,
      invented: 0,
      extra: 0,
    });
    expect(reveal.extractors[0]?.decisions[0]).toEqual({
      case: 'current',
      factor: 'F4',
      class: 'correct',
      goldStyle: 'code',
      goldPolarity: 'asserted',
      spans: [{ start: 61, end: 63 }],
    });
  });
});

describe('stored error classes', () => {
  beforeEach(async () => await fixture.submitAll());

  it('are written again when an extraction of an argument with fixed gold is imported or replaced', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const { decisions, gold } = await resolveAllAsA(carol, key);
    await put(carol, key, { version: 0, action: 'fix', judgement: gold, decisions }).expect(200);
    const stored = async () =>
      await db.all<{ extractor: string; decisions: string }>(
        `SELECT x.name AS extractor, c.decisions FROM error_classes c JOIN extractors x ON x.id = c.extractor_id ORDER BY x.name`,
      );
    expect((await stored()).map((row) => row.extractor)).toEqual(['gpt-4.1']);
    const extraction = (extractor: string, current: string[]) => ({
      argument_id: ADJUDICATION_ARGUMENTS.split,
      extractor,
      current,
      tsc1: [],
      tsc2: [],
    });
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'extractions',
      study: 'default',
      sourceName: 'rules-late.jsonl',
      values: [extraction('rules', ['F4'])],
    });
    expect((await stored()).map((row) => row.extractor)).toEqual(['gpt-4.1', 'rules']);
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'extractions',
      study: 'default',
      sourceName: 'gpt-again.jsonl',
      values: [extraction('gpt-4.1', ['F20'])],
      replace: true,
    });
    const gpt = JSON.parse((await stored())[0]?.decisions ?? '[]') as { factor: string; class: string }[];
    expect(gpt.find((decision) => decision.factor === 'F20')?.class).toBe('extra');
    const reveal = revealSchema.parse((await carol.agent.get(`${itemPath(key)}/reveal`).expect(200)).body);
    expect(reveal.extractors.find((entry) => entry.extractor === 'gpt-4.1')?.counts.extra).toBe(1);
  });
});

describe('reopening gold (admin)', () => {
  beforeEach(async () => await fixture.submitAll());

  it('turns fixed gold back into a draft, logged with the reason; the reveal closes again', async () => {
    const carol = await loggedIn(app, 'carol');
    const admin = await loggedIn(app, 'admin');
    const key = await keyOf(carol, 'split');
    const { decisions, gold } = await resolveAllAsA(carol, key);
    await put(carol, key, { version: 0, action: 'fix', judgement: gold, decisions }).expect(200);
    const path = `/api/studies/default/arguments/${ADJUDICATION_ARGUMENTS.split}/gold/reopen`;
    await carol.agent.post(path).set('X-CSRF-Token', carol.csrf).send({ reason: 'second look' }).expect(403);
    const short = await admin.agent
      .post(path)
      .set('X-CSRF-Token', admin.csrf)
      .send({ reason: 'x' })
      .expect(400);
    expect(short.body.error.message).toMatch(/^reason: /);
    const reopened = goldStateSchema.parse(
      (
        await admin.agent
          .post(path)
          .set('X-CSRF-Token', admin.csrf)
          .send({ reason: 'the truncation flag is doubtful' })
          .expect(200)
      ).body,
    );
    expect(reopened).toMatchObject({ status: 'draft', version: 2, fixedAt: null, decisions });
    expect(await db.first('SELECT count(*) AS n FROM error_classes')).toEqual({ n: 0 });
    await carol.agent.get(`${itemPath(key)}/reveal`).expect(403);
    const history = goldHistorySchema.parse(
      (await carol.agent.get(`${itemPath(key)}/gold/history`).expect(200)).body,
    );
    expect(history.map((entry) => [entry.action, entry.actor, entry.status, entry.note])).toEqual([
      ['fix', 'carol', 'fixed', null],
      ['reopen', 'admin', 'draft', 'the truncation flag is doubtful'],
    ]);
    await admin.agent
      .post(path)
      .set('X-CSRF-Token', admin.csrf)
      .send({ reason: 'again, please' })
      .expect(409);
    // The adjudicator decides again.
    await put(carol, key, { version: 2, action: 'fix', judgement: gold, decisions }).expect(200);
    await carol.agent.get(`${itemPath(key)}/reveal`).expect(200);
  });

  it('answers 404 for an unknown argument and 409 when it has no gold', async () => {
    const admin = await loggedIn(app, 'admin');
    const reopen = (argument: string) =>
      admin.agent
        .post(`/api/studies/default/arguments/${argument}/gold/reopen`)
        .set('X-CSRF-Token', admin.csrf)
        .send({ reason: 'a reason' });
    await reopen('no-such-argument').expect(404);
    expect((await reopen(ADJUDICATION_ARGUMENTS.split).expect(409)).body.error.message).toBe(
      'This argument has no gold to reopen.',
    );
  });
});

describe('imported gold', () => {
  beforeEach(async () => await fixture.submitAll());

  it('shows as imported with its file, may be revealed, and is not changed by the adjudicator', async () => {
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'gold',
      study: 'default',
      sourceName: 'gold-batch-7.jsonl',
      values: [{ argument_id: ADJUDICATION_ARGUMENTS.split, adjudicator: 'elsewhere', ...buildJudgement() }],
    });
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const queue = adjudicationQueueSchema.parse((await carol.agent.get(BASE).expect(200)).body);
    expect(queue.items.find((entry) => entry.itemKey === key)?.status).toBe('imported');
    const item = adjudicationItemSchema.parse((await carol.agent.get(itemPath(key)).expect(200)).body);
    expect(item.gold).toMatchObject({
      status: 'imported',
      note: 'gold-batch-7.jsonl',
      adjudicator: 'elsewhere',
    });
    expect(item.canReveal).toBe(true);
    expect(await db.first('SELECT count(*) AS n FROM error_classes')).toEqual({ n: 1 });
    await carol.agent.get(`${itemPath(key)}/reveal`).expect(200);
    const refused = await put(carol, key, { version: 1, action: 'save', judgement: buildJudgement() }).expect(
      409,
    );
    expect(refused.body.error.message).toBe(
      'The gold of this item was imported from gold-batch-7.jsonl; ask an admin to reopen it before changing it.',
    );
    const history = goldHistorySchema.parse(
      (await carol.agent.get(`${itemPath(key)}/gold/history`).expect(200)).body,
    );
    expect(history.map((entry) => [entry.action, entry.actor, entry.note])).toEqual([
      ['import', null, 'gold-batch-7.jsonl'],
    ]);
  });
});

describe('roles', () => {
  beforeEach(async () => await fixture.submitAll());

  it('refuses an annotator every adjudication route and the gold reopening', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const alice = await loggedIn(app, 'alice');
    const answers = [
      await alice.agent.get(BASE),
      await alice.agent.get(itemPath(key)),
      await alice.agent.get(`${itemPath(key)}?names=1`),
      await alice.agent.post(`${itemPath(key)}/start`).set('X-CSRF-Token', alice.csrf),
      await put(alice, key, { version: 0, action: 'save', judgement: buildJudgement() }),
      await alice.agent
        .post(`${BASE}/accept`)
        .set('X-CSRF-Token', alice.csrf)
        .send({ itemKeys: [key] }),
      await alice.agent.get(`${itemPath(key)}/gold/history`),
      await alice.agent.get(`${itemPath(key)}/reveal`),
      await alice.agent
        .post(`/api/studies/default/arguments/${ADJUDICATION_ARGUMENTS.split}/gold/reopen`)
        .set('X-CSRF-Token', alice.csrf)
        .send({ reason: 'let me change it' }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
      expectBlind(response);
    }
    expect(await db.first('SELECT count(*) AS n FROM adjudications')).toEqual({ n: 0 });
  });

  it('lets an admin read the queue, an item and the history, and not write gold', async () => {
    const carol = await loggedIn(app, 'carol');
    const key = await keyOf(carol, 'split');
    const admin = await loggedIn(app, 'admin');
    await admin.agent.get(BASE).expect(200);
    await admin.agent.get(itemPath(key)).expect(200);
    await admin.agent.get(`${itemPath(key)}/gold/history`).expect(200);
    await put(admin, key, { version: 0, action: 'save', judgement: buildJudgement() }).expect(403);
    await admin.agent
      .post(`${itemPath(key)}/start`)
      .set('X-CSRF-Token', admin.csrf)
      .expect(403);
    await admin.agent
      .post(`${BASE}/accept`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ itemKeys: [key] })
      .expect(403);
  });

  it('answers 401 to a visitor', async () => {
    for (const path of [BASE, itemPath('ffffffffffffffff'), `${itemPath('ffffffffffffffff')}/reveal`])
      expect((await request(app).get(path).expect(401)).body.error.code).toBe('unauthenticated');
  });
});

describe('blinding before the reveal', () => {
  it('names none of the demo study’s models, triples or arguments to its adjudicator until the reveal', {
    timeout: 60_000,
  }, async () => {
    const { loadDemo, loadDemoAnnotations, DEMO_USERS } = await import('../server/services/demo/demo.ts');
    const fresh = await testApp();
    const { demo } = await loadDemo(fresh.db);
    const summary = await loadDemoAnnotations(fresh.db, demo);
    const secrets = [
      ...new Set([
        ...demo.arguments.flatMap((argument) => [argument.id, argument.model]),
        ...demo.triples.map((triple) => triple.id),
      ]),
    ];
    const password = DEMO_USERS.find((user) => user.username === 'carol')?.password ?? '';
    const carol = await loggedIn(fresh.app, 'carol', password);
    const queue = await carol.agent.get(BASE).expect(200);
    const items = adjudicationQueueSchema.parse(queue.body).items;
    expect(items).toHaveLength(50);
    const count = (status: string) => items.filter((entry) => entry.status === status).length;
    expect([count('accepted'), count('fixed'), count('waiting')]).toEqual([
      summary.accepted,
      summary.adjudicated,
      summary.waiting,
    ]);
    const answers: [string, request.Response][] = [['queue', queue]];
    for (const entry of items) {
      const path = itemPath(entry.itemKey);
      answers.push([path, await carol.agent.get(`${path}?names=1`).expect(200)]);
      answers.push([`${path}/gold/history`, await carol.agent.get(`${path}/gold/history`).expect(200)]);
    }
    for (const [label, response] of answers) {
      const text = JSON.stringify(response.body) + JSON.stringify(response.headers);
      const leaked = secrets.filter((secret) => text.includes(secret));
      expect(leaked, `${label} names ${leaked.join(', ')}`).toEqual([]);
    }
    const fixed = items.find((entry) => entry.status === 'fixed');
    const reveal = revealSchema.parse(
      (await carol.agent.get(`${itemPath(fixed?.itemKey ?? '')}/reveal`).expect(200)).body,
    );
    expect(secrets).toContain(reveal.argumentId);
  });
});
