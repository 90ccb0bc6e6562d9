/**
 * A small history router: paths are real URLs (`/studies/pilot`), and the server answers every
 * non-API path with index.html (`server/app.ts`; Vite's dev server does the same).
 *
 * Pure parts (`parseLocation`, `matchPath`, `matchRoutes`, `buildPath`, `safeNext`, `loginPath`)
 * take strings and are tested in node; `useLocation`, `navigate` and `Redirect` are the browser edge.
 *
 * Patterns are absolute paths whose segments are literals or `:name` parameters, e.g.
 * `/studies/:name/queue/:position`. A parameter matches exactly one non-empty segment and is
 * URI-decoded. Trailing and repeated slashes are ignored.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';

/** The names of the `:params` of a pattern: `ParamNames<'/a/:x/b/:y'>` is `'x' | 'y'`. */
type ParamNames<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? ParamNames<Head> | ParamNames<Tail>
  : P extends `:${infer Name}`
    ? Name
    : never;

/** The decoded parameters of a pattern: `RouteParams<'/studies/:name'>` is `{ name: string }`. */
export type RouteParams<P extends string> = { readonly [K in ParamNames<P>]: string };

export interface AppLocation {
  /** Always starts with `/`; never carries the query. */
  readonly path: string;
  readonly search: URLSearchParams;
}

/** A route: a pattern and what to produce for it (in the app, a screen to render). */
export interface Route<T> {
  readonly pattern: string;
  /** The route's output for `path`, or null when the pattern does not match. */
  readonly resolve: (path: string) => T | null;
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // a malformed escape such as `%E0%A4%A` matches nothing
  }
}

/**
 * The app's view of a URL: `parseLocation('/studies//pilot/', '?tab=2')` has path
 * `/studies/pilot` and the query `tab=2`. Trailing and repeated slashes are dropped.
 */
export function parseLocation(pathname: string, search = ''): AppLocation {
  return { path: `/${segments(pathname).join('/')}`, search: new URLSearchParams(search) };
}

/**
 * The parameters of `pattern` in `path`, or null when it does not match.
 * Example: `matchPath('/studies/:name', '/studies/pilot%202025')` is `{ name: 'pilot 2025' }`.
 */
export function matchPath<P extends string>(pattern: P, path: string): RouteParams<P> | null {
  const wanted = segments(pattern);
  const actual = segments(path);
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const segment = actual[index] ?? '';
    if (part.startsWith(':')) {
      const value = decodeSegment(segment);
      if (value === null || value === '') return null;
      params[part.slice(1)] = value;
    } else if (part !== segment) {
      return null;
    }
  }
  // Every `:name` of the pattern was filled above, which is what RouteParams<P> promises.
  return params as RouteParams<P>;
}

/** Declares a route whose output is built from the pattern's typed parameters. */
export function route<P extends string, T>(pattern: P, build: (params: RouteParams<P>) => T): Route<T> {
  return {
    pattern,
    resolve: (path) => {
      const params = matchPath(pattern, path);
      return params === null ? null : build(params);
    },
  };
}

/** The output of the first route that matches `path` (order the table specific-first), or null. */
export function matchRoutes<T>(routes: readonly Route<T>[], path: string): T | null {
  for (const candidate of routes) {
    const output = candidate.resolve(path);
    if (output !== null) return output;
  }
  return null;
}

/**
 * Fills a pattern's parameters, URI-encoding each: `buildPath('/studies/:name', { name: 'a/b' })`
 * is `/studies/a%2Fb`.
 */
export function buildPath<P extends string>(pattern: P, params: RouteParams<P>): string {
  const values: Readonly<Record<string, string>> = params;
  return `/${segments(pattern)
    .map((part) => (part.startsWith(':') ? encodeURIComponent(values[part.slice(1)] ?? '') : part))
    .join('/')}`;
}

/**
 * A `next` target taken from the URL, accepted only if it is an in-app path (`/…`, not `//…`);
 * anything else yields undefined so the caller falls back to `/`.
 */
export function safeNext(next: string | null): string | undefined {
  if (next === null || !next.startsWith('/') || next.startsWith('//')) return undefined;
  return next;
}

export const LOGIN_PATH = '/login';

/** The login path that returns to `next` afterwards (`/login` alone when next is the root). */
export function loginPath(next: string): string {
  return next === '/' ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}

// --- browser edge -------------------------------------------------------------------------------

/** Fired on window by `navigate`, since pushState and replaceState fire no event of their own. */
const NAVIGATE_EVENT = 'factor-audit:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The current location; re-renders the caller when it changes. */
export function useLocation(): AppLocation {
  const url = useSyncExternalStore(subscribe, currentUrl);
  return useMemo(() => {
    const { pathname, search } = new URL(url, window.location.origin);
    return parseLocation(pathname, search);
  }, [url]);
}

/**
 * Goes to an in-app path (`/studies/x?tab=2`). `replace` rewrites the current history entry
 * instead of adding one, as redirects should.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === currentUrl() && !options.replace) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** Replaces the current location with `to` once rendered. */
export function Redirect({ to }: { readonly to: string }): null {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
