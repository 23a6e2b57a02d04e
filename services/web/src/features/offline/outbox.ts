/**
 * The one queue every change of the order screen goes through
 * (docs/architecture.md, "One save path"): kept on the device (IndexedDB,
 * through `OutboxStore`) in the order the changes were made, and sent one at
 * a time, in that order: at once when online, when the connection returns
 * when not.
 *
 * - A change the server refuses (the product was deleted meanwhile) is
 *   reported and dropped: never tried again.
 * - A change that could not reach the server, or that the server failed on,
 *   waits and is tried again with a growing delay; a server that keeps
 *   failing on the same change makes it a refused one after
 *   `MAX_SERVER_FAILURES` tries, so nothing is retried forever.
 * - A newer change of the same thing (`keyOf`: the same product's quantity,
 *   the message) replaces a waiting one in its place, unless a change that
 *   reads the ones before it (one without a key: a fill, a clear, a send)
 *   lies between them.
 *
 * Framework-free and generic over the changes (features/orders/changes.ts
 * defines the order screen's), so the unit tests drive it with a memory
 * store and fake timers.
 */

export interface OutboxEntry<C> {
  id: number;
  change: C;
  /** When it was made (ms since the epoch). */
  madeAt: number;
  /** Tries that failed for want of a connection or a working server. */
  attempts: number;
  /** Of those, the ones the server answered with a failure of its own (5xx). */
  serverFailures: number;
}

/** What sending a change came to. */
export type OutboxOutcome =
  | { done: true }
  | { rejected: string }
  /** Not now: no connection (`network`), the server failed (`server`), or no session to send it with (`auth`). */
  | { retry: 'network' | 'server' | 'auth' };

export interface OutboxStore<C> {
  load(): Promise<OutboxEntry<C>[]>;
  save(entries: OutboxEntry<C>[]): Promise<void>;
}

export interface OutboxOptions<C> {
  store: OutboxStore<C>;
  /** What makes two changes the same thing (a newer one replaces a waiting one); undefined for a change never merged. */
  keyOf(change: C): string | undefined;
  /** Sends one change; may throw, which counts as `{ retry: 'network' }`. */
  send(change: C): Promise<OutboxOutcome>;
  /** Whether the device believes it is online (navigator.onLine). */
  online(): boolean;
  onRejected?(entry: OutboxEntry<C>, reason: string): void;
  /** Called once the outbox has emptied after sending something. */
  onDrained?(): void;
  now?(): number;
}

export interface OutboxState {
  /** Changes not yet on the server. */
  waiting: number;
  /** Whether one is on its way now. */
  sending: boolean;
  /**
   * Whether they are held back: no connection, or the first one already
   * failed once. Online, a change is on the server in moments: only held
   * changes are worth a bar on the screen.
   */
  held: boolean;
}

/** A server failing this many times on one change makes it refused. */
export const MAX_SERVER_FAILURES = 6;
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 60_000;

/** The wait before try `attempts + 1`: 1 s, 2 s, 4 s… up to a minute. */
export function retryDelay(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface Outbox<C> {
  /** Resolves once the stored changes are loaded. */
  ready: Promise<void>;
  /**
   * Takes a change at once (`entries()` holds it when this returns) and starts
   * sending when online; the promise resolves once it is stored on the device.
   */
  add(change: C): Promise<void>;
  /** Tries now: on `online`, when a session starts, on a click. */
  wake(): void;
  state(): OutboxState;
  entries(): readonly OutboxEntry<C>[];
  subscribe(listener: () => void): () => void;
  /** Stops the timers (tests, sign-out). */
  stop(): void;
}

export function createOutbox<C>(options: OutboxOptions<C>): Outbox<C> {
  const now = options.now ?? Date.now;
  let entries: OutboxEntry<C>[] = [];
  let nextId = 1;
  let running: OutboxEntry<C> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let state: OutboxState = { waiting: 0, sending: false, held: false };
  const listeners = new Set<() => void>();

  const notify = () => {
    const first = entries[0];
    state = {
      waiting: entries.length,
      sending: running !== undefined,
      held: first !== undefined && (first.attempts > 0 || !options.online()),
    };
    for (const listener of listeners) listener();
  };

  // Saves run one after another, so the store never ends with an older list.
  let saving: Promise<void> = Promise.resolve();
  const persist = () => {
    const snapshot = entries.map((entry) => ({ ...entry }));
    saving = saving
      .then(() => options.store.save(snapshot))
      .catch((error: unknown) => console.error('The waiting changes could not be stored', error));
    return saving;
  };

  const ready = options.store
    .load()
    .catch((error: unknown) => {
      console.error('The waiting changes could not be read', error);
      return [] as OutboxEntry<C>[];
    })
    .then((stored) => {
      // Changes taken before the stored ones were read come after them, numbered after them.
      const taken = entries;
      entries = [...stored, ...taken];
      nextId = Math.max(0, ...stored.map((entry) => entry.id)) + 1;
      for (const entry of taken) entry.id = nextId++;
      notify();
    });

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void drain();
    }, delayMs);
  };

  let draining = false;
  async function drain() {
    if (draining || stopped) return;
    draining = true;
    let sentSomething = false;
    try {
      await ready;
      while (entries.length > 0 && options.online() && !stopped) {
        const entry = entries[0] as OutboxEntry<C>;
        running = entry;
        notify();
        let outcome: OutboxOutcome;
        try {
          outcome = await options.send(entry.change);
        } catch {
          outcome = { retry: 'network' };
        }
        running = undefined;
        if ('retry' in outcome) {
          if (outcome.retry === 'auth') {
            // Waits for a session (wake() on sign-in); not a failure of the change.
            notify();
            return;
          }
          entry.attempts += 1;
          if (outcome.retry === 'server') entry.serverFailures += 1;
          if (entry.serverFailures < MAX_SERVER_FAILURES) {
            await persist();
            notify();
            schedule(retryDelay(entry.attempts));
            return;
          }
          outcome = { rejected: 'The server kept failing on this change.' };
        }
        entries = entries.filter((e) => e !== entry);
        sentSomething = true;
        await persist();
        notify();
        if ('rejected' in outcome) options.onRejected?.(entry, outcome.rejected);
      }
      if (sentSomething && entries.length === 0) options.onDrained?.();
    } finally {
      draining = false;
      running = undefined;
    }
  }

  return {
    ready,
    add(change) {
      const key = options.keyOf(change);
      // The newest same-keyed entry, if nothing that reads it (a change without a key) lies after it and it is not on its way.
      let replaced = false;
      if (key !== undefined) {
        for (let i = entries.length - 1; i >= 0; i--) {
          const entry = entries[i] as OutboxEntry<C>;
          const entryKey = options.keyOf(entry.change);
          if (entryKey === undefined) break;
          if (entryKey === key) {
            if (entry !== running) {
              entries[i] = { ...entry, change, madeAt: now() };
              replaced = true;
            }
            break;
          }
        }
      }
      if (!replaced) entries.push({ id: nextId++, change, madeAt: now(), attempts: 0, serverFailures: 0 });
      notify();
      // Stored once the changes kept by an earlier visit are read, so they stay first.
      const stored = ready.then(persist);
      if (options.online() && timer === undefined) void drain();
      return stored;
    },
    wake() {
      clearTimeout(timer);
      timer = undefined;
      void drain();
    },
    state: () => state,
    entries: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
