import type { Db } from '@reorder/db';
import { sql } from 'kysely';

/**
 * Seeds `orders` sent orders with SQL, spread evenly over the last `days`
 * days and rotated over the suppliers given: 8 lines each (product ids
 * 1000 + supplier block × 8 + k), 6 of them priced, with the total each sent
 * order keeps. The spend and event-loop benchmarks read the same shape.
 */
export async function seedSentOrders(
  db: Db,
  seed: { businessId: number; orderIds: number[]; supplierIds: number[]; orders: number; days: number },
): Promise<void> {
  const suppliers = seed.supplierIds.length;
  // In statements of 5,000 orders: each also writes its lines to sent_lines (a trigger), within the server's query timeout.
  for (let first = 1; first <= seed.orders; first += 5000) {
    const last = Math.min(seed.orders, first + 4999);
    await sql`
    INSERT INTO sent_orders (business_id, order_id, supplier_id, channel, text, introduce, lines, sent_at, total, unpriced_lines, currency)
    SELECT ${seed.businessId}, (${seed.orderIds}::int[])[1 + g % ${suppliers}], (${seed.supplierIds}::int[])[1 + g % ${suppliers}], 'whatsapp', 'seeded', '',
      l.lines, now() - (g::float8 / ${seed.orders}) * (${seed.days} * interval '1 day'), l.total, 2, 'EUR'
    FROM generate_series(${first}::int, ${last}::int) AS g
    CROSS JOIN LATERAL (
      SELECT jsonb_agg(jsonb_build_object('productId', 1000 + (g % ${suppliers}) * 8 + k, 'name', 'Producto ' || k, 'unit', 'kg',
          'quantity', 1 + (g + k) % 5, 'price', CASE WHEN k < 6 THEN 1.5 + k ELSE NULL END)) AS lines,
        sum(CASE WHEN k < 6 THEN (1 + (g + k) % 5) * (1.5 + k) ELSE 0 END) AS total
      FROM generate_series(0, 7) AS k
    ) AS l`.execute(db);
  }
}
