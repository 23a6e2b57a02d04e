import type { ServerResponse } from 'node:http';
import { appRouter } from '@reorder/api';

/** What the metrics call a request, when it is not a procedure: a few fixed names, so series stay bounded. */
export type RequestKind = 'ping' | 'ready' | 'metrics' | 'docs' | 'batch' | 'web' | 'not_found' | 'method_not_allowed';

/** Every procedure's name: what a metric may be labelled with, besides the fixed kinds. */
export const procedures: ReadonlySet<string> = new Set(Object.keys(appRouter._def.procedures));

/** The procedure (or kind) a request was, as handlers recorded it in `res.locals`. */
type WithLocals = ServerResponse & { locals?: Record<string, unknown> };
export const kindOf = (res: ServerResponse): string | undefined => (res as WithLocals).locals?.requestKind as string | undefined;
export const setKind = (res: ServerResponse, kind: RequestKind | string) => {
  const withLocals = res as WithLocals;
  withLocals.locals ??= {};
  withLocals.locals.requestKind = kind;
};
