import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Logger, redactPath } from '@reorder/api';
import type { Metrics } from '../metrics.ts';
import { type SecurityHeaderOptions, securityHeaderList } from '../security-headers.ts';
import { kindOf, procedures } from './request-kind.ts';

/** The request id: the caller's `X-Request-Id` when it looks like one, else a new UUID. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
}

export interface RequestStartOptions {
  logger: Logger;
  security: SecurityHeaderOptions;
  metrics?: Metrics;
}

/** What every request starts with, on either lane (the Express app's first middleware, and api-lane.ts). */
export type RequestStart = (req: IncomingMessage, res: ServerResponse) => void;

/** Every request's start: its id, the security headers, and on finish its log line and metrics. */
export function createRequestStart({ logger, security, metrics }: RequestStartOptions): RequestStart {
  const headers = securityHeaderList(security);
  return (req, res) => {
    const requestId = requestIdOf(req);
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    const url = req.url ?? '';
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      const path = url.split('?')[0] ?? '';
      logger.info('request', { requestId, method: req.method, path: redactPath(path), status: res.statusCode, ms });
      const kind = kindOf(res) ?? (path.startsWith('/api') ? 'not_found' : 'web');
      const surface = path.startsWith('/api/trpc') ? 'trpc' : procedures.has(kind) ? 'rest' : 'other';
      metrics?.observe({ surface, procedure: kind, method: req.method ?? 'GET', status: res.statusCode }, ms / 1000);
    });
    res.setHeaders(headers);
  };
}
