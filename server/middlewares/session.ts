import type { NextFunction, Request, Response } from 'express';
import type { Role } from '../../shared/api.ts';
import { errors } from '../errors.ts';
import { resolveSession } from '../services/accounts/index.ts';
import type { Db } from '../store/db.ts';
import type { SessionRow } from '../store/sessions.ts';
import type { User } from '../store/users.ts';

export const SESSION_COOKIE = 'fa_session';
export const CSRF_COOKIE = 'fa_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export interface Auth {
  user: User;
  session: SessionRow;
  token: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Attaches the logged-in user (if the session cookie is live) to `response.locals.auth`. */
export function loadSession(db: Db) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const token: unknown = request.cookies?.[SESSION_COOKIE];
    if (typeof token === 'string' && token !== '') {
      const resolved = await resolveSession(db, token);
      if (resolved) response.locals.auth = { ...resolved, token } satisfies Auth;
    }
    next();
  };
}

export function currentAuth(response: Response): Auth | undefined {
  return response.locals.auth as Auth | undefined;
}

/**
 * The signed-in user's name for the request log: the loaded session's, or the one a route that
 * checks the session inside its own statement noted (`noteSignedInName`: the autosave's short way).
 */
export function signedInName(response: Response): string | null {
  return currentAuth(response)?.user.username ?? (response.locals.signedInName as string | undefined) ?? null;
}

export function noteSignedInName(response: Response, name: string): void {
  response.locals.signedInName = name;
}

/**
 * CSRF protection for every state-changing request of a logged-in session: the `X-CSRF-Token` header
 * must equal the session's token (sent to the client in the readable `fa_csrf` cookie). Requests
 * without a session are refused by `requireUser` anyway; login itself is guarded by SameSite=strict
 * cookies and the JSON content type, which a cross-site form cannot send.
 */
export function csrfProtection(request: Request, response: Response, next: NextFunction): void {
  const auth = currentAuth(response);
  if (SAFE_METHODS.has(request.method) || !auth) {
    next();
    return;
  }
  if (request.get(CSRF_HEADER) !== auth.session.csrfToken) {
    next(errors.forbidden('This request is missing its CSRF token; reload the page and try again.'));
    return;
  }
  next();
}

/**
 * The routes whose body is a file, not JSON (an admin's upload). They still need the CSRF header,
 * which no cross-site form can send, so refusing other types there would protect nothing more.
 */
const FILE_BODY_PATHS = new Set(['/admin/imports']);

/** Refuses non-JSON bodies on state-changing requests (a cross-site HTML form cannot send JSON). */
export function requireJsonBody(request: Request, _response: Response, next: NextFunction): void {
  const hasBody =
    Number(request.get('content-length') ?? 0) > 0 || request.get('transfer-encoding') !== undefined;
  if (
    !SAFE_METHODS.has(request.method) &&
    hasBody &&
    !request.is('application/json') &&
    !FILE_BODY_PATHS.has(request.path)
  ) {
    next(errors.validation('Send the request body as JSON (Content-Type: application/json).'));
    return;
  }
  next();
}

export function requireUser(request: Request, response: Response, next: NextFunction): void {
  next(currentAuth(response) ? undefined : errors.unauthenticated());
  void request;
}

/** Lets the request through when the user holds at least one of the roles. */
export function requireRole(...roles: Role[]) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    const auth = currentAuth(response);
    if (!auth) next(errors.unauthenticated());
    else if (!roles.some((role) => auth.user.roles.includes(role))) next(errors.forbidden());
    else next();
  };
}

/** The authenticated user of a request that passed `requireUser`. */
export function authOf(response: Response): Auth {
  const auth = currentAuth(response);
  if (!auth) throw errors.unauthenticated();
  return auth;
}
