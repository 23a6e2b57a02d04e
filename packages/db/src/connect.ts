import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type TransactionBuilder,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { type Deadline, deadlineLeftMs, registerDeadlineBinder } from './deadline.ts';
import { prepareRegisteredTexts } from './prepared.ts';
import type { Database } from './schema.ts';

/** `numeric` (quantities) and `int8` (counts) come back as strings from both drivers: read them as numbers. */
function parseNumeric(value: string): number {
  return Number(value);
}
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} does not fit a JavaScript number`);
  return n;
}

/**
 * How every value that differs between drivers is read, in one place, the
 * same for `pg` and PGlite: numbers as numbers, `timestamptz` as a `Date`
 * (node-postgres's own parser), `json`/`jsonb` parsed. Repositories take
 * the types of `schema.ts` at their word.
 */
const PARSERS: Record<number, (value: string) => unknown> = {
  1700: parseNumeric, // numeric
  20: parseInt8, // int8
  1184: pg.types.getTypeParser(1184, 'text'), // timestamptz
  1082: (value) => value, // date: "YYYY-MM-DD" as it is, never a Date at some time zone's midnight
  114: (value) => JSON.parse(value), // json
  3802: (value) => JSON.parse(value), // jsonb
};

/** The channel every change to an account, its sessions or API tokens is announced on, with the user id. */
export const AUTH_CHANNEL = 'reorder_auth';

/**
 * The `application_name` a PostgreSQL LISTEN connection takes once it
 * listens, so a process can count who hears a channel (pg_stat_activity).
 */
export const listenerName = (channel: string) => `listen:${channel}`;

/** What a listener is told: each payload, and whether it may have missed some (`lost`) or hears everything again (`ready`). */
export interface NotificationHandlers {
  message(payload: string): void;
  lost(): void;
  ready(): void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /**
   * LISTENs on `channel`. PostgreSQL: on a connection of its own that must
   * keep proving itself alive (a heartbeat, `ListenTimings`), opened again
   * after a loss (every second) and reported through `lost`/`ready`.
   * Resolves with a function that stops listening.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /** Connections in use and waiting (the embedded database is one connection, and a queue). */
  poolStats(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL: how long a query may go unanswered (0: for ever) before it
   * fails and its connection is destroyed (`ConnectOptions.queryTimeoutMs`);
   * the server sets it once its migrations, which may take longer, are done.
   * The embedded database is in this process: nothing to wait for.
   */
  setQueryTimeout(ms: number): void;
  /** Closes the pool or the embedded database; waits for queries in flight. */
  close(): Promise<void>;
  /**
   * PGlite only: its whole data directory as a tarball, which `loadDataDir` opens a copy of. Not
   * compressed (43 MB against 5): a copy then opens in 1.2 s of CPU instead of 1.5 (the tests' template).
   */
  dumpDataDir?(): Promise<Blob>;
}

export interface ConnectOptions {
  /** A PostgreSQL connection string; unset means the embedded PGlite database in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** PGlite: start from this dumped data directory (`dumpDataDir`) instead of a new empty one (tests: `dumpMigratedPglite`). */
  loadDataDir?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** How LISTEN connections prove themselves alive (LISTEN_TIMINGS by default). */
  listenTimings?: Partial<ListenTimings>;
  /** PostgreSQL: the query timeout to begin with (`DatabaseHandle.setQueryTimeout`); 0 or unset: none. */
  queryTimeoutMs?: number;
}

/** How long the pool may take to hand out a connection, queueing and connecting included, when no query timeout is set. */
const CONNECT_TIMEOUT_MS = 5000;

/** What a query that the database did not answer in time fails with (the API answers it 503, as a lost connection). */
export class QueryTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`Query read timeout: the database did not answer within ${ms} ms`);
    this.name = 'QueryTimeoutError';
  }
}

/** Opens the database: PostgreSQL through `pg` when a URL is given, otherwise embedded PGlite. */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    let queryTimeoutMs = options.queryTimeoutMs ?? 0;
    const health: DatabaseHealth = { stalledAt: undefined };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // The kernel notices a peer that is gone for good, also on idle pool connections (§9.7).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // A client that loses its server must not crash the process: the pool drops it, and the query in
    // flight (if any) fails with the error. The pool listens only to idle clients, so every client gets
    // its own listener for the time it is checked out (node-postgres#1324).
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      prepareRegisteredTexts(client);
      timeQueries(client, () => queryTimeoutMs, health);
    });
    // Waiting for a connection (queued behind busy ones, then connecting) is bounded as a query is: a
    // request never waits longer for the one than for the other, nor longer than its deadline allows.
    const poolWithin = (deadline: Deadline | undefined) => ({
      Client: pg.Client,
      options: pool.options,
      connect: async () => {
        const bound = queryTimeoutMs > 0 ? Math.min(queryTimeoutMs, CONNECT_TIMEOUT_MS) : CONNECT_TIMEOUT_MS;
        const suspect = health.stalledAt === undefined ? bound : Math.min(bound, SUSPECT_CONNECT_MS);
        // Within a request's deadline (deadline.ts), no longer than the time it has left.
        const client = await connectWithin(pool, Math.min(suspect, deadlineLeftMs(deadline) ?? suspect));
        // Its queries, until it goes back to the pool, are the deadline's (timeQueries).
        deadlines.set(client, deadline);
        return client;
      },
      // A copy bound by a deadline shares the pool; only the database itself closes it.
      end: deadline === undefined ? () => pool.end() : async () => {},
    });
    const db = new RetryingKysely<Database>({ dialect: new PostgresDialect({ pool: poolWithin(undefined) }) });
    registerDeadlineBinder(
      db,
      (deadline) => new RetryingKysely<Database>({ dialect: new PostgresDialect({ pool: poolWithin(deadline) }) }),
    );
    const databaseUrl = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      listen: (channel, handlers) => listenOnPostgres(databaseUrl, channel, handlers, { ...LISTEN_TIMINGS, ...options.listenTimings }),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      setQueryTimeout: (ms) => {
        queryTimeoutMs = ms;
      },
      close: () => db.destroy(),
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    extensions: { btree_gin, citext, pg_trgm },
    parsers: PARSERS,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const dialect = new SerializedPGliteDialect({ pglite });
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'pglite',
    async listen(channel, handlers) {
      // One process holds an embedded database: every change comes through this connection, none is missed.
      const stop = await pglite.listen(channel, (payload) => handlers.message(payload));
      handlers.ready();
      return stop;
    },
    poolStats: () => {
      const { busy, waiting } = dialect.queue();
      return { total: 1, idle: busy ? 0 : 1, waiting };
    },
    setQueryTimeout: () => {},
    close: () => db.destroy(),
    dumpDataDir: () => pglite.dumpDataDir('none'),
  };
}

/** The deadline of the request a pool client is checked out to (set at every checkout; undefined outside one). */
const deadlines = new WeakMap<pg.PoolClient, Deadline | undefined>();

/**
 * Makes every query of a pool client fail with `QueryTimeoutError` when the
 * database has not answered it within `timeoutMs()` (docs/decisions.md
 * §9.7). A network that stalls (connections open, nothing answering: no
 * error, no FIN) would otherwise hold the query, and the request, for as
 * long as it lasts. The client's socket is destroyed then, so the client
 * is not queryable any more and the pool drops it on release instead of
 * handing it out again; the transaction's ROLLBACK then fails at once too.
 */
function timeQueries(client: pg.PoolClient, timeoutMs: () => number, health: DatabaseHealth): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let dead = false;
  /** Gives the client up: `end` marks it as ending at once, so the pool drops it on release (its socket may not have closed yet); the socket is destroyed, since a silent server would never finish a goodbye. */
  const giveUp = () => {
    dead = true;
    client.end().catch(() => {});
    (client as unknown as { connection?: { stream?: net.Socket } }).connection?.stream?.destroy();
  };
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const ms = timeoutMs();
    // A client given up on fails at once: its transaction's ROLLBACK must not wait a whole timeout again.
    if (dead) return Promise.reject(new QueryTimeoutError(ms));
    const left = deadlineLeftMs(deadlines.get(client));
    if (left !== undefined && left <= 0) {
      // The request's time is up (deadline.ts). The client may be inside its transaction: given up too, it never goes back to the pool with it open.
      giveUp();
      return Promise.reject(new QueryTimeoutError(ms));
    }
    const limit = left === undefined ? ms : ms > 0 ? Math.min(ms, left) : left;
    const result = query(...args);
    if (limit <= 0 || !(result instanceof Promise)) return result;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Only a whole query timeout says the database may be silent; a request's deadline says nothing of it.
        if (limit === ms) health.stalledAt = Date.now();
        giveUp();
        reject(new QueryTimeoutError(limit));
      }, limit);
    });
    return Promise.race([result, timeout])
      .then((value) => {
        health.stalledAt = undefined;
        return value;
      })
      .finally(() => clearTimeout(timer));
  };
}

/**
 * When a query last went unanswered, until one is answered again. Meanwhile
 * a request that needs a new connection waits for it only briefly
 * (`SUSPECT_CONNECT_MS`): the database is probably not answering, and the
 * request has likely waited a query timeout already.
 */
interface DatabaseHealth {
  stalledAt: number | undefined;
}
const SUSPECT_CONNECT_MS = 750;

/**
 * A pool connection within `ms`, queueing and connecting included (the
 * pool's own timeout starts again for a queued caller once it may connect).
 * A connection that comes too late goes back to the pool.
 */
function connectWithin(pool: pg.Pool, ms: number): Promise<pg.PoolClient> {
  if (ms <= 0) return Promise.reject(new Error('timeout exceeded when trying to connect'));
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error('timeout exceeded when trying to connect'));
    }, ms);
    pool.connect().then(
      (client) => {
        if (late) return client.release();
        clearTimeout(timer);
        resolve(client);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!late) reject(error);
      },
    );
  });
}

/**
 * SQLSTATEs that say "run the same transaction again" (docs/decisions.md
 * §9.7): a deadlock (40P01), a serialization failure (40001). PostgreSQL
 * rolled the whole transaction back, so running it again is safe.
 */
export const RETRYABLE_SQLSTATES: readonly string[] = ['40P01', '40001'];

/** Whether `error` (or a cause of it) is a deadlock or a serialization failure. */
export function isRetryableConflict(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_SQLSTATES.includes(code)) return true;
  }
  return false;
}

/** How often a transaction that lost a deadlock or a serialization conflict runs again, and the first wait (doubling, jittered). */
export const CONFLICT_RETRIES = { retries: 3, firstWaitMs: 25 };

/**
 * Runs `attempt` again, after a jittered and doubling wait, while it fails
 * with a deadlock or a serialization failure, at most `retries` more times;
 * then the last error goes up (the API answers it 503 with `Retry-After`).
 * The jitter keeps the two losers of one deadlock from meeting again.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, options = CONFLICT_RETRIES): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= options.retries || !isRetryableConflict(error)) throw error;
      const wait = options.firstWaitMs * 2 ** tries * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Kysely whose `transaction().execute(callback)` runs the whole callback
 * again on a deadlock or serialization failure (`retryOnConflict`), so every
 * transaction of the app has the rule without each caller repeating it. A
 * callback only reads and writes through its transaction (what it did is
 * rolled back with it), so running it again is running the request's work
 * again from the start.
 */
class RetryingKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return retrying(super.transaction());
  }
}

function retrying<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const execute = builder.execute.bind(builder);
  const setAccessMode = builder.setAccessMode.bind(builder);
  const setIsolationLevel = builder.setIsolationLevel.bind(builder);
  return Object.assign(builder, {
    execute: <T>(callback: Parameters<typeof execute<T>>[0]) => retryOnConflict(() => execute(callback)),
    setAccessMode: (mode: Parameters<typeof setAccessMode>[0]) => retrying(setAccessMode(mode)),
    setIsolationLevel: (level: Parameters<typeof setIsolationLevel>[0]) => retrying(setIsolationLevel(level)),
  });
}

/** How a LISTEN connection proves itself alive (docs/decisions.md §8.6); tests may shorten them. */
export interface ListenTimings {
  /** How often it sends itself a heartbeat on its channel. */
  heartbeatMs: number;
  /** How long it may go without hearing one back (or without finishing connecting) before it is dropped and opened again. */
  proofTimeoutMs: number;
}

// The rule (docs/decisions.md §1) is 10 s without proof; 8 s leaves the margin a late timer and a busy
// machine take (at 10 s, a process under load refused a session ended elsewhere after 10.02 s).
export const LISTEN_TIMINGS: ListenTimings = { heartbeatMs: 2_000, proofTimeoutMs: 8_000 };

/** The payloads of heartbeats; listeners never see them. */
const HEARTBEAT = 'beat:';

/**
 * A LISTEN connection to PostgreSQL that comes back after a loss; `lost`
 * first, `ready` once it hears again. A connection can die without a word
 * (a dropped route, a dead NAT entry: no error, no FIN), so an open socket
 * proves nothing: every `heartbeatMs` it NOTIFYs its own channel on itself
 * and waits to hear that back, which also proves that everything committed
 * before was delivered (a listener hears in commit order). When nothing has
 * proved it alive for `proofTimeoutMs`, it is destroyed (`lost`) and opened
 * again. TCP keepalive lets the kernel notice a dead peer too.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  timings: ListenTimings,
): Promise<() => Promise<void>> {
  const prefix = `${HEARTBEAT}${randomUUID()}:`;
  let beats = 0;
  let current: { client: pg.Client; close(): Promise<void> } | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  /** Opens a connection; resolves once it listens, or once it was given up (a retry is then planned). */
  const connect = (): Promise<void> =>
    new Promise<void>((settled) => {
      let socket: net.Socket | undefined;
      const client = new pg.Client({
        connectionString,
        connectionTimeoutMillis: timings.proofTimeoutMs,
        keepAlive: true,
        keepAliveInitialDelayMillis: Math.min(timings.proofTimeoutMs, 5_000),
        // Our own socket, so a connection that may never answer again is destroyed, not politely ended.
        stream: () => {
          socket = new net.Socket();
          return socket;
        },
      });
      let open = true;
      let deadline: NodeJS.Timeout | undefined;
      let beat: NodeJS.Timeout | undefined;
      /** The heartbeat on its way: one at a time. */
      let pending: { payload: string; sentAt: number } | undefined;
      const drop = () => {
        if (!open) return;
        open = false;
        clearTimeout(deadline);
        clearInterval(beat);
        socket?.destroy();
        client.end().catch(() => {});
        if (current?.client === client) {
          current = undefined;
          handlers.lost();
        }
        if (!stopped) retry = setTimeout(() => void connect(), 1000);
        settled();
      };
      /** Everything committed before `sentAt` has been heard: the connection is good until `sentAt + proofTimeoutMs`. */
      const provenAt = (sentAt: number) => {
        clearTimeout(deadline);
        deadline = setTimeout(drop, Math.max(0, sentAt + timings.proofTimeoutMs - Date.now()));
        deadline.unref();
      };
      provenAt(Date.now());
      client.on('notification', (message) => {
        if (message.channel !== channel) return;
        const payload = message.payload ?? '';
        if (!payload.startsWith(HEARTBEAT)) return handlers.message(payload);
        if (pending && payload === pending.payload) {
          provenAt(pending.sentAt);
          pending = undefined;
        }
      });
      client.on('error', drop);
      client.on('end', drop);
      const listenFrom = Date.now();
      client
        .connect()
        .then(() => client.query(`LISTEN ${channel}`))
        .then(() => client.query(`SET application_name = '${listenerName(channel)}'`))
        .then(
          () => {
            if (!open) return;
            if (stopped) {
              open = false;
              clearTimeout(deadline);
              client.end().catch(() => {});
              return settled();
            }
            current = {
              client,
              close: async () => {
                open = false;
                clearTimeout(deadline);
                clearInterval(beat);
                // A quiet connection would never finish a polite goodbye.
                const timer = setTimeout(() => socket?.destroy(), 1000);
                await client.end().catch(() => {});
                clearTimeout(timer);
              },
            };
            provenAt(listenFrom);
            beat = setInterval(() => {
              if (pending) return;
              pending = { payload: `${prefix}${++beats}`, sentAt: Date.now() };
              client.query('SELECT pg_notify($1, $2)', [channel, pending.payload]).catch(drop);
            }, timings.heartbeatMs);
            beat.unref();
            handlers.ready();
            settled();
          },
          () => drop(),
        );
    });

  await connect();
  if (!current) handlers.lost();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = current;
    current = undefined;
    await last?.close();
  };
}

/**
 * PGlite is one connection. Kysely's PGlite driver hands that connection to
 * every caller at once, so a query issued while another request holds a
 * transaction would run inside it. This dialect queues callers so each query
 * or transaction has the connection to itself, as a pool of one would.
 */
class SerializedPGliteDialect extends PGliteDialect {
  #driver: SerializedDriver | undefined;
  override createDriver(): Driver {
    this.#driver = new SerializedDriver(super.createDriver());
    return this.#driver;
  }
  /** Whether a caller has the connection, and how many wait for it. */
  queue(): { busy: boolean; waiting: number } {
    return this.#driver?.queue() ?? { busy: false, waiting: 0 };
  }
}

class SerializedDriver implements Driver {
  readonly #inner: Driver;
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  /** Callers that asked for the connection and have not released it (the one holding it included). */
  #inLine = 0;

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init() {
    return this.#inner.init();
  }

  queue(): { busy: boolean; waiting: number } {
    return { busy: this.#inLine > 0, waiting: Math.max(0, this.#inLine - 1) };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#inLine += 1;
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.#inner.releaseConnection(connection);
    this.#inLine -= 1;
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction(connection);
  }
  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.#inner.savepoint!(...args);
  }
  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.#inner.rollbackToSavepoint!(...args);
  }
  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.#inner.releaseSavepoint!(...args);
  }
  destroy() {
    return this.#inner.destroy();
  }
}
