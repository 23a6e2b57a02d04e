import type { Database, Db } from '@reorder/db';
import { LIMITS } from '@reorder/schemas';
import { sql, type Transaction } from 'kysely';
import { emitEvents, hasListeners } from '../events/emit.ts';

/** A product's price as it was and as it is set now (null: none). */
export interface PriceSet {
  productId: number;
  before: number | null;
  after: number | null;
  /** A product being made: its first price is kept, but it is no change (no `product.price_changed`). */
  isNew?: boolean;
}

/** How big a change is flagged (docs/decisions.md §8.4): 5% or more, up or down, shown for 30 days. */
const FLAGGED_RATIO = LIMITS.flaggedPriceChange;

/**
 * Keeps the history of the prices just set (one row each that changed to a
 * price), and on each product whose price moved by 5% or more its last
 * change, so reading a product stays one row; and queues a
 * `product.price_changed` webhook event for each existing product whose
 * price changed (docs/decisions.md §8.5). Inside the caller's transaction,
 * with the product rows it changed.
 */
export async function recordPrices(
  tx: Transaction<Database>,
  businessId: number,
  sets: readonly PriceSet[],
  source: 'owner' | 'supplier',
  now: number,
): Promise<void> {
  const changed = sets.filter((set) => set.after !== null && set.after !== set.before);
  if (changed.length === 0) return;
  await tx
    .insertInto('product_prices')
    .values(changed.map((set) => ({ business_id: businessId, product_id: set.productId, price: (set.after as number).toFixed(4), source })))
    .execute();
  await emitPriceChanges(
    tx,
    businessId,
    changed.filter((set) => !set.isNew),
    source,
    now,
  );
  const flagged = changed.filter(
    (set) => set.before !== null && set.before > 0 && Math.abs((set.after as number) - set.before) / set.before >= FLAGGED_RATIO - 1e-9,
  );
  if (flagged.length === 0) return;
  await sql`
    UPDATE products p SET price_change_from = c.before, price_change_to = c.after, price_change_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(flagged.map((set) => ({ id: set.productId, before: set.before, after: set.after })))}::jsonb)
      AS c(id int, before numeric, after numeric)
    WHERE p.id = c.id AND p.business_id = ${businessId}`.execute(tx);
}

/** The `product.price_changed` events of these changes: each product as it is now, with its supplier and the business's currency. */
async function emitPriceChanges(
  tx: Transaction<Database>,
  businessId: number,
  changed: readonly PriceSet[],
  source: 'owner' | 'supplier',
  now: number,
): Promise<void> {
  // Most businesses have no webhook: the products' details are read only for one that listens.
  if (changed.length === 0 || !(await hasListeners(tx, businessId, 'product.price_changed'))) return;
  const rows = await tx
    .selectFrom('products')
    .innerJoin('orders', 'orders.id', 'products.order_id')
    .innerJoin('businesses', 'businesses.id', 'products.business_id')
    .select(['products.id', 'products.name', 'products.unit', 'products.order_id', 'orders.supplier_id', 'businesses.currency'])
    .where('products.business_id', '=', businessId)
    .where(
      'products.id',
      'in',
      changed.map((set) => set.productId),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const events = changed.flatMap((set) => {
    const row = byId.get(set.productId);
    return row
      ? [
          {
            productId: row.id,
            orderId: row.order_id,
            supplierId: row.supplier_id,
            name: row.name,
            unit: row.unit,
            price: set.after,
            previousPrice: set.before,
            currency: row.currency,
            source,
          },
        ]
      : [];
  });
  await emitEvents(tx, businessId, 'product.price_changed', events, now);
}

/**
 * Sets the prices a supplier confirmed (docs/decisions.md §8.4) on the
 * business's products that still exist, and keeps them in the history with
 * the source `supplier`.
 */
export async function setSupplierPrices(
  tx: Transaction<Database>,
  businessId: number,
  prices: readonly { productId: number; price: number }[],
  now: number,
): Promise<void> {
  if (prices.length === 0) return;
  const before = await tx
    .selectFrom('products')
    .select(['id', 'price'])
    .where('business_id', '=', businessId)
    .where(
      'id',
      'in',
      prices.map((p) => p.productId),
    )
    .forUpdate()
    .execute();
  const sets = before.flatMap((row) => {
    const after = prices.find((p) => p.productId === row.id)?.price;
    return after === undefined || after === row.price ? [] : [{ productId: row.id, before: row.price, after }];
  });
  if (sets.length === 0) return;
  await sql`
    UPDATE products p SET price = c.after, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(sets.map((set) => ({ id: set.productId, after: set.after })))}::jsonb) AS c(id int, after numeric)
    WHERE p.id = c.id AND p.business_id = ${businessId}`.execute(tx);
  await recordPrices(tx, businessId, sets, 'supplier', now);
}

/** Whether a confirmed price is a rise worth flagging: 5% or more above the price it was sent with. */
export function isFlaggedRise(before: number | null, after: number | null): boolean {
  return before !== null && after !== null && before > 0 && (after - before) / before >= FLAGGED_RATIO - 1e-9;
}

/** `GET /products/{id}/prices`: the last 50 prices of one of the business's products, newest first; undefined when it is not its. */
export async function listPrices(db: Db, businessId: number, productId: number) {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!product) return undefined;
  const rows = await db
    .selectFrom('product_prices')
    .select(['price', 'source', 'at'])
    .where('product_id', '=', productId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({ price: row.price, source: row.source, at: row.at.toISOString() }));
}
