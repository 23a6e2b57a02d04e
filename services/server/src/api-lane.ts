import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import {
  type AppRouter,
  appRouter,
  type Context,
  callProcedure,
  endJsonInTurns,
  hasBody,
  type RestHandler,
  type RestRequest,
} from '@reorder/api';
import { LIMITS } from '@reorder/schemas';
import type { AnyProcedure, TRPCError } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
// tRPC's internals, not its public API: the lane answers a single query the way
// resolveResponse does, with tRPC's own error shape, status and transformer, so
// that no client can tell the lane from tRPC. They may change in any release,
// so two tests hold them: test/api-lane.test.ts serves one app through the lane
// and through Express alone and compares every answer, and
// api-lane.trpc-version.test.ts fails when @trpc/server is not the version
// those answers were checked against.
import { getErrorShape, getHTTPStatusCode, getTRPCErrorFromUnknown, transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';

/**
 * The REST calls' own lane, beside Express (docs/performance.md). A request
 * that fits a REST procedure and carries either no body or a plain JSON one
 * within the size limit is answered here: the same request id, security and
 * cache headers, gzip, log line and metrics as every other request, the same
 * procedure through the same REST handler, but without Express's router and
 * its layers, a large share of such a request's time under load (the
 * figures: docs/performance.md).
 * A single tRPC query (GET, no batch) is answered here too, the way tRPC's
 * own resolveResponse answers it, with tRPC's own error shape and status
 * functions, but without its fetch Request and ReadableStream round trip.
 * Everything else (the web app, docs, batches, mutations, bodies that are
 * compressed, chunked, too large or not JSON) goes to Express, unchanged.
 * services/server/test/api-lane.test.ts asks both ways and compares.
 */
export interface TrpcOptions {
  createContext: (opts: { req: IncomingMessage; res: ServerResponse; info: TRPCRequestInfo }) => Context | Promise<Context>;
  onError: (opts: { error: TRPCError; path: string | undefined; req: IncomingMessage }) => void;
  responseMeta: (opts: { errors: TRPCError[] }) => { headers?: Record<string, string> };
}

export interface ApiLaneOptions {
  rest: RestHandler;
  trpc: TrpcOptions;
  /** The Express app, for everything this lane does not answer. */
  fallback: (req: IncomingMessage, res: ServerResponse) => void;
  /** What every request starts with (request id, headers, the log line and metrics on finish). */
  begin: (req: IncomingMessage, res: ServerResponse) => void;
  /** The compression middleware Express uses, so answers are gzipped alike. */
  compress: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** Answers a request whose JSON body could not be read, as Express's error handler does. */
  bodyError: (req: IncomingMessage, res: ServerResponse, type: 'entity.parse.failed' | 'entity.too.deep') => void;
}

const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** A body this lane reads itself: declared length within the limit, JSON in UTF-8, not compressed. */
function plainJsonBody(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length']);
  const encoding = req.headers['content-encoding'];
  return (
    Number.isInteger(length) &&
    length <= LIMITS.bodyBytes &&
    req.headers['transfer-encoding'] === undefined &&
    (encoding === undefined || encoding.toLowerCase() === 'identity') &&
    JSON_TYPE.test(req.headers['content-type'] ?? '')
  );
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  // body-parser decodes without the byte order mark; so does this lane.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** body-parser's strict JSON: an object or an array, else a parse failure. */
function parseStrictJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.length === 0) return { ok: true, value: {} };
  // JSON's whitespace is space, tab, line feed and carriage return (RFC 8259).
  const first = text.trimStart().charAt(0);
  if (first !== '{' && first !== '[') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** How deep arrays and objects nest in a parsed JSON value, walked without recursion. */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > LIMITS.jsonDepth) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The query procedures, by dotted path. */
function queriesOf(router: AppRouter): Map<string, AnyProcedure> {
  const procedures = router._def.procedures as unknown as Record<string, AnyProcedure>;
  return new Map(Object.entries(procedures).filter(([, procedure]) => procedure._def.type === 'query'));
}

/** The query and its input when tRPC would read this GET as one plain JSON query; undefined for anything else. */
function singleQuery(req: IncomingMessage, path: string, search: string, queries: Map<string, AnyProcedure>) {
  if (req.method !== 'GET' || !path.startsWith('/trpc/')) return undefined;
  const contentType = req.headers['content-type'];
  if (contentType !== undefined && !contentType.startsWith('application/json')) return undefined;
  if (req.headers['trpc-accept'] !== undefined || req.headers.accept === 'application/jsonl') return undefined;
  let name: string;
  try {
    name = decodeURIComponent(path.slice('/trpc/'.length));
  } catch {
    return undefined;
  }
  const procedure = queries.get(name);
  if (!procedure) return undefined;
  const params = new URLSearchParams(search);
  if (params.has('batch') || params.has('connectionParams')) return undefined;
  const raw = params.get('input');
  let input: unknown;
  try {
    input = raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
  return { name, procedure, input: input === undefined ? undefined : appRouter._def._config.transformer.input.deserialize(input) };
}

/** The request listener, with how many requests it answered itself and how many it passed to Express. */
export type ApiLane = ((req: IncomingMessage, res: ServerResponse) => void) & { counts: { answered: number; passed: number } };

export function createApiLane(options: ApiLaneOptions): ApiLane {
  const { rest, trpc, fallback, begin, compress } = options;
  const queries = queriesOf(appRouter);
  const config = appRouter._def._config;
  // No query reads its signal; tRPC's info still carries one, so one that never aborts serves every request.
  const neverAborted = new AbortController().signal;

  /** What tRPC's resolveResponse answers to one query: `{result: {data}}` or `{error}`, status from the shape. */
  const answerQuery = async (req: IncomingMessage, res: ServerResponse, query: NonNullable<ReturnType<typeof singleQuery>>) => {
    const { name, procedure, input } = query;
    const getRawInput = async () => input;
    const info = {
      isBatchCall: false,
      accept: null,
      calls: [{ batchIndex: 0, path: name, procedure, getRawInput, result: () => input }],
      type: 'query',
      connectionParams: null,
      signal: neverAborted,
      url: null,
    } as unknown as TRPCRequestInfo;
    let ctx: Context | undefined;
    let body: Record<string, unknown>;
    let error: TRPCError | undefined;
    try {
      ctx = await trpc.createContext({ req, res, info });
      body = { result: { data: await callProcedure(procedure, name, ctx, input) } };
    } catch (cause) {
      error = getTRPCErrorFromUnknown(cause);
      trpc.onError({ error, path: name, req });
      body = { error: getErrorShape({ config, ctx, error, input, path: name, type: 'query' }) };
    }
    res.statusCode = getHTTPStatusCode(body as never);
    res.setHeader('vary', 'trpc-accept, accept');
    res.setHeader('content-type', 'application/json');
    for (const [key, value] of Object.entries(trpc.responseMeta({ errors: error ? [error] : [] }).headers ?? {})) res.setHeader(key, value);
    // As tRPC's Node adapter writes it: the body, then the end, with no length (so gzip applies at any size);
    // a very large answer (an account export) in turns of the event loop (docs/decisions.md §9.7).
    await endJsonInTurns(res, transformTRPCResponse(config, body as never));
  };

  const answer = async (req: RestRequest, res: ServerResponse, found: NonNullable<ReturnType<RestHandler['find']>>, readsBody: boolean) => {
    if (readsBody) {
      const parsed = parseStrictJson(await readText(req));
      if (!parsed.ok) return options.bodyError(req, res, 'entity.parse.failed');
      if (nestingDepth(parsed.value) > LIMITS.jsonDepth) return options.bodyError(req, res, 'entity.too.deep');
      req.body = parsed.value;
    }
    await rest.serve(req, res, found);
  };

  const counts = { answered: 0, passed: 0 };
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    counts.passed++;
    fallback(req, res);
  };
  const lane = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/api/')) return pass(req, res);
    const mark = url.indexOf('?');
    const path = mark < 0 ? url.slice(4) : url.slice(4, mark);
    const query = singleQuery(req, path, mark < 0 ? '' : url.slice(mark + 1), queries);
    if (query) {
      counts.answered++;
      begin(req, res);
      res.setHeader('Cache-Control', 'no-store');
      compress(req, res, () => {
        answerQuery(req, res, query).catch((error: unknown) => {
          if (!res.headersSent) res.statusCode = 500;
          res.end();
          options.trpc.onError({ error: getTRPCErrorFromUnknown(error), path: query.name, req });
        });
      });
      return;
    }
    const found = rest.find(req.method ?? 'GET', path);
    const readsBody = found !== undefined && hasBody(req);
    // A file's raw body (meta.rawBody) is Express's to read, with its own limit.
    if (!found || (readsBody && (!plainJsonBody(req) || found.route.meta.rawBody))) return pass(req, res);
    counts.answered++;

    (req as RestRequest).query = mark < 0 ? {} : parseQuery(url.slice(mark + 1));
    begin(req, res);
    res.setHeader('Cache-Control', 'no-store');
    compress(req, res, () => {
      answer(req as RestRequest, res, found, readsBody).catch((error: unknown) => {
        // serve answers every failure of a procedure itself; this is a failure to read the request.
        if (!res.headersSent) res.statusCode = 400;
        res.end();
        req.destroy(error instanceof Error ? error : undefined);
      });
    });
  };
  return Object.assign(lane, { counts });
}
