import { createHash } from 'node:crypto';
import type { Database } from '@reorder/db';
import { type Kysely, sql } from 'kysely';
import { AppError } from '../errors.ts';

/** At most `limit` hits per `windowSeconds` (a fixed window) for each key. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The limits on the account calls (DECISIONS §4). Per IP they are generous,
 * since a café's staff may share one address; per email they are tight, which
 * is what stops guessing a password or flooding someone's inbox.
 */
export const DEFAULT_RATE_RULES = {
  loginPerIp: { name: 'login:ip', limit: 300, windowSeconds: 15 * 60 },
  /** Counts failed sign-ins only, so an owner who signs in often is never locked out. */
  loginFailuresPerEmail: { name: 'login-fail:email', limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { name: 'register:ip', limit: 300, windowSeconds: 15 * 60 },
  registerPerEmail: { name: 'register:email', limit: 10, windowSeconds: 15 * 60 },
  forgotPerIp: { name: 'forgot:ip', limit: 100, windowSeconds: 15 * 60 },
  forgotPerEmail: { name: 'forgot:email', limit: 5, windowSeconds: 15 * 60 },
  resetPerIp: { name: 'reset:ip', limit: 100, windowSeconds: 15 * 60 },
  resetPerEmail: { name: 'reset:email', limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateRule>;
export type RateRules = typeof DEFAULT_RATE_RULES;

export interface RateLimiter {
  /** Counts a hit for `key`; a 429 AppError (with Retry-After seconds) once the rule's limit is passed. */
  hit(rule: RateRule, key: string): Promise<void>;
  /** A 429 AppError if `key` has already used up the rule, without counting a hit. */
  check(rule: RateRule, key: string): Promise<void>;
  /** Deletes windows that have ended; returns how many rows went. */
  prune(): Promise<number>;
}

/**
 * Fixed-window counters in PostgreSQL, so every server process sees the same
 * counts. Keys (IPs, emails) are stored only as hashes.
 */
export function createRateLimiter(db: Kysely<Database>, now: () => number = Date.now): RateLimiter {
  const windowOf = (rule: RateRule) => {
    const size = rule.windowSeconds * 1000;
    const start = Math.floor(now() / size) * size;
    return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + size - now()) / 1000)) };
  };
  const bucketOf = (rule: RateRule, key: string) =>
    `${rule.name}:${createHash('sha256').update(key.toLowerCase()).digest('base64url').slice(0, 32)}`;
  const tooMany = (retryAfter: number) =>
    new AppError('TOO_MANY_REQUESTS', `Too many attempts. Please try again in ${describeWait(retryAfter)}.`, { retryAfter });

  return {
    async hit(rule, key) {
      const window = windowOf(rule);
      const row = await db
        .insertInto('rate_limits')
        .values({ bucket: bucketOf(rule, key), window_start: window.start, hits: 1 })
        .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow();
      if (row.hits > rule.limit) throw tooMany(window.retryAfter);
    },
    async check(rule, key) {
      const window = windowOf(rule);
      const row = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('bucket', '=', bucketOf(rule, key))
        .where('window_start', '=', window.start)
        .executeTakeFirst();
      if (row && row.hits >= rule.limit) throw tooMany(window.retryAfter);
    },
    async prune() {
      // The longest window is an hour; anything that started before that has ended.
      const result = await db
        .deleteFrom('rate_limits')
        .where('window_start', '<', new Date(now() - 2 * 60 * 60 * 1000))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
