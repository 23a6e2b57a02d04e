import { type Logger, summarizeError } from './logger.ts';

/**
 * Work that follows an answer instead of delaying it: emails, and anything
 * whose duration would tell a client something (whether an email has an
 * account). Tasks start after the current turn of the event loop, so the
 * answer is written first; a failure is logged, never thrown.
 */
export interface BackgroundTasks {
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has settled (shutdown, tests). */
  drain(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(what, task) {
      // A task outlives the request that started it: once the request has ended, the database it was
      // given is not bound by the request's deadline any more (packages/db deadline.ts).
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => logger.error(`${what} failed`, summarizeError(error)),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
