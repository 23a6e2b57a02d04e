/**
 * The order screen's saves (quantities, the message), run one at a time in
 * the order they were made, so the server ends with what the screen shows.
 *
 * A save may wait a little first (typing, a burst of +/− taps); a new save of
 * the same key replaces one that is still waiting. `flush()` starts every
 * waiting save at once and resolves when everything scheduled so far has been
 * tried: Send calls it so the history records exactly the text that was opened.
 */
export interface WriteQueue {
  /** Runs `run` after `delayMs` (0: as soon as the saves before it are done), replacing a waiting save of `key`. */
  schedule(key: string, run: () => Promise<void>, delayMs: number): void;
  /** Starts every waiting save now; resolves when all saves scheduled so far have settled. */
  flush(): Promise<void>;
  /** Saves waiting or running. */
  size(): number;
  /** Called whenever `size()` may have changed. */
  subscribe(listener: () => void): () => void;
}

export function createWriteQueue(): WriteQueue {
  const waiting = new Map<string, { run: () => Promise<void>; timer: ReturnType<typeof setTimeout> }>();
  const listeners = new Set<() => void>();
  let tail: Promise<void> = Promise.resolve();
  let running = 0;
  const notify = () => {
    for (const listener of listeners) listener();
  };

  /** Moves a waiting save onto the chain: it runs after every save started before it. */
  const start = (key: string) => {
    const entry = waiting.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    waiting.delete(key);
    running += 1;
    tail = tail
      .then(entry.run)
      // A failed save reports itself (its `run` shows the error); the next ones still run.
      .catch(() => {})
      .finally(() => {
        running -= 1;
        notify();
      });
  };

  return {
    schedule(key, run, delayMs) {
      const previous = waiting.get(key);
      if (previous) clearTimeout(previous.timer);
      waiting.delete(key);
      waiting.set(key, { run, timer: setTimeout(() => start(key), delayMs) });
      notify();
    },
    flush() {
      for (const key of [...waiting.keys()]) start(key);
      return tail;
    },
    size: () => waiting.size + running,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
