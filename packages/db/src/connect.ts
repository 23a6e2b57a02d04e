import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type DatabaseConnection, type Driver, Kysely, PGliteDialect, PostgresDialect, type TransactionSettings } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

const NUMERIC_OID = 1700;
const INT8_OID = 20;

/** `numeric` (quantities) and `int8` (counts) come back as strings from both drivers: parse them on purpose. */
function parseNumeric(value: string): number {
  return Number(value);
}
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} does not fit a JavaScript number`);
  return n;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Closes the pool or the embedded database; waits for queries in flight. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A PostgreSQL connection string; unset means the embedded PGlite database in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

/** Opens the database: PostgreSQL through `pg` when a URL is given, otherwise embedded PGlite. */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 5000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === NUMERIC_OID) return parseNumeric;
          if (oid === INT8_OID) return parseInt8;
          return pg.types.getTypeParser(oid, format as 'text');
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    extensions: { citext, pg_trgm },
    parsers: { [NUMERIC_OID]: parseNumeric, [INT8_OID]: parseInt8 },
  });
  const db = new Kysely<Database>({ dialect: new SerializedPGliteDialect({ pglite }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/**
 * PGlite is one connection. Kysely's PGlite driver hands that connection to
 * every caller at once, so a query issued while another request holds a
 * transaction would run inside it. This dialect queues callers so each query
 * or transaction has the connection to itself, as a pool of one would.
 */
class SerializedPGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    return new SerializedDriver(super.createDriver());
  }
}

class SerializedDriver implements Driver {
  readonly #inner: Driver;
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init() {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
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
