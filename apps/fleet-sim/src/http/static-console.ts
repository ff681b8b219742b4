import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built console. Any GET that is not an API call and not a file falls back to
 * index.html, so every history-mode route of the spec (/Aligners, /reset_password ...) loads the app.
 * Files are sent brotli- or gzip-compressed when the browser accepts it and the build wrote the
 * compressed copy beside them (apps/console/vite.config.mts): compressed once, never per request.
 */
export function staticConsole(consoleDir: string, isApiPath: (path: string) => boolean): Router {
  const router = express.Router();
  const index = join(consoleDir, 'index.html');
  router.use(
    expressStaticGzip(consoleDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        setHeaders(res, path) {
          // Vite fingerprints everything under assets/: cache it for good; never cache the shell.
          if (path.includes(`${join(consoleDir, 'assets')}`))
            res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        },
      },
    }),
  );
  router.get(/.*/, (req, res, next) => {
    if (isApiPath(req.path) || !req.accepts('html')) return next();
    if (!existsSync(index)) {
      res.status(503).type('text').send('The console is not built. Run `npm start`, which builds it first.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
