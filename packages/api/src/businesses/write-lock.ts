import type { Db } from '@reorder/db';

/**
 * The one lock order of the writers into a business (docs/decisions.md
 * §9.7): the business row first, then its orders, then their products. Every
 * writer that changes several rows of one business (import, bulk add, a new
 * product, re-order, restore, a supplier's creation) starts here, so two of
 * them queue on this row instead of each holding what the other waits for.
 *
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: writers still queue on each other,
 * but the foreign-key check of every insert into a business's tables (a
 * `FOR KEY SHARE` of this row) is not blocked by them. With `FOR UPDATE`, a
 * writer that held an order and then inserted a product waited for the
 * business row while the import held that row and waited for the order:
 * PostgreSQL's 40P01.
 */
export async function lockBusinessForWriting(db: Db, businessId: number): Promise<void> {
  await db.selectFrom('businesses').select('id').where('id', '=', businessId).forNoKeyUpdate().executeTakeFirst();
}
