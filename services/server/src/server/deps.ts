import path from 'node:path';
import {
  type ApiDeps,
  createBackgroundTasks,
  createFacebookVerifier,
  createGoogleVerifier,
  createMailer,
  createPushSender,
  createRateLimiter,
  createTokenService,
  defaultRateRules,
  generateVapidKeys,
  type Logger,
  type Mailer,
  type PasswordHashing,
  type RateRules,
  type SessionCache,
  type VapidKeys,
} from '@reorder/api';
import type { DatabaseHandle } from '@reorder/db';
import { type Config, resolveJwtSecret, resolveVapidKeys } from '../config.ts';

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

/** Mail: SMTP when SMTP_URL is set, else files in the data folder's outbox. */
export function createServerMailer(config: Config, logger: Logger): Mailer {
  return createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger });
}

/** What tests may change about the services (see StartOptions in server.ts). */
export interface DepsOptions {
  rateRules?: Partial<RateRules>;
  passwordHashing?: PasswordHashing;
}

/** The keys kept in DATA_DIR or given in the environment: the token signing key and the Web Push pair. */
export interface ServerKeys {
  jwtSecret: Uint8Array;
  vapid: VapidKeys;
}

/**
 * Reads (or, on a first start, generates) the keys. The server does it before
 * it opens the database, so that a key file it refuses stops it before any
 * database is created or migrated (docs/decisions.md §5).
 */
export function resolveKeys(config: Config): ServerKeys {
  return { jwtSecret: resolveJwtSecret(config), vapid: resolveVapidKeys(config, generateVapidKeys) };
}

/** The services already started that the procedures share. */
export interface DepsParts {
  keys: ServerKeys;
  database: DatabaseHandle;
  sessions: SessionCache;
  mailer: Mailer;
  logger: Logger;
}

/** The services every procedure is given, from the configuration: tokens, rate limits, social sign-in, push, webhooks. */
export function buildDeps(config: Config, options: DepsOptions, { keys, database, sessions, mailer, logger }: DepsParts): ApiDeps {
  const deps: ApiDeps = {
    db: database.db,
    tokens: createTokenService({ secret: keys.jwtSecret, ttlSeconds: config.tokenTtlSeconds }),
    mailer,
    rateLimiter: createRateLimiter(database.db),
    rateRules: { ...defaultRateRules, ...options.rateRules },
    sessions,
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
  deps.push = createPushSender(keys.vapid, `mailto:${fromAddress}`, logger, deps.outbound);
  return deps;
}
