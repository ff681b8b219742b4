import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { databaseRefusal, storeUnavailable } from './database-errors';
import { HttpError } from '../core/errors';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** No route answered: 404 with the contract's error body (API paths only; the console has its own 404). */
export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No such call: ${req.method} ${req.path}`, code: 'not_found' });
};

/** A typed error's answer; one that tells how long to wait (429, 503, 507) also says so in Retry-After. */
function answer(res: Response, error: HttpError): void {
  const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  res.status(error.status).json(error.toBody());
}

/**
 * The one place errors become answers. Typed errors keep their status; body-parser failures are the
 * caller's mistake (400/413/415), never a 500; so are database refusals of the request's data (see
 * databaseRefusal), logged as warnings; a store that cannot be reached is 503 with Retry-After (507 when it is
 * full; see storeUnavailable), never a 500; anything else is logged with the request id and answered 500
 * without internals.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (error instanceof HttpError) {
      if (error.status >= 500) logger.error({ err: error, reqId: req.id }, error.message);
      answer(res, error);
      return;
    }
    const parserError = error as BodyParserError;
    if (
      parserError &&
      typeof parserError.status === 'number' &&
      parserError.status >= 400 &&
      parserError.status < 500
    ) {
      const code =
        parserError.type === 'entity.parse.failed' ? 'invalid_json' : (parserError.type ?? 'bad_request');
      const message =
        parserError.type === 'entity.parse.failed'
          ? 'The request body is not valid JSON.'
          : parserError.type === 'entity.too.large'
            ? 'The request body is too large.'
            : parserError.expose
              ? parserError.message
              : 'The request could not be read.';
      res.status(parserError.status).json({ error: message, code });
      return;
    }
    const away = storeUnavailable(error);
    if (away) {
      logger.warn({ err: error, reqId: req.id }, away.message);
      answer(res, away);
      return;
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      logger.warn({ err: error, reqId: req.id }, `database refused the request's data: ${refusal.message}`);
      res.status(refusal.status).json(refusal.toBody());
      return;
    }
    logger.error({ err: error, reqId: req.id }, 'unhandled error');
    res.status(500).json({
      error: 'Internal error. The request id is in the server log.',
      code: 'internal',
      details: { requestId: req.id },
    });
  };
}
