import path from 'node:path';
import { createOpenApiDocument } from '@reorder/api';
import express, { type Router } from 'express';
import { getAbsoluteFSPath } from 'swagger-ui-dist';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reorder API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
<style>body{margin:0}.topbar{display:none}</style>
</head>
<body>
<noscript><p>This reference needs JavaScript. The raw document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

// No validator badge (it would call an outside service); everything else comes from this server.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
  persistAuthorization: false,
});
`;

/**
 * `/api/openapi.json` and the reference page at `/api/docs`, rendered by
 * Swagger UI from our own copy of its files: the page works offline.
 */
export function createDocsRouter(options: { version: string; publicUrl: string }): Router {
  const docsRouter = express.Router();
  // `servers` is the absolute address: validators and generators that resolve it (Prism's proxy) need one (issue 33).
  const baseUrl = `${options.publicUrl.replace(/\/+$/, '')}/api`;
  const document = JSON.stringify(createOpenApiDocument({ baseUrl, version: options.version }));
  docsRouter.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(document);
  });
  docsRouter.get('/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  docsRouter.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  const assets = getAbsoluteFSPath();
  docsRouter.get(['/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js'], (req, res) => {
    // `root` keeps the dotfile check to the file name: the store path itself holds `.pnpm`.
    res.sendFile(path.basename(req.path), { root: assets, maxAge: '1d' });
  });
  return docsRouter;
}
