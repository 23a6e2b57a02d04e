import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context.ts';
import { AppError, describeError, UNAVAILABLE_MESSAGE } from './errors.ts';

/** Per-procedure metadata: its REST route and the envelope's success message. */
export type Meta = OpenApiMeta & {
  /** The `message` of a successful REST answer, e.g. "Success! Supplier updated!". */
  message?: string;
};

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Never put stacks in error shapes, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error }) {
      const described = describeError(error);
      return {
        message: described.message,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: described.status,
          path: shape.data.path,
          kind: described.kind,
          issues: described.issues,
          retryAfter: described.retryAfter,
        },
      };
    },
  });

/** Connection failures of `pg` and PostgreSQL's "shutting down / not accepting" states. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EPIPE)$/.test(code) || /^(08|57P)/.test(code))) {
      return true;
    }
    if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message)) {
      return true;
    }
  }
  return false;
}

/** Records the success message for the envelope and turns a lost database into a 503. */
const base = t.middleware(async ({ ctx, meta, next }) => {
  const result = await next();
  if (result.ok) {
    if (meta?.message) ctx.reply.message = meta.message;
  } else if (!(result.error instanceof AppError) && isDatabaseUnavailable(result.error.cause)) {
    throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE, { cause: result.error.cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
/** A procedure anyone may call. */
export const publicProcedure = t.procedure.use(base);
