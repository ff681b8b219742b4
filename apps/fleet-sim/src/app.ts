import { randomUUID } from 'node:crypto';
import { tokenBodySchema } from '@equipment-dashboard/contract';
import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config/config';
import { errorHandler, notFoundHandler } from './http/error-middleware';
import { TooManyRequestsError } from './core/errors';
import { docsPage } from './http/openapi/docs-page';
import { metricsHandler, readyzHandler, requestTimer, type Readiness } from './http/readiness';
import { withRequestId } from './core/request-context';
import { staticConsole } from './http/static-console';
import { redactUrl } from './logging';

/** The operators' probes and scrapes: not logged (a load balancer asks every few seconds). */
const OPERATOR_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Paths of the API; everything else may fall back to the console's index.html. */
export function isApiPath(path: string): boolean {
  return /^\/(?:(?:api|auth|read|create|update|delete|cmd|reset|request|sim|flags|socket\.io|chat_sessions)\/|(?:graph|healthz|readyz|metrics|statistics|chat_sessions)$|validate_|upload_)/.test(
    path,
  );
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/**
 * The account a sign-in or reset request names, read as those calls read it (the contract's username: trimmed),
 * so that `name`, ` name` and `name\t` count as one; null when the body names none (the call answers 400).
 */
function accountKey(req: Request): string | null {
  const parsed = tokenBodySchema.shape.username.safeParse(
    (req.body as { username?: unknown } | undefined)?.username,
  );
  return parsed.success ? `account:${parsed.data}` : null;
}

const addressKey = (req: Request): string => `address:${ipKeyGenerator(req.ip ?? '')}`;

/**
 * A limit of requests (or of failed ones: answered 400 or more) per key in a window; over it, 429 with
 * Retry-After through the error middleware. A request whose key is null is not counted by this limit.
 */
function throttle(options: {
  windowMs: number;
  limit: number;
  failuresOnly: boolean;
  key: (req: Request) => string | null;
  message: string;
}): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    skipSuccessfulRequests: options.failuresOnly,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => options.key(req) === null,
    keyGenerator: (req) => options.key(req) ?? '',
    handler: (_req, _res, next) => {
      next(new TooManyRequestsError(options.message, Math.ceil(options.windowMs / 1000)));
    },
  });
}

export interface AppParts {
  config: Config;
  logger: Logger;
  /** Routers in mounting order: the contract's API router first, then extras (flags, graph, sim). */
  routers: Router[];
  /** GET /readyz's answer (without it, ready whenever the process answers). */
  readiness?: Readiness;
}

/**
 * The HTTP pipeline: security headers, request ids and logs, body parsers, sign-in and reset-request throttling,
 * the API and its reference (/api/docs), the built console with history-mode fallback, then 404 and the one
 * error handler.
 */
export function createApp({ config, logger, routers, readiness }: AppParts): Express {
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
      autoLogging: {
        ignore: (req) => OPERATOR_PATHS.has(req.url ?? '') || !isApiPath((req.url ?? '').split('?')[0] ?? ''),
      },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // Every log line written while a request is handled carries its id.
  app.use((req, _res, next) => withRequestId(String(req.id), next));
  app.use(requestTimer(isApiPath));
  // Liveness: the process answers. Readiness: it can serve (store, Redis). Metrics: Prometheus.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', readyzHandler(readiness ?? (async () => ({ ready: true, reasons: [] }))));
  app.get('/metrics', metricsHandler);
  app.use(express.json({ limit: '1mb' }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.use(
    '/auth/token/v1',
    // Per account, whatever the address: one account cannot be guessed at from many addresses.
    throttle({
      windowMs: FIFTEEN_MINUTES,
      limit: config.SIGNIN_FAILURE_LIMIT,
      failuresOnly: true,
      key: (req) => accountKey(req),
      message: 'Too many failed sign-ins. Wait a few minutes and try again.',
    }),
    // Per address, coarser: one password tried against many accounts (password spraying).
    throttle({
      windowMs: FIFTEEN_MINUTES,
      limit: config.SIGNIN_ADDRESS_FAILURE_LIMIT,
      failuresOnly: true,
      key: addressKey,
      message: 'Too many failed sign-ins from this address. Wait a few minutes and try again.',
    }),
  );
  app.use(
    '/request/reset_user_password/v1',
    // Every request counts, for a known or an unknown name alike, so a 429 tells nothing about the account. The
    // name's limit comes first: a request it refuses does not use up the address's.
    throttle({
      windowMs: ONE_HOUR,
      limit: config.RESET_REQUEST_LIMIT,
      failuresOnly: false,
      key: (req) => accountKey(req),
      message: 'Too many password reset requests. Wait a while and try again.',
    }),
    throttle({
      windowMs: ONE_HOUR,
      limit: config.RESET_ADDRESS_LIMIT,
      failuresOnly: false,
      key: addressKey,
      message: 'Too many password reset requests. Wait a while and try again.',
    }),
  );
  app.use(docsPage());
  for (const router of routers) app.use(router);
  app.use(staticConsole(config.CONSOLE_DIR, isApiPath));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
