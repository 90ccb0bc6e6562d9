import { type CookieOptions, Router } from 'express';
import { loginRequestSchema } from '../../../shared/api.ts';
import { errors } from '../../errors.ts';
import { authOf, CSRF_COOKIE, currentAuth, requireUser, SESSION_COOKIE } from '../../middlewares/session.ts';
import { validateBody } from '../../middlewares/validate.ts';
import { presentSessionUser } from '../../presenters/user.ts';
import { endSession, logIn, startSession } from '../../services/accounts/index.ts';
import type { RouteContext } from '../context.ts';

/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me. */
export function authRoutes({ db, config, loginLimiter }: RouteContext): Router {
  const router = Router();
  const cookieBase: CookieOptions = { sameSite: 'strict', secure: config.cookieSecure, path: '/' };

  const loginBody = validateBody(loginRequestSchema);

  router.post('/login', loginBody, async (request, response) => {
    const { username, password } = loginBody.of(response);
    const address = request.ip ?? 'unknown';
    const user = await logIn({ db, limiter: loginLimiter, username, password, address });
    const session = await startSession(db, user.id, config.sessionTtlHours);
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

  // Without a live session there is nothing to end: 401, as every route but login and health
  // (docs/SECURITY.md); a stale cookie is cleared all the same.
  router.post('/logout', async (_request, response) => {
    const auth = currentAuth(response);
    response.clearCookie(SESSION_COOKIE, cookieBase);
    response.clearCookie(CSRF_COOKIE, cookieBase);
    if (!auth) throw errors.unauthenticated('You are not signed in (your session may have expired).');
    await endSession(db, auth.token);
    response.status(204).end();
  });

  router.get('/me', requireUser, (_request, response) => {
    response.json(presentSessionUser(authOf(response).user));
  });

  return router;
}
