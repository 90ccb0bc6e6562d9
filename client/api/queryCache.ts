import { type ApiError, toApiError } from './errors.ts';

/**
 * A query key names a piece of server data: slash-separated segments, most general first
 * (`studies`, `studies/pilot/overview`), so `invalidate('studies')` reaches both. Build keys with
 * `queryKey(...)`, which escapes each segment.
 */
export type QueryKey = string;

export function queryKey(...segments: readonly (string | number)[]): QueryKey {
  return segments.map((segment) => encodeURIComponent(String(segment))).join('/');
}

/** Whether `key` is `prefix` or lies below it. */
export function keyMatches(key: QueryKey, prefix: QueryKey): boolean {
  return prefix === '' || key === prefix || key.startsWith(`${prefix}/`);
}

export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

interface Flags {
  /** A request for this key is in flight. */
  readonly isFetching: boolean;
  /** The data should be loaded again the next time a screen shows it. */
  readonly stale: boolean;
}

/** The state of one query. `data` survives a failed refetch so a screen can keep showing it. */
export type QueryState<T> =
  | ({ readonly status: 'pending'; readonly data: undefined; readonly error: undefined } & Flags)
  | ({ readonly status: 'success'; readonly data: T; readonly error: undefined } & Flags)
  | ({ readonly status: 'error'; readonly data: T | undefined; readonly error: ApiError } & Flags);

const PENDING: QueryState<never> = {
  status: 'pending',
  data: undefined,
  error: undefined,
  isFetching: false,
  stale: false,
};

/** Whether a shown query should (re)load: never loaded, or marked stale, and not already loading. */
export function needsFetch(state: QueryState<unknown>): boolean {
  return !state.isFetching && (state.status === 'pending' || state.stale);
}

interface Entry {
  state: QueryState<unknown>;
  controller: AbortController | undefined;
}

export interface QueryCacheOptions {
  /** Called once for every failed fetch (not for aborted ones). */
  readonly onError?: (error: ApiError, key: QueryKey) => void;
}

/**
 * The client's memory of server data, keyed by QueryKey, with no React in it: `useQuery`
 * subscribes to it, and mutations `invalidate` or `setData` what they changed. State objects are
 * replaced, never mutated, so a subscriber can compare them by identity.
 *
 * A newer fetch for a key aborts the older one and an aborted fetch never writes, so the last
 * request wins. A query that gains its first subscriber is marked stale (it refreshes in the
 * background whenever a screen shows it again); a failed one is then retried too.
 */
export class QueryCache {
  private readonly entries = new Map<QueryKey, Entry>();
  private readonly listeners = new Map<QueryKey, Set<() => void>>();
  private readonly onError: QueryCacheOptions['onError'];

  constructor(options: QueryCacheOptions = {}) {
    this.onError = options.onError;
  }

  /**
   * The current state of `key`. The caller asserts the data type, as with any cache keyed by
   * strings: one key must always be used with one fetcher.
   */
  getState<T>(key: QueryKey): QueryState<T> {
    return this.entry(key).state as QueryState<T>;
  }

  /** Calls `onChange` whenever the state of `key` is replaced; returns the unsubscribe. */
  subscribe(key: QueryKey, onChange: () => void): () => void {
    let set = this.listeners.get(key);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(key, set);
    }
    if (set.size === 0) {
      const entry = this.entries.get(key);
      if (entry !== undefined && entry.state.status !== 'pending' && !entry.state.stale) {
        entry.state = { ...entry.state, stale: true };
      }
    }
    set.add(onChange);
    return () => {
      set.delete(onChange);
    };
  }

  /** Loads `key` now, aborting a request already in flight for it. Never rejects. */
  async fetch<T>(key: QueryKey, fetcher: Fetcher<T>): Promise<void> {
    const entry = this.entry(key);
    entry.controller?.abort();
    const controller = new AbortController();
    entry.controller = controller;
    this.write(key, entry, { ...entry.state, isFetching: true });
    const isCurrent = () => this.entries.get(key) === entry && entry.controller === controller;
    try {
      const data = await fetcher(controller.signal);
      if (!isCurrent()) return;
      entry.controller = undefined;
      this.write(key, entry, { status: 'success', data, error: undefined, isFetching: false, stale: false });
    } catch (thrown) {
      if (!isCurrent()) return;
      entry.controller = undefined;
      const error = toApiError(thrown);
      this.write(key, entry, {
        status: 'error',
        data: entry.state.data,
        error,
        isFetching: false,
        stale: false,
      });
      this.onError?.(error, key);
    }
  }

  /** Stores data the client already has (say, the body of a mutation's answer) under `key`. */
  setData<T>(key: QueryKey, data: T): void {
    const entry = this.entry(key);
    entry.controller?.abort();
    entry.controller = undefined;
    this.write(key, entry, { status: 'success', data, error: undefined, isFetching: false, stale: false });
  }

  /** Marks `prefix` and every key below it stale; the ones on screen reload at once. */
  invalidate(prefix: QueryKey): void {
    for (const [key, entry] of this.entries) {
      if (keyMatches(key, prefix) && !entry.state.stale) {
        this.write(key, entry, { ...entry.state, stale: true });
      }
    }
  }

  /** Forgets everything (on logout), aborting requests in flight. */
  clear(): void {
    for (const entry of this.entries.values()) entry.controller?.abort();
    this.entries.clear();
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }

  private entry(key: QueryKey): Entry {
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = { state: PENDING, controller: undefined };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private write(key: QueryKey, entry: Entry, state: QueryState<unknown>): void {
    entry.state = state;
    for (const listener of this.listeners.get(key) ?? []) listener();
  }
}
