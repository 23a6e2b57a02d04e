import { errorEnvelope, successEnvelope, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER } from '@reorder/api';
import type { Express } from 'express';
import type { Metrics } from '../metrics.ts';
import { setKind } from './request-kind.ts';

export interface HealthRouteOptions {
  /** Whether the database answers, for /api/ready. */
  databaseReady: () => Promise<boolean>;
  /** Request metrics; `/api/metrics` serves them to `Bearer <token>` when a token is set. */
  metrics?: { metrics: Metrics; token: string | undefined };
}

/** The operators' routes: `/api/ping` (liveness), `/api/ready` (readiness) and, with a token, `/api/metrics`. */
export function addHealthRoutes(app: Express, options: HealthRouteOptions): void {
  // Liveness: the process answers; it touches nothing else.
  app.head('/api/ping', (_req, res) => {
    setKind(res, 'ping');
    res.set('Cache-Control', 'no-store').status(200).end();
  });
  app.get('/api/ping', (_req, res) => {
    setKind(res, 'ping');
    res.set('Cache-Control', 'no-store').json({ code: 1, data: null, message: 'pong' });
  });
  // Readiness: the database answers too (docs/decisions.md §7); a load balancer sends traffic only then.
  app.get('/api/ready', async (_req, res) => {
    setKind(res, 'ready');
    res.set('Cache-Control', 'no-store');
    if (await options.databaseReady()) res.json(successEnvelope({ database: 'ok' }, 'ready'));
    else
      res
        .status(503)
        .set('Retry-After', String(UNAVAILABLE_RETRY_AFTER))
        .json(errorEnvelope({ kind: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE, issues: [] }));
  });
  if (options.metrics?.token) {
    app.get('/api/metrics', (req, res, next) => {
      setKind(res, 'metrics');
      options.metrics?.metrics.handler(options.metrics.token ?? '')(req, res, next);
    });
  }
}
