import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { createQueryClient, retryDelay, SESSION_KEY, shouldRetry } from './queryClient.ts';

const failure = (status: number, code: ConstructorParameters<typeof ApiError>[0]['code']) =>
  new ApiError({ status, code, message: 'x' });

describe('shouldRetry', () => {
  it('retries a lost connection, a 5xx and a 429, up to three times', () => {
    expect(shouldRetry(0, failure(0, 'network'))).toBe(true);
    expect(shouldRetry(1, failure(503, 'internal'))).toBe(true);
    expect(shouldRetry(2, failure(429, 'rate_limited'))).toBe(true);
    expect(shouldRetry(3, failure(0, 'network'))).toBe(false);
  });

  it('never retries the caller’s own mistakes', () => {
    for (const [status, code] of [
      [400, 'validation_failed'],
      [401, 'unauthenticated'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [409, 'conflict'],
    ] as const)
      expect(shouldRetry(0, failure(status, code))).toBe(false);
  });
});

describe('retryDelay', () => {
  it('doubles from one second and stops at fifteen', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
  });
});

describe('createQueryClient', () => {
  it('forgets the user when a query answers 401', async () => {
    const client = createQueryClient();
    client.setQueryData(SESSION_KEY, { username: 'alice' });
    await client
      .fetchQuery({
        queryKey: ['x'],
        retry: false,
        queryFn: () => Promise.reject(failure(401, 'unauthenticated')),
      })
      .catch(() => undefined);
    expect(client.getQueryData(SESSION_KEY)).toBeNull();
  });
});
