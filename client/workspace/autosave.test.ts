import { describe, expect, it } from 'vitest';
import type { AnnotationState, SaveAnnotationRequest } from '../../shared/annotation-api.ts';
import { emptyJudgement, type Judgement, judgementSchema } from '../../shared/schemas/annotation.ts';
import { ApiError } from '../api/errors.ts';
import { type AnnotationAutosaver, annotationDocument, savedAnnotation } from './annotation-document.ts';
import { Autosaver, backoffMs } from './autosave.ts';
import { type KeyValueStorage, loadDraft, saveDraft } from './draft-store.ts';
import { setFlag, toggleCell } from './judgement-edit.ts';

class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

/** Timers run by hand: `run()` fires every due timer, in order. */
function manualTimers() {
  let pending: { run: () => void; ms: number; id: number }[] = [];
  let next = 0;
  return {
    setTimer: (run: () => void, ms: number) => {
      next += 1;
      pending.push({ run, ms, id: next });
      return next;
    },
    clearTimer: (handle: unknown) => {
      pending = pending.filter((timer) => timer.id !== handle);
    },
    delays: () => pending.map((timer) => timer.ms),
    async run() {
      const due = pending;
      pending = [];
      for (const timer of due) timer.run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    /** Fires only the timers set for `ms`. */
    async runOnly(ms: number) {
      const due = pending.filter((timer) => timer.ms === ms);
      pending = pending.filter((timer) => timer.ms !== ms);
      for (const timer of due) timer.run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

function state(
  version: number,
  judgement: Judgement,
  status: 'draft' | 'submitted' = 'draft',
): AnnotationState {
  return {
    status,
    version,
    judgement,
    secondsSpent: 0,
    updatedAt: '2026-12-01T10:00:00.000Z',
    submittedAt: status === 'submitted' ? '2026-12-01T10:00:00.000Z' : null,
  };
}

type Answer = { ok: AnnotationState } | { fail: ApiError };

/** An Autosaver whose server answers from a script, recording every request. */
function setup(
  options: {
    version?: number;
    answers?: Answer[];
    storage?: MemoryStorage;
    probe?: () => Promise<boolean>;
  } = {},
) {
  const storage = options.storage ?? new MemoryStorage();
  const timers = manualTimers();
  const requests: SaveAnnotationRequest[] = [];
  const answers = [...(options.answers ?? [])];
  let saveIds = 0;
  const autosaver: AnnotationAutosaver = new Autosaver(
    {
      ...annotationDocument(async (request) => {
        requests.push(request);
        const answer = answers.shift() ?? {
          ok: state(request.version + 1, judgementSchema.parse(request.judgement)),
        };
        if ('fail' in answer) throw answer.fail;
        return answer.ok;
      }),
      storage,
      draftKey: 'draft',
      takeSeconds: () => 2,
      newSaveId: () => `save-id-${++saveIds}`,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      now: () => 5000,
      ...(options.probe ? { probe: options.probe, probeEveryMs: 250 } : {}),
    },
    { version: options.version ?? 0, document: emptyJudgement(), submitted: false },
  );
  autosaver.start();
  return { autosaver, storage, timers, requests };
}

const network = () => new ApiError({ status: 0, code: 'network', message: 'Cannot reach the server.' });
const ticked = toggleCell(emptyJudgement(), 'tsc1', 'F6');

/** The server's 409 with its current annotation, a draft at version 4 flagged truncated. */
function conflictWithTheirs() {
  const theirs = state(4, setFlag(emptyJudgement(), 'truncated', true));
  const conflict = new ApiError({
    status: 409,
    code: 'conflict',
    message: 'changed',
    details: { current: theirs },
  });
  return { theirs, answers: [{ fail: conflict }] };
}

describe('Autosaver', () => {
  it('keeps a change in storage at once and sends it after the pause', async () => {
    const { autosaver, storage, timers, requests } = setup();
    autosaver.change(ticked);
    expect(loadDraft(storage, 'draft')?.judgement.tsc1).toEqual(['F6']);
    expect(autosaver.getSnapshot().status.kind).toBe('unsaved');
    await timers.run();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ version: 0, action: 'save', clientSaveId: 'save-id-1' });
    expect(autosaver.getSnapshot()).toMatchObject({ version: 1, status: { kind: 'saved' } });
    expect(loadDraft(storage, 'draft')).toBeUndefined();
  });

  it('retries a request verbatim while offline, then sends what changed meanwhile', async () => {
    const { autosaver, timers, requests, storage } = setup({ answers: [{ fail: network() }] });
    autosaver.change(ticked);
    await timers.run();
    expect(autosaver.getSnapshot().status).toEqual({ kind: 'offline', retryInMs: 1000, retryAt: 6000 });
    const later = setFlag(ticked, 'abstained', true);
    autosaver.change(later);
    expect(loadDraft(storage, 'draft')?.judgement.abstained).toBe(true);
    await timers.run();
    // The retry is the first request again, same id and body, so a lost answer is not a conflict.
    expect(requests[1]).toEqual(requests[0]);
    await timers.run();
    expect(requests[2]).toMatchObject({ version: 1, clientSaveId: 'save-id-2' });
    expect(requests[2]?.judgement.abstained).toBe(true);
    expect(autosaver.getSnapshot()).toMatchObject({ version: 2, status: { kind: 'saved' } });
    expect(loadDraft(storage, 'draft')).toBeUndefined();
  });

  it('asks whether the server answers while offline, and retries as soon as it does', async () => {
    const probes = [false, true];
    const { autosaver, timers, requests } = setup({
      answers: [{ fail: network() }],
      probe: async () => probes.shift() ?? true,
    });
    autosaver.change(ticked);
    await timers.run();
    expect(timers.delays().sort()).toEqual([1000, 250]);
    // Not yet: the backoff's retry stays, and the server is asked again.
    await timers.runOnly(250);
    expect(requests).toHaveLength(1);
    expect(timers.delays().sort()).toEqual([1000, 250]);
    // It answers: the save goes now, not when the backoff ends.
    await timers.runOnly(250);
    expect(timers.delays()).toEqual([0]);
    await timers.runOnly(0);
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
    expect(autosaver.getSnapshot().status.kind).toBe('saved');
    expect(timers.delays()).toEqual([]);
  });

  it('starts from the server’s last save, so a saved draft says when it was saved', () => {
    const autosaver = new Autosaver(
      {
        ...annotationDocument(async () => state(1, emptyJudgement())),
        storage: new MemoryStorage(),
        draftKey: 'd',
        takeSeconds: () => 0,
      },
      { version: 3, document: emptyJudgement(), submitted: false, updatedAt: '2026-12-02T10:00:00.000Z' },
    );
    expect(autosaver.getSnapshot().status).toEqual({ kind: 'saved', at: '2026-12-02T10:00:00.000Z' });
  });

  it('backs off from one second to at most ten', () => {
    expect([1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('stops on a conflict until the annotator chooses, and keeps the draft meanwhile', async () => {
    const { theirs, answers } = conflictWithTheirs();
    const { autosaver, timers, requests, storage } = setup({ version: 3, answers });
    autosaver.change(ticked);
    await timers.run();
    expect(autosaver.getSnapshot().status).toEqual({ kind: 'conflict', theirs: savedAnnotation(theirs) });
    autosaver.change(setFlag(ticked, 'abstained', true));
    await timers.run();
    expect(requests).toHaveLength(1);
    expect(loadDraft(storage, 'draft')?.judgement.abstained).toBe(true);

    autosaver.resolveConflict('mine');
    await timers.run();
    expect(requests[1]).toMatchObject({ version: 4 });
    expect(requests[1]?.judgement.abstained).toBe(true);
    expect(autosaver.getSnapshot()).toMatchObject({ version: 5, status: { kind: 'saved' } });
  });

  it('takes theirs on request, clearing the local draft', async () => {
    const { theirs, answers } = conflictWithTheirs();
    const { autosaver, timers, storage } = setup({ version: 3, answers });
    autosaver.change(ticked);
    await timers.run();
    expect(autosaver.resolveConflict('theirs')).toEqual(theirs.judgement);
    expect(autosaver.getSnapshot()).toMatchObject({ version: 4, status: { kind: 'saved' } });
    expect(loadDraft(storage, 'draft')).toBeUndefined();
    expect(autosaver.hasUnsavedWork()).toBe(false);
  });

  it('restores a draft built on the current version and sends it', async () => {
    const storage = new MemoryStorage();
    saveDraft(storage, 'draft', {
      baseVersion: 2,
      judgement: ticked,
      revision: 5,
      secondsPending: 30,
      savedAt: '2026-12-01T10:00:00.000Z',
    });
    const { autosaver, timers, requests } = setup({ version: 2, storage });
    expect(autosaver.restoreDraft(savedAnnotation(state(2, emptyJudgement())))).toEqual(ticked);
    autosaver.start();
    await timers.run();
    expect(requests[0]).toMatchObject({ version: 2, secondsSpent: 32 });
    expect(requests[0]?.judgement.tsc1).toEqual(['F6']);
  });

  it('reports a draft built on an older version as a conflict instead of overwriting', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, 'draft', {
      baseVersion: 1,
      judgement: ticked,
      revision: 2,
      secondsPending: 0,
      savedAt: '2026-12-01T10:00:00.000Z',
    });
    const server = state(3, emptyJudgement());
    const { autosaver } = setup({ version: 3, storage });
    autosaver.restoreDraft(savedAnnotation(server));
    expect(autosaver.getSnapshot().status).toEqual({ kind: 'conflict', theirs: savedAnnotation(server) });
  });

  it('submits the current judgement and resolves with the submitted state', async () => {
    const { autosaver, timers, requests } = setup();
    autosaver.change(ticked);
    const submitted = autosaver.submit();
    await timers.run();
    await timers.run();
    const last = requests.at(-1);
    expect(last).toMatchObject({ action: 'submit' });
    expect(last?.judgement.tsc1).toEqual(['F6']);
    await expect(submitted).resolves.toBeDefined();
  });

  it('keeps the draft when the session ended, and sends it after logging in again', async () => {
    const signedOut = new ApiError({ status: 401, code: 'unauthenticated', message: 'Please log in.' });
    const { autosaver, timers, requests, storage } = setup({ answers: [{ fail: signedOut }] });
    autosaver.change(ticked);
    await timers.run();
    expect(autosaver.getSnapshot().status.kind).toBe('signed-out');
    expect(loadDraft(storage, 'draft')?.judgement.tsc1).toEqual(['F6']);
    autosaver.resume();
    await timers.run();
    expect(requests).toHaveLength(2);
    expect(autosaver.getSnapshot().status.kind).toBe('saved');
  });

  it('shows a refused save with the server’s message and tries again only after the next change', async () => {
    const invalid = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'judgement.spans[0]: bad',
    });
    const { autosaver, timers, requests } = setup({ answers: [{ fail: invalid }] });
    autosaver.change(ticked);
    await timers.run();
    expect(autosaver.getSnapshot().status).toEqual({ kind: 'rejected', message: 'judgement.spans[0]: bad' });
    await timers.run();
    expect(requests).toHaveLength(1);
    autosaver.change(setFlag(ticked, 'abstained', true));
    await timers.run();
    expect(requests).toHaveLength(2);
    expect(autosaver.getSnapshot().status.kind).toBe('saved');
  });
});
