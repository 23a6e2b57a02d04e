import type { Db } from '@reorder/db';
import { LIMITS } from '@reorder/schemas';
import { sql } from 'kysely';

/**
 * "Fill to par" (docs/decisions.md §6.1, §8.4): every product of the order with a par and a
 * count gets quantity = max(0, par − on hand), rounded up to its step, in one statement; the others
 * are left alone. Answers how many were filled and how many left alone. The
 * order screen does the same in TypeScript (`filledToPar`, @reorder/schemas):
 * quantities.test.ts checks that the two agree.
 */
export async function fillQuantities(db: Db, businessId: number, orderId: number): Promise<{ filled: number; skipped: number }> {
  const result = await sql<{ filled: number; total: number }>`
    WITH candidates AS (
      SELECT id, order_id, business_id, par, on_hand, step FROM products WHERE order_id = ${orderId} AND business_id = ${businessId}
    ), filled AS (
      INSERT INTO order_quantities (order_id, product_id, business_id, quantity)
      SELECT order_id, id, business_id,
        CASE WHEN step IS NULL OR par <= on_hand THEN GREATEST(0, par - on_hand)
          ELSE LEAST(ceil((par - on_hand) / step) * step, floor(${LIMITS.quantityMax} / step) * step) END
      FROM candidates WHERE par IS NOT NULL AND on_hand IS NOT NULL
      ON CONFLICT (order_id, product_id) DO UPDATE SET quantity = excluded.quantity, updated_at = now()
      RETURNING product_id
    )
    SELECT (SELECT count(*) FROM filled)::int AS filled, (SELECT count(*) FROM candidates)::int AS total`.execute(db);
  const { filled, total } = result.rows[0] as { filled: number; total: number };
  return { filled, skipped: total - filled };
}

/**
 * Works out the usual quantity of these products of the order again: the
 * median of their quantities in the last 4 sends that had them (the two
 * middle ones averaged when there are two), rounded to 3 decimals.
 */
export async function refreshUsual(db: Db, businessId: number, orderId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await sql`
    UPDATE products SET usual = recent.usual
    FROM (
      SELECT product_id, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY quantity)::numeric, 3) AS usual
      FROM (
        SELECT (line->>'productId')::int AS product_id, (line->>'quantity')::numeric AS quantity,
               row_number() OVER (PARTITION BY (line->>'productId')::int ORDER BY s.sent_at DESC, s.id DESC) AS n
        FROM sent_orders s CROSS JOIN LATERAL jsonb_array_elements(s.lines) AS line
        WHERE s.business_id = ${businessId} AND s.order_id = ${orderId}
          AND (line->>'productId')::int = ANY(${sql.val(productIds)}::int[]) AND (line->>'quantity')::numeric > 0
      ) lines
      WHERE n <= 4
      GROUP BY product_id
    ) recent
    WHERE products.id = recent.product_id AND products.business_id = ${businessId} AND products.order_id = ${orderId}`.execute(db);
}
