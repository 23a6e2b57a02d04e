import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AnyProcedure, TRPCError } from '@trpc/server';
import { type ApiDeps, createContext, type RequestInfo } from '../context.ts';
import { AppError, describeError, INVALID_JSON_MESSAGE, logUnexpectedFailure } from '../errors.ts';
import { endJsonInTurns, isLargeJson } from '../platform/json-turns.ts';
import { keptEnvelope } from '../platform/kept-answers.ts';
import { appRouter } from '../root.ts';
import { callProcedure } from '../trpc.ts';
import { errorEnvelope, successEnvelope } from './envelope.ts';
import { type RestRoute as Route, restRoutes } from './routes.ts';

export type RestRequest = IncomingMessage & { body?: unknown; query?: Record<string, unknown> };

/** The route for a method and path, with its decoded path parameters; undefined when none fits. */
export interface RestMatch {
  route: Route;
  params: Record<string, string>;
}

function match(routes: Route[], method: string, path: string): RestMatch | undefined {
  const parts = path.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.method !== method || route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = route.segments.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith('{')) return segment === part;
      params[segment.slice(1, -1)] = part;
      return true;
    });
    if (fits) return { route, params };
  }
  return undefined;
}

const NUMERIC = /^\s*\d+(\.\d+)?\s*$/;

/** The path's parameters, decoded (a 400 for one that is not valid URL text). */
function decodedParams(params: Record<string, string>): Record<string, unknown> {
  const decoded: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(raw);
    } catch {
      throw new AppError('BAD_REQUEST', `The ${name} in the path is not valid URL text`, {
        issues: [{ path: name, message: 'Not valid URL text' }],
      });
    }
  }
  return decoded;
}

/** A request that came with a body (which express.json left alone when it was not JSON). */
export function hasBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/**
 * The procedure's input: path parameters over the query (GET, DELETE) or the
 * body, numeric text of the path and the query read as numbers where numbers are due. A POST or PUT
 * without a body reads as `{}`, so the answer names the missing fields.
 */
function inputOf(req: RestRequest, route: Route, params: Record<string, string>): Record<string, unknown> {
  // A DELETE carries a body when it needs more than its path (DELETE /users/me {currentPassword}): secrets stay out of URLs.
  const readsBody = route.method !== 'GET' && (route.method !== 'DELETE' || route.bodyFields);
  const raw = route.meta.rawBody;
  if (!raw && readsBody && req.body === undefined && hasBody(req)) {
    throw new AppError('BAD_REQUEST', 'Send the request body as JSON (Content-Type: application/json)');
  }
  // A file's body is the file itself (docs/decisions.md §9.6): its bytes reach the procedure as base64.
  const from = raw
    ? { [raw.field]: (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)).toString('base64') }
    : readsBody
      ? req.body
      : req.query;
  if (from !== undefined && (from === null || typeof from !== 'object' || Array.isArray(from))) {
    throw new AppError('BAD_REQUEST', INVALID_JSON_MESSAGE);
  }
  const input: Record<string, unknown> = { ...(from as Record<string, unknown> | undefined), ...decodedParams(params) };
  // Paths and queries are text, so a string of digits there is read as the number due. A JSON body
  // can say what it means: "2" sent for a number stays text and is a 400 naming the field (issue 33).
  const textual = new Set([...Object.keys(params), ...(readsBody ? [] : Object.keys(input))]);
  for (const field of route.numberFields) {
    if (!textual.has(field)) continue;
    const value = input[field];
    if (typeof value === 'string' && NUMERIC.test(value)) input[field] = Number(value);
  }
  return input;
}

async function sendJson(res: ServerResponse, status: number, body: unknown): Promise<void> {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // A kept answer (a page of the product list that still holds) goes as the bytes written for it before.
  const kept = keptEnvelope(body, (res as ServerResponse & { req?: IncomingMessage }).req);
  if (kept) {
    if (kept.encoding) res.setHeader('Content-Encoding', kept.encoding);
    res.setHeader('Content-Length', kept.bytes.length);
    res.end(kept.bytes);
    return;
  }
  // A very large answer (an account export) is written in turns of the event loop, with no length (§9.7).
  if (isLargeJson(body)) return endJsonInTurns(res, body);
  // Encoded once: its length is the Buffer's, not a second pass over the text.
  const json = Buffer.from(JSON.stringify(body));
  res.setHeader('Content-Length', json.length);
  res.end(json);
}

export interface RestHandlerOptions {
  deps: ApiDeps;
  /** Who is asking and from where (the server knows its proxy settings). */
  requestInfo: (req: IncomingMessage) => RequestInfo;
  /** Told which procedure a request runs (metrics label it so). */
  onRoute?: (res: ServerResponse, procedure: string) => void;
}

/**
 * The REST surface (docs/decisions.md §2): each procedure's `meta.openapi` gives its
 * method and path; the call runs the procedure itself (as `createCaller` would), so the same
 * middlewares, schemas and errors serve both surfaces; and the envelope is
 * made from values: the procedure's output and `meta.message`, or
 * `describeError` of what it threw (with Retry-After on rate limits). It
 * expects `req.body` parsed by `express.json()`. Requests that match no
 * procedure go to `next` (the server's 404 envelope).
 */
export interface RestHandler {
  /** The Express middleware (mounted at /api): answers a request that fits a procedure, else calls `next`. */
  (req: RestRequest, res: ServerResponse, next: () => void): Promise<void>;
  /** The procedure a method and a path below /api (e.g. `/suppliers/3`) run; undefined when none fits. */
  find(method: string, path: string): RestMatch | undefined;
  /** The methods the REST surface takes on a path below /api, e.g. `['GET', 'PUT', 'DELETE']`; none for an unknown path. */
  allowed(path: string): string[];
  /** Answers a request whose procedure was found, with `req.query` and `req.body` already read. */
  serve(req: RestRequest, res: ServerResponse, found: RestMatch): Promise<void>;
}

export function createRestHandler(options: RestHandlerOptions): RestHandler {
  const routes = restRoutes(appRouter);
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  const logger = options.deps.logger;

  const serve = async (req: RestRequest, res: ServerResponse, { route, params }: RestMatch): Promise<void> => {
    options.onRoute?.(res, route.procedure);
    const info = options.requestInfo(req);
    let input: Record<string, unknown> | undefined;
    let answer: unknown;
    try {
      input = inputOf(req, route, params);
      const ctx = createContext(options.deps, info);
      const output = await callProcedure(procedures[route.procedure] as AnyProcedure, route.procedure, ctx, input);
      if (route.meta.file) {
        const file = output as { filename: string; content: string; contentType?: string };
        const binary = route.meta.file.binary === true;
        const body = binary ? Buffer.from(file.content, 'base64') : Buffer.from(file.content);
        res.statusCode = 200;
        res.setHeader('Content-Type', binary && file.contentType ? file.contentType : route.meta.file.contentType);
        const disposition = binary ? 'inline' : 'attachment';
        res.setHeader('Content-Disposition', `${disposition}; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`);
        res.setHeader('Content-Length', body.length);
        res.end(body);
        return;
      }
      const message = route.meta.message;
      answer = successEnvelope(output ?? null, typeof message === 'function' ? message({ input, output }) : message);
    } catch (error) {
      const described = describeError(error);
      if (error instanceof TRPCError)
        logUnexpectedFailure(logger, error, { surface: 'rest', procedure: route.procedure, requestId: info.requestId });
      if (described.retryAfter) res.setHeader('Retry-After', String(described.retryAfter));
      await sendJson(res, described.status, errorEnvelope(described));
      return;
    }
    // Outside the try: once a large answer has begun (sent in turns), no error envelope can follow it.
    await sendJson(res, 200, answer);
  };
  // HEAD is GET without the body (Node's response leaves the body out of a HEAD answer by itself).
  const find = (method: string, path: string) => match(routes, method === 'HEAD' ? 'GET' : method, path);
  const methods = [...new Set(routes.map((route) => route.method))];
  const allowed = (path: string) => methods.filter((method) => match(routes, method, path));
  const handler = async (req: RestRequest, res: ServerResponse, next: () => void): Promise<void> => {
    const found = find(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/');
    if (!found) return next();
    await serve(req, res, found);
  };
  return Object.assign(handler, { find, allowed, serve });
}
