import path from 'node:path';
import { type Logger, summarizeError } from '@reorder/api';
import { connectDatabase, type DatabaseHandle, migrateToLatest } from '@reorder/db';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { secureDataDir } from '../data-dir.ts';
import { type DataDirLock, lockDataDir } from '../data-lock.ts';

/** What tests may change about the database (see StartOptions in server.ts). */
export interface DatabaseOptions {
  pgliteDir?: string;
  pgliteTemplate?: Blob;
  onLockLost?: (error: Error) => void;
}

/** The open, migrated database, and the embedded database folder's lock when this process holds one. */
export interface OpenDatabase {
  database: DatabaseHandle;
  lock: DataDirLock | undefined;
}

/**
 * Opens the database (PostgreSQL, or PGlite in the data folder, locked) and
 * runs the migrations, then bounds every query by the query timeout. On a
 * failure it closes what it opened and throws.
 */
export async function openDatabase(config: Config, logger: Logger, options: DatabaseOptions): Promise<OpenDatabase> {
  secureDataDir(config.dataDir);
  const pgliteDir = options.pgliteDir ?? path.join(config.dataDir, 'pglite');
  // The embedded database is one process's: a second one on the same folder refuses to start.
  const lock =
    !config.databaseUrl && !pgliteDir.startsWith('memory://')
      ? await lockDataDir(
          config.dataDir,
          options.onLockLost ??
            ((error) => {
              logger.error('the embedded database folder was taken by another process: stopping', summarizeError(error));
              process.exit(1);
            }),
        )
      : undefined;
  let database: DatabaseHandle;
  try {
    database = await connectDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: pgliteDir,
      maxConnections: config.databasePoolSize,
      loadDataDir: options.pgliteTemplate,
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    await lock?.release();
    throw error;
  }
  // Only now: a migration (or the wait for another process's) may rightly take longer than a request's query.
  database.setQueryTimeout(config.databaseQueryTimeoutMs);
  // PGlite unpacks a new database with the archive's own modes (0666), whatever the umask: fix them.
  if (database.kind === 'pglite') secureDataDir(config.dataDir);
  return { database, lock };
}

/** How long /api/ready waits for the database before it calls it down. */
const READY_TIMEOUT_MS = 2_000;

/** Whether the database answers a trivial query in time. */
export async function databaseAnswers(database: DatabaseHandle): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const query = sql`SELECT 1`.execute(database.db).then(
    () => true,
    () => false,
  );
  const answered = await Promise.race([query, timeout]);
  clearTimeout(timer);
  return answered;
}
