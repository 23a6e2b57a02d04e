import type { IncomingMessage, ServerResponse } from 'node:http';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { type ApiDeps, createContext, type ReplyInfo, type RequestInfo } from '../context.ts';
import { describeError, issuesMessage, logUnexpectedFailure, type TErrorDescription, type TErrorKind } from '../errors.ts';
import { appRouter } from '../root.ts';
import { errorEnvelope, successEnvelope } from './envelope.ts';

type Request = IncomingMessage & { body?: unknown };

export interface RestHandlerOptions {
  deps: ApiDeps;
  /** Who is asking and from where (the server knows its proxy settings). */
  requestInfo: (req: IncomingMessage) => RequestInfo;
}

/** What our errorFormatter put in the shape that trpc-to-openapi sends for a failure. */
interface ErrorShapeBody {
  message?: string;
  data?: { kind?: TErrorKind; httpStatus?: number; issues?: TErrorDescription['issues']; retryAfter?: number };
}

/**
 * The REST surface: trpc-to-openapi's handler runs the procedure for the
 * method and path, and this wrapper turns what it would send into the
 * envelope of DECISIONS §2, with the status of the error's kind and
 * `Retry-After` on rate limits. It expects `req.body` parsed by `express.json()`.
 * Requests that match no procedure go to `next` (the server's 404 envelope).
 */
export function createRestHandler(options: RestHandlerOptions) {
  const replies = new WeakMap<IncomingMessage, ReplyInfo>();
  const logger = options.deps.logger;
  const handler = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req }) => {
      const ctx = createContext(options.deps, options.requestInfo(req));
      replies.set(req, ctx.reply);
      return ctx;
    },
    onError: ({ error, path, req }) =>
      logUnexpectedFailure(logger, error, { surface: 'rest', procedure: path, requestId: requestIdOf(req) }),
  });

  return async (req: Request, res: ServerResponse, next: () => void): Promise<void> => {
    acceptEmptyBody(req);
    const end = res.end.bind(res);
    res.end = ((chunk?: unknown) => {
      const envelope = toEnvelope(res, chunk, replies.get(req));
      const json = JSON.stringify(envelope);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(json));
      return end(json);
    }) as typeof res.end;
    await handler(req, res, () => {
      res.end = end;
      next();
    });
  };
}

function requestIdOf(req: IncomingMessage): string | undefined {
  const id = req.headers['x-request-id'];
  return typeof id === 'string' ? id : undefined;
}

/**
 * A POST or PUT without a body (and so without a Content-Type) is read as `{}`,
 * so the answer names the missing fields instead of complaining about the
 * content type.
 */
function acceptEmptyBody(req: Request): void {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'DELETE' || method === 'HEAD') return;
  const length = Number(req.headers['content-length'] ?? 0);
  if (req.body === undefined && !req.headers['content-type'] && !length && !req.headers['transfer-encoding']) {
    req.headers['content-type'] = 'application/json';
    req.body = {};
  }
}

function toEnvelope(res: ServerResponse, chunk: unknown, reply: ReplyInfo | undefined) {
  let body: unknown = null;
  try {
    body = chunk === undefined || chunk === null || chunk === '' ? null : JSON.parse(String(chunk));
  } catch {
    res.statusCode = 500;
    return errorEnvelope(describeError(undefined));
  }
  if (res.statusCode < 400) {
    res.statusCode = 200;
    return successEnvelope(body ?? null, reply?.message);
  }
  const shape = (body ?? {}) as ErrorShapeBody;
  const kind = shape.data?.kind ?? 'INTERNAL';
  const described = kind === 'INTERNAL' ? describeError(undefined) : undefined;
  res.statusCode = shape.data?.httpStatus ?? 500;
  if (shape.data?.retryAfter) res.setHeader('Retry-After', String(shape.data.retryAfter));
  const issues = shape.data?.issues ?? [];
  return errorEnvelope({
    kind,
    issues,
    message: described?.message ?? (kind === 'BAD_REQUEST' && issues.length ? issuesMessage(issues) : (shape.message ?? 'Error')),
  });
}
