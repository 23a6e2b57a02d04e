import { useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Spend by product reads `sent_lines` and `sent_line_days`, kept by
 * triggers on `sent_orders` (migration 2026_11_28_180000): its groups are
 * the ones summing every sent line's JSON gives, for ranges of whole days,
 * of hours at their ends and of a single day, after orders are sent, moved
 * in time and deleted with their supplier.
 */
const t = useDomain();
type Owner = Awaited<ReturnType<typeof t.domain.owner>>;
let owner: Owner;
let businessId: number;

/** What spend by product answered before the tables: every line read from each sent order's JSON. */
async function fromJson(from: string, to: string) {
  const { rows } = await sql<{ product_id: number; name: string; total: number; orders: number }>`
    SELECT l."productId" AS product_id, (array_agg(l.name ORDER BY so.sent_at DESC))[1] AS name,
      coalesce(sum(l.quantity * l.price), 0)::float8 AS total, count(DISTINCT so.id)::int AS orders
    FROM sent_orders so
    CROSS JOIN LATERAL jsonb_to_recordset(so.lines) AS l("productId" int, name text, quantity numeric, price numeric)
    WHERE so.business_id = ${businessId} AND so.sent_at >= (${from}::date)::timestamp AT TIME ZONE ${ZONE}
      AND so.sent_at < (${to}::date + 1)::timestamp AT TIME ZONE ${ZONE}
    GROUP BY 1`.execute(t.domain.deps.db);
  return rows
    .map((row) => ({ key: String(row.product_id), label: row.name, total: Math.round(row.total * 10_000) / 10_000, orders: row.orders }))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label) || Number(a.key) - Number(b.key));
}

/** The owner's zone: its days begin at 04:00 or 05:00 UTC, so a range has hours of UTC days at both ends. */
const ZONE = 'America/New_York';

/** The ranges asked: months, one day, an empty month. */
const RANGES = [
  ['2026-09-01', '2026-11-30'],
  ['2026-10-02', '2026-10-02'],
  ['2026-10-01', '2026-10-31'],
  ['2026-12-01', '2026-12-31'],
] as const;

async function expectSameAsJson() {
  for (const [from, to] of RANGES) {
    const answer = await owner.api.spend.get({ from, to, groupBy: 'product' });
    const expected = await fromJson(from, to);
    expect(answer.groups, `${from}..${to}`).toEqual(expected);
  }
}

beforeAll(async () => {
  owner = await t.domain.owner({ businessName: 'Bodega' });
  await sql`UPDATE users SET time_zone = ${ZONE} WHERE id = ${owner.user.id}`.execute(t.domain.deps.db);
  businessId = (
    await sql<{ id: number }>`SELECT business_id AS id FROM memberships WHERE user_id = ${owner.user.id}`.execute(t.domain.deps.db)
  ).rows[0]!.id;
  const supplier = (name: string) =>
    owner.api.suppliers.create({ name, contactName: '', messageService: 'email', contactInfo: 'x@example.com', note: '' });
  const [fruit, dairy] = [await supplier('Frutas'), await supplier('Lácteos')];
  // 60 sends every 37 hours from 1 September, hours into the day at both ends of a range; names change over time.
  await sql`INSERT INTO sent_orders (business_id, order_id, supplier_id, channel, text, introduce, lines, sent_at, total, unpriced_lines, currency)
    SELECT ${businessId}::int, CASE WHEN g % 2 = 0 THEN ${fruit.orderId}::int ELSE ${dairy.orderId}::int END,
      CASE WHEN g % 2 = 0 THEN ${fruit.id}::int ELSE ${dairy.id}::int END, 'email', 'seeded', '', l.lines,
      timestamptz '2026-09-01 05:00Z' + g * interval '37 hours', 0, 0, 'EUR'
    FROM generate_series(0, 59) AS g
    CROSS JOIN LATERAL (
      SELECT jsonb_agg(jsonb_build_object('productId', 500 + (g % 2) * 10 + k, 'name', 'Item ' || k || CASE WHEN g > 30 THEN ' nuevo' ELSE '' END,
        'unit', 'kg', 'quantity', 0.5 + (g + k) % 4, 'price', CASE WHEN k < 2 THEN 1.1 * (k + 1) + g / 100.0 END)) AS lines
      FROM generate_series(0, 2) AS k
    ) l`.execute(t.domain.deps.db);
  // One send through the API, beside them.
  await owner.api.products.bulk({ orderId: fruit.orderId, products: [{ name: 'Limones', unit: 'kg', price: 2.35, quantity: 3 }] });
  await owner.api.orders.send({ id: fruit.orderId });
  await sql`UPDATE sent_orders SET sent_at = '2026-10-02T12:00:00Z' WHERE id = (SELECT max(id) FROM sent_orders WHERE business_id = ${businessId})`.execute(
    t.domain.deps.db,
  );
});

describe('spend by product from the sent lines', () => {
  it('answers what every sent line gives, for whole days, partial ones and a single day', async () => {
    const october = await owner.api.spend.get({ from: '2026-10-01', to: '2026-10-31', groupBy: 'product' });
    expect(october.groups.length).toBeGreaterThan(5);
    expect(october.groups.some((g) => g.label === 'Limones')).toBe(true);
    await expectSameAsJson();
  });

  it('follows sends moved in time, and those deleted with their supplier', async () => {
    await sql`UPDATE sent_orders SET sent_at = sent_at + interval '30 days' WHERE business_id = ${businessId} AND id % 3 = 0`.execute(
      t.domain.deps.db,
    );
    await expectSameAsJson();
    const [dairy] = (await owner.api.suppliers.list({})).filter((s) => s.name === 'Lácteos');
    await owner.api.suppliers.delete({ id: dairy!.id });
    await expectSameAsJson();
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM sent_line_days WHERE business_id = ${businessId} AND orders <= 0`.execute(t.domain.deps.db);
    expect(rows[0]!.n).toBe(0);
  });
});
