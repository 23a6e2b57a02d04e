import type { Db } from '@reorder/db';
import type { TBusiness } from '@reorder/schemas';

/** The user's memberships with their businesses: each as the API answers a business, with the user's role in it. */
function businessesOf(db: Db, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('businesses', 'businesses.id', 'memberships.business_id')
    .select(['businesses.id', 'businesses.name', 'memberships.role', 'businesses.currency'])
    .where('memberships.user_id', '=', userId);
}

/** The businesses the user is a member of, first joined first, with their role in each. */
export function listBusinesses(db: Db, userId: number): Promise<TBusiness[]> {
  return businessesOf(db, userId).orderBy('memberships.created_at').orderBy('memberships.business_id').execute();
}

/** One business of the user's, with their role there. */
export function findBusiness(db: Db, userId: number, businessId: number): Promise<TBusiness | undefined> {
  return businessesOf(db, userId).where('memberships.business_id', '=', businessId).executeTakeFirst();
}

/** How many businesses the user owns, counted after locking the user row (concurrent creations respect the limit). */
export async function lockAndCountOwnedBusinesses(db: Db, userId: number): Promise<number> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const { count } = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A new business with the user as its owner. */
export async function insertBusiness(db: Db, userId: number, name: string): Promise<number> {
  const { id } = await db.insertInto('businesses').values({ name }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('memberships').values({ business_id: id, user_id: userId, role: 'owner' }).execute();
  return id;
}

/** Renames the business or changes its currency. */
export async function updateBusiness(db: Db, businessId: number, changes: { name?: string | undefined; currency?: string | undefined }) {
  if (changes.name === undefined && changes.currency === undefined) return;
  await db
    .updateTable('businesses')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.currency === undefined ? {} : { currency: changes.currency }),
      updated_at: new Date(),
    })
    .where('id', '=', businessId)
    .execute();
}

/** The name of a business (what `/users/me` says as `businessName`). */
export async function businessName(db: Db, businessId: number): Promise<string | undefined> {
  const row = await db.selectFrom('businesses').select('name').where('id', '=', businessId).executeTakeFirst();
  return row?.name;
}
