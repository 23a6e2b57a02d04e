import type { Db, NewUser, UserRow, UserUpdate } from '@reorder/db';
import type { TUser } from '@reorder/schemas';
import { sql } from 'kysely';

import { usernameBaseFromEmail } from './usernames.ts';

/** The API's view of a user row: never the password hash or the provider ids. */
export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    username: row.username,
    businessName: row.business_name,
    fullName: row.full_name,
    email: row.email,
    language: row.language,
    emailVerified: row.email_verified,
    timeZone: row.time_zone,
    reminders: row.reminders,
    reminderMinutes: Number(row.reminder_minutes),
    ordersSort: row.orders_sort,
  };
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Emails are citext: the match ignores case. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Thrown by `insertUser` when the email is already registered. */
export class EmailTakenError extends Error {
  constructor() {
    super('Email already registered');
    this.name = 'EmailTakenError';
  }
}

function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: unknown; constraint?: unknown };
  return e?.code === '23505' ? String(e.constraint ?? '') : undefined;
}

/** An invitation a new account joins by (docs/decisions.md §9.3), instead of making a business of its own. */
export interface JoiningInvitation {
  invitationId: number;
  now: Date;
}

/**
 * Inserts a user, with a business of their own named `business_name` that
 * they own (docs/decisions.md §8.2), and a username made from the email: the base when free,
 * else the base with the lowest free number appended ("maria", "maria2", ...).
 * Safe under concurrent registrations: a lost race on the username retries.
 * With `joining`, no business is made: in the same statement the invitation
 * is used, if it is still waiting, and the user becomes a member with its
 * role (§9.3); `joined` says whether it was.
 */
export async function insertUser(db: Db, user: Omit<NewUser, 'username'>): Promise<UserRow>;
export async function insertUser(
  db: Db,
  user: Omit<NewUser, 'username'>,
  joining: JoiningInvitation,
): Promise<UserRow & { joined: boolean }>;
export async function insertUser(db: Db, user: Omit<NewUser, 'username'>, joining?: JoiningInvitation): Promise<UserRow> {
  const base = usernameBaseFromEmail(user.email);
  for (let attempt = 0; attempt < 20; attempt++) {
    const taken = await db
      .selectFrom('users')
      .select('username')
      .where(sql<boolean>`lower(username::text) ~ ${`^${escapeRegex(base)}[0-9]*$`}`)
      .execute();
    const username = nextFreeUsername(base, new Set(taken.map((r) => r.username.toLowerCase())));
    try {
      if (joining) return await insertJoiningUser(db, { ...user, username }, joining);
      // One statement: the user, their business (named `businessName`) and their membership as its owner.
      return await db
        .with('created', (db) =>
          db
            .insertInto('users')
            .values({ ...user, username })
            .returningAll(),
        )
        .with('business', (db) =>
          db
            .insertInto('businesses')
            .columns(['name'])
            .expression((eb) => eb.selectFrom('created').select('created.business_name'))
            .returning('id'),
        )
        .with('membership', (db) =>
          db
            .insertInto('memberships')
            .columns(['business_id', 'user_id', 'role'])
            .expression((eb) =>
              eb.selectFrom(['business', 'created']).select(['business.id', 'created.id as user_id', sql.lit('owner').as('role')]),
            ),
        )
        .selectFrom('created')
        .selectAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_key') throw new EmailTakenError();
      if (constraint !== 'users_username_key') throw error;
    }
  }
  throw new Error('Could not find a free username');
}

/** One statement: the user, the invitation used (when still waiting) and the membership it offers. */
async function insertJoiningUser(db: Db, user: NewUser, joining: JoiningInvitation): Promise<UserRow & { joined: boolean }> {
  const row = await db
    .with('created', (db) => db.insertInto('users').values(user).returningAll())
    .with('accepted', (db) =>
      db
        .updateTable('invitations')
        .set({ accepted_at: joining.now })
        .where('id', '=', joining.invitationId)
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', joining.now)
        .returning(['business_id', 'role']),
    )
    .with('membership', (db) =>
      db
        .insertInto('memberships')
        .columns(['business_id', 'user_id', 'role'])
        .expression((eb) =>
          eb.selectFrom(['accepted', 'created']).select(['accepted.business_id', 'created.id as user_id', 'accepted.role']),
        )
        .returning('business_id'),
    )
    .selectFrom('created')
    .selectAll('created')
    .select((eb) => eb.exists(eb.selectFrom('membership').select('business_id')).as('joined'))
    .executeTakeFirstOrThrow();
  return { ...row, joined: Boolean(row.joined) };
}

/** Removes an account made a moment ago that could not join the business it was made for. */
export async function deleteNewUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Words that are paths, not people: `/api/users/me` is always the caller. */
const RESERVED_USERNAMES = new Set(['me']);

function nextFreeUsername(base: string, taken: Set<string>): string {
  if (!taken.has(base) && !RESERVED_USERNAMES.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}${n}`)) return `${base}${n}`;
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/** Updates a user; throws EmailTakenError when the new email belongs to someone else. */
export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<UserRow> {
  try {
    return await db
      .updateTable('users')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_key') throw new EmailTakenError();
    throw error;
  }
}

/** Sets (or, with null, removes) the password hash. Ending sessions is the caller's choice. */
export function setPassword(db: Db, id: number, passwordHash: string | null): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The column that holds a provider's user id. */
export type ProviderColumn = 'google_id' | 'facebook_id';

export function findUserByProvider(db: Db, column: ProviderColumn, providerId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(column, '=', providerId).executeTakeFirst();
}

/** Links a provider account to a user (the user signs in with it from now on). */
export function linkProvider(db: Db, userId: number, column: ProviderColumn, providerId: string): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ [column]: providerId, updated_at: sql`now()` })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
