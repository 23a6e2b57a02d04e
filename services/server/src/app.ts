import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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
  summarizeError,
} from '@reorder/api';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { createDocsRouter } from './docs.ts';
import { createWebRouter } from './web.ts';

export interface AppOptions {
  deps: ApiDeps;
  trustProxy: boolean | number | string;
  version: string;
  webDir?: string;
}

/** The request id: the caller's `X-Request-Id` when it looks like one, else a new UUID. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * The HTTP application: `/api/ping`, the OpenAPI document and docs, the tRPC
 * endpoint for the typed client, the REST surface, 404 envelopes for unknown
 * API paths, and the web app for everything else.
 */
export function createApp(options: AppOptions): Express {
  const { deps } = options;
  const logger = deps.logger;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.set('query parser', 'simple');

  app.use((req, res, next) => {
    const requestId = requestIdOf(req);
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Reset links carry their token in the path: never send it onward.
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info('request', {
        requestId,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      });
    });
    next();
  });

  const requestInfo = (req: IncomingMessage): RequestInfo => {
    const expressReq = req as express.Request;
    return {
      ip: expressReq.ip ?? req.socket.remoteAddress ?? 'unknown',
      authorization: req.headers.authorization,
      requestId: String(req.headers['x-request-id']),
    };
  };

  // gzip for the app's code and the API's JSON: what a phone on a slow network waits for.
  app.use(compression());

  app.head('/api/ping', (_req, res) => {
    res.set('Cache-Control', 'no-store').status(200).end();
  });
  app.get('/api/ping', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ code: 1, data: null, message: 'pong' });
  });
  app.use('/api', createDocsRouter(options.version));

  app.use('/api', (_req, res, next) => {
    // Answers hold personal data: no shared or browser caching.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  app.use(
    '/api/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => createContext(deps, requestInfo(req)),
      maxBodySize: 1024 * 1024,
      onError: ({ error, path, req }) =>
        logUnexpectedFailure(logger, error, { surface: 'trpc', procedure: path, requestId: req.headers['x-request-id'] }),
      responseMeta: ({ errors }) => {
        const limited = errors.find((e): e is AppError => e instanceof AppError && e.retryAfter !== undefined);
        return limited ? { headers: { 'Retry-After': String(limited.retryAfter) } } : {};
      },
    }),
  );

  // The REST surface's body parser; tRPC above reads its own body (same 1 MB limit) and answers in its own shape.
  app.use('/api', express.json({ limit: '1mb' }));
  app.use('/api', createRestHandler({ deps, requestInfo }));

  app.use('/api', (_req, res) => {
    res.status(404).json(errorEnvelope({ kind: 'NOT_FOUND', message: 'Not found: no such API path', issues: [] }));
  });

  app.use(createWebRouter(options.webDir));

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const type = (error as { type?: string }).type;
    let envelope: ReturnType<typeof errorEnvelope>;
    let status: number;
    if (type === 'entity.too.large') {
      status = 413;
      envelope = errorEnvelope({ kind: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large (the limit is 1 MB)', issues: [] });
    } else if (type === 'entity.parse.failed') {
      status = 400;
      envelope = errorEnvelope({ kind: 'BAD_REQUEST', message: INVALID_JSON_MESSAGE, issues: [] });
    } else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      status = 400;
      envelope = errorEnvelope({ kind: 'BAD_REQUEST', message: 'Send the request body as UTF-8 JSON', issues: [] });
    } else if (typeof (error as { status?: unknown }).status === 'number' && (error as { status: number }).status === 404) {
      // express.static / sendFile: a file that is not there.
      status = 404;
      envelope = errorEnvelope({ kind: 'NOT_FOUND', message: 'Not found', issues: [] });
    } else {
      const described = describeError(error);
      status = described.status;
      envelope = errorEnvelope(described);
      logger.error('request failed', { requestId: req.headers['x-request-id'], path: req.path, ...summarizeError(error) });
    }
    if (res.headersSent) return res.end();
    res.status(status).json(envelope);
  };
  app.use(onError);
  return app;
}
