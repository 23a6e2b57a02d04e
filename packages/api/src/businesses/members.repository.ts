import type { Db, Role } from '@reorder/db';
import type { TInvitation, TMember } from '@reorder/schemas';
import { sql } from 'kysely';
import { hashSecretToken, newSecretToken } from '../platform/secret-tokens.ts';

/** The members of a business, owners first, then by when they joined. */
export async function listMembers(db: Db, businessId: number): Promise<TMember[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.full_name', 'users.email', 'memberships.role', 'memberships.created_at'])
    .where('memberships.business_id', '=', businessId)
    .orderBy(sql`array_position(array['owner', 'manager', 'staff'], memberships.role)`)
    .orderBy('memberships.created_at')
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({ userId: r.id, fullName: r.full_name, email: r.email, role: r.role, joinedAt: r.created_at.toISOString() }));
}

/**
 * The members' roles, after locking the business row: changes to roles and
 * members run one at a time per business, so two owners demoting each other
 * at once cannot leave it without one.
 */
export async function lockRoles(db: Db, businessId: number): Promise<Map<number, Role>> {
  await db.selectFrom('businesses').select('id').where('id', '=', businessId).forUpdate().executeTakeFirst();
  const rows = await db.selectFrom('memberships').select(['user_id', 'role']).where('business_id', '=', businessId).execute();
  return new Map(rows.map((r) => [r.user_id, r.role]));
}

export async function setRole(db: Db, businessId: number, userId: number, role: Role): Promise<void> {
  await db.updateTable('memberships').set({ role }).where('business_id', '=', businessId).where('user_id', '=', userId).execute();
}

export async function removeMember(db: Db, businessId: number, userId: number): Promise<void> {
  await db.deleteFrom('memberships').where('business_id', '=', businessId).where('user_id', '=', userId).execute();
}

const INVITATION_COLUMNS = ['id', 'email', 'role', 'created_at', 'expires_at'] as const;
const toInvitation = (r: { id: number; email: string; role: Role; created_at: Date; expires_at: Date }): TInvitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
});

/** A new invitation (an earlier one to the same address, still waiting, is replaced); answers it and its token. */
export async function insertInvitation(
  db: Db,
  fields: { businessId: number; email: string; role: Role; invitedBy: number; createdAt: Date; expiresAt: Date },
): Promise<{ invitation: TInvitation; token: string }> {
  const { token, hash } = newSecretToken();
  // One statement: the invitation waiting for this address is replaced, never left beside the new one.
  const row = await db
    .with('replaced', (qb) =>
      qb
        .deleteFrom('invitations')
        .where('business_id', '=', fields.businessId)
        .where('email', '=', fields.email)
        .where('accepted_at', 'is', null)
        .returning('id'),
    )
    .insertInto('invitations')
    .values({
      business_id: fields.businessId,
      email: fields.email,
      role: fields.role,
      token_hash: hash,
      invited_by: fields.invitedBy,
      created_at: fields.createdAt,
      expires_at: fields.expiresAt,
    })
    .returning(INVITATION_COLUMNS)
    .executeTakeFirstOrThrow();
  return { invitation: toInvitation(row), token };
}

/** Invitations of the business still waiting (not accepted, not expired), newest first. */
export async function listInvitations(db: Db, businessId: number, now: Date): Promise<TInvitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .select(INVITATION_COLUMNS)
    .where('business_id', '=', businessId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toInvitation);
}

/** Withdraws a waiting invitation; false when the business has none with that id. */
export async function deleteInvitation(db: Db, businessId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('invitations')
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The waiting invitation a link's token names, with its business's name; locked with `forUpdate` (accepting). */
export function findLiveInvitation(db: Db, token: string, now: Date, options: { forUpdate?: boolean } = {}) {
  const query = db
    .selectFrom('invitations')
    .innerJoin('businesses', 'businesses.id', 'invitations.business_id')
    .select(['invitations.id', 'invitations.business_id', 'invitations.email', 'invitations.role', 'businesses.name as business_name'])
    .where('invitations.token_hash', '=', hashSecretToken(token))
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.expires_at', '>', now);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Uses the invitation and makes the user a member with its role (a member already keeps the role they have). */
export async function acceptInvitation(db: Db, invitation: { id: number; business_id: number; role: Role }, userId: number, now: Date) {
  await db.updateTable('invitations').set({ accepted_at: now }).where('id', '=', invitation.id).execute();
  await db
    .insertInto('memberships')
    .values({ business_id: invitation.business_id, user_id: userId, role: invitation.role })
    .onConflict((oc) => oc.columns(['user_id', 'business_id']).doNothing())
    .execute();
}
