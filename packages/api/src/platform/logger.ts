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
  /** Where lines go; defaults to stdout/stderr. Tests pass a collector. */
  write?: (line: string, level: Level) => void;
  /** Drop `info` lines (tests). */
  quiet?: boolean;
  base?: Record<string, unknown>;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write ?? ((line: string, level: Level) => (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`));
  const make = (base: Record<string, unknown>): Logger => {
    const log = (level: Level, message: string, fields?: Record<string, unknown>) => {
      if (options.quiet && level === 'info') return;
      write(JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...base, ...fields }), level);
    };
    return {
      info: (m, f) => log('info', m, f),
      warn: (m, f) => log('warn', m, f),
      error: (m, f) => log('error', m, f),
      child: (fields) => make({ ...base, ...fields }),
    };
  };
  return make(options.base ?? {});
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
