import { type Db, preparedQuery, type UserRow } from '@reorder/db';
import { sql } from 'kysely';
import { type Membership, membershipsOf } from '../businesses/memberships.ts';

/** What a request knows about the session its token names. */
export interface LiveSession {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  /** When it stops being live by itself (a cached check never outlives it). */
  expiresAt: Date;
}

/** The longest user agent kept: enough to tell "Safari on iPhone" from "Chrome on Windows". */
const USER_AGENT_MAX = 300;

/** A user agent as it is kept: no control characters, at most USER_AGENT_MAX characters. */
export function cleanUserAgent(userAgent: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped.
  return userAgent.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, USER_AGENT_MAX);
}

/** Starts a session for the user; returns its id (the token's `sid`). */
export async function insertSession(db: Db, userId: number, options: { expiresAt: Date; userAgent: string }): Promise<number> {
  const userAgent = cleanUserAgent(options.userAgent);
  const row = await db
    .insertInto('sessions')
    .values({ user_id: userId, expires_at: options.expiresAt, user_agent: userAgent })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The user of a live session (not ended, not expired) with the session, in
 * one indexed lookup: the check every signed-in request makes.
 */
export async function findLiveSession(
  db: Db,
  sessionId: number,
  userId: number,
): Promise<{ user: UserRow; session: LiveSession; memberships: Membership[] } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
      membershipsOf(sql.ref('users.id')).as('memberships'),
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_created_at, session_last_seen_at, session_expires_at, memberships, ...user } = row;
  return {
    user,
    session: { id: sessionId, createdAt: session_created_at, lastSeenAt: session_last_seen_at, expiresAt: session_expires_at },
    memberships,
  };
}

/** Records that the session was just used. */
export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sessionId).execute();
}

/** Ends one live session of the user; false when there is none with that id. */
export async function endSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ ended_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends every live session of the user, but `except` when given; returns how
 * many ended. Each ended session's push devices go with it (a trigger); so do
 * the devices no session vouches for any more (made before devices kept their
 * session, or whose session was pruned), since none of them is `except`'s.
 */
export async function endSessions(db: Db, userId: number, options: { except?: number | undefined } = {}): Promise<number> {
  let query = db.updateTable('sessions').set({ ended_at: sql`now()` }).where('user_id', '=', userId).where('ended_at', 'is', null);
  if (options.except !== undefined) query = query.where('id', '!=', options.except);
  const result = await query.executeTakeFirst();
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('session_id', 'is', null).execute();
  return Number(result.numUpdatedRows);
}

const liveSessions = preparedQuery(['userId'], (db, values: { userId: number }) =>
  db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
    .where('user_id', '=', values.userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc'),
);

/** The user's live sessions, most recently used first. */
export function listLiveSessions(db: Db, userId: number) {
  return liveSessions(db, { userId });
}

/** Deletes sessions that ended or expired more than `days` ago; returns how many went. */
export async function pruneSessions(db: Db, days = 30): Promise<number> {
  const cutoff = sql<Date>`now() - make_interval(days => ${days})`;
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('ended_at', '<', cutoff), eb('expires_at', '<', cutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
