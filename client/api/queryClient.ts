/**
 * The app's one TanStack Query client: server state (cache, refetch on focus, retries, eviction)
 * lives here and nowhere else. Every request goes through `fetchJson`, so failures are ApiErrors.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, toApiError } from './errors.ts';

export const SESSION_KEY = ['auth', 'me'] as const;

/**
 * Whether trying again can help: a lost connection, a 5xx or a 429 can pass; a caller's mistake
 * (400, 403, 404, 409) or a missing session (401) will not.
 */
export function isTransient(error: ApiError): boolean {
  return error.code === 'network' || error.code === 'rate_limited' || error.status >= 500;
}

/** Up to three tries for transient failures, none for the rest. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 3 && isTransient(toApiError(error));
}

/** Exponential backoff with a cap: 1 s, 2 s, 4 s … at most 15 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 15_000);
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onApiError(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => onApiError(client, error) }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 10_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The session ended (expired, or revoked on the server): forget the user, so App sends them to log in. */
function onApiError(client: QueryClient, error: unknown): void {
  if (toApiError(error).code === 'unauthenticated') client.setQueryData(SESSION_KEY, null);
}

declare module '@tanstack/react-query' {
  // Every query and mutation fails with an ApiError (fetchJson throws nothing else but aborts).
  interface Register {
    defaultError: ApiError;
  }
}
