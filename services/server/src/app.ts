import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import {
  type ApiDeps,
  AppError,
  appRouter,
  createContext,
  createRestHandler,
  describeError,
  errorEnvelope,
  INVALID_JSON_MESSAGE,
  logUnexpectedFailure,
  type RequestInfo,
  redactPath,
  successEnvelope,
  summarizeError,
  TOO_LARGE_MESSAGE,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER,
} from '@reorder/api';
import { LIMITS } from '@reorder/schemas';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import etag from 'etag';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import proxyaddr from 'proxy-addr';
import { type ApiLane, createApiLane, nestingDepth, type TrpcOptions } from './api-lane.ts';
import { createDocsRouter } from './docs.ts';
import type { Metrics } from './metrics.ts';
import { type SecurityHeaderOptions, securityHeaderList } from './security-headers.ts';
import { createWebRouter } from './web.ts';

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

/** What the metrics call a request, when it is not a procedure: a few fixed names, so series stay bounded. */
type RequestKind = 'ping' | 'ready' | 'metrics' | 'docs' | 'batch' | 'web' | 'not_found' | 'method_not_allowed';

/** The procedure (or kind) a request was, as handlers recorded it in `res.locals`. */
type WithLocals = ServerResponse & { locals?: Record<string, unknown> };
const kindOf = (res: ServerResponse): string | undefined => (res as WithLocals).locals?.requestKind as string | undefined;
const setKind = (res: ServerResponse, kind: RequestKind | string) => {
  const withLocals = res as WithLocals;
  withLocals.locals ??= {};
  withLocals.locals.requestKind = kind;
};

/** A tRPC batch holds at most this many calls (docs/decisions.md §4). */
export const MAX_BATCH_SIZE = 10;
/** Calls that may not share a batch: each sign-in attempt, email change and feedback must be its own request. */
const UNBATCHABLE = /^(auth\.|feedback\.|users\.updateMe$)/;
const UNBATCHABLE_MESSAGE = 'Sign-in, account and feedback calls cannot be batched: send each one on its own.';

/** The request id: the caller's `X-Request-Id` when it looks like one, else a new UUID. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
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
 */
export function createApp(options: AppOptions): App {
  const { deps } = options;
  const logger = deps.logger;
  // Every procedure's name: what a metric may be labelled with, besides the fixed kinds.
  const procedures = new Set(Object.keys(appRouter._def.procedures));
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.set('query parser', 'simple');
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  const headers = securityHeaderList(options.security);

  /** Every request's start: its id, the security headers, and on finish its log line and metrics. */
  const begin = (req: IncomingMessage, res: ServerResponse) => {
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
      options.metrics?.metrics.observe({ surface, procedure: kind, method: req.method ?? 'GET', status: res.statusCode }, ms / 1000);
    });
    res.setHeaders(headers);
  };
  app.use((req, res, next) => {
    begin(req, res);
    next();
  });

  const requestInfo = (req: IncomingMessage): RequestInfo => {
    return {
      // What Express's req.ip is, for requests that never pass through Express.
      ip: proxyaddr(req, trust) ?? 'unknown',
      authorization: req.headers.authorization,
      requestId: String(req.headers['x-request-id']),
      userAgent: req.headers['user-agent'],
      acceptLanguage: req.headers['accept-language'],
      businessId: headerValue(req.headers['x-business-id']),
    };
  };

  // gzip (or brotli) for the app's code and the API's JSON: what a phone on a slow network waits for.
  // The app's files at zlib's default level; the API's JSON, made anew for every answer, at gzip's
  // fastest, which packs a long list in half the time for a few more bytes (brotli, which browsers
  // ask for, keeps its level). The figures: docs/performance.md.
  const compressFiles = compression();
  const compress = compression({ level: constants.Z_BEST_SPEED });
  const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
  app.use((req, res, next) => (isApiAnswer(req.url) ? compress : compressFiles)(req, res, next));

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
  app.use('/api', (req, res, next) => {
    if (/^\/(docs|openapi\.json)/.test(req.path)) setKind(res, 'docs');
    next();
  });
  app.use('/api', createDocsRouter({ version: options.version, publicUrl: options.publicUrl }));

  app.use('/api', (_req, res, next) => {
    // Answers hold personal data: no shared or browser caching.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // One set of tRPC options for the adapter and for the lane's single queries (api-lane.ts).
  const trpc: TrpcOptions = {
    createContext: ({ req, res, info }) => {
      const only = info.calls.length === 1 ? info.calls[0]?.path : undefined;
      setKind(res, only && procedures.has(only) ? only : 'batch');
      if (info.isBatchCall && info.calls.length > 1 && info.calls.some((call) => UNBATCHABLE.test(call.path))) {
        throw new AppError('BAD_REQUEST', UNBATCHABLE_MESSAGE);
      }
      return createContext(deps, requestInfo(req));
    },
    onError: ({ error, path, req }) =>
      logUnexpectedFailure(logger, error, { surface: 'trpc', procedure: path, requestId: req.headers['x-request-id'] }),
    responseMeta: ({ errors }) => {
      const limited = errors.find((e): e is AppError => e instanceof AppError && e.retryAfter !== undefined);
      return limited ? { headers: { 'Retry-After': String(limited.retryAfter) } } : {};
    },
  };
  const trpcWithLimit = (maxBodySize: number) =>
    createExpressMiddleware({
      router: appRouter,
      createContext: trpc.createContext,
      maxBatchSize: MAX_BATCH_SIZE,
      maxBodySize,
      onError: trpc.onError,
      responseMeta: trpc.responseMeta,
    });
  // A catalogue import carries a file of up to 2 MB, which JSON escaping makes larger; every other call keeps the 1 MB limit.
  const trpcHandler = trpcWithLimit(LIMITS.bodyBytes);
  const trpcImportHandler = trpcWithLimit(LIMITS.catalogueImportBodyBytes);
  app.use('/api/trpc', (req, res, next) => (req.path === '/catalogue.import' ? trpcImportHandler : trpcHandler)(req, res, next));

  // The REST surface's body reader; tRPC above reads its own body (same limits) and answers in its own shape.
  const readBody = readJsonBody(LIMITS.bodyBytes);
  const readImportBody = readJsonBody(LIMITS.catalogueImportBodyBytes);
  app.use('/api', (req, res, next) => (req.path === '/catalogue/import' ? readImportBody : readBody)(req, res, next));
  const rest = createRestHandler({ deps, requestInfo, onRoute: setKind });
  app.use('/api', rest);

  app.use('/api', (req, res) => {
    // A known path asked with a method it does not take: 405 with the methods it does (issue 33).
    const allowed = rest.allowed(req.path);
    if (allowed.length) {
      setKind(res, 'method_not_allowed');
      res
        .status(405)
        .set('Allow', allowed.join(', '))
        .json(
          errorEnvelope({
            kind: 'METHOD_NOT_ALLOWED',
            message: `${req.method} is not allowed on /api${req.path}; it takes ${allowed.join(', ')}`,
            issues: [],
          }),
        );
      return;
    }
    res.status(404).json(errorEnvelope({ kind: 'NOT_FOUND', message: 'Not found: no such API path', issues: [] }));
  });

  app.use(createWebRouter(options.webDir));

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    let answer = requestError(error);
    if (!answer) {
      const described = describeError(error);
      answer = { status: described.status, envelope: errorEnvelope(described) };
      logger.error('request failed', { requestId: req.headers['x-request-id'], path: redactPath(req.path), ...summarizeError(error) });
    }
    if (res.headersSent) return res.end();
    res.status(answer.status).json(answer.envelope);
  };
  app.use(onError);

  const listener = createApiLane({
    rest,
    trpc,
    fallback: app,
    begin,
    compress: compress as unknown as Parameters<typeof createApiLane>[0]['compress'],
    bodyError: (_req, res, type) => {
      const answer = requestError({ type }) as NonNullable<ReturnType<typeof requestError>>;
      sendExpressJson(res, answer.status, answer.envelope);
    },
  });
  return { express: app, listener };
}

/** What Express's res.status(n).json(body) writes, for answers that do not pass through Express. */
function sendExpressJson(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.setHeader('ETag', etag(json, { weak: true }));
  res.end(json);
}

/** What a body reader's failure is: its `type` (body-parser's, or ours). */
type BodyErrorType =
  | 'entity.too.large'
  | 'entity.parse.failed'
  | 'entity.too.deep'
  | 'encoding.unsupported'
  | 'charset.unsupported'
  | 'body.unreadable';

const BODY_ERRORS: Record<BodyErrorType, { status: number; kind: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE'; message: string }> = {
  'entity.too.large': { status: 413, kind: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE_MESSAGE },
  'entity.parse.failed': { status: 400, kind: 'BAD_REQUEST', message: INVALID_JSON_MESSAGE },
  'entity.too.deep': { status: 400, kind: 'BAD_REQUEST', message: `The JSON body nests deeper than ${LIMITS.jsonDepth} levels` },
  'encoding.unsupported': { status: 400, kind: 'BAD_REQUEST', message: 'Send the request body as UTF-8 JSON' },
  'charset.unsupported': { status: 400, kind: 'BAD_REQUEST', message: 'Send the request body as UTF-8 JSON' },
  'body.unreadable': { status: 400, kind: 'BAD_REQUEST', message: 'The request body could not be read (is its Content-Encoding right?)' },
};

/**
 * The REST body reader: express.json with the body limit, a bound on how deep
 * the JSON nests (a body nested thousands of levels deep would exhaust the
 * stack of the code that walks it), and every failure of reading (a corrupt
 * gzip or brotli body) marked as the client's, so it answers 400, not 500.
 */
function readJsonBody(limit: number): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (error) {
        const typed = error as { type?: string };
        if (!(typed.type && typed.type in BODY_ERRORS)) typed.type = 'body.unreadable';
        return next(error);
      }
      if (nestingDepth(req.body) > LIMITS.jsonDepth)
        return next(Object.assign(new Error('JSON nested too deeply'), { type: 'entity.too.deep' }));
      next();
    });
}

/**
 * The answer to a failure that happened before any procedure ran: reading the
 * body (see BODY_ERRORS), or serving a file, where any refusal (a missing file,
 * a path that climbs out of the folder) is a plain 404. Undefined otherwise.
 */
function requestError(error: unknown): { status: number; envelope: ReturnType<typeof errorEnvelope> } | undefined {
  const { type, status } = error as { type?: string; status?: unknown };
  const body = type ? BODY_ERRORS[type as BodyErrorType] : undefined;
  if (body) return { status: body.status, envelope: errorEnvelope({ kind: body.kind, message: body.message, issues: [] }) };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status: 404, envelope: errorEnvelope({ kind: 'NOT_FOUND', message: 'Not found', issues: [] }) };
  }
  return undefined;
}

/** A header's one value (a repeated header counts as its first). */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
