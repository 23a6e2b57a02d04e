import type { ApiTokenRow, Db, UserRow } from '@reorder/db';
import { API_TOKEN_PREFIX, type TApiToken } from '@reorder/schemas';
import { sql } from 'kysely';
import type { Membership } from '../businesses/memberships.ts';
import { hashSecretToken, newSecretToken } from '../platform/secret-tokens.ts';

const COLUMNS = ['id', 'name', 'created_at', 'expires_at', 'last_used_at'] as const;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function toApiToken(row: Pick<ApiTokenRow, (typeof COLUMNS)[number]>): TApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
  };
}

/** Tokens that work: not revoked, not expired. */
const live = sql<boolean>`revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;

/** Makes a token for the user, acting in one business, and stores only its hash; returns it with its secret. */
export async function insertApiToken(
  db: Db,
  userId: number,
  businessId: number,
  fields: { name: string; expiresAt: Date | null },
): Promise<TApiToken & { token: string }> {
  const { token, hash } = newSecretToken(API_TOKEN_PREFIX);
  const row = await db
    .insertInto('api_tokens')
    .values({ user_id: userId, business_id: businessId, name: fields.name, token_hash: hash, expires_at: fields.expiresAt })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...toApiToken(row), token };
}

/** The user's tokens that work, newest first. */
export async function listApiTokens(db: Db, userId: number): Promise<TApiToken[]> {
  const rows = await db.selectFrom('api_tokens').select(COLUMNS).where('user_id', '=', userId).where(live).orderBy('id', 'desc').execute();
  return rows.map(toApiToken);
}

/** How many tokens of the user work, counted after locking the user row (so concurrent creations respect the limit). */
export async function lockAndCountApiTokens(db: Db, userId: number): Promise<number> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const { count } = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where(live)
    .executeTakeFirstOrThrow();
  return count;
}

/** The owner of a token that works, with when it was last used: one indexed lookup by hash. */
export async function findLiveApiToken(
  db: Db,
  token: string,
): Promise<{ user: UserRow; tokenId: number; lastUsedAt: Date | null; membership: Membership | undefined } | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.user_id', '=', 'api_tokens.user_id').onRef('memberships.business_id', '=', 'api_tokens.business_id'),
    )
    .selectAll('users')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.last_used_at as token_last_used_at',
      'api_tokens.business_id as token_business_id',
      'memberships.role as token_role',
    ])
    .where('api_tokens.token_hash', '=', hashSecretToken(token))
    .where(sql<boolean>`api_tokens.revoked_at IS NULL AND (api_tokens.expires_at IS NULL OR api_tokens.expires_at > now())`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_id, token_last_used_at, token_business_id, token_role, ...user } = row;
  // A member who left (or was removed) keeps the token, but it acts nowhere.
  const membership = token_role ? { businessId: token_business_id, role: token_role } : undefined;
  return { user, tokenId: token_id, lastUsedAt: token_last_used_at, membership };
}

export async function touchApiToken(db: Db, tokenId: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: sql`now()` }).where('id', '=', tokenId).execute();
}

/** Revokes one token of the user; false when it has none that works with that id. */
export async function revokeApiToken(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const row = await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where(live)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes every token of the user (sign out everywhere, an account taken over). */
export async function revokeApiTokens(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes the user's tokens for one business (their removal from it, or
 * leaving it): a later invitation back makes them a member again, never
 * brings these tokens back (docs/decisions.md §9.7).
 */
export async function revokeApiTokensIn(db: Db, userId: number, businessId: number): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('business_id', '=', businessId)
    .where('revoked_at', 'is', null)
    .execute();
}
