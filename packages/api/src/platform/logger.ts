import pino from 'pino';

/**
 * Structured logs: one JSON object per line on stdout (stderr for errors).
 * Callers pass facts, never secrets: no passwords, tokens, hashes, SQL or stacks.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

type Level = 'info' | 'warn' | 'error';

export interface LoggerOptions {
  /** Where lines go; defaults to stdout (stderr for errors). Tests pass a collector. */
  write?: (line: string, level: Level) => void;
  /** Drop `info` lines (tests). */
  quiet?: boolean;
  base?: Record<string, unknown>;
}

const LEVELS: Level[] = ['info', 'warn', 'error'];

/**
 * pino underneath, set to write the lines this product has always written:
 * `{"level":"info","time":"<ISO>",…fields,"msg":"…"}`, no pid or hostname,
 * errors to stderr. Writes are synchronous, so a crash loses no line.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const streams = LEVELS.map((level) => ({
    level,
    stream: options.write
      ? { write: (chunk: string) => (options.write as NonNullable<LoggerOptions['write']>)(chunk.trimEnd(), level) }
      : level === 'error'
        ? pino.destination({ dest: 2, sync: true })
        : pino.destination({ dest: 1, sync: true }),
  }));
  const root = pino(
    {
      level: options.quiet ? 'warn' : 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Each line goes to the one stream of its level (dedupe), not to every lower one too.
    pino.multistream(streams, { dedupe: true }),
  );
  const wrap = (logger: pino.Logger): Logger => ({
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
    child: (fields) => wrap(logger.child(fields)),
  });
  return wrap(options.base ? root.child(options.base) : root);
}

/**
 * What may be logged about an unexpected error: its class and codes, and the
 * message only for errors that are not from the database driver (whose
 * messages and details can quote rows or SQL). Never the stack.
 */
export function summarizeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { errorType: typeof error };
  const withCode = error as Error & { code?: unknown; constraint?: unknown; routine?: unknown; cause?: unknown };
  const isDatabaseError = typeof withCode.code === 'string' && /^[0-9A-Z]{5}$/.test(withCode.code);
  const summary: Record<string, unknown> = { errorName: error.name };
  if (withCode.code !== undefined) summary.errorCode = withCode.code;
  if (isDatabaseError) {
    if (withCode.constraint) summary.constraint = withCode.constraint;
    if (withCode.routine) summary.routine = withCode.routine;
  } else {
    summary.errorMessage = error.message.slice(0, 300);
  }
  if (withCode.cause instanceof Error) summary.cause = summarizeError(withCode.cause);
  return summary;
}
