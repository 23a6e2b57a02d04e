import type { Database } from '@reorder/db';
import type { Kysely } from 'kysely';
import type { FacebookVerifier } from './auth/social/facebook.ts';
import type { GoogleVerifier } from './auth/social/google.ts';
import type { WebhookTiming } from './events/timing.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PushSender } from './mail/push.ts';
import type { BackgroundTasks } from './platform/background.ts';
import type { Logger } from './platform/logger.ts';
import type { OutboundPolicy } from './platform/outbound.ts';
import type { RateLimiter, RateRules } from './rate-limit/rate-limiter.ts';
import type { TokenService } from './sessions/tokens.ts';
import type { PasswordHashing } from './users/passwords.ts';

/** Settings the procedures need; the server fills them from its configuration. */
export interface ApiSettings {
  /** Base of links in emails, without a trailing slash. */
  publicUrl: string;
  /** Where feedback is also emailed; unset means it is only stored. */
  feedbackTo?: string | undefined;
}

/** The sign-in providers this server is configured for (docs/decisions.md §4). */
export interface SocialProviders {
  google?: { clientId: string; verifier: GoogleVerifier } | undefined;
  facebook?: { appId: string; verifier: FacebookVerifier } | undefined;
}

/** Everything long-lived the procedures use, made once at start. */
export interface ApiDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  rateRules: RateRules;
  logger: Logger;
  /** Work that follows an answer (emails); the server waits for it when it stops. */
  background: BackgroundTasks;
  settings: ApiSettings;
  social: SocialProviders;
  /** The sign-in check kept in memory, right on every process: a SessionCache (sessions/session-cache.ts). */
  sessions: SignInChecks;
  /** Web Push with the server's VAPID keys (reminders); absent, reminders go by email only. */
  push?: PushSender | undefined;
  /** The rule for URLs users give the server to call (push endpoints): production's unless ALLOW_PRIVATE_ENDPOINTS=1. */
  outbound?: OutboundPolicy | undefined;
  /** How webhook deliveries are timed: the product's (events/deliveries.ts) unless a test sets shorter waits. */
  webhooks?: Partial<WebhookTiming> | undefined;
  /** What time it is, in epoch milliseconds: `Date.now` unless a test drives time (schedules, reminders). */
  clock?: (() => number) | undefined;
  /**
   * argon2id's cost for new password hashes: PASSWORD_HASHING (OWASP's minimum)
   * unless a test sets a cheaper one, so that its many sign-ups do not each
   * spend a real hash's time.
   */
  passwordHashing?: PasswordHashing | undefined;
  /**
   * How long one call may wait for the database in all, connections and
   * queries together (docs/decisions.md §9.7): `ordinary` for most calls,
   * `heavy` for those whose meta says `heavy` (an import, an export).
   * Unset: each query is bound by the query timeout alone.
   */
  databaseDeadline?: { ordinaryMs: number; heavyMs: number } | undefined;
}

/** A day in milliseconds, for expiries and windows counted in days. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The current time of a context: its clock, else the system's. */
export function nowOf(deps: Pick<ApiDeps, 'clock'>): number {
  return deps.clock ? deps.clock() : Date.now();
}

/**
 * What the context says of the SessionCache: only what the published client
 * types can carry (its real types name database rows, which stay private).
 */
export interface SignInChecks {
  readonly listening: boolean;
  find(db: Kysely<Database>, sessionId: number, userId: number): Promise<unknown>;
  settle(db: Kysely<Database>): Promise<void>;
}

/** What one request brings: who asks (maybe) and from where. */
export interface RequestInfo {
  ip: string;
  authorization?: string | undefined;
  requestId: string;
  /** Kept with a new session, so the owner can tell their devices apart. */
  userAgent?: string | undefined;
  /** The Accept-Language header: the language of messages before an account says its own. */
  acceptLanguage?: string | undefined;
  /** The X-Business-Id header: the business a signed-in request acts in (docs/decisions.md §8.2). */
  businessId?: string | undefined;
}

export interface Context extends ApiDeps {
  request: RequestInfo;
}

/** Builds a request's context from the long-lived deps. */
export function createContext(deps: ApiDeps, request: RequestInfo): Context {
  return { ...deps, request };
}
