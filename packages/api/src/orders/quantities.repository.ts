import type { Db } from '@reorder/db';
import { sql } from 'kysely';

/** One line of an order: how much of a product. */
export interface QuantityLine {
  productId: number;
  orderId: number;
  quantity: number;
}

/**
 * Sets a product's quantity in its order with one upsert, so any number of
 * concurrent updates each land whole (the last one wins, nothing is lost or
 * doubled). Undefined when the product is not the user's or not in that order.
 */
export async function setQuantity(db: Db, userId: number, line: QuantityLine): Promise<QuantityLine | undefined> {
  const row = await db
    .insertInto('order_quantities')
    .columns(['order_id', 'product_id', 'user_id', 'quantity'])
    .expression((eb) =>
      eb
        .selectFrom('products')
        .select(['products.order_id', 'products.id', 'products.user_id', sql<string>`${line.quantity.toFixed(3)}::numeric`.as('quantity')])
        .where('products.id', '=', line.productId)
        .where('products.order_id', '=', line.orderId)
        .where('products.user_id', '=', userId),
    )
    .onConflict((oc) =>
      oc.columns(['order_id', 'product_id']).doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity'), updated_at: sql`now()` })),
    )
    .returning(['product_id', 'order_id', 'quantity'])
    .executeTakeFirst();
  return row && { productId: row.product_id, orderId: row.order_id, quantity: row.quantity };
}

/** Sets every quantity of the order to 0; returns how many lines were above 0. */
export async function clearQuantities(db: Db, userId: number, orderId: number): Promise<number> {
  const result = await db
    .updateTable('order_quantities')
    .set({ quantity: 0, updated_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('user_id', '=', userId)
    .where('quantity', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
