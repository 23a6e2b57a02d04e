import { businessIdOf, useTestServer } from '@reorder/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * `GET /api/spend?groupBy=product` reads `sent_lines` and `sent_line_days`,
 * kept by triggers on `sent_orders` (migration 2026_11_28_180000), on
 * PGlite and PostgreSQL alike: its groups are those summing every sent
 * line's JSON gives, after sends placed in time, moved, and deleted with
 * their supplier.
 */
const t = useTestServer();
const ZONE = 'America/New_York';
let token: string;
let businessId: number;

/** What spend by product answered before the tables: every line read from each sent order's JSON, in the owner's days. */
async function fromJson(from: string, to: string) {
  const { rows } = await sql<{ product_id: number; name: string; total: number; orders: number }>`
    SELECT l."productId" AS product_id, (array_agg(l.name ORDER BY so.sent_at DESC))[1] AS name,
      coalesce(sum(l.quantity * l.price), 0)::float8 AS total, count(DISTINCT so.id)::int AS orders
    FROM sent_orders so
    CROSS JOIN LATERAL jsonb_to_recordset(so.lines) AS l("productId" int, name text, quantity numeric, price numeric)
    WHERE so.business_id = ${businessId} AND so.sent_at >= (${from}::date)::timestamp AT TIME ZONE ${ZONE}
      AND so.sent_at < (${to}::date + 1)::timestamp AT TIME ZONE ${ZONE}
    GROUP BY 1`.execute(t.server.deps.db);
  return rows
    .map((row) => ({ key: String(row.product_id), label: row.name, total: Math.round(row.total * 10_000) / 10_000, orders: row.orders }))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label) || Number(a.key) - Number(b.key));
}

async function expectSameAsJson() {
  for (const [from, to] of [
    ['2026-09-01', '2026-11-30'],
    ['2026-10-02', '2026-10-02'],
    ['2026-10-01', '2026-10-31'],
  ] as const) {
    const res = await t.api.get(`/api/spend?from=${from}&to=${to}&groupBy=product`, token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.groups, `${from}..${to}`).toEqual(await fromJson(from, to));
  }
}

let dairyId: number;
beforeAll(async () => {
  const owner = await t.api.register({ businessName: 'Bodega' });
  token = owner.token;
  await sql`UPDATE users SET time_zone = ${ZONE} WHERE id = ${owner.user.id}`.execute(t.server.deps.db);
  businessId = await businessIdOf(t.server.deps.db, owner.user.id);
  const fruit = await t.api.createSupplier(token, { name: 'Frutas' });
  const dairy = await t.api.createSupplier(token, { name: 'Lácteos' });
  dairyId = dairy.id;
  await sql`INSERT INTO sent_orders (business_id, order_id, supplier_id, channel, text, introduce, lines, sent_at, total, unpriced_lines, currency)
    SELECT ${businessId}::int, CASE WHEN g % 2 = 0 THEN ${fruit.orderId}::int ELSE ${dairy.orderId}::int END,
      CASE WHEN g % 2 = 0 THEN ${fruit.id}::int ELSE ${dairy.id}::int END, 'email', 'seeded', '', l.lines,
      timestamptz '2026-09-01 05:00Z' + g * interval '37 hours', 0, 0, 'EUR'
    FROM generate_series(0, 59) AS g
    CROSS JOIN LATERAL (
      SELECT jsonb_agg(jsonb_build_object('productId', 500 + (g % 2) * 10 + k, 'name', 'Item ' || k || CASE WHEN g > 30 THEN ' nuevo' ELSE '' END,
        'unit', 'kg', 'quantity', 0.5 + (g + k) % 4, 'price', CASE WHEN k < 2 THEN 1.1 * (k + 1) + g / 100.0 END)) AS lines
      FROM generate_series(0, 2) AS k
    ) l`.execute(t.server.deps.db);
  const res = await t.api.post(
    '/api/products/bulk',
    { orderId: fruit.orderId, products: [{ name: 'Limones', unit: 'kg', price: 2.35, quantity: 3 }] },
    token,
  );
  expect(res.status, res.text).toBe(200);
  const sent = await t.api.post(`/api/orders/${fruit.orderId}/send`, {}, token);
  expect(sent.status, sent.text).toBe(200);
  await sql`UPDATE sent_orders SET sent_at = '2026-10-02T12:00:00Z' WHERE id = ${sent.body.data.id}`.execute(t.server.deps.db);
});

describe('GET /spend?groupBy=product', () => {
  it('answers what every sent line gives, after sends, moves and a deleted supplier', async () => {
    const october = await t.api.get('/api/spend?from=2026-10-01&to=2026-10-31&groupBy=product', token);
    expect(october.body.data.groups.map((g: { label: string }) => g.label)).toContain('Limones');
    await expectSameAsJson();
    await sql`UPDATE sent_orders SET sent_at = sent_at + interval '30 days' WHERE business_id = ${businessId} AND id % 3 = 0`.execute(
      t.server.deps.db,
    );
    await expectSameAsJson();
    expect((await t.api.delete(`/api/suppliers/${dairyId}`, token)).status).toBe(200);
    await expectSameAsJson();
    // A day whose sends are all gone leaves no row behind.
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM sent_line_days WHERE business_id = ${businessId} AND orders <= 0`.execute(t.server.deps.db);
    expect(rows[0]!.n).toBe(0);
  });
});
