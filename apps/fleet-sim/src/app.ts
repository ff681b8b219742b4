import { randomUUID } from 'node:crypto';
import express, { type Express, type Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config/config';
import { errorHandler, notFoundHandler } from './http/error-middleware';
import { TooManyRequestsError } from './core/errors';
import { docsPage } from './http/openapi/docs-page';
import { staticConsole } from './http/static-console';
import { redactUrl } from './logging';

/** Paths of the API; everything else may fall back to the console's index.html. */
export function isApiPath(path: string): boolean {
  return /^\/(?:(?:api|auth|read|create|update|delete|cmd|reset|request|sim|flags|socket\.io|chat_sessions)\/|(?:graph|healthz|statistics|chat_sessions)$|validate_|upload_)/.test(
    path,
  );
}

export interface AppParts {
  config: Config;
  logger: Logger;
  /** Routers in mounting order: the contract's API router first, then extras (flags, graph, sim). */
  routers: Router[];
}

/**
 * The HTTP pipeline: security headers, request ids and logs, body parsers, sign-in throttling,
 * the API and its reference (/api/docs), the built console with history-mode fallback, then 404 and the one
 * error handler.
 */
export function createApp({ config, logger, routers }: AppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'upgrade-insecure-requests': null },
      },
      // The console is served over plain http on localhost by default; HSTS would pin it to https.
      strictTransportSecurity: false,
    }),
  );
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || !isApiPath((req.url ?? '').split('?')[0] ?? '') },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(express.json({ limit: '1mb' }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.use(
    '/auth/token/v1',
    rateLimit({
      windowMs: 15 * 60 * 1000,
      limit: config.SIGNIN_FAILURE_LIMIT,
      skipSuccessfulRequests: true,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      // Per address and username: one person mistyping does not lock out a whole office.
      keyGenerator: (req) => {
        const username = (req.body as { username?: unknown } | undefined)?.username;
        return `${ipKeyGenerator(req.ip ?? '')}|${typeof username === 'string' ? username : ''}`;
      },
      handler: (_req, _res, next, options) => {
        next(new TooManyRequestsError('Too many failed sign-ins. Wait a few minutes and try again.', Math.ceil(options.windowMs / 1000)));
      },
    }),
  );
  app.use(docsPage());
  for (const router of routers) app.use(router);
  app.use(staticConsole(config.CONSOLE_DIR, isApiPath));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
