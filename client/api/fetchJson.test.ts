import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionUserSchema } from '../../shared/api.ts';
import { ApiError } from './errors.ts';
import { errorFromResponse, fetchJson, noContent } from './fetchJson.ts';

const user = { username: 'ada', displayName: 'Ada Lovelace', roles: ['annotator'] };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with one answer and returns the mock, to inspect the request made. */
function answer(response: Response | Error) {
  const mock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

function sentRequest(mock: ReturnType<typeof answer>): { url: string; init: RequestInit; headers: Headers } {
  const [input, init] = mock.mock.calls[0] ?? [];
  return { url: String(input), init: init ?? {}, headers: new Headers(init?.headers) };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchJson on success', () => {
  it('returns the body validated by the schema', async () => {
    answer(json(200, user));
    await expect(fetchJson('/api/auth/me', sessionUserSchema)).resolves.toEqual(user);
  });

  it('returns undefined for 204 when the schema is noContent', async () => {
    answer(new Response(null, { status: 204 }));
    await expect(fetchJson('/api/auth/logout', noContent, { method: 'POST' })).resolves.toBeUndefined();
  });

  it('sends cookies of the same origin and JSON', async () => {
    const mock = answer(json(200, user));
    await fetchJson('/api/auth/login', sessionUserSchema, {
      method: 'POST',
      body: { username: 'ada', password: 'pw' },
    });
    const { url, init, headers } = sentRequest(mock);
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"username":"ada","password":"pw"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });
});

describe('fetchJson CSRF header', () => {
  it('echoes the fa_csrf cookie on state-changing requests', async () => {
    vi.stubGlobal('document', { cookie: 'theme=light; fa_csrf=s3cr3t' });
    const mock = answer(new Response(null, { status: 204 }));
    await fetchJson('/api/auth/logout', noContent, { method: 'POST' });
    expect(sentRequest(mock).headers.get('X-CSRF-Token')).toBe('s3cr3t');
  });

  it('leaves it off GET requests', async () => {
    vi.stubGlobal('document', { cookie: 'fa_csrf=s3cr3t' });
    const mock = answer(json(200, user));
    await fetchJson('/api/auth/me', sessionUserSchema);
    expect(sentRequest(mock).headers.has('X-CSRF-Token')).toBe(false);
  });

  it('leaves it off when there is no cookie', async () => {
    vi.stubGlobal('document', { cookie: '' });
    const mock = answer(new Response(null, { status: 204 }));
    await fetchJson('/api/auth/logout', noContent, { method: 'POST' });
    expect(sentRequest(mock).headers.has('X-CSRF-Token')).toBe(false);
  });
});

describe('fetchJson errors', () => {
  it("turns the server's envelope into an ApiError with its code and message", async () => {
    answer(json(401, { error: { code: 'unauthenticated', message: 'Wrong user name or password.' } }));
    const error = await caught(fetchJson('/api/auth/login', sessionUserSchema, { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 401,
      code: 'unauthenticated',
      message: 'Wrong user name or password.',
    });
  });

  it('keeps the details of the envelope', async () => {
    const details = [{ path: 'username', message: 'Enter your user name' }];
    answer(
      json(400, { error: { code: 'validation_failed', message: 'username: Enter your user name', details } }),
    );
    const error = await caught(fetchJson('/api/auth/login', sessionUserSchema, { method: 'POST', body: {} }));
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual(details);
  });

  it('reports rate limiting with the server message', async () => {
    answer(json(429, { error: { code: 'rate_limited', message: 'Too many attempts; try again in 60 s.' } }));
    const error = await caught(fetchJson('/api/auth/login', sessionUserSchema, { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many attempts; try again in 60 s.',
    });
  });

  it('falls back to the code of the status for a code it does not know', () => {
    const error = errorFromResponse(
      404,
      'Not Found',
      JSON.stringify({ error: { code: 'gone', message: 'Gone.' } }),
    );
    expect(error).toMatchObject({ code: 'not_found', message: 'Gone.' });
  });

  it('gives a plain message for an answer without the envelope', () => {
    expect(errorFromResponse(502, 'Bad Gateway', '<html>proxy error</html>')).toMatchObject({
      status: 502,
      code: 'internal',
    });
    expect(errorFromResponse(401, '', '')).toMatchObject({
      code: 'unauthenticated',
      message: 'Please log in.',
    });
    expect(errorFromResponse(405, 'Method Not Allowed', '')).toMatchObject({
      code: 'invalid_response',
      message: 'The server answered 405 Method Not Allowed.',
    });
  });

  it('reports a network failure as code network, status 0', async () => {
    answer(new TypeError('Failed to fetch'));
    const error = await caught(fetchJson('/api/studies', z.array(z.unknown())));
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });

  it('rethrows an abort as it is', async () => {
    answer(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(fetchJson('/api/studies', z.array(z.unknown()))).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('reports a body that fails the schema as invalid_response, with the issues', async () => {
    answer(json(200, { username: 'ada' }));
    const error = await caught(fetchJson('/api/auth/me', sessionUserSchema));
    expect(error.code).toBe('invalid_response');
    expect(error.details).toEqual(expect.arrayContaining([expect.stringMatching(/^displayName: /)]));
  });

  it('reports a body that is not JSON as invalid_response', async () => {
    answer(new Response('<!doctype html>', { status: 200 }));
    const error = await caught(fetchJson('/api/studies', z.array(z.unknown())));
    expect(error.code).toBe('invalid_response');
  });
});
