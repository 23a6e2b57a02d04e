import { type Db, preparedQuery } from '@reorder/db';
import { sql } from 'kysely';

// A line's quantity in its order (`order_quantities`), written from two
// domains: products/ serves `products.setQuantity` and `products.clear` (the
// contract's names, docs/rest-api.md), and orders/ sets whole orders at once
// (`orders.restore`, `orders.reorder`). A domain never imports another
// (docs/architecture.md), so the writes both make live here in the core, as
// the product columns both read live in stock.ts.

/** One line of an order: how much of a product. */
export interface QuantityLine {
  productId: number;
  orderId: number;
  quantity: number;
}

/** The upsert of one line, compiled once (a quantity write is the hottest call). */
const upsertLine = preparedQuery(
  ['quantity', 'productId', 'orderId', 'businessId'],
  (db, values: { quantity: string; productId: number; orderId: number; businessId: number }) =>
    db
      .insertInto('order_quantities')
      .columns(['order_id', 'product_id', 'business_id', 'quantity'])
      .expression((eb) =>
        eb
          .selectFrom('products')
          .select(['products.order_id', 'products.id', 'products.business_id', sql<string>`${values.quantity}::numeric`.as('quantity')])
          .where('products.id', '=', values.productId)
          .where('products.order_id', '=', values.orderId)
          .where('products.business_id', '=', values.businessId)
          // A whole number of the product's step (docs/decisions.md §8.4); `stepOf` (products/) tells a refusal from a missing product.
          .where(sql<boolean>`(products.step IS NULL OR mod(${values.quantity}::numeric, products.step) = 0)`),
      )
      .onConflict((oc) =>
        oc.columns(['order_id', 'product_id']).doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity'), updated_at: sql`now()` })),
      )
      .returning(['product_id', 'order_id', 'quantity']),
);

/**
 * Sets a product's quantity in its order with one upsert, so any number of
 * concurrent updates each land whole (the last one wins, nothing is lost or
 * doubled). Undefined when the product is not the user's or not in that order.
 */
export async function setQuantity(db: Db, businessId: number, line: QuantityLine): Promise<QuantityLine | undefined> {
  const [row] = await upsertLine(db, { quantity: line.quantity.toFixed(3), productId: line.productId, orderId: line.orderId, businessId });
  return row && { productId: row.product_id, orderId: row.order_id, quantity: row.quantity };
}

/** Sets every quantity of the order to 0; returns how many lines were above 0. */
export async function clearQuantities(db: Db, businessId: number, orderId: number): Promise<number> {
  const result = await db
    .updateTable('order_quantities')
    .set({ quantity: 0, updated_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('business_id', '=', businessId)
    .where('quantity', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
