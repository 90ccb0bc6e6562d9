/**
 * Autosave for one item: every change is written to the browser's storage at once and sent to the
 * server shortly after, one request at a time, so no acknowledged or unacknowledged mark is lost.
 *
 * The rules, chosen so that a dropped connection, a server restart or a reload never loses work
 * and never writes the same change twice:
 * - A request is retried verbatim (same body, same `clientSaveId`) until the server answers it, so
 *   a save that was applied but whose answer was lost is recognised by the server and not counted as a
 *   conflict. Changes made meanwhile wait and go in the next request.
 * - The local draft is cleared only up to the revision the server acknowledged.
 * - A 409 (changed elsewhere) stops saving until the annotator chooses: see theirs or keep mine.
 * - Lost connection, 5xx and 429 retry with backoff (1 s, 2 s, 4 s … 10 s) and at once when the
 *   browser comes back online; while the connection is lost, the server is also asked every second
 *   whether it answers again (`probe`, a request that changes nothing), and the save is retried as
 *   soon as it does, not at the end of the backoff. A 400 or 404 stops with the server's message;
 *   a 401 keeps the draft in storage for after the next login.
 */
import { type ApiError, toApiError } from '../api/errors.ts';
import { clearDraft, type DraftContent, type KeyValueStorage, loadDraft, saveDraft } from './draft-store.ts';

/**
 * What the server holds of the document after a save: its version, whether it is final
 * (submitted, fixed), when it was saved, the document itself and the server's raw answer.
 */
export interface SavedDocument<TDoc, TState> {
  readonly version: number;
  readonly final: boolean;
  readonly updatedAt: string | null;
  readonly document: TDoc;
  readonly state: TState;
}

/** One save request, as the Autosaver builds it; `send` turns it into the API's body. */
export interface SaveAttempt<TDoc> {
  readonly version: number;
  readonly final: boolean;
  readonly document: TDoc;
  readonly secondsSpent: number;
  readonly clientSaveId: string;
}

export type SaveStatus<TDoc = unknown, TState = unknown> =
  | { readonly kind: 'saved'; readonly at: string | null }
  | { readonly kind: 'unsaved' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'offline'; readonly retryInMs: number; readonly retryAt: number }
  | {
      readonly kind: 'retrying';
      readonly message: string;
      readonly retryInMs: number;
      readonly retryAt: number;
    }
  | { readonly kind: 'conflict'; readonly theirs: SavedDocument<TDoc, TState> | null }
  | { readonly kind: 'rejected'; readonly message: string }
  | { readonly kind: 'signed-out' };

export interface AutosaveSnapshot<TDoc = unknown, TState = unknown> {
  readonly status: SaveStatus<TDoc, TState>;
  /** The server's version this client builds on. */
  readonly version: number;
  readonly submitted: boolean;
  /** Whether storage refused the draft (quota): the annotator must not close the tab while unsaved. */
  readonly storageFailed: boolean;
}

export interface AutosaveDeps<TDoc, TState> {
  readonly send: (attempt: SaveAttempt<TDoc>) => Promise<SavedDocument<TDoc, TState>>;
  /** The server's current document carried by a 409's `details`, when it parses. */
  readonly conflictCurrent: (details: unknown) => SavedDocument<TDoc, TState> | null;
  /** What of the document goes into the browser's storage, and back. */
  readonly toDraft: (document: TDoc) => DraftContent;
  readonly fromDraft: (content: DraftContent) => TDoc;
  readonly storage: KeyValueStorage;
  readonly draftKey: string;
  /** Active seconds accrued since the last call (taken once: the caller resets its counter). */
  readonly takeSeconds: () => number;
  /** Called with every acknowledged state (to update caches). */
  readonly onAcknowledged?: (saved: SavedDocument<TDoc, TState>) => void;
  readonly newSaveId?: () => string;
  /**
   * Whether the server answers at all (a request that changes nothing), asked every `probeEveryMs`
   * (1 s) while the connection is lost, so the save goes as soon as the server is back.
   */
  readonly probe?: () => Promise<boolean>;
  readonly probeEveryMs?: number;
  /** The clock, in ms since the epoch (for the retry countdown). */
  readonly now?: () => number;
  readonly debounceMs?: number;
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

interface InFlight<TDoc> {
  readonly request: SaveAttempt<TDoc>;
  readonly revision: number;
}

const MAX_BACKOFF_MS = 10_000;

export function backoffMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

function randomSaveId(): string {
  return globalThis.crypto.randomUUID();
}

export class Autosaver<TDoc, TState> {
  private snapshot: AutosaveSnapshot<TDoc, TState>;
  private readonly listeners = new Set<() => void>();
  private document: TDoc;
  private revision = 0;
  private acknowledgedRevision = 0;
  private secondsPending = 0;
  private inFlight: InFlight<TDoc> | null = null;
  private sending = false;
  private failures = 0;
  private timer: unknown = null;
  private probeTimer: unknown = null;
  private submitWaiters: {
    resolve: (saved: SavedDocument<TDoc, TState>) => void;
    reject: (error: ApiError) => void;
  }[] = [];
  private wantSubmit = false;
  private paused = true;

  constructor(
    private readonly deps: AutosaveDeps<TDoc, TState>,
    initial: {
      readonly version: number;
      readonly document: TDoc;
      readonly submitted: boolean;
      /** When the server last saved it (null for nothing saved yet). */
      readonly updatedAt?: string | null;
    },
  ) {
    this.document = initial.document;
    this.snapshot = {
      status: { kind: 'saved', at: initial.updatedAt ?? null },
      version: initial.version,
      submitted: initial.submitted,
      storageFailed: false,
    };
  }

  /**
   * A draft this browser kept for the item from an earlier visit: applied when it builds on the
   * server's current version (and sent again), reported as a conflict when the server moved on.
   * Returns the draft's document when it was applied or is in conflict, so the screen shows it.
   */
  restoreDraft(theirs: SavedDocument<TDoc, TState> | null): TDoc | undefined {
    const draft = loadDraft(this.deps.storage, this.deps.draftKey);
    if (draft === undefined) return undefined;
    this.revision = draft.revision;
    this.acknowledgedRevision = draft.revision - 1;
    this.secondsPending = draft.secondsPending;
    this.document = this.deps.fromDraft(draft);
    if (draft.baseVersion === this.snapshot.version && !this.snapshot.submitted) {
      this.update({ status: { kind: 'unsaved' } });
      this.schedule(0);
    } else {
      this.update({ status: { kind: 'conflict', theirs } });
    }
    return this.document;
  }

  getSnapshot = (): AutosaveSnapshot<TDoc, TState> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The annotator changed something: keep it locally now, send it soon. */
  change(document: TDoc): void {
    if (this.snapshot.submitted) return;
    this.document = document;
    this.revision += 1;
    this.secondsPending += this.deps.takeSeconds();
    this.persist();
    if (this.snapshot.status.kind === 'conflict' || this.snapshot.status.kind === 'signed-out') return;
    if (!this.sending) this.update({ status: { kind: 'unsaved' } });
    this.schedule(this.deps.debounceMs ?? 500);
  }

  /** Sends what is pending now (on leaving the page, or when the browser is back online). */
  flush(): void {
    if (this.hasWork()) this.schedule(0);
  }

  /** Saves the current document as final; resolves with the final state. */
  submit(): Promise<SavedDocument<TDoc, TState>> {
    this.wantSubmit = true;
    const done = new Promise<SavedDocument<TDoc, TState>>((resolve, reject) =>
      this.submitWaiters.push({ resolve, reject }),
    );
    this.schedule(0);
    return done;
  }

  /** After a 409: take the server's document (returns it for the screen) or keep mine on top of it. */
  resolveConflict(choice: 'theirs' | 'mine'): TDoc | undefined {
    const status = this.snapshot.status;
    if (status.kind !== 'conflict') return undefined;
    const theirs = status.theirs;
    const version = theirs?.version ?? 0;
    if (choice === 'theirs' || theirs?.final) {
      this.inFlight = null;
      this.acknowledgedRevision = this.revision;
      clearDraft(this.deps.storage, this.deps.draftKey, this.revision);
      if (theirs) this.document = theirs.document;
      this.update({
        version,
        submitted: theirs?.final ?? false,
        status: { kind: 'saved', at: theirs?.updatedAt ?? null },
      });
      return theirs?.document;
    }
    this.inFlight = null;
    this.update({ version, status: { kind: 'unsaved' } });
    this.persist();
    this.schedule(0);
    return undefined;
  }

  /** The server state after a reopen (the only change made outside this class). */
  reopened(saved: SavedDocument<TDoc, TState>): void {
    this.document = saved.document;
    this.update({ version: saved.version, submitted: false, status: { kind: 'saved', at: saved.updatedAt } });
  }

  /** After logging in again, send what waited. */
  resume(): void {
    if (this.snapshot.status.kind === 'signed-out' || this.snapshot.status.kind === 'rejected') {
      this.update({ status: { kind: 'unsaved' } });
      this.schedule(0);
    }
  }

  hasUnsavedWork(): boolean {
    return this.hasWork() || this.inFlight !== null;
  }

  /** Stops sending (the screen went away); what is unsent stays in storage. `start` resumes. */
  pause(): void {
    this.paused = true;
    this.clearTimer();
    this.stopProbe();
  }

  /** Starts (or resumes) sending what is pending. */
  start(): void {
    this.paused = false;
    this.flush();
  }

  private hasWork(): boolean {
    return this.revision > this.acknowledgedRevision || this.wantSubmit;
  }

  private persist(): void {
    const draft = {
      ...this.deps.toDraft(this.document),
      baseVersion: this.snapshot.version,
      revision: this.revision,
      secondsPending: this.secondsPending,
      savedAt: new Date().toISOString(),
    };
    const result = saveDraft(this.deps.storage, this.deps.draftKey, draft);
    if (result.ok === this.snapshot.storageFailed) this.update({ storageFailed: !result.ok });
  }

  private schedule(ms: number): void {
    if (this.paused) return;
    this.clearTimer();
    const setTimer = this.deps.setTimer ?? ((run: () => void, delay: number) => setTimeout(run, delay));
    this.timer = setTimer(() => {
      this.timer = null;
      void this.pump();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer === null) return;
    this.cancel(this.timer);
    this.timer = null;
  }

  private cancel(handle: unknown): void {
    (this.deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>)))(
      handle,
    );
  }

  /** While offline: asks the server every second whether it answers, and retries at once when it does. */
  private startProbe(): void {
    const probe = this.deps.probe;
    if (!probe || this.paused || this.probeTimer !== null) return;
    const setTimer = this.deps.setTimer ?? ((run: () => void, delay: number) => setTimeout(run, delay));
    this.probeTimer = setTimer(() => {
      this.probeTimer = null;
      void probe()
        .catch(() => false)
        .then((answers) => {
          if (this.snapshot.status.kind !== 'offline' || this.sending || this.paused) return;
          if (answers) this.schedule(0);
          else this.startProbe();
        });
    }, this.deps.probeEveryMs ?? 1000);
  }

  private stopProbe(): void {
    if (this.probeTimer === null) return;
    this.cancel(this.probeTimer);
    this.probeTimer = null;
  }

  private nextRequest(): InFlight<TDoc> | null {
    if (this.inFlight) return this.inFlight;
    if (!this.hasWork()) return null;
    const submit = this.wantSubmit;
    this.secondsPending += this.deps.takeSeconds();
    const seconds = Math.min(Math.round(this.secondsPending), 86_400);
    this.inFlight = {
      revision: this.revision,
      request: {
        version: this.snapshot.version,
        final: submit,
        document: this.document,
        secondsSpent: seconds,
        clientSaveId: (this.deps.newSaveId ?? randomSaveId)(),
      },
    };
    return this.inFlight;
  }

  private async pump(): Promise<void> {
    const blocked = ['conflict', 'signed-out', 'rejected'].includes(this.snapshot.status.kind);
    if (this.sending || this.paused || blocked) return;
    const attempt = this.nextRequest();
    if (attempt === null) return;
    this.sending = true;
    this.update({ status: { kind: 'saving' } });
    this.stopProbe();
    try {
      const state = await this.deps.send(attempt.request);
      this.acknowledge(attempt, state);
    } catch (thrown) {
      this.fail(attempt, toApiError(thrown));
    } finally {
      this.sending = false;
    }
    if (!this.paused && this.hasWork() && this.snapshot.status.kind === 'unsaved') this.schedule(0);
  }

  private acknowledge(attempt: InFlight<TDoc>, saved: SavedDocument<TDoc, TState>): void {
    this.inFlight = null;
    this.failures = 0;
    this.secondsPending = Math.max(0, this.secondsPending - attempt.request.secondsSpent);
    this.acknowledgedRevision = Math.max(this.acknowledgedRevision, attempt.revision);
    clearDraft(this.deps.storage, this.deps.draftKey, attempt.revision);
    if (attempt.request.final) this.wantSubmit = false;
    const more = this.hasWork() && !saved.final;
    this.update({
      version: saved.version,
      submitted: saved.final,
      status: more ? { kind: 'unsaved' } : { kind: 'saved', at: saved.updatedAt },
    });
    if (more) this.persist();
    this.deps.onAcknowledged?.(saved);
    if (attempt.request.final) for (const waiter of this.submitWaiters.splice(0)) waiter.resolve(saved);
  }

  private fail(attempt: InFlight<TDoc>, error: ApiError): void {
    if (error.code === 'network' || error.code === 'rate_limited' || error.status >= 500) {
      this.failures += 1;
      const retryInMs = backoffMs(this.failures);
      const retryAt = (this.deps.now ?? Date.now)() + retryInMs;
      this.update({
        status:
          error.code === 'network'
            ? { kind: 'offline', retryInMs, retryAt }
            : { kind: 'retrying', message: error.message, retryInMs, retryAt },
      });
      this.schedule(retryInMs);
      if (error.code === 'network') this.startProbe();
      return;
    }
    this.inFlight = null;
    if (attempt.request.final) {
      this.wantSubmit = false;
      for (const waiter of this.submitWaiters.splice(0)) waiter.reject(error);
    }
    if (error.code === 'conflict') {
      this.update({ status: { kind: 'conflict', theirs: this.deps.conflictCurrent(error.details) } });
    } else if (error.code === 'unauthenticated') {
      this.update({ status: { kind: 'signed-out' } });
    } else {
      this.update({ status: { kind: 'rejected', message: error.message } });
    }
  }

  private update(patch: Partial<AutosaveSnapshot<TDoc, TState>>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
