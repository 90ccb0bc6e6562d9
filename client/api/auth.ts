import { queryOptions } from '@tanstack/react-query';
import { type LoginRequest, type SessionUser, sessionUserSchema } from '../../shared/api.ts';
import { ApiError } from './errors.ts';
import { fetchJson, noContent } from './fetchJson.ts';
import { SESSION_KEY } from './queryClient.ts';

/** GET /api/auth/me, with 401 meaning "nobody", not a failure. */
export async function fetchSession(signal: AbortSignal): Promise<SessionUser | null> {
  try {
    return await fetchJson('/api/auth/me', sessionUserSchema, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'unauthenticated') return null;
    throw error;
  }
}

/** Who is logged in: a SessionUser, or null when nobody is. App switches on it. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 60_000,
});

/** POST /api/auth/login; 401 (wrong name or password) and 429 reach the caller as ApiError. */
export function login(credentials: LoginRequest): Promise<SessionUser> {
  return fetchJson('/api/auth/login', sessionUserSchema, { method: 'POST', body: credentials });
}

/** POST /api/auth/logout (204). */
export function logout(): Promise<undefined> {
  return fetchJson('/api/auth/logout', noContent, { method: 'POST' });
}
