import { createHash } from 'node:crypto';
import type { Database } from '@reorder/db';
import { type Kysely, sql } from 'kysely';
import { AppError } from '../errors.ts';

/** At most `limit` hits per `windowSeconds` (a fixed window) for each key. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /**
   * Counts the window before too, so no span of `windowSeconds` whatever
   * holds more than `limit` (a fixed window alone lets twice as many through
   * around its edge): for limits a person is promised, like "3 mails an hour".
   */
  strict?: boolean;
}

/**
 * The limits of docs/decisions.md §4. Per IP they are generous, since a café's staff
 * may share one address. Failed sign-ins count per (email, IP), so a stranger
 * cannot lock the owner out from elsewhere, and per email over a longer window,
 * which still stops a slow guesser spread over many addresses.
 */
export const DEFAULT_RATE_RULES = {
  loginPerIp: { name: 'login:ip', limit: 300, windowSeconds: 15 * 60 },
  /** Attempts are counted before the password is checked and given back when it was right. */
  loginFailuresPerEmailIp: { name: 'login-fail:email-ip', limit: 10, windowSeconds: 15 * 60 },
  loginFailuresPerEmail: { name: 'login-fail:email', limit: 50, windowSeconds: 60 * 60 },
  /**
   * A device that signed in to the account before (its device token) is
   * counted alone, never with strangers' failures (docs/decisions.md §8.6).
   */
  loginFailuresPerDevice: { name: 'login-fail:device', limit: 10, windowSeconds: 15 * 60 },
  /** The current password given by a signed-in session (a change, an erasure), counted per session. */
  identityFailuresPerSession: { name: 'identity-fail:session', limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { name: 'register:ip', limit: 300, windowSeconds: 15 * 60 },
  registerPerEmail: { name: 'register:email', limit: 10, windowSeconds: 15 * 60 },
  forgotPerIp: { name: 'forgot:ip', limit: 100, windowSeconds: 15 * 60 },
  /** Past it, forgot-password still answers "We just emailed you!" and sends nothing. */
  forgotPerEmail: { name: 'forgot:email', limit: 5, windowSeconds: 15 * 60 },
  resetPerIp: { name: 'reset:ip', limit: 100, windowSeconds: 15 * 60 },
  resetPerEmail: { name: 'reset:email', limit: 10, windowSeconds: 15 * 60 },
  verifyPerIp: { name: 'verify:ip', limit: 100, windowSeconds: 15 * 60 },
  resendVerificationPerUser: { name: 'verify-mail:user', limit: 5, windowSeconds: 60 * 60 },
  feedbackPerUser: { name: 'feedback:user', limit: 10, windowSeconds: 60 * 60 },
  /** Email changes (each mails the new address), per account and per new address (docs/decisions.md §8.6). */
  emailChangePerUser: { name: 'email-change:user', limit: 3, windowSeconds: 60 * 60, strict: true },
  /** Kept through an erasure (only its hash is stored), so a new account cannot start it again. */
  emailChangePerAddress: { name: 'email-change:address', limit: 3, windowSeconds: 24 * 60 * 60, strict: true },
  /** Invitations mailed by one business, and to one address from anyone (docs/decisions.md §8.2, §8.6). */
  invitationsPerBusiness: { name: 'invite:business', limit: 20, windowSeconds: 60 * 60, strict: true },
  invitationsPerAddress: { name: 'invite:address', limit: 3, windowSeconds: 24 * 60 * 60, strict: true },
  /** "Ready to send" notices one member sends (docs/decisions.md §8.2). */
  readyPerUser: { name: 'ready:user', limit: 30, windowSeconds: 60 * 60 },
  /** Looks at and acceptances of invitation links, found or not. */
  invitationLinkPerIp: { name: 'invite-link:ip', limit: 100, windowSeconds: 15 * 60 },
  /** Every look at or answer to a supplier's confirmation link, found or not (docs/decisions.md §6.4). */
  confirmationPerIp: { name: 'confirm:ip', limit: 120, windowSeconds: 15 * 60 },
  /** Answers to one confirmation link (docs/decisions.md §8.6). */
  confirmationAnswersPerLink: { name: 'confirm-answer:link', limit: 10, windowSeconds: 60 * 60, strict: true },
  /** The owner's email and push about one link's answers: `once` per window (docs/decisions.md §8.6). */
  confirmationNoticePerLink: { name: 'confirm-notice:link', limit: 1, windowSeconds: 5 * 60 },
  /** A supplier's claim link: as the confirmation links (docs/decisions.md §9.4). */
  claimPerIp: { name: 'claim:ip', limit: 120, windowSeconds: 15 * 60 },
  claimAnswersPerLink: { name: 'claim-answer:link', limit: 10, windowSeconds: 60 * 60, strict: true },
  claimNoticePerLink: { name: 'claim-notice:link', limit: 1, windowSeconds: 5 * 60 },
} satisfies Record<string, RateRule>;
export type RateRules = typeof DEFAULT_RATE_RULES;

/** What a rule counts: one key (an IP, an email) or several together (an email and an IP). */
export type RateKey = string | readonly string[];

export interface RateLimiter {
  /**
   * Counts a hit for `key` and, in the same statement, reads the count: a 429
   * AppError (with Retry-After seconds) once the rule's limit is passed. Safe
   * under concurrency: n parallel hits see n different counts.
   */
  hit(rule: RateRule, key: RateKey): Promise<void>;
  /**
   * True at most once per window of the rule for `key`, and never in the
   * window right after a true one: so never twice within `windowSeconds`.
   * For a notice that may go out only so often; nothing is refused.
   */
  once(rule: RateRule, key: RateKey): Promise<boolean>;
  /** Gives back one hit of the current window (an attempt that turned out fine). */
  refund(rule: RateRule, key: RateKey): Promise<void>;
  /** Forgets every window of the rule whose key starts with `first` (e.g. an email's attempts from every IP). */
  clear(rule: RateRule, first: string): Promise<void>;
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
  const hashOf = (part: string) => createHash('sha256').update(part.toLowerCase()).digest('base64url').slice(0, 32);
  const bucketOf = (rule: RateRule, key: RateKey) => `${rule.name}:${(typeof key === 'string' ? [key] : key).map(hashOf).join(':')}`;
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
      if (rule.strict) {
        const before = await db
          .selectFrom('rate_limits')
          .select('hits')
          .where('bucket', '=', bucketOf(rule, key))
          .where('window_start', '=', new Date(window.start.getTime() - rule.windowSeconds * 1000))
          .executeTakeFirst();
        if (row.hits + (before?.hits ?? 0) > rule.limit) throw tooMany(window.retryAfter);
      }
    },
    async once(rule, key) {
      const window = windowOf(rule);
      const bucket = bucketOf(rule, key);
      const previous = new Date(window.start.getTime() - rule.windowSeconds * 1000);
      // A row is written only when the answer is true; the window's key makes a second one conflict.
      const { rows } = await sql<{ hits: number }>`
        INSERT INTO rate_limits (bucket, window_start, hits)
        SELECT ${bucket}::text, ${window.start}::timestamptz, 1
        WHERE NOT EXISTS (SELECT 1 FROM rate_limits WHERE bucket = ${bucket}::text AND window_start = ${previous}::timestamptz)
        ON CONFLICT (bucket, window_start) DO NOTHING
        RETURNING hits
      `.execute(db);
      return rows.length > 0;
    },
    async refund(rule, key) {
      await db
        .updateTable('rate_limits')
        .set({ hits: sql`greatest(hits - 1, 0)` })
        .where('bucket', '=', bucketOf(rule, key))
        .where('window_start', '=', windowOf(rule).start)
        .execute();
    },
    async clear(rule, first) {
      await db
        .deleteFrom('rate_limits')
        // base64url hashes hold "_", a LIKE wildcard: escape it.
        .where('bucket', 'like', `${bucketOf(rule, first).replace(/[\\%_]/g, '\\$&')}%`)
        .execute();
    },
    async prune() {
      // The longest window is a day, and a strict rule reads the one before: older ones have no use.
      const result = await db
        .deleteFrom('rate_limits')
        .where('window_start', '<', new Date(now() - 3 * 24 * 60 * 60 * 1000))
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
