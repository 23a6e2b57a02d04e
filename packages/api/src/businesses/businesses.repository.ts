import type { Db } from '@reorder/db';
import type { TBusiness, TUpdateBusinessInput } from '@reorder/schemas';

/** The user's memberships with their businesses: each as the API answers a business, with the user's role in it. */
function businessesOf(db: Db, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('businesses', 'businesses.id', 'memberships.business_id')
    .select([
      'businesses.id',
      'businesses.name',
      'memberships.role',
      'businesses.currency',
      'businesses.tax_id',
      'businesses.default_tax_rate',
    ])
    .where('memberships.user_id', '=', userId);
}
type BusinessRow = Awaited<ReturnType<ReturnType<typeof businessesOf>['executeTakeFirstOrThrow']>>;

function toBusiness(row: BusinessRow): TBusiness {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    currency: row.currency,
    taxId: row.tax_id,
    defaultTaxRate: Number(row.default_tax_rate),
  };
}

/** The businesses the user is a member of, first joined first, with their role in each. */
export async function listBusinesses(db: Db, userId: number): Promise<TBusiness[]> {
  const rows = await businessesOf(db, userId).orderBy('memberships.created_at').orderBy('memberships.business_id').execute();
  return rows.map(toBusiness);
}

/** One business of the user's, with their role there. */
export async function findBusiness(db: Db, userId: number, businessId: number): Promise<TBusiness | undefined> {
  const row = await businessesOf(db, userId).where('memberships.business_id', '=', businessId).executeTakeFirst();
  return row && toBusiness(row);
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

/** Renames the business, changes its currency or its tax data (docs/decisions.md §9.6). */
export async function updateBusiness(db: Db, businessId: number, changes: TUpdateBusinessInput) {
  if (Object.values(changes).every((value) => value === undefined)) return;
  await db
    .updateTable('businesses')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.currency === undefined ? {} : { currency: changes.currency }),
      ...(changes.taxId === undefined ? {} : { tax_id: changes.taxId }),
      ...(changes.defaultTaxRate === undefined ? {} : { default_tax_rate: changes.defaultTaxRate.toFixed(2) }),
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
