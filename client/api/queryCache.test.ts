import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { keyMatches, needsFetch, QueryCache, queryKey } from './queryCache.ts';

/** A fetcher whose promise the test settles by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  const signals: AbortSignal[] = [];
  const fetcher = (signal: AbortSignal) => {
    signals.push(signal);
    return promise;
  };
  return { fetcher, resolve, reject, signals };
}

describe('query keys', () => {
  it('escapes segments and matches by whole segments', () => {
    expect(queryKey('studies', 'a/b', 'overview')).toBe('studies/a%2Fb/overview');
    expect(keyMatches('studies/x/overview', 'studies')).toBe(true);
    expect(keyMatches('studies', 'studies')).toBe(true);
    expect(keyMatches('studies-archive', 'studies')).toBe(false);
    expect(keyMatches('auth/me', '')).toBe(true);
  });
});

describe('QueryCache', () => {
  it('starts pending and needing a fetch', () => {
    const cache = new QueryCache();
    expect(cache.getState('k')).toMatchObject({ status: 'pending', isFetching: false });
    expect(needsFetch(cache.getState('k'))).toBe(true);
  });

  it('stores the data of a successful fetch and notifies subscribers', async () => {
    const cache = new QueryCache();
    const onChange = vi.fn();
    cache.subscribe('k', onChange);
    await cache.fetch('k', async () => 42);
    expect(cache.getState('k')).toMatchObject({ status: 'success', data: 42, isFetching: false });
    expect(onChange).toHaveBeenCalledTimes(2); // fetching, then done
    expect(needsFetch(cache.getState('k'))).toBe(false);
  });

  it('keeps the state object while nothing changes, as useSyncExternalStore requires', () => {
    const cache = new QueryCache();
    expect(cache.getState('k')).toBe(cache.getState('k'));
  });

  it('stores a failure as an ApiError and reports it once', async () => {
    const onError = vi.fn();
    const cache = new QueryCache({ onError });
    const failure = new ApiError({ status: 403, code: 'forbidden', message: 'Admins only.' });
    await cache.fetch('k', async () => {
      throw failure;
    });
    expect(cache.getState('k')).toMatchObject({ status: 'error', error: failure });
    expect(onError).toHaveBeenCalledWith(failure, 'k');
    expect(needsFetch(cache.getState('k'))).toBe(false); // no retry loop
  });

  it('lets the newer of two fetches win and aborts the older', async () => {
    const cache = new QueryCache();
    const first = deferred<string>();
    const second = deferred<string>();
    const firstDone = cache.fetch('k', first.fetcher);
    const secondDone = cache.fetch('k', second.fetcher);
    expect(first.signals[0]?.aborted).toBe(true);
    second.resolve('new');
    first.resolve('old');
    await Promise.all([firstDone, secondDone]);
    expect(cache.getState('k')).toMatchObject({ status: 'success', data: 'new' });
  });

  it('invalidates a prefix: matching keys become stale, others do not', async () => {
    const cache = new QueryCache();
    await cache.fetch('studies', async () => []);
    await cache.fetch('studies/a/overview', async () => 'a');
    await cache.fetch('auth/me', async () => 'me');
    cache.invalidate('studies');
    expect(needsFetch(cache.getState('studies'))).toBe(true);
    expect(needsFetch(cache.getState('studies/a/overview'))).toBe(true);
    expect(needsFetch(cache.getState('auth/me'))).toBe(false);
    expect(cache.getState('studies/a/overview')).toMatchObject({ status: 'success', data: 'a' });
  });

  it('setData replaces the data and drops a fetch in flight', async () => {
    const cache = new QueryCache();
    const slow = deferred<string | null>();
    const done = cache.fetch('auth/me', slow.fetcher);
    cache.setData('auth/me', null);
    slow.resolve('stale user');
    await done;
    expect(cache.getState('auth/me')).toMatchObject({ status: 'success', data: null });
  });

  it('marks a loaded query stale when a screen subscribes to it again', async () => {
    const cache = new QueryCache();
    await cache.fetch('k', async () => 1);
    const unsubscribe = cache.subscribe('k', () => {});
    expect(needsFetch(cache.getState('k'))).toBe(true);
    await cache.fetch('k', async () => 2);
    unsubscribe();
    expect(needsFetch(cache.getState('k'))).toBe(false);
  });

  it('clear forgets everything, tells subscribers and ignores fetches in flight', async () => {
    const cache = new QueryCache();
    const onChange = vi.fn();
    cache.subscribe('k', onChange);
    const slow = deferred<number>();
    const done = cache.fetch('k', slow.fetcher);
    onChange.mockClear();
    cache.clear();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(slow.signals[0]?.aborted).toBe(true);
    slow.resolve(7);
    await done;
    expect(cache.getState('k')).toMatchObject({ status: 'pending', data: undefined });
  });
});
