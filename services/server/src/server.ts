import { type ApiDeps, createLogger, type Logger, type PasswordHashing, type RateRules, startSessionCache } from '@reorder/api';
import type { DatabaseHandle } from '@reorder/db';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { createMetrics } from './metrics.ts';
import { databaseAnswers, openDatabase } from './server/database.ts';
import { buildDeps, createServerMailer, resolveKeys } from './server/deps.ts';
import { CONNECTION_LIMITS, type ConnectionLimits, startHttpServer } from './server/http-server.ts';
import { startJobs } from './server/jobs.ts';
import { createClose } from './server/shutdown.ts';

export { requestDeadlines } from './server/deps.ts';
export { CONNECTION_LIMITS, type ConnectionLimits } from './server/http-server.ts';

export const VERSION = '1.0.0';

export interface RunningServer {
  url: string;
  port: number;
  deps: ApiDeps;
  database: DatabaseHandle;
  /** Stops accepting, lets requests in flight finish, then closes mail and the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  connectionLimits?: Partial<ConnectionLimits>;
  /** Overrides for tests (tight limits, a frozen clock...). */
  rateRules?: Partial<RateRules>;
  /** argon2id's cost for new password hashes: PASSWORD_HASHING unless a test makes sign-ups cheaper. */
  passwordHashing?: PasswordHashing;
  webDir?: string;
  /** Where PGlite keeps its files instead of `DATA_DIR/pglite` (`memory://` in tests). */
  pgliteDir?: string;
  /** A new embedded database starts as a copy of this dumped one (`dumpMigratedPglite`) instead of empty: tests. */
  pgliteTemplate?: Blob;
  /** When the embedded database folder's lock is lost from under this process; by default it logs and exits. */
  onLockLost?: (error: Error) => void;
}

/**
 * Reads the keys, opens the database, runs migrations and starts listening; then the
 * background jobs. Each step is a module of its own under server/;
 * `close` (server/shutdown.ts) undoes them.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger();
  // Before the database: a key file the server refuses must stop it with no database created or migrated.
  const keys = resolveKeys(config);
  const { database, lock } = await openDatabase(config, logger, options);
  const sessionCache = await startSessionCache(database, logger);
  const mailer = createServerMailer(config, logger);
  const deps = buildDeps(config, options, { keys, database, sessions: sessionCache.cache, mailer, logger });
  const metrics = createMetrics(database);
  const app = createApp({
    deps,
    // Not ready either while the LISTEN connection is not proven alive: this process could miss a sign-out (§8.6).
    databaseReady: async () => sessionCache.cache.listening && (await databaseAnswers(database)),
    metrics: { metrics, token: config.metricsToken },
    trustProxy: config.trustProxy,
    version: VERSION,
    publicUrl: config.publicUrl,
    webDir: options.webDir,
    security: {
      https: config.publicUrl.startsWith('https:'),
      google: Boolean(deps.social.google),
      facebook: Boolean(deps.social.facebook),
    },
  });
  const limits = { ...CONNECTION_LIMITS, ...options.connectionLimits };
  const { server, connections, port } = await startHttpServer(config, limits, app.listener);
  const jobs = startJobs(deps, config, metrics);
  const close = createClose({ jobs, server, connections, drainIdleMs: limits.drainIdleMs, deps, mailer, sessionCache, database, lock });

  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`, port, deps, database, close };
}
