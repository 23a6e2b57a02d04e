import { isRetryableConflict, withinDeadline } from '@reorder/db';
import { type AnyProcedure, initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import type { Context } from './context.ts';
import { ALWAYS_POSSIBLE, AppError, declaredErrors, describeError, type TErrorKind, type TRole, UNAVAILABLE_MESSAGE } from './errors.ts';
import { isLargeJson, parseInTurns } from './platform/json-turns.ts';
import { checkedAnswer, isKeptAnswer, rememberChecked } from './platform/kept-answers.ts';
import { nextTurn } from './platform/turn.ts';

/**
 * Per-procedure metadata, the whole contract of a call besides its schemas:
 * its REST route, the envelope's success message, and the failures it can
 * answer. The OpenAPI document is built from it.
 */
export type Meta = OpenApiMeta & {
  /**
   * The `message` of a successful REST answer, e.g. "Success! Supplier updated!";
   * or made from the call, when the answer depends on what was asked.
   */
  message?: string | ((call: { input: unknown; output: unknown }) => string);
  /**
   * The kinds of failure the call can answer besides those every call can
   * (ALWAYS_POSSIBLE), each with an example message that fits this call.
   */
  errors?: Partial<Record<TErrorKind, string>>;
  /**
   * For a call inside a business: the least role that may make it (owner >
   * manager > staff; docs/decisions.md §8.2). The check runs before the
   * handler (memberProcedure) and its 403 and 404 join `errors`.
   */
  role?: TRole;
  /**
   * A call whose REST answer is a file, not the JSON envelope: the output's
   * `content` is sent as this type, with `filename` as the attachment's name
   * (tRPC answers the `{filename, content}` object as usual).
   */
  file?: {
    contentType: string;
    example: string;
    /**
     * The output's `content` is base64 of bytes of its own `contentType`
     * (an invoice's photo or PDF): REST sends the bytes, shown inline.
     */
    binary?: boolean;
  };
  /**
   * A call whose REST request body is the raw bytes of a file, not JSON (an
   * invoice's photo or PDF, docs/decisions.md §9.6): the server reads at
   * most `maxBytes` of any type and the REST adapter hands them to the
   * procedure as base64 in the input's `field` (tRPC callers send that
   * field themselves, within the JSON body limit).
   */
  rawBody?: { field: string; maxBytes: number; contentTypes: readonly string[] };
  /**
   * A call whose answer can be large (an import, an export, a bulk add): its
   * output is validated and serialized in event-loop turns of their own
   * (docs/decisions.md §9.7), as is any answer `isLargeAnswer` finds large.
   */
  heavy?: boolean;
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

/**
 * Connection failures of `pg` and PostgreSQL's refusals (docs/decisions.md
 * §8.6): connection exceptions (08), too many connections (53300), a
 * database not accepting connections (55000), shutting down or starting up
 * (57P), and the pool's wait for a connection timing out. Also (§9.7) a
 * deadlock or serialization failure still failing after its retries, and a
 * query the database did not answer in time.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  if (isRetryableConflict(error)) return true;
  for (let e = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EPIPE|53300|55000)$/.test(code) || /^(08|57P)/.test(code))
    ) {
      return true;
    }
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(
        e.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Turns a lost database into a 503, on both surfaces, and logs any failure
 * whose kind the procedure's meta does not declare: the OpenAPI document
 * would not tell scripts about it (the test harness fails on such a line).
 */
const base = t.middleware(async ({ ctx, meta, path, type, next }) => {
  const result = await next();
  // A change to an account, a session or a token is in every process's sign-in check before it is answered.
  if (result.ok) {
    if (type === 'mutation' && ACCOUNT_CHANGES.test(path)) await ctx.sessions.settle(ctx.db);
    // The output was just validated; serializing a large answer in the same turn would hold the
    // event loop for both (§9.7). A small answer gets no extra macrotask (throughput).
    if (meta?.heavy || isLargeAnswer(result.data)) await nextTurn();
    return result;
  }
  if (!(result.error instanceof AppError) && isDatabaseUnavailable(result.error.cause)) {
    throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE, { cause: result.error.cause });
  }
  const { kind } = describeError(result.error);
  if (!ALWAYS_POSSIBLE.includes(kind) && !declaredErrors(meta)[kind]) {
    ctx.logger.error(UNDECLARED_ERROR, { procedure: path, kind });
  }
  return result;
});

/** From this many items a list costs several milliseconds to validate or serialize. */
const LARGE_LIST = 500;
/** From this many characters (an exported file) a text costs several milliseconds to copy and send. */
const LARGE_TEXT = 256 * 1024;

/**
 * Whether a value (an input or an answer) is a long list or text, or an
 * object with one among its fields or theirs. Looks at a few fields only, so
 * a small answer pays next to nothing for the question.
 */
export function isLargeAnswer(value: unknown, depth = 2): boolean {
  if (typeof value === 'string') return value.length >= LARGE_TEXT;
  if (Array.isArray(value)) return value.length >= LARGE_LIST;
  if (depth === 0 || value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (isLargeAnswer((value as Record<string, unknown>)[key], depth - 1)) return true;
  }
  return false;
}

/** The calls that may change an account, its sessions or its tokens (the sign-in check's inputs). */
const ACCOUNT_CHANGES = /^(auth|users|businesses|invitations)\./;

/** The log line of a failure kind a procedure's meta does not declare. */
export const UNDECLARED_ERROR = 'error kind not declared in the procedure meta';

/**
 * Calls a built procedure with `ctx` and `input` as tRPC's `createCaller`
 * does, without its recursive proxy and lookup on every call: the REST
 * surface and the server's API lane call it per request (docs/performance.md).
 */
export function callProcedure(procedure: AnyProcedure, path: string, ctx: Context, input: unknown): Promise<unknown> {
  return procedure({ path, getRawInput: async () => input, ctx, type: procedure._def.type, signal: undefined, batchIndex: 0 });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
/** The method of a zod schema that tRPC calls to validate (it prefers `parseAsync` to `parse`). */
type AsyncParser = { parse(data: unknown): unknown; parseAsync(data: unknown): Promise<unknown> };
const syncFirst = new WeakSet<object>();

/**
 * Makes a schema's `parseAsync` parse synchronously first. tRPC validates
 * input and output with `parseAsync`, and Zod parses asynchronously without
 * its compiled object parsers: much garbage and slow long lists (the figures:
 * docs/performance.md). A schema with an async
 * refinement (Zod says so by throwing its async error) still gets the
 * asynchronous parse, and a failed parse rejects with the same ZodError.
 */
function parseSyncFirst(schema: unknown): void {
  if (!schema || typeof schema !== 'object' || syncFirst.has(schema)) return;
  const parser = schema as Partial<AsyncParser>;
  if (typeof parser.parse !== 'function' || typeof parser.parseAsync !== 'function') return;
  const sync = parser as AsyncParser;
  const parseAsync = parser.parseAsync.bind(schema);
  const parseSync = (data: unknown) => {
    try {
      return Promise.resolve(sync.parse(data));
    } catch (error) {
      return error instanceof z.core.$ZodAsyncError ? parseAsync(data) : Promise.reject(error);
    }
  };
  // A large value is validated in a turn of its own, not in the one that built it, and a very large one
  // in many (§9.7; json-turns.ts). A schema with an async refinement still gets Zod's own parse.
  parser.parseAsync = (data: unknown) => {
    if (!isKeptAnswer(data)) return parseFresh(data);
    // A kept answer (kept-answers.ts): what this schema made of it before, else its check, kept.
    const before = checkedAnswer(data, schema);
    if (before !== undefined) return Promise.resolve(before);
    return parseFresh(data).then((answer) => {
      rememberChecked(data, schema, answer);
      return answer;
    });
  };
  const parseFresh = (data: unknown) => {
    if (isLargeJson(data))
      return parseInTurns(schema as z.ZodType, data).catch((error: unknown) =>
        error instanceof z.core.$ZodAsyncError ? parseAsync(data) : Promise.reject(error),
      );
    return isLargeAnswer(data) ? nextTurn().then(() => parseSync(data)) : parseSync(data);
  };
  syncFirst.add(schema);
}

/** A procedure builder whose `.input()` and `.output()` schemas parse synchronously first (`parseSyncFirst`). */
function withSyncParsing<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (key === 'input' || key === 'output') parseSyncFirst(args[0]);
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        // Builders are objects; a finished procedure (.query, .mutation) is a function and goes out as it is.
        return result !== null && typeof result === 'object' && '_def' in result ? withSyncParsing(result) : result;
      };
    },
  });
}

/**
 * Runs the rest of a procedure with its queries going through a copy of the
 * database bound by the call's deadline (docs/decisions.md §9.7; packages/db
 * deadline.ts): `work` gets that copy, to pass on as `ctx.db` with whatever
 * else its step adds to the context. The first step that adds to the context
 * does it, in the same copy of the context (tRPC copies the whole context at
 * every step that adds to it: docs/performance.md).
 */
export function withDeadline<T>(ctx: Context, meta: Meta | undefined, work: (db: Context['db']) => Promise<T>): Promise<T> {
  const deadline = ctx.databaseDeadline;
  return deadline ? withinDeadline(ctx.db, meta?.heavy ? deadline.heavyMs : deadline.ordinaryMs, work) : work(ctx.db);
}

/** The first step of every procedure: the database's failures and the undeclared ones (`base`). */
export const baseProcedure = withSyncParsing(t.procedure.use(base));

/** A procedure anyone may call. */
export const publicProcedure = baseProcedure.use(({ ctx, meta, next }) => withDeadline(ctx, meta, (db) => next({ ctx: { db } })));
