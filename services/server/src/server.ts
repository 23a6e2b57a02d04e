import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, Server as NetServer, type Socket } from 'node:net';
import path from 'node:path';
import {
  type ApiDeps,
  createBackgroundTasks,
  createFacebookVerifier,
  createGoogleVerifier,
  createLogger,
  createMailer,
  createPushSender,
  createRateLimiter,
  createTokenService,
  defaultRateRules,
  generateVapidKeys,
  type Logger,
  type PasswordHashing,
  pruneSessions,
  pruneWebhookEvents,
  type RateRules,
  runReminders,
  startSessionCache,
  summarizeError,
  WebhookDispatcher,
} from '@reorder/api';
import { connectDatabase, type DatabaseHandle, migrateToLatest } from '@reorder/db';
import { sql } from 'kysely';
import { createApp } from './app.ts';
import { type Config, resolveJwtSecret, resolveVapidKeys } from './config.ts';
import { secureDataDir } from './data-dir.ts';
import { lockDataDir } from './data-lock.ts';
import { createMetrics } from './metrics.ts';

export const VERSION = '1.0.0';

export interface RunningServer {
  url: string;
  port: number;
  deps: ApiDeps;
  database: DatabaseHandle;
  /** Stops accepting, lets requests in flight finish, then closes mail and the database. */
  close(): Promise<void>;
}

/** Slow clients may not hold a connection for long (docs/decisions.md §4); tests shorten these. */
export interface ConnectionLimits {
  /** The whole request head must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** How often Node looks for connections past those limits. */
  checkIntervalMs: number;
  /** Connections open at once; past it, new ones are refused. */
  maxConnections: number;
  /**
   * While draining, how long a keep-alive connection may sit idle before it
   * is closed: a busy client sends its next request within it and gets an
   * answer with `Connection: close` instead of a cut connection.
   */
  drainIdleMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  checkIntervalMs: 5_000,
  maxConnections: 2_000,
  drainIdleMs: 2_000,
};

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

/** How long /api/ready waits for the database before it calls it down. */
const READY_TIMEOUT_MS = 2_000;

/** Whether the database answers a trivial query in time. */
async function databaseAnswers(database: DatabaseHandle): Promise<boolean> {
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

/**
 * How long a call may wait for the database in all (docs/decisions.md
 * §9.7): no longer than one query may, so that a silent database answers
 * every ordinary call 503 well within 5 s by default, however its waits add
 * up; 30 s for a heavy call (a 5,000-row import, an account export), whose
 * queries are each still bound by the query timeout.
 */
export function requestDeadlines(queryTimeoutMs: number): { ordinaryMs: number; heavyMs: number } {
  return { ordinaryMs: queryTimeoutMs, heavyMs: Math.max(30_000, queryTimeoutMs) };
}

/** Opens the database, runs migrations and starts listening. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger();
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

  const sessionCache = await startSessionCache(database, logger);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger });
  const deps: ApiDeps = {
    db: database.db,
    tokens: createTokenService({ secret: resolveJwtSecret(config), ttlSeconds: config.tokenTtlSeconds }),
    mailer,
    rateLimiter: createRateLimiter(database.db),
    rateRules: { ...defaultRateRules, ...options.rateRules },
    sessions: sessionCache.cache,
    logger,
    background: createBackgroundTasks(logger),
    passwordHashing: options.passwordHashing,
    databaseDeadline: requestDeadlines(config.databaseQueryTimeoutMs),
    settings: { publicUrl: config.publicUrl, feedbackTo: config.feedbackTo },
    social: {
      google: config.googleClientId
        ? {
            clientId: config.googleClientId,
            verifier: createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl }),
          }
        : undefined,
      facebook:
        config.facebookAppId && config.facebookAppSecret
          ? {
              appId: config.facebookAppId,
              verifier: createFacebookVerifier({
                appId: config.facebookAppId,
                appSecret: config.facebookAppSecret,
                graphUrl: config.facebookGraphUrl,
                logger,
              }),
            }
          : undefined,
    },
  };
  const fromAddress = /<([^>]+)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  deps.outbound = { allowPrivate: config.allowPrivateEndpoints };
  deps.webhooks = config.webhookTiming;
  if (config.allowPrivateEndpoints)
    logger.info('ALLOW_PRIVATE_ENDPOINTS=1: push endpoints and webhooks may be http and local (a setting for tests)');
  deps.push = createPushSender(resolveVapidKeys(config, generateVapidKeys), `mailto:${fromAddress}`, logger, deps.outbound);
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
  const connections = trackConnections();
  const server = createHttpServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (req, res) => {
      connections.request(req, res);
      app.listener(req, res);
    },
  );
  server.on('connection', connections.connection);
  server.maxConnections = limits.maxConnections;
  // Longer than the usual load balancer's idle timeout (60 s), so the balancer closes first.
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

  const prune = setInterval(
    () => {
      deps.rateLimiter.prune().catch((error: unknown) => logger.warn('rate limit pruning failed', summarizeError(error)));
      pruneSessions(deps.db).catch((error: unknown) => logger.warn('session pruning failed', summarizeError(error)));
      pruneWebhookEvents(deps.db).catch((error: unknown) => logger.warn('webhook log pruning failed', summarizeError(error)));
    },
    10 * 60 * 1000,
  );
  prune.unref();

  // Every process runs the reminder schedule; the database makes each reminder go out once (docs/decisions.md §6.3).
  let reminderRound: Promise<unknown> | undefined;
  const reminders =
    config.reminderIntervalMs > 0
      ? setInterval(() => {
          reminderRound ??= runReminders(deps, config.reminderLeaseMs)
            .then((outcomes) => {
              for (const { outcome } of outcomes) metrics.reminded(outcome);
            })
            .catch((error: unknown) => logger.warn('reminder round failed', summarizeError(error)))
            .finally(() => {
              reminderRound = undefined;
            });
        }, config.reminderIntervalMs)
      : undefined;
  reminders?.unref();

  // Every process delivers webhooks; the queue's claims make each delivery one process's at a time (docs/decisions.md §8.5),
  // and each is posted on its own, so none waits for another (§9.7): the interval only looks for newly due ones.
  const webhookDispatcher = new WebhookDispatcher(deps);
  const webhooks =
    config.webhookIntervalMs > 0
      ? setInterval(() => {
          webhookDispatcher.poll().catch((error: unknown) => logger.warn('webhook round failed', summarizeError(error)));
        }, config.webhookIntervalMs)
      : undefined;
  webhooks?.unref();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      clearInterval(prune);
      clearInterval(reminders);
      clearInterval(webhooks);
      // net.Server's close, not http.Server's: that one also cuts every idle keep-alive connection at once.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      // Every answer from now on closes its connection; a connection left idle is closed after a grace.
      connections.drain(limits.drainIdleMs);
      await closed;
      connections.stop();
      // Mail that follows an answer already given still goes out before the database closes.
      await deps.background.drain();
      await reminderRound;
      await webhookDispatcher.stop();
      mailer.close();
      await sessionCache.stop();
      await database.close();
      await lock?.release();
    })();
    return closing;
  };

  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`, port, deps, database, close };
}

/**
 * The server's connections, for a drain that cuts no request (docs/decisions.md
 * §8.6): closing a keep-alive connection the moment it goes idle races the
 * client's next request on it, which then fails with ECONNRESET (a POST is
 * not retried). While draining, every answer carries `Connection: close`
 * (answers not yet begun included), so a busy client closes the connection
 * itself after its next answer; only a connection idle for `idleMs` is
 * closed by the server, with a FIN first.
 */
function trackConnections() {
  const open = new Map<Socket, { active: number; idleSince: number }>();
  const answering = new Set<ServerResponse>();
  let draining = false;
  let sweep: NodeJS.Timeout | undefined;
  const closeIdle = (idleMs: number) => {
    const now = Date.now();
    for (const [socket, state] of open) {
      if (state.active > 0 || now - state.idleSince < idleMs) continue;
      open.delete(socket);
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    }
  };
  return {
    connection(socket: Socket) {
      open.set(socket, { active: 0, idleSince: Date.now() });
      socket.once('close', () => open.delete(socket));
    },
    request(req: IncomingMessage, res: ServerResponse) {
      const state = open.get(req.socket);
      if (state) state.active += 1;
      answering.add(res);
      if (draining) res.setHeader('Connection', 'close');
      res.once('close', () => {
        answering.delete(res);
        if (state) {
          state.active -= 1;
          state.idleSince = Date.now();
        }
      });
    },
    drain(idleMs: number) {
      draining = true;
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
      closeIdle(idleMs);
      sweep = setInterval(() => closeIdle(idleMs), Math.min(100, Math.max(10, idleMs)));
    },
    stop() {
      clearInterval(sweep);
    },
  };
}
