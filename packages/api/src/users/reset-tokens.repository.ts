import type { Database, Db } from '@reorder/db';
import { sql, type Transaction } from 'kysely';
import { hashSecretToken, newSecretToken } from '../platform/secret-tokens.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Makes a random reset token for the user and stores only its hash; returns the token for the link. */
export async function createResetToken(db: Db, userId: number, now = Date.now()): Promise<string> {
  const { token, hash } = newSecretToken();
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: hash, expires_at: new Date(now + RESET_TOKEN_TTL_MS) })
    .execute();
  return token;
}

/** The owner of a token that is unused and unexpired, without using it. */
export function findResetTokenOwner(db: Db, token: string): Promise<{ user_id: number } | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('token_hash', '=', hashSecretToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Uses a token: marks it used in the same statement that checks it is unused
 * and unexpired, so two concurrent resets cannot both succeed. Every other
 * open token of that user is retired too. Returns the user id, or undefined.
 */
export async function consumeResetToken(tx: Transaction<Database>, token: string): Promise<number | undefined> {
  const row = await tx
    .updateTable('password_reset_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashSecretToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return undefined;
  await retireResetTokens(tx, row.user_id);
  return row.user_id;
}

/** Retires every open reset link of the user (after a password or email change, or a reset). */
export async function retireResetTokens(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
