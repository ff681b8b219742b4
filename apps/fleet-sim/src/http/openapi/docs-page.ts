import { dirname } from 'node:path';
import express, { type Router } from 'express';
import { NotFoundError } from '../../core/errors';
import { openApiDocument } from './openapi-document';

/** Where the document and the page are served; both are public and read-only. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
const ASSETS_PATH = `${DOCS_PATH}/assets`;

// Resolved from node_modules at run time, in development and in the bundled server alike.
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
/** The only files of swagger-ui-dist the page uses (its index.html and initializer point elsewhere). */
const ASSETS = new Set([
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.map',
  'swagger-ui.css',
  'swagger-ui.css.map',
  'favicon-16x16.png',
  'favicon-32x32.png',
]);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Equipment Dashboard API</title>
<link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png" sizes="32x32">
<link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// A file of its own, not an inline script, so that the CSP's script-src 'self' allows it.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  filter: true,
  tryItOutEnabled: true,
  persistAuthorization: true,
  displayRequestDuration: true,
  // Nothing leaves this server: no call to the public validator badge.
  validatorUrl: null,
});
`;

/**
 * GET /api/openapi.json (the contract as OpenAPI 3.1) and GET /api/docs (Swagger UI over it, its files
 * served from node_modules).
 */
export function docsPage(): Router {
  const router = express.Router();
  let json: string | undefined;
  router.get(OPENAPI_PATH, (_req, res) => {
    json ??= JSON.stringify(openApiDocument());
    res.type('json').send(json);
  });
  router.get(DOCS_PATH, (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(PAGE);
  });
  router.get(`${DOCS_PATH}/init.js`, (_req, res) => {
    res.type('js').setHeader('Cache-Control', 'no-cache');
    res.send(INIT_SCRIPT);
  });
  router.get(`${ASSETS_PATH}/:file`, (req, res) => {
    if (!ASSETS.has(req.params.file))
      throw new NotFoundError(`No such file of the API reference: ${req.params.file}.`);
    res.sendFile(req.params.file, { root: SWAGGER_UI_DIR });
  });
  return router;
}
