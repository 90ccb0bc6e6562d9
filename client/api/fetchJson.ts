import { z } from 'zod';
import { describeIssues } from '../../shared/zod-issues.ts';
import { CSRF_HEADER, csrfTokenFor } from './csrf.ts';
import { ApiError, codeForStatus, isErrorCode } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  readonly method?: HttpMethod;
  /** Sent as JSON. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

/** The server's one error envelope (`shared/errors.ts`); the code is checked separately. */
const errorEnvelopeSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** Validates an empty answer (204 No Content): `fetchJson(path, noContent, { method: 'POST' })`. */
export const noContent = z.undefined();

const FALLBACK_MESSAGES: Readonly<Record<number, string>> = {
  401: 'Please log in.',
  403: 'You do not have access to this.',
  404: 'Not found.',
  429: 'Too many requests. Wait a minute, then try again.',
};

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The ApiError for a non-2xx answer. The server's envelope `{ error: { code, message, details? } }`
 * is used as sent; anything else (a proxy's HTML page, an empty body) gets the code of the status
 * and a plain message.
 */
export function errorFromResponse(status: number, statusText: string, bodyText: string): ApiError {
  const parsed = parseJson(bodyText);
  const envelope = parsed.ok ? errorEnvelopeSchema.safeParse(parsed.value) : undefined;
  if (envelope?.success) {
    const { code, message, details } = envelope.data.error;
    return new ApiError({
      status,
      code: isErrorCode(code) ? code : codeForStatus(status),
      message,
      details,
    });
  }
  const message =
    FALLBACK_MESSAGES[status] ??
    (status >= 500
      ? `The server had a problem (${status}). Try again; if it persists, check the server log.`
      : `The server answered ${status}${statusText === '' ? '' : ` ${statusText}`}.`);
  return new ApiError({ status, code: codeForStatus(status), message });
}

function currentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

const NETWORK_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

/**
 * The one place the client talks to the API. Sends cookies (same origin) and JSON, adds the CSRF
 * header to state-changing requests, and returns the body parsed by `schema`. Throws an ApiError
 * for every failure — network, error status, unreadable or unexpected body — except an abort,
 * which is rethrown as is.
 */
export async function fetchJson<T>(
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const csrfToken = csrfTokenFor(method, currentCookies());
  if (csrfToken !== undefined) headers.set(CSRF_HEADER, csrfToken);

  let status: number;
  let statusText: string;
  let text: string;
  try {
    const response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    status = response.status;
    statusText = response.statusText;
    text = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError({ status: 0, code: 'network', message: NETWORK_MESSAGE });
  }

  if (status < 200 || status > 299) throw errorFromResponse(status, statusText, text);

  const parsed = parseJson(text);
  if (!parsed.ok) {
    throw new ApiError({
      status,
      code: 'invalid_response',
      message: `The server's answer to ${method} ${path} is not JSON.`,
    });
  }
  const result = schema.safeParse(parsed.value);
  if (!result.success) {
    throw new ApiError({
      status,
      code: 'invalid_response',
      message: `The server's answer to ${method} ${path} has an unexpected shape.`,
      details: describeIssues(result.error),
    });
  }
  return result.data;
}
