import { randomUUID } from 'node:crypto';
import { AUTH_CHANNEL, type DatabaseHandle, type Db, listenerName, type UserRow } from '@reorder/db';
import { sql } from 'kysely';
import type { Membership } from '../businesses/memberships.ts';
import type { Logger } from '../platform/logger.ts';
import { findLiveSession, type LiveSession } from './sessions.repository.ts';

type Live = { user: UserRow; session: LiveSession; memberships: Membership[] };
/** A kept check and when it was read from the database. */
type Kept = Live & { readAt: number };

/** Sessions remembered at most; the oldest go first beyond it. */
const MAX_ENTRIES = 10_000;
/**
 * How long a kept check is trusted at most, whatever the channel says
 * (docs/decisions.md §8.6): a change the channel failed to bring is seen
 * within this, even in a failure nobody foresaw.
 */
export const MAX_KEPT_MS = 60_000;
/** How long `settle` waits for every listener's answer before it goes on without the missing ones. */
const SETTLE_TIMEOUT_MS = 1000;
/** A `settle` marker on the channel; the others answer it with `HEARD` and the marker. */
const SETTLE = 'settle:';
const HEARD = 'heard:';

/** Sends a payload on the channel (an answer to another process's marker). */
type Notify = (payload: string) => Promise<void>;

/**
 * The sign-in check of every signed-in request, kept in memory: the session
 * a token names and its user, read once from the database, then answered
 * here until the session expires or anything about the account changes.
 *
 * What keeps it right on every process is PostgreSQL itself: a trigger
 * announces each change to a user, a session or an API token on
 * `reorder_auth` (migration 2026_11_24_010000), and each process LISTENs and
 * forgets that account. While the LISTEN connection is down, or not proven
 * alive by its heartbeat (`listen` in @reorder/db), nothing is kept, and
 * everything is forgotten when it comes back; and nothing is kept longer
 * than MAX_KEPT_MS. A check that was read while
 * a change arrived is not kept (the generation moved on). Account changes
 * wait for `settle` before they answer, so the next request, on any process,
 * finds the change already applied (docs/decisions.md §1).
 */
export class SessionCache {
  /** Tells this cache's markers apart from other processes' (pids repeat across containers). */
  readonly #id = randomUUID();
  readonly #notify: Notify;
  readonly #entries = new Map<number, Kept>();
  readonly #byUser = new Map<number, Set<number>>();
  #generation = 0;
  #listening = false;
  #markers = 0;
  /** Markers of ours still waiting, with the function that counts one more listener that heard it. */
  readonly #waiting = new Map<string, (self: boolean) => void>();
  /** The reads under way, by session: what a miss waits for rather than read again. */
  readonly #reading = new Map<number, { generation: number; userId: number; read: Promise<Live | undefined> }>();

  /** `notify` answers other processes' `settle` markers; without it (one process) none are answered. */
  constructor(notify: Notify = async () => {}) {
    this.#notify = notify;
  }

  /** How many sessions are kept (for tests and metrics). */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether checks are kept (the LISTEN connection hears every change). */
  get listening(): boolean {
    return this.#listening;
  }

  /** The live session and its user; from memory when known, else from the database (and kept). */
  async find(db: Db, sessionId: number, userId: number): Promise<Live | undefined> {
    const known = this.#entries.get(sessionId);
    const now = Date.now();
    if (known && known.user.id === userId && known.session.expiresAt.getTime() > now && now - known.readAt < MAX_KEPT_MS) {
      return known;
    }
    if (known) this.#forget(sessionId, known.user.id);
    const generation = this.#generation;
    // While listening, the requests that miss together (a device's burst, or every request under way when a
    // kept session grows too old) share one read, unless a change was heard since it began.
    const pending = this.#reading.get(sessionId);
    if (pending && this.#listening && pending.generation === generation && pending.userId === userId) return pending.read;
    const read = findLiveSession(db, sessionId, userId).then((live) => {
      if (live && this.#listening && generation === this.#generation) this.#keep(Object.assign(live, { readAt: now }));
      return live;
    });
    if (!this.#listening) return read;
    this.#reading.set(sessionId, { generation, userId, read });
    try {
      return await read;
    } finally {
      if (this.#reading.get(sessionId)?.read === read) this.#reading.delete(sessionId);
    }
  }

  /** A change to the account arrived: forget every session of it. */
  forgetUser(userId: number): void {
    this.#generation++;
    for (const sessionId of this.#byUser.get(userId) ?? []) this.#entries.delete(sessionId);
    this.#byUser.delete(userId);
  }

  /** Changes may have been missed, or are heard again: forget everything. */
  setListening(listening: boolean): void {
    this.#generation++;
    this.#listening = listening;
    this.#entries.clear();
    this.#byUser.clear();
  }

  /**
   * A payload on the channel: a user id, a `settle` marker (ours: we heard it;
   * another process's: answer it), or an answer to one of ours.
   */
  receive(payload: string): void {
    if (payload.startsWith(SETTLE)) {
      const ours = this.#waiting.get(payload);
      // Everything committed before that marker has been applied here (a listener hears in commit order).
      if (ours) ours(true);
      else if (!payload.startsWith(`${SETTLE}${this.#id}:`)) this.#notify(HEARD + payload).catch(() => {});
      return;
    }
    if (payload.startsWith(HEARD)) {
      this.#waiting.get(payload.slice(HEARD.length))?.(false);
      return;
    }
    const userId = Number(payload);
    if (Number.isSafeInteger(userId)) this.forgetUser(userId);
  }

  /**
   * Resolves once every change committed before the call has been applied by
   * every process that listens: it sends a marker through the same channel
   * (a listener hears notifications in commit order) and waits until each
   * listening connection to this database (pg_stat_activity) has answered it, this
   * process by hearing it. Without every answer in time it goes on (a
   * process that does not answer is stalled or gone), and forgets everything
   * itself if it did not hear its own marker.
   */
  async settle(db: Db): Promise<void> {
    if (!this.#listening) return;
    const marker = `${SETTLE}${this.#id}:${++this.#markers}`;
    let answers = 0;
    let selfHeard = false;
    let expected = Number.POSITIVE_INFINITY;
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const timer = setTimeout(finish, SETTLE_TIMEOUT_MS);
    this.#waiting.set(marker, (self) => {
      answers++;
      if (self) selfHeard = true;
      if (answers >= expected) finish();
    });
    try {
      const { rows } = await sql<{ listeners: number }>`
        SELECT pg_notify(${AUTH_CHANNEL}, ${marker}),
          (SELECT count(*)::int FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = ${listenerName(AUTH_CHANNEL)}) AS listeners
      `.execute(db);
      // The embedded database names no listener: this process is the only one.
      expected = Math.max(1, rows[0]?.listeners ?? 0);
      if (answers >= expected) finish();
      await finished;
      if (!selfHeard) this.setListening(this.#listening);
    } finally {
      clearTimeout(timer);
      this.#waiting.delete(marker);
    }
  }

  #keep(live: Kept): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.entries().next().value;
      if (oldest) this.#forget(oldest[0], oldest[1].user.id);
    }
    this.#entries.set(live.session.id, live);
    let sessions = this.#byUser.get(live.user.id);
    if (!sessions) {
      sessions = new Set();
      this.#byUser.set(live.user.id, sessions);
    }
    sessions.add(live.session.id);
  }

  #forget(sessionId: number, userId: number): void {
    this.#entries.delete(sessionId);
    this.#byUser.get(userId)?.delete(sessionId);
  }
}

/**
 * A cache that listens on the database's `reorder_auth` channel; `stop` ends
 * the listening. A failed LISTEN leaves it off (every check reads the
 * database) and is logged; it turns on when the connection comes back.
 */
export async function startSessionCache(database: Pick<DatabaseHandle, 'db' | 'listen'>, logger: Logger) {
  const cache = new SessionCache(async (payload) => {
    await sql`SELECT pg_notify(${AUTH_CHANNEL}, ${payload})`.execute(database.db);
  });
  let lostLogged = false;
  const stop = await database.listen(AUTH_CHANNEL, {
    message: (payload) => cache.receive(payload),
    lost() {
      cache.setListening(false);
      if (!lostLogged) logger.warn('sign-in checks read the database on every request: the LISTEN connection is down or not proven alive');
      lostLogged = true;
    },
    ready() {
      cache.setListening(true);
      if (lostLogged) logger.info('sign-in checks are kept in memory again: the LISTEN connection is back');
      lostLogged = false;
    },
  });
  return { cache, stop };
}
