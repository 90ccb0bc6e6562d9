import { type CookieOptions, type Request, Router } from 'express';
import { loginRequestSchema } from '../../../shared/api.ts';
import { errors } from '../../errors.ts';
import { authOf, CSRF_COOKIE, currentAuth, requireUser, SESSION_COOKIE } from '../../middlewares/session.ts';
import { validateBody } from '../../middlewares/validate.ts';
import { presentSessionUser } from '../../presenters/user.ts';
import { authenticate, endSession, startSession } from '../../services/auth-service.ts';
import type { RouteContext } from '../context.ts';

function limiterKeys(request: Request, username: string): string[] {
  return [`ip:${request.ip ?? 'unknown'}`, `user:${username.toLowerCase()}`];
}

/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me. */
export function authRoutes({ db, config, loginLimiter }: RouteContext): Router {
  const router = Router();
  const cookieBase: CookieOptions = { sameSite: 'strict', secure: config.cookieSecure, path: '/' };

  const loginBody = validateBody(loginRequestSchema);

  router.post('/login', loginBody, async (request, response) => {
    const { username, password } = loginBody.of(response);
    const keys = limiterKeys(request, username);
    const waitMs = Math.max(...keys.map((key) => loginLimiter.retryAfterMs(key)));
    if (waitMs > 0) {
      response.set('Retry-After', String(Math.ceil(waitMs / 1000)));
      throw errors.rateLimited(
        `Too many failed logins; try again in ${Math.ceil(waitMs / 60_000)} minute(s).`,
      );
    }
    let user: Awaited<ReturnType<typeof authenticate>>;
    try {
      user = await authenticate(db, username, password);
    } catch (error) {
      for (const key of keys) loginLimiter.recordFailure(key);
      throw error;
    }
    for (const key of keys) loginLimiter.reset(key);
    const session = startSession(db, user.id, config.sessionTtlHours);
    response.cookie(SESSION_COOKIE, session.token, {
      ...cookieBase,
      httpOnly: true,
      expires: session.expiresAt,
    });
    response.cookie(CSRF_COOKIE, session.csrfToken, {
      ...cookieBase,
      httpOnly: false,
      expires: session.expiresAt,
    });
    response.json(presentSessionUser(user));
  });

  router.post('/logout', (_request, response) => {
    const auth = currentAuth(response);
    if (auth) endSession(db, auth.token);
    response.clearCookie(SESSION_COOKIE, cookieBase);
    response.clearCookie(CSRF_COOKIE, cookieBase);
    response.status(204).end();
  });

  router.get('/me', requireUser, (_request, response) => {
    response.json(presentSessionUser(authOf(response).user));
  });

  return router;
}
