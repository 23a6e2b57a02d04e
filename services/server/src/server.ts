import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  type ApiDeps,
  createFacebookVerifier,
  createGoogleVerifier,
  createLogger,
  createMailer,
  createRateLimiter,
  createTokenService,
  defaultRateRules,
  type Logger,
  type RateRules,
  summarizeError,
} from '@reorder/api';
import { connectDatabase, type DatabaseHandle, migrateToLatest } from '@reorder/db';
import { createApp } from './app.ts';
import { type Config, resolveJwtSecret } from './config.ts';

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
  /** Overrides for tests (tight limits, a frozen clock...). */
  rateRules?: Partial<RateRules>;
  webDir?: string;
  /** Where PGlite keeps its files instead of `DATA_DIR/pglite` (`memory://` in tests). */
  pgliteDir?: string;
}

/** Opens the database, runs migrations and starts listening. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger();
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.pgliteDir ?? path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger });
  const deps: ApiDeps = {
    db: database.db,
    tokens: createTokenService({ secret: resolveJwtSecret(config), ttlSeconds: config.tokenTtlSeconds }),
    mailer,
    rateLimiter: createRateLimiter(database.db),
    rateRules: { ...defaultRateRules, ...options.rateRules },
    logger,
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
  const app = createApp({ deps, trustProxy: config.trustProxy, version: VERSION, webDir: options.webDir });
  const server = app.listen(config.port, config.host);
  server.keepAliveTimeout = 65_000;
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

  const prune = setInterval(
    () => {
      deps.rateLimiter.prune().catch((error: unknown) => logger.warn('rate limit pruning failed', summarizeError(error)));
    },
    10 * 60 * 1000,
  );
  prune.unref();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      clearInterval(prune);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections whose request finishes after this point go idle
      // and would hold the server open: close them as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      await closed;
      clearInterval(sweep);
      mailer.close();
      await database.close();
    })();
    return closing;
  };

  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`, port, deps, database, close };
}
