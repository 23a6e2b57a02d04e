import type { IncomingMessage } from 'node:http';
import { type ApiDeps, AppError, appRouter, createContext, logUnexpectedFailure, type RequestInfo } from '@reorder/api';
import { LIMITS } from '@reorder/schemas';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { RequestHandler } from 'express';
import type { TrpcOptions } from '../api-lane.ts';
import { procedures, setKind } from './request-kind.ts';

/** A tRPC batch holds at most this many calls (docs/decisions.md §4). */
export const MAX_BATCH_SIZE = 10;
/** Calls that may not share a batch: each sign-in attempt, email change and feedback must be its own request. */
const UNBATCHABLE = /^(auth\.|feedback\.|users\.updateMe$)/;
const UNBATCHABLE_MESSAGE = 'Sign-in, account and feedback calls cannot be batched: send each one on its own.';

/** One set of tRPC options for the adapter and for the lane's single queries (api-lane.ts). */
export function createTrpcOptions(deps: ApiDeps, requestInfo: (req: IncomingMessage) => RequestInfo): TrpcOptions {
  const logger = deps.logger;
  return {
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
}

/** The tRPC endpoint (mounted at /api/trpc): batches of at most MAX_BATCH_SIZE, each body within its limit. */
export function createTrpcHandler(trpc: TrpcOptions): RequestHandler {
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
  return (req, res, next) => (req.path === '/catalogue.import' ? trpcImportHandler : trpcHandler)(req, res, next);
}
