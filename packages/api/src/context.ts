import type { Database } from '@reorder/db';
import type { Kysely } from 'kysely';
import type { FacebookVerifier } from './auth/social/facebook.ts';
import type { GoogleVerifier } from './auth/social/google.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Logger } from './platform/logger.ts';
import type { RateLimiter, RateRules } from './rate-limit/rate-limiter.ts';

/** Settings the procedures need; the server fills them from its configuration. */
export interface ApiSettings {
  /** Base of links in emails, without a trailing slash. */
  publicUrl: string;
  /** Where feedback is also emailed; unset means it is only stored. */
  feedbackTo?: string | undefined;
}

/** The sign-in providers this server is configured for (DECISIONS §4). */
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
  settings: ApiSettings;
  social: SocialProviders;
}

/** What one request brings: who asks (maybe) and from where. */
export interface RequestInfo {
  ip: string;
  authorization?: string | undefined;
  requestId: string;
}

/** Filled during the call and read by the REST envelope: the success message of the procedure that ran. */
export interface ReplyInfo {
  message?: string;
}

export interface Context extends ApiDeps {
  request: RequestInfo;
  reply: ReplyInfo;
}

/** Builds a request's context from the long-lived deps. */
export function createContext(deps: ApiDeps, request: RequestInfo): Context {
  return { ...deps, request, reply: {} };
}
