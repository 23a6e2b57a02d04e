import type { Role } from '@reorder/db';
import { LIMITS } from '@reorder/schemas';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { type Logger, summarizeError } from './platform/logger.ts';

/**
 * The kinds of failure the API reports, with their HTTP status. This one table
 * drives the tRPC error code, the REST status and the envelope's `error.kind`.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type TErrorKind = keyof typeof ERROR_STATUS;

const TRPC_CODE: Record<TErrorKind, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_SUPPORTED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** Our kind for each tRPC code: the inverse of TRPC_CODE, plus the codes tRPC itself raises for bad requests. */
const KIND_BY_TRPC_CODE: Partial<Record<TRPC_ERROR_CODE_KEY, TErrorKind>> = {
  ...Object.fromEntries(Object.entries(TRPC_CODE).map(([kind, code]) => [code, kind])),
  PARSE_ERROR: 'BAD_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'BAD_REQUEST',
  METHOD_NOT_SUPPORTED: 'NOT_FOUND',
};

/** Failures any call can answer, whatever it declares: bad input, and ours or the database's. */
export const ALWAYS_POSSIBLE: readonly TErrorKind[] = ['BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'INTERNAL', 'UNAVAILABLE'];

/** What a signed-in call answers when the token is missing, invalid, expired or its session ended. */
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** The failures every signed-in call can answer, to spread into its `meta.errors`. */
export const SIGNED_IN_ERRORS = { UNAUTHORIZED: SESSION_EXPIRED } as const;

/** A role in a business (docs/decisions.md §8.2), from the most to the least allowed: the memberships table's. */
export type TRole = Role;

/** The 404 of a business the caller is not a member of (X-Business-Id), as another business's ids answer. */
export const NO_SUCH_BUSINESS = 'This business does not exist, or you are not a member of it.';

/** An invitation link that no longer works: its page's 404, and the 400 of a registration that names it. */
export const INVITATION_GONE = 'This invitation is not valid: it was used, withdrawn or has expired.';

/** The 403 of a role that may not make a call: it names the role needed, and the caller's. */
export function roleNeeded(needed: TRole, role: TRole): string {
  return needed === 'owner'
    ? `Only an owner of the business can do this (you are ${role}).`
    : `This needs the ${needed} or owner role in the business (you are ${role}).`;
}

/**
 * The failures a call declares: its `errors`, and for a call inside a
 * business (`role` set) the 404 of a business the caller is not in and, past
 * staff, the 403 that names the role needed.
 */
export function declaredErrors(meta: { role?: TRole; errors?: Partial<Record<TErrorKind, string>> } | undefined) {
  const errors: Partial<Record<TErrorKind, string>> = { ...meta?.errors };
  if (meta?.role) {
    errors.NOT_FOUND ??= NO_SUCH_BUSINESS;
    if (meta.role !== 'staff') errors.FORBIDDEN ??= roleNeeded(meta.role, 'staff');
  }
  return errors;
}

/** One field's problem, as the envelope lists it. */
export interface TIssue {
  path: string;
  message: string;
}

/** Shown for every unexpected failure: nothing about the cause reaches the client. */
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
/** For a body that does not parse, or parses to something other than an object or array. */
export const INVALID_JSON_MESSAGE = 'The request body is not a valid JSON object';
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
/** The `Retry-After` (seconds) of every UNAVAILABLE answer: about how long the pool waits for a connection. */
export const UNAVAILABLE_RETRY_AFTER = 5;
export const TOO_LARGE_MESSAGE = `The request body is too large (the limit is ${LIMITS.bodyBytes / 1024 / 1024} MB)`;

/**
 * The one error type of the API. It is a TRPCError, so tRPC maps it to its
 * status by itself, and it carries the kind, the per-field issues and, for
 * rate limits, the seconds to wait.
 */
export class AppError extends TRPCError {
  readonly kind: TErrorKind;
  readonly issues: TIssue[];
  readonly retryAfter: number | undefined;

  constructor(kind: TErrorKind, message: string, options: { issues?: TIssue[]; retryAfter?: number; cause?: unknown } = {}) {
    super({ code: TRPC_CODE[kind], message, cause: options.cause });
    this.kind = kind;
    this.issues = options.issues ?? [];
    this.retryAfter = options.retryAfter ?? (kind === 'UNAVAILABLE' ? UNAVAILABLE_RETRY_AFTER : undefined);
  }
}

/** "Not found" for a missing id and for another user's id alike. */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}

/** The public description of any error: what the envelope and the tRPC shape show. */
export interface TErrorDescription {
  kind: TErrorKind;
  status: number;
  message: string;
  issues: TIssue[];
  retryAfter?: number | undefined;
}

interface ZodLikeIssue {
  path: PropertyKey[];
  message: string;
}

function isZodError(error: unknown): error is { issues: ZodLikeIssue[] } {
  return error instanceof Error && error.name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues);
}

/** One sentence from per-field issues: their distinct messages joined. */
export function issuesMessage(issues: TIssue[]): string {
  return [...new Set(issues.map((i) => i.message))].join('; ') || 'Invalid input';
}

/** Turns whatever was thrown into what a client may see; never includes a stack, SQL or a secret. */
export function describeError(error: unknown): TErrorDescription {
  if (error instanceof AppError) {
    return {
      kind: error.kind,
      status: ERROR_STATUS[error.kind],
      message: error.message,
      issues: error.issues,
      retryAfter: error.retryAfter,
    };
  }
  if (error instanceof TRPCError) {
    if (error.code === 'BAD_REQUEST' && isZodError(error.cause)) {
      const issues = error.cause.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
      return {
        kind: 'BAD_REQUEST',
        status: 400,
        message: issuesMessage(issues),
        issues,
      };
    }
    const kind = KIND_BY_TRPC_CODE[error.code];
    if (kind && kind !== 'INTERNAL' && kind !== 'UNAVAILABLE') {
      return { kind, status: ERROR_STATUS[kind], message: publicMessage(kind, error), issues: [] };
    }
    if (kind === 'UNAVAILABLE') return { kind, status: 503, message: UNAVAILABLE_MESSAGE, issues: [], retryAfter: UNAVAILABLE_RETRY_AFTER };
  }
  return { kind: 'INTERNAL', status: 500, message: INTERNAL_MESSAGE, issues: [] };
}

/** Messages that tRPC or trpc-to-openapi wrote themselves, reworded for people. */
function publicMessage(kind: TErrorKind, error: TRPCError): string {
  if (error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError) return INVALID_JSON_MESSAGE;
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return 'Send the request body as JSON (Content-Type: application/json)';
  if (error.code === 'PAYLOAD_TOO_LARGE') return TOO_LARGE_MESSAGE;
  if (kind === 'NOT_FOUND' && /^(Not found|No procedure found)/i.test(error.message)) return 'Not found';
  return error.message;
}

/** `value`, or a NOT_FOUND error naming `what` when there is none. */
export function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw notFound(what);
  return value;
}

/**
 * Logs a failure that is ours (INTERNAL) or the database's (UNAVAILABLE), with
 * what is safe to log about its cause; a client's mistake is not logged.
 */
export function logUnexpectedFailure(
  logger: Logger,
  error: TRPCError,
  fields: { surface: 'rest' | 'trpc'; procedure?: string | undefined; requestId: unknown },
): void {
  const { kind } = describeError(error);
  if (kind === 'INTERNAL' || kind === 'UNAVAILABLE') {
    logger.error('request failed', { ...fields, kind, ...summarizeError(error.cause ?? error) });
  }
}
