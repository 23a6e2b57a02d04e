import { businessIdOf, useTestServer } from '@reorder/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * `GET /api/spend` reads tables kept by triggers on `sent_orders`: by
 * product `sent_lines`, `sent_line_days` and `sent_line_months`, by month,
 * week and supplier `sent_supplier_days` (migrations 2026_11_28_180000 and
 * 190000), on PGlite and PostgreSQL alike. Its answers are those reading
 * every sent order (and every line's JSON) gives, after sends placed in
 * time, moved, and deleted with their supplier, and in other time zones.
 */
const t = useTestServer();
let ZONE = 'America/New_York';
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

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const largestFirst = (a: { total: number; label: string }, b: { total: number; label: string }) =>
  b.total - a.total || a.label.localeCompare(b.label);

/**
 * What spend by month, week and supplier answered before `sent_supplier_days`:
 * every sent order of the range grouped by the owner's period and supplier,
 * the float sums taken in the order of those rows.
 */
async function fromOrders(from: string, to: string, groupBy: 'month' | 'week' | 'supplier', keys: string[]) {
  const unit = groupBy === 'week' ? 'week' : 'month';
  const { rows } = await sql<{ key: string; supplier_id: number; name: string | null; total: number; unpriced: number; orders: number }>`
    SELECT to_char(g.period, ${unit === 'week' ? 'IYYY-"W"IW' : 'YYYY-MM'}) AS key, g.supplier_id, s.name, g.total, g.unpriced, g.orders
    FROM (
      SELECT date_trunc(${unit}, so.sent_at AT TIME ZONE ${ZONE}) AS period, so.supplier_id,
        sum(so.total)::float8 AS total, sum(so.unpriced_lines)::int AS unpriced, count(*)::int AS orders
      FROM sent_orders so
      WHERE so.business_id = ${businessId} AND so.sent_at >= (${from}::date)::timestamp AT TIME ZONE ${ZONE}
        AND so.sent_at < (${to}::date + 1)::timestamp AT TIME ZONE ${ZONE}
      GROUP BY 1, 2
    ) g LEFT JOIN suppliers s ON s.id = g.supplier_id
    ORDER BY g.period, g.supplier_id`.execute(t.server.deps.db);
  const sum = (of: typeof rows, field: 'total' | 'orders' | 'unpriced') => of.reduce((total, row) => total + row[field], 0);
  const label = (row: (typeof rows)[number]) => row.name ?? '—';
  let groups: unknown[];
  if (groupBy === 'supplier') {
    const ids = [...new Set(rows.map((row) => row.supplier_id))];
    groups = ids
      .map((id) => {
        const of = rows.filter((row) => row.supplier_id === id);
        return { key: String(id), label: label(of[0]!), total: round4(sum(of, 'total')), orders: sum(of, 'orders') };
      })
      .sort(largestFirst);
  } else {
    groups = keys.map((key) => {
      const of = rows.filter((row) => row.key === key);
      const suppliers = of.map((row) => ({ key: String(row.supplier_id), label: label(row), total: round4(row.total) })).sort(largestFirst);
      return { key, total: round4(sum(of, 'total')), orders: sum(of, 'orders'), suppliers };
    });
  }
  return { total: round4(sum(rows, 'total')), unpricedLines: sum(rows, 'unpriced'), groups };
}

const RANGES = [
  ['2026-09-01', '2026-11-30'],
  ['2026-10-02', '2026-10-02'],
  ['2026-10-01', '2026-10-31'],
  ['2026-09-07', '2026-11-08'],
  ['2026-10-31', '2026-11-02'],
] as const;

async function expectSameAsJson(ranges: readonly (readonly [string, string])[] = RANGES) {
  for (const [from, to] of ranges) {
    const res = await t.api.get(`/api/spend?from=${from}&to=${to}&groupBy=product`, token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.groups, `${ZONE} ${from}..${to}`).toEqual(await fromJson(from, to));
    for (const groupBy of ['month', 'week', 'supplier'] as const) {
      const { data } = (await t.api.get(`/api/spend?from=${from}&to=${to}&groupBy=${groupBy}`, token)).body;
      const keys = data.groups.map((g: { key: string }) => g.key);
      const answered = {
        total: data.total,
        unpricedLines: data.unpricedLines,
        groups: groupBy === 'supplier' ? data.groups : data.groups.map(({ label: _, ...g }: { label: string }) => g),
      };
      expect(answered, `${ZONE} ${from}..${to} by ${groupBy}`).toEqual(await fromOrders(from, to, groupBy, keys));
    }
  }
}

/** The owner's time zone is the business's: its months and weeks change with it. */
async function moveTo(zone: string, ownerId: number) {
  ZONE = zone;
  await sql`UPDATE users SET time_zone = ${zone} WHERE id = ${ownerId}`.execute(t.server.deps.db);
}

let dairyId: number;
let ownerId: number;
beforeAll(async () => {
  const owner = await t.api.register({ businessName: 'Bodega' });
  token = owner.token;
  ownerId = owner.user.id;
  await moveTo(ZONE, ownerId);
  businessId = await businessIdOf(t.server.deps.db, owner.user.id);
  const fruit = await t.api.createSupplier(token, { name: 'Frutas' });
  const dairy = await t.api.createSupplier(token, { name: 'Lácteos' });
  dairyId = dairy.id;
  await sql`INSERT INTO sent_orders (business_id, order_id, supplier_id, channel, text, introduce, lines, sent_at, total, unpriced_lines, currency)
    SELECT ${businessId}::int, CASE WHEN g % 2 = 0 THEN ${fruit.orderId}::int ELSE ${dairy.orderId}::int END,
      CASE WHEN g % 2 = 0 THEN ${fruit.id}::int ELSE ${dairy.id}::int END, 'email', 'seeded', '', l.lines,
      coalesce(at.at, timestamptz '2026-09-01 05:00Z' + g * interval '37 hours'), l.total, 1, 'EUR'
    FROM generate_series(0, 63) AS g
    -- Beside the hours of Kolkata's midnight (18:30 UTC) and Havana's first and second midnights of 1 November.
    LEFT JOIN (VALUES (60, timestamptz '2026-09-30 18:00Z'), (61, '2026-09-30 19:00Z'), (62, '2026-11-01 03:30Z'), (63, '2026-11-01 04:30Z'))
      AS at (n, at) ON at.n = g
    CROSS JOIN LATERAL (
      SELECT jsonb_agg(jsonb_build_object('productId', 500 + (g % 2) * 10 + k, 'name', 'Item ' || k || CASE WHEN g > 30 THEN ' nuevo' ELSE '' END,
        'unit', 'kg', 'quantity', 0.5 + (g + k) % 4, 'price', CASE WHEN k < 2 THEN 1.1 * (k + 1) + g / 100.0 END)) AS lines,
        coalesce(sum((0.5 + (g + k) % 4) * (1.1 * (k + 1) + g / 100.0)) FILTER (WHERE k < 2), 0) AS total
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

describe('GET /spend', () => {
  it('answers what every sent order and line gives, after sends, moves, other time zones and a deleted supplier', async () => {
    const october = await t.api.get('/api/spend?from=2026-10-01&to=2026-10-31&groupBy=product', token);
    expect(october.body.data.groups.map((g: { label: string }) => g.label)).toContain('Limones');
    await expectSameAsJson();
    await sql`UPDATE sent_orders SET sent_at = sent_at + interval '30 days' WHERE business_id = ${businessId} AND id % 3 = 0`.execute(
      t.server.deps.db,
    );
    await expectSameAsJson();
    // A change that moves nothing (a supplier's answer, a sender gone) leaves the tables alone.
    await sql`UPDATE sent_orders SET text = text || '' WHERE business_id = ${businessId}`.execute(t.server.deps.db);
    // Midnight in India is 18:30 UTC; Havana's clocks go back from 1:00 to midnight on 1 November, a month's first day;
    // Madrid's is at 22:00 or 23:00 UTC, Auckland's at 11:00 or 12:00 the day before.
    for (const zone of ['Asia/Kolkata', 'America/Havana', 'Europe/Madrid', 'Pacific/Auckland', 'UTC']) {
      await moveTo(zone, ownerId);
      await expectSameAsJson([RANGES[0], RANGES[4]]);
    }
    await moveTo('America/New_York', ownerId);
    expect((await t.api.delete(`/api/suppliers/${dairyId}`, token)).status).toBe(200);
    await expectSameAsJson();
    // A day (or month) whose sends are all gone leaves no row behind.
    const { rows } = await sql<{ n: number }>`SELECT (
        (SELECT count(*) FROM sent_line_days WHERE business_id = ${businessId} AND orders <= 0)
        + (SELECT count(*) FROM sent_line_months WHERE business_id = ${businessId} AND orders <= 0)
        + (SELECT count(*) FROM sent_supplier_days WHERE business_id = ${businessId} AND orders <= 0))::int AS n`.execute(t.server.deps.db);
    expect(rows[0]!.n).toBe(0);
  });
});
