import type { Express } from 'express';
import { createDocsRouter } from '../docs.ts';
import { setKind } from './request-kind.ts';

/** The OpenAPI document and the API reference under /api, counted in the metrics as `docs`. */
export function addDocsRoutes(app: Express, options: { version: string; publicUrl: string }): void {
  app.use('/api', (req, res, next) => {
    if (/^\/(docs|openapi\.json)/.test(req.path)) setKind(res, 'docs');
    next();
  });
  app.use('/api', createDocsRouter({ version: options.version, publicUrl: options.publicUrl }));
}
