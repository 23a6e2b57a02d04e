import { type ApiDeps, createRestHandler } from '@reorder/api';
import express, { type Express } from 'express';
import { type ApiLane, createApiLane } from './api-lane.ts';
import { createApiNotFound } from './app/api-not-found.ts';
import { noStore } from './app/cache-headers.ts';
import { createCompression } from './app/compression.ts';
import { addDocsRoutes } from './app/docs-routes.ts';
import { addHealthRoutes } from './app/health-routes.ts';
import { createErrorHandler, sendBodyError } from './app/request-errors.ts';
import { createRequestInfo, type TrustProxy } from './app/request-info.ts';
import { setKind } from './app/request-kind.ts';
import { createRequestStart } from './app/request-start.ts';
import { createRestBodyReader } from './app/rest-body.ts';
import { createTrpcHandler, createTrpcOptions } from './app/trpc-handlers.ts';
import type { Metrics } from './metrics.ts';
import type { SecurityHeaderOptions } from './security-headers.ts';
import { createWebRouter } from './web.ts';

export { MAX_BATCH_SIZE } from './app/trpc-handlers.ts';

export interface AppOptions {
  deps: ApiDeps;
  trustProxy: boolean | number | string;
  version: string;
  /** Where clients reach this server (PUBLIC_URL): the OpenAPI document's `servers`. */
  publicUrl: string;
  webDir?: string;
  security: SecurityHeaderOptions;
  /** Whether the database answers, for /api/ready. */
  databaseReady: () => Promise<boolean>;
  /** Request metrics; `/api/metrics` serves them to `Bearer <token>` when a token is set. */
  metrics?: { metrics: Metrics; token: string | undefined };
}

/** The HTTP application and the request listener that serves it (see createApp). */
export interface App {
  express: Express;
  listener: ApiLane;
}

/**
 * The HTTP application: `/api/ping`, the OpenAPI document and docs, the tRPC
 * endpoint for the typed client, the REST surface, 404 envelopes for unknown
 * API paths, and the web app for everything else. Most REST calls take a
 * shorter lane (api-lane.ts) to the same handler; `listener` picks the lane.
 * The steps below are the middleware in the order Express runs them.
 */
export function createApp(options: AppOptions): App {
  const { deps } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.set('query parser', 'simple');
  const requestInfo = createRequestInfo(app.get('trust proxy fn') as TrustProxy);

  const begin = createRequestStart({ logger: deps.logger, security: options.security, metrics: options.metrics?.metrics });
  app.use((req, res, next) => {
    begin(req, res);
    next();
  });
  const { compress, middleware: compression } = createCompression();
  app.use(compression);
  addHealthRoutes(app, { databaseReady: options.databaseReady, metrics: options.metrics });
  addDocsRoutes(app, { version: options.version, publicUrl: options.publicUrl });
  app.use('/api', noStore);

  const trpc = createTrpcOptions(deps, requestInfo);
  app.use('/api/trpc', createTrpcHandler(trpc));
  // The REST surface's body reader, then its handler; tRPC above reads its own body and answers in its own shape.
  const rest = createRestHandler({ deps, requestInfo, onRoute: setKind });
  app.use('/api', createRestBodyReader(rest));
  app.use('/api', rest);
  app.use('/api', createApiNotFound(rest));

  app.use(createWebRouter(options.webDir));
  app.use(createErrorHandler(deps.logger));

  const listener = createApiLane({
    rest,
    trpc,
    fallback: app,
    begin,
    compress: compress as unknown as Parameters<typeof createApiLane>[0]['compress'],
    bodyError: (_req, res, type) => sendBodyError(res, type),
  });
  return { express: app, listener };
}
