import type { ServerResponse } from 'node:http';
import {
  describeError,
  errorEnvelope,
  FILE_TOO_LARGE,
  INVALID_JSON_MESSAGE,
  type Logger,
  redactPath,
  summarizeError,
  TOO_LARGE_MESSAGE,
} from '@reorder/api';
import { LIMITS } from '@reorder/schemas';
import etag from 'etag';
import type { ErrorRequestHandler } from 'express';

/** What a body reader's failure is: its `type` (body-parser's, or ours). */
type BodyErrorType =
  | 'entity.too.large'
  | 'file.too.large'
  | 'entity.parse.failed'
  | 'entity.too.deep'
  | 'encoding.unsupported'
  | 'charset.unsupported'
  | 'body.unreadable';

export const BODY_ERRORS: Record<BodyErrorType, { status: number; kind: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE'; message: string }> = {
  'entity.too.large': { status: 413, kind: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE_MESSAGE },
  // An invoice's photo or PDF over its 5 MB (docs/decisions.md §9.6).
  'file.too.large': { status: 413, kind: 'PAYLOAD_TOO_LARGE', message: FILE_TOO_LARGE },
  'entity.parse.failed': { status: 400, kind: 'BAD_REQUEST', message: INVALID_JSON_MESSAGE },
  'entity.too.deep': { status: 400, kind: 'BAD_REQUEST', message: `The JSON body nests deeper than ${LIMITS.jsonDepth} levels` },
  'encoding.unsupported': { status: 400, kind: 'BAD_REQUEST', message: 'Send the request body as UTF-8 JSON' },
  'charset.unsupported': { status: 400, kind: 'BAD_REQUEST', message: 'Send the request body as UTF-8 JSON' },
  'body.unreadable': { status: 400, kind: 'BAD_REQUEST', message: 'The request body could not be read (is its Content-Encoding right?)' },
};

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

/** Express's error handler, the app's last: a failure before any procedure ran as above, anything else logged and described. */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let answer = requestError(error);
    if (!answer) {
      const described = describeError(error);
      answer = { status: described.status, envelope: errorEnvelope(described) };
      logger.error('request failed', { requestId: req.headers['x-request-id'], path: redactPath(req.path), ...summarizeError(error) });
    }
    if (res.headersSent) return res.end();
    res.status(answer.status).json(answer.envelope);
  };
}

/** The answer to a body the REST lane (api-lane.ts) could not read, as the error handler above gives it. */
export function sendBodyError(res: ServerResponse, type: 'entity.parse.failed' | 'entity.too.deep'): void {
  const answer = requestError({ type }) as NonNullable<ReturnType<typeof requestError>>;
  sendExpressJson(res, answer.status, answer.envelope);
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
