/**
 * CSRF: the server sets a readable cookie `fa_csrf`; every state-changing request echoes its value
 * in the `X-CSRF-Token` header (double-submit). `fetchJson` is the only caller.
 */
export const CSRF_COOKIE = 'fa_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The value of cookie `name` in a `document.cookie` string (`a=1; b=2`), URI-decoded. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Whether a request with this method changes state (everything but GET, HEAD and OPTIONS). */
export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** The CSRF token to send with a request, or undefined for safe methods or without the cookie. */
export function csrfTokenFor(method: string, cookies: string): string | undefined {
  if (!isStateChanging(method)) return undefined;
  const token = readCookie(cookies, CSRF_COOKIE);
  return token === '' ? undefined : token;
}
