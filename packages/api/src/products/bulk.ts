import type { Database } from '@reorder/db';
import {
  isMultipleOfStep,
  LIMITS,
  normalizeSearchText,
  offStepMessage,
  type TBulkProductRow,
  type TBulkProductsInput,
  type TProduct,
} from '@reorder/schemas';
import { sql, type Transaction } from 'kysely';
import { nowOf } from '../context.ts';
import { AppError, notFound, type TIssue } from '../errors.ts';
import type { BusinessContext } from '../sessions/require-user.ts';
import { recordPrices } from './prices.ts';
import { amount, listProducts, lockOrderAndCountProducts, nameColumns } from './products.repository.ts';
import { PRODUCT_LIMIT_MESSAGE } from './products.service.ts';

export interface BulkResult {
  created: number;
  updated: number;
  products: TProduct[];
}

/**
 * Adds many products to one supplier at once (docs/decisions.md §8.3), all or
 * nothing, inside the caller's transaction with the order locked: a row whose
 * name matches one of the supplier's products (case and accents aside)
 * updates it (its unit, and whatever else the row gives), the others are
 * added, and each row's quantity, when given, goes into the current order.
 * Every row is checked before anything is written: a name listed twice, a
 * quantity off the product's step, or more products than a supplier may
 * have answers 400 naming `products.<i>.<field>`.
 */
export async function bulkUpsertProducts(
  tx: Transaction<Database>,
  businessId: number,
  orderId: number,
  rows: readonly TBulkProductRow[],
  now: number,
): Promise<BulkResult | undefined> {
  const count = await lockOrderAndCountProducts(tx, businessId, orderId);
  if (count === undefined) return undefined;
  const existing = await tx
    .selectFrom('products')
    .select(['id', 'search_text', 'step', 'price'])
    .where('order_id', '=', orderId)
    .where('business_id', '=', businessId)
    .execute();
  const byKey = new Map(existing.map((product) => [product.search_text, product]));

  const issues: TIssue[] = [];
  const firstRow = new Map<string, number>();
  const plan = rows.map((row, i) => {
    const key = normalizeSearchText(row.name);
    const twin = firstRow.get(key);
    if (twin !== undefined) issues.push({ path: `products.${i}.name`, message: `Listed twice: row ${twin + 1} has the same name` });
    else firstRow.set(key, i);
    const match = byKey.get(key);
    const step = row.step !== undefined ? row.step : (match?.step ?? null);
    if (row.quantity !== undefined && step !== null && !isMultipleOfStep(row.quantity, step)) {
      issues.push({ path: `products.${i}.quantity`, message: offStepMessage(step) });
    }
    return { row, match };
  });
  const added = plan.filter((entry) => !entry.match);
  if (count + added.length > LIMITS.productsPerSupplier) {
    issues.push({ path: 'products', message: PRODUCT_LIMIT_MESSAGE });
  }
  if (issues.length > 0) throw new AppError('BAD_REQUEST', issues[0]!.message, { issues });

  const ids: number[] = new Array(rows.length);
  if (added.length > 0) {
    const inserted = await tx
      .insertInto('products')
      .values(
        added.map(({ row }) => ({
          business_id: businessId,
          order_id: orderId,
          ...nameColumns(row.name, row.unit),
          par: amount(row.par),
          price: amount(row.price, 4),
          step: amount(row.step),
          note: row.note || null,
          tax_rate: amount(row.taxRate, 2),
        })),
      )
      .returning('id')
      .execute();
    // One INSERT answers its rows in the order of its VALUES.
    let next = 0;
    plan.forEach((entry, i) => {
      if (!entry.match) ids[i] = inserted[next++]!.id;
    });
  }
  const matched = plan.flatMap((entry, i) => (entry.match ? [{ ...entry, id: entry.match.id, i }] : []));
  for (const { id, i } of matched) ids[i] = id;
  if (matched.length > 0) {
    // One statement for every matched row; a field the row leaves out keeps its value (`has_*`).
    const changes = matched.map(({ row, id }) => ({
      id,
      unit: row.unit,
      par: amount(row.par),
      has_par: row.par !== undefined,
      price: amount(row.price, 4),
      has_price: row.price !== undefined,
      step: amount(row.step),
      has_step: row.step !== undefined,
      note: row.note || null,
      has_note: row.note !== undefined,
      tax_rate: amount(row.taxRate, 2),
      has_tax_rate: row.taxRate !== undefined,
    }));
    await sql`
      UPDATE products p SET
        unit = c.unit,
        par = CASE WHEN c.has_par THEN c.par ELSE p.par END,
        price = CASE WHEN c.has_price THEN c.price ELSE p.price END,
        step = CASE WHEN c.has_step THEN c.step ELSE p.step END,
        note = CASE WHEN c.has_note THEN c.note ELSE p.note END,
        tax_rate = CASE WHEN c.has_tax_rate THEN c.tax_rate ELSE p.tax_rate END,
        updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS c(
        id int, unit text, par numeric, has_par boolean, price numeric, has_price boolean,
        step numeric, has_step boolean, note text, has_note boolean, tax_rate numeric, has_tax_rate boolean)
      WHERE p.id = c.id AND p.business_id = ${businessId} AND p.order_id = ${orderId}`.execute(tx);
  }
  const quantities = rows.flatMap((row, i) =>
    row.quantity === undefined ? [] : [{ product_id: ids[i]!, quantity: row.quantity.toFixed(3) }],
  );
  if (quantities.length > 0) {
    await sql`
      INSERT INTO order_quantities (order_id, product_id, business_id, quantity)
      SELECT ${orderId}, q.product_id, ${businessId}, q.quantity
      FROM jsonb_to_recordset(${JSON.stringify(quantities)}::jsonb) AS q(product_id int, quantity numeric)
      ON CONFLICT (order_id, product_id) DO UPDATE SET quantity = excluded.quantity, updated_at = now()`.execute(tx);
  }
  // Every price a row set, from what the product had (none for a new one).
  await recordPrices(
    tx,
    businessId,
    plan.flatMap(({ row, match }, i) =>
      row.price === undefined ? [] : [{ productId: ids[i]!, before: match?.price ?? null, after: row.price, isNew: match === undefined }],
    ),
    'owner',
    now,
  );
  const products = new Map(
    (await listProducts(tx, businessId, { orderId, limit: LIMITS.productsPerSupplier, offset: 0 })).map((product) => [product.id, product]),
  );
  return { created: added.length, updated: matched.length, products: ids.map((id) => products.get(id)!) };
}

/** `POST /products/bulk`: the rows in one transaction with the order locked (bulk.ts). */
export function bulkProducts(ctx: Pick<BusinessContext, 'db' | 'business' | 'clock'>, input: TBulkProductsInput): Promise<BulkResult> {
  return ctx.db.transaction().execute(async (tx) => {
    const result = await bulkUpsertProducts(tx, ctx.business.id, input.orderId, input.products, nowOf(ctx));
    if (!result) throw notFound('Order');
    return result;
  });
}
