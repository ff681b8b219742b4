import type { RequestHandler } from 'express';
import { metrics, metricsText } from '../core/metrics';

/** Whether a process can serve: its store answers and is migrated, and Redis is connected where configured. */
export type Readiness = () => Promise<{ ready: boolean; reasons: string[] }>;

/** GET /readyz: 200 when the process can serve, 503 with the reasons while it cannot (a load balancer takes it out). */
export function readyzHandler(readiness: Readiness): RequestHandler {
  return (_req, res, next) => {
    readiness()
      .then(({ ready, reasons }) => {
        res.setHeader('Cache-Control', 'no-store');
        if (ready) res.json({ status: 'ready' });
        else
          res
            .status(503)
            .setHeader('Retry-After', '2')
            .json({ error: 'Not ready to serve.', code: 'not_ready', details: { reasons } });
      })
      .catch(next);
  };
}

/** GET /metrics: the process's metrics in the Prometheus text format. */
export const metricsHandler: RequestHandler = (_req, res, next) => {
  metricsText()
    .then(({ contentType, body }) =>
      res.setHeader('Content-Type', contentType).setHeader('Cache-Control', 'no-store').send(body),
    )
    .catch(next);
};

/**
 * Times every request into the request histogram, labelled with its call's route pattern (never the URL, whose
 * serials and ids would make a series each): API paths no route matched are `unmatched`, the console's files `console`.
 */
export function requestTimer(isApiPath: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpRequestDuration.startTimer();
    res.once('finish', () => {
      const route = (req as { route?: { path?: unknown } }).route?.path;
      const label =
        typeof route === 'string' ? `${req.baseUrl}${route}` : isApiPath(req.path) ? 'unmatched' : 'console';
      end({ method: req.method, route: label, status: String(res.statusCode) });
    });
    next();
  };
}
