import type { Database, Db, StoredConfirmation } from '@reorder/db';
import type { Kysely } from 'kysely';
import { firstOwnerId } from '../businesses/memberships.ts';
import { OWNER_COLUMNS } from '../mail/notify-owner.ts';

/** A live link's sent order, with what the supplier's page and the owner's notification need. */
export async function findLiveConfirmation(db: Db, tokenHash: string, now: number) {
  return (
    db
      .selectFrom('sent_orders')
      .innerJoin('businesses', 'businesses.id', 'sent_orders.business_id')
      // The business's first owner is told (docs/decisions.md §8.2).
      .innerJoin('users', (join) => join.on((eb) => eb('users.id', '=', firstOwnerId(eb, eb.ref('sent_orders.business_id')))))
      .innerJoin('suppliers', 'suppliers.id', 'sent_orders.supplier_id')
      .select([
        'sent_orders.id',
        'sent_orders.business_id',
        'users.id as user_id',
        'sent_orders.supplier_id',
        'sent_orders.order_id',
        'sent_orders.introduce',
        'sent_orders.lines',
        'sent_orders.sent_at',
        'sent_orders.confirm_expires_at',
        'sent_orders.confirmation',
        'businesses.name as business_name',
        ...OWNER_COLUMNS,
        'suppliers.name as supplier_name',
        'suppliers.show_prices',
        'sent_orders.currency',
        'businesses.currency as business_currency',
      ])
      .where('sent_orders.confirm_token_hash', '=', tokenHash)
      .where('sent_orders.confirm_expires_at', '>', new Date(now))
      .executeTakeFirst()
  );
}
export type LiveConfirmation = NonNullable<Awaited<ReturnType<typeof findLiveConfirmation>>>;

/**
 * Whether a token is the link an order's next send will carry: a device made
 * it for a send the server has not recorded yet (docs/decisions.md §9.3).
 */
export async function isLinkAwaitingSend(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('confirm_token_hash', '=', tokenHash).executeTakeFirst();
  return row !== undefined;
}

/** Keeps the supplier's answer, if the link still works; false when it stopped working meanwhile. */
export async function saveConfirmation(
  db: Kysely<Database>,
  sentOrderId: number,
  tokenHash: string,
  answer: StoredConfirmation,
  now: number,
) {
  const row = await db
    .updateTable('sent_orders')
    .set({ confirmation: JSON.stringify(answer) })
    .where('id', '=', sentOrderId)
    .where('confirm_token_hash', '=', tokenHash)
    .where('confirm_expires_at', '>', new Date(now))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The notes of the products of a sent order that still exist ("" for none), by id. */
export async function productNotes(db: Db, businessId: number, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'note'])
    .where('business_id', '=', businessId)
    .where('id', 'in', [...productIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.note ?? '']));
}
