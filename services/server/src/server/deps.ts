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

/** The services already started that the procedures share. */
export interface DepsParts {
  database: DatabaseHandle;
  sessions: SessionCache;
  mailer: Mailer;
  logger: Logger;
}

/** The services every procedure is given, from the configuration: tokens, rate limits, social sign-in, push, webhooks. */
export function buildDeps(config: Config, options: DepsOptions, { database, sessions, mailer, logger }: DepsParts): ApiDeps {
  const deps: ApiDeps = {
    db: database.db,
    tokens: createTokenService({ secret: resolveJwtSecret(config), ttlSeconds: config.tokenTtlSeconds }),
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
  deps.push = createPushSender(resolveVapidKeys(config, generateVapidKeys), `mailto:${fromAddress}`, logger, deps.outbound);
  return deps;
}
