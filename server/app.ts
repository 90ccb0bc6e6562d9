import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { TrustProxy } from './config.ts';
import { CONTENT_SECURITY_DIRECTIVES } from './content-security.ts';
import { errors } from './errors.ts';
import { type Logger, silentLogger } from './logger.ts';
import { errorHandler } from './middlewares/error-handler.ts';
import { requestLog } from './middlewares/request-log.ts';
import { csrfProtection, loadSession, requireJsonBody, requireUser } from './middlewares/session.ts';
import { loadStudy } from './middlewares/study.ts';
import { adjudicationRoutes } from './routes/adjudication/adjudication.ts';
import { argumentRoutes } from './routes/admin/arguments.ts';
import { auditRoutes } from './routes/admin/audit.ts';
import { coverageRoutes } from './routes/admin/coverage.ts';
import { extractorRoutes } from './routes/admin/extractors.ts';
import { goldAdminRoutes } from './routes/admin/gold.ts';
import { adminImportRoutes, importHistoryRoutes } from './routes/admin/imports.ts';
import { progressRoutes } from './routes/admin/progress.ts';
import { reportRoutes } from './routes/admin/report.ts';
import { samplingRoutes } from './routes/admin/sampling.ts';
import { adminUserRoutes } from './routes/admin/users.ts';
import { authRoutes } from './routes/auth/auth.ts';
import type { RouteContext } from './routes/context.ts';
import { guidelineRoutes } from './routes/guidelines/guidelines.ts';
import { AUTOSAVE_PATH, autosaveRoute } from './routes/items/autosave.ts';
import { itemRoutes } from './routes/items/items.ts';
import { studyListRoutes, studyRoutes } from './routes/studies/studies.ts';
import { databaseHealthCheck } from './services/database/index.ts';
import { loadGuidelines } from './services/study/index.ts';

export interface AppOptions extends RouteContext {
  /** The built client (dist/client); when missing, only the API is served. */
  clientDir?: string;
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY); none when left out. */
  trustProxy?: TrustProxy;
  /** Where the request log goes (scripts/serve.ts passes the configured one); silent when left out. */
  logger?: Logger;
}

/** The Express app: the JSON API under /api and the built React client on the same origin. */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETag on what `res.send` answers: every API answer is no-store (below), so no client ever sends
  // it back, and hashing each body cost every save its time. Static files keep theirs (express.static).
  app.set('etag', false);
  // First, so every answer is logged, errors and the client's pages included.
  app.use(requestLog(options.logger ?? silentLogger()));
  // The client address limits logins: believing X-Forwarded-For from anyone unasked would let a
  // client name a fresh address on every attempt.
  app.set('trust proxy', options.trustProxy ?? false);
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_DIRECTIVES },
    }),
  );

  // Read once: a missing or mismatched guidelines file stops the server here, not at the first request.
  const guidelines = loadGuidelines();

  const api = express.Router();
  // No API answer may be kept by a browser or proxy: they carry one user's work and a shared
  // computer's back button must not show it to the next user. First, so errors carry it too.
  api.use((_request, response, next) => {
    response.set('Cache-Control', 'no-store');
    next();
  });
  // The load balancer's health check: before sessions and CSRF, so it costs one indexed read and
  // needs no cookie; it answers the migration level and nothing else of the server.
  const health = databaseHealthCheck(options.db);
  api.get('/health', async (_request, response) => {
    const answer = await health();
    response.status(answer.ok ? 200 : 503).json(answer);
  });
  // No body parser here: each route that takes a body reads it with its schema and its size limit
  // (`validateBody`), so a route that needs no body never parses one.
  api.use(cookieParser());
  api.use(requireJsonBody);
  // The autosave's short way (the session checks and the write in one statement); anything it does
  // not take, it hands to the chain below.
  api.put(AUTOSAVE_PATH, autosaveRoute(options));
  api.use(loadSession(options.db));
  api.use(csrfProtection);
  api.use('/auth', authRoutes(options));
  api.use('/guidelines', guidelineRoutes(guidelines));
  api.use('/admin/users', adminUserRoutes(options));
  api.use('/admin/imports', adminImportRoutes(options));
  api.use('/studies', studyListRoutes(options));
  // The study of every /studies/:study route, loaded once per request, for signed-in callers only.
  api.use('/studies/:study', requireUser, loadStudy(options.db));
  const studyRouters = [
    studyRoutes,
    itemRoutes,
    progressRoutes,
    argumentRoutes,
    importHistoryRoutes,
    extractorRoutes,
    goldAdminRoutes,
    adjudicationRoutes,
    samplingRoutes,
    reportRoutes,
    coverageRoutes,
    auditRoutes,
  ];
  for (const routes of studyRouters) api.use('/studies/:study', routes(options));
  api.use((request) => {
    throw errors.notFound(`The API route ${request.method} ${request.baseUrl}${request.path}`);
  });
  api.use(errorHandler);
  app.use('/api', api);

  const clientDir = options.clientDir;
  if (clientDir && existsSync(join(clientDir, 'index.html'))) {
    app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
    // Client-side routes (/, /login, /studies/…) all load the one page.
    app.get('/{*path}', (_request, response) => {
      response.set('Cache-Control', 'no-cache').sendFile(join(clientDir, 'index.html'));
    });
  }
  app.use(errorHandler);
  return app;
}
