/**
 * Spend at 100,000 sent orders in one business (issue "Money"): the
 * `GET /spend` answers against the cheapest signed-in call, in the same run.
 *
 *   npx pnpm@10 --filter @reorder/bench bench:spend
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ROUNDS=30 BENCH_ORDERS=100000 …
 *
 * One business with 20 suppliers and 100,000 sent orders seeded with SQL
 * over the two years up to now, each with 8 lines (6 priced) and its kept
 * total, as the server writes them; its owner in `BENCH_ZONE` (UTC unless
 * told: Europe/Madrid's months start at 22:00 or 23:00 UTC, in a day read
 * order by order). Then, rotated round by round, over HTTP:
 * - `floor`: `GET /api/business` (session, business, one row: the cheapest signed-in call);
 * - `month`: `GET /api/spend` as the Spend screen asks (the last 12 months by month, per supplier);
 * - `supplier`, `week`: the same range by supplier, by week;
 * - `product`: the same range by product (every sent line of the range read).
 * Medians, and each one's ratio to `floor`.
 */
import { connectDatabase, createMigratedTemplate } from '@reorder/db';
import { startTestServer } from '@reorder/testing';
import { sql } from 'kysely';
import { printMedians, timeRounds } from './rounds.ts';
import { seedSentOrders } from './seed-sent-orders.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SUPPLIERS = 20;
const ZONE = process.env.BENCH_ZONE ?? 'UTC';

const database = await createMigratedTemplate(adminUrl, 'reorder_bench_spend');
const t = await startTestServer({ databaseUrl: database.url });
try {
  const { token } = await t.api.register({ timeZone: ZONE });
  const businessId = (await t.api.get('/api/business', token)).body.data.id as number;
  const suppliers = [];
  for (let i = 0; i < SUPPLIERS; i++) suppliers.push(await t.api.createSupplier(token, { name: `Proveedor ${i + 1}` }));
  const db = t.server.deps.db;
  const seeded = performance.now();
  const supplierIds = suppliers.map((s) => s.id as number);
  const orderIds = suppliers.map((s) => s.orderId as number);
  // Lines: 8 products per order, ids 1..160 per supplier block, 6 of them priced.
  // Through a connection of its own: the server's has a query timeout (3.5 s) that a loaded machine's seed outlives.
  const seeding = await connectDatabase({ databaseUrl: database.url });
  await seedSentOrders(seeding.db, { businessId, orderIds, supplierIds, orders: ORDERS, days: 730 });
  // What autovacuum does to a table at rest: statistics, and the visibility map an index-only scan needs.
  await sql`VACUUM ANALYZE sent_orders, sent_lines, sent_line_days, sent_supplier_days, sent_line_months`.execute(seeding.db);
  await seeding.close();
  console.log(`seeded ${ORDERS} sent orders in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const call = (path: string, check: (data: Record<string, unknown>) => boolean) => async () => {
    const res = await t.api.get(path, token);
    if (res.status !== 200 || !check(res.body.data)) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
  };
  const groups = (n: number) => (data: Record<string, unknown>) => (data.groups as unknown[]).length >= n;
  const ways: Record<string, (round: number) => Promise<void>> = {
    floor: call('/api/business', (data) => data.id === businessId),
    month: call('/api/spend', groups(12)),
    supplier: call('/api/spend?groupBy=supplier', groups(SUPPLIERS)),
    // The default range starts on the first of the month 11 months back: 48 weeks or more (49 on 1 December).
    week: call('/api/spend?groupBy=week', groups(48)),
    product: call('/api/spend?groupBy=product', groups(SUPPLIERS * 8)),
  };
  const medians = await timeRounds(ways, ROUNDS);
  const inRange = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sent_orders
    WHERE business_id = ${businessId} AND sent_at > now() - interval '365 days'`.execute(db);
  printMedians(
    `GET /api/spend, ${ORDERS} sent orders in one business (${inRange.rows[0]?.n} in the last 12 months, owner in ${ZONE}), PostgreSQL, ${ROUNDS} rounds over HTTP (medians)`,
    medians,
    'floor',
    'call',
  );
} finally {
  await t.close();
  // BENCH_KEEP=1 leaves the database for EXPLAIN (its name is printed).
  if (process.env.BENCH_KEEP) console.log(`kept ${database.url}`);
  else await database.drop();
}
