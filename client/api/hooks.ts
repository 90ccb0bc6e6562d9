/**
 * React's view of the query layer: `useQuery` to read server data, `useMutation` to change it.
 * Both go through `fetchJson`; both report a 401 by logging the user out of the app (App then
 * sends them to /login and back).
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { SESSION_KEY } from './auth.ts';
import { type ApiError, toApiError } from './errors.ts';
import { type Fetcher, needsFetch, QueryCache, type QueryKey, type QueryState } from './queryCache.ts';

function onApiError(error: ApiError, key?: QueryKey): void {
  // The session ended (expired, or revoked on the server): forget the user.
  if (error.code === 'unauthenticated' && key !== SESSION_KEY) queryCache.setData(SESSION_KEY, null);
}

/** The app's one cache. */
export const queryCache = new QueryCache({ onError: onApiError });

export type QueryResult<T> = QueryState<T> & {
  /** Loads again now, even if a request is in flight. */
  readonly refetch: () => Promise<void>;
};

export interface QueryOptions {
  /** False to wait (say, for a parameter another query provides); true by default. */
  readonly enabled?: boolean;
}

/**
 * Reads `key`, loading it with `fetcher` when a screen first shows it, after `invalidate`, and
 * in the background when the screen is shown again. The fetcher gets an AbortSignal.
 *
 *   const overview = useQuery(studyOverviewKey(name), (signal) => fetchStudyOverview(name, signal));
 *   if (overview.status === 'success') … overview.data …
 */
export function useQuery<T>(key: QueryKey, fetcher: Fetcher<T>, options: QueryOptions = {}): QueryResult<T> {
  const enabled = options.enabled ?? true;
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const subscribe = useCallback((onChange: () => void) => queryCache.subscribe(key, onChange), [key]);
  const getSnapshot = useCallback(() => queryCache.getState<T>(key), [key]);
  const state = useSyncExternalStore(subscribe, getSnapshot);

  useEffect(() => {
    if (enabled && needsFetch(state)) void queryCache.fetch(key, fetcherRef.current);
  }, [key, enabled, state]);

  const refetch = useCallback(() => queryCache.fetch(key, fetcherRef.current), [key]);
  return { ...state, refetch };
}

/** Marks `prefix` and the keys below it stale; what is on screen reloads. */
export function invalidate(prefix: QueryKey): void {
  queryCache.invalidate(prefix);
}

export type MutationState<TData> =
  | { readonly status: 'idle'; readonly data: undefined; readonly error: undefined }
  | { readonly status: 'pending'; readonly data: undefined; readonly error: undefined }
  | { readonly status: 'success'; readonly data: TData; readonly error: undefined }
  | { readonly status: 'error'; readonly data: undefined; readonly error: ApiError };

export type MutationResult<TVariables, TData> = MutationState<TData> & {
  /** Runs the mutation; resolves to its data, or undefined when it failed (see `error`). */
  readonly mutate: (variables: TVariables) => Promise<TData | undefined>;
  readonly reset: () => void;
};

export interface MutationOptions<TVariables, TData> {
  /** Runs after success, even if the screen is gone: update or invalidate the cache here. */
  readonly onSuccess?: (data: TData, variables: TVariables) => void;
  /** Runs after a failure, once the error is in the state (say, to move focus to a field). */
  readonly onError?: (error: ApiError, variables: TVariables) => void;
}

const IDLE = { status: 'idle', data: undefined, error: undefined } as const;

/**
 * Changes server data: `const save = useMutation(saveAnnotation, { onSuccess: () =>
 * invalidate(queueKey) })`, then `save.mutate(draft)`; `save.status === 'pending'` disables the
 * button, `save.error.message` goes into the alert region.
 */
export function useMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: MutationOptions<TVariables, TData> = {},
): MutationResult<TVariables, TData> {
  const [state, setState] = useState<MutationState<TData>>(IDLE);
  const latest = useRef({ mutationFn, options });
  latest.current = { mutationFn, options };

  const mutate = useCallback(async (variables: TVariables): Promise<TData | undefined> => {
    setState({ status: 'pending', data: undefined, error: undefined });
    try {
      const data = await latest.current.mutationFn(variables);
      setState({ status: 'success', data, error: undefined });
      latest.current.options.onSuccess?.(data, variables);
      return data;
    } catch (thrown) {
      const error = toApiError(thrown);
      onApiError(error);
      setState({ status: 'error', data: undefined, error });
      latest.current.options.onError?.(error, variables);
      return undefined;
    }
  }, []);

  const reset = useCallback(() => setState(IDLE), []);
  return { ...state, mutate, reset };
}
