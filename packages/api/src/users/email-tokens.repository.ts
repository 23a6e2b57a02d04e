import type { Db } from '@reorder/db';
import { sql } from 'kysely';
import { hashSecretToken, newSecretToken } from '../platform/secret-tokens.ts';

/** Verification and email-change links work for 24 hours (docs/decisions.md §4). */
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export type EmailTokenPurpose = 'verify' | 'change';

/** Makes a one-use link token for `email` and stores only its hash; returns the token for the link. */
export async function createEmailToken(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  email: string,
  now = Date.now(),
): Promise<string> {
  const { token, hash } = newSecretToken();
  await db
    .insertInto('email_tokens')
    .values({ user_id: userId, purpose, email, token_hash: hash, expires_at: new Date(now + EMAIL_TOKEN_TTL_MS) })
    .execute();
  return token;
}

/**
 * Uses a token: marks it used in the same statement that checks it is unused
 * and unexpired, so it works once however many times the link is opened at
 * the same moment. What it was for, or undefined.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
): Promise<{ userId: number; purpose: EmailTokenPurpose; email: string } | undefined> {
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashSecretToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'purpose', 'email'])
    .executeTakeFirst();
  return row && { userId: row.user_id, purpose: row.purpose, email: row.email };
}

/** Retires the user's open links (of one purpose, or all). */
export async function retireEmailTokens(db: Db, userId: number, purpose?: EmailTokenPurpose): Promise<void> {
  let query = db.updateTable('email_tokens').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null);
  if (purpose) query = query.where('purpose', '=', purpose);
  await query.execute();
}
