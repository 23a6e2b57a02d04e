/**
 * The event-loop rule (docs/decisions.md §9.7): no request keeps the event
 * loop busy more than 100 ms. Each heavy endpoint gets its largest allowed
 * request while `GET /api/ping` is asked every 10 ms; the worst and the p95
 * ping time during each are printed beside a baseline with no load, in the
 * same run, with the longest event-loop delay seen (monitorEventLoopDelay).
 *
 *   npx pnpm@10 --filter @reorder/bench bench:event-loop
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ROUNDS=3 …
 *   BENCH_ONLY=account …   (the baseline and the requests whose name holds it)
 *
 * The server runs as its own process (as `npm start` does, on PostgreSQL),
 * so this process's pings are timed by a free event loop, and the longest
 * delay is the server's own: its `reorder_event_loop_delay_seconds{stat="max"}`
 * on `/api/metrics`, read before (which resets it) and after each request.
 * Seeded with SQL: one business with 10 suppliers of 1,000 products (10,000,
 * the CSV export) and 20,000 sent orders of 8 lines (spend by product, the
 * account export).
 */
import { connectDatabase, createMigratedTemplate } from '@reorder/db';
import { LIMITS } from '@reorder/schemas';
import { cleanUp, startServerProcess } from '@reorder/testing';
import { sql } from 'kysely';
import { seedSentOrders } from './seed-sent-orders.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SUPPLIERS = 10;
const PRODUCTS = LIMITS.productsPerSupplier;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const ONLY = process.env.BENCH_ONLY;

const database = await createMigratedTemplate(adminUrl, 'reorder_bench_event_loop');
const METRICS_TOKEN = 'bench-event-loop-metrics-token';
const server = await startServerProcess({ DATABASE_URL: database.url, METRICS_TOKEN });
const t = { api: server.api, url: server.base };
try {
  const { token } = await t.api.register();
  const businessId = (await t.api.get('/api/business', token)).body.data.id as number;
  const suppliers = [];
  for (let i = 0; i < SUPPLIERS; i++) suppliers.push(await t.api.createSupplier(token, { name: `Proveedor ${i + 1}` }));
  // Seeding runs on a connection of its own: the server's has the query timeout (DATABASE_QUERY_TIMEOUT_MS) of requests.
  const seeder = await connectDatabase({ databaseUrl: database.url });
  const db = seeder.db;
  const orderIds = suppliers.map((s) => s.orderId as number);
  const supplierIds = suppliers.map((s) => s.id as number);
  await sql`
    INSERT INTO products (business_id, order_id, name, unit, search_text, sort_key, price, par, note)
    SELECT ${businessId}, o.id, 'Producto ' || o.n || '-' || g, 'kg', 'producto ' || o.n || '-' || g, 'producto ' || o.n || '-' || g,
      1 + (g % 50) / 10.0, g % 12, CASE WHEN g % 3 = 0 THEN 'Nota de ' || g ELSE NULL END
    FROM unnest(${orderIds}::int[]) WITH ORDINALITY AS o(id, n), generate_series(1, ${PRODUCTS}) AS g`.execute(db);
  await seedSentOrders(db, { businessId, orderIds, supplierIds, orders: ORDERS, days: 360 });
  await sql`VACUUM ANALYZE products`.execute(db);
  await sql`VACUUM ANALYZE sent_orders`.execute(db);
  await seeder.close();
  const csv = (await t.api.get('/api/catalogue.csv', token)).text.replace(/^\uFEFF/, '');
  const importCsv = csv.split('\r\n').slice(0, 5001).join('\r\n');

  const ok = async (what: string, res: Promise<{ status: number; text: string }>) => {
    const answer = await res;
    if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  };
  let extra = 0;
  const heavy: Record<string, () => Promise<void>> = {
    baseline: () => new Promise((r) => setTimeout(r, 1000)),
    [`bulk add ${LIMITS.bulkRowsMax} rows`]: async () => {
      const supplier = await t.api.createSupplier(token, { name: `Bulk ${++extra}` });
      const products = Array.from({ length: LIMITS.bulkRowsMax }, (_, i) => ({
        name: `Artículo ${i}`,
        unit: 'ud',
        price: 1.25,
        quantity: 2,
      }));
      await ok('bulk', t.api.post('/api/products/bulk', { orderId: supplier.orderId, products }, token));
    },
    [`CSV export ${SUPPLIERS * PRODUCTS} products`]: () => ok('export', t.api.get('/api/catalogue.csv', token)),
    'spend by product': () => ok('spend', t.api.get('/api/spend?groupBy=product', token)),
    [`account export (${ORDERS} sent orders)`]: () => ok('account export', t.api.get('/api/users/me/export', token)),
    'search products (1,000)': () => ok('search', t.api.get(`/api/products?q=producto&limit=${LIMITS.productsPerSupplier}`, token)),
    'import preview 5,000 rows': () => ok('import preview', t.api.post('/api/catalogue/import', { csv: importCsv, apply: false }, token)),
  };

  /** The server's longest event-loop delay since the last call, in ms (reading the metric resets it). */
  const serverLoopMax = async () => {
    const res = await fetch(`${t.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = (await res.text()).split('\n').find((l) => l.startsWith('reorder_event_loop_delay_seconds{stat="max"}'));
    if (!line) throw new Error(`no event-loop metric (${res.status})`);
    return Number(line.split(' ').at(-1)) * 1000;
  };

  /** Pings every 10 ms while `work` runs; each ping's round trip, and the server's longest event-loop delay meanwhile. */
  const measure = async (work: () => Promise<void>) => {
    const pings: number[] = [];
    const inFlight = new Set<Promise<void>>();
    await serverLoopMax();
    const pinger = setInterval(() => {
      const started = performance.now();
      const ping: Promise<void> = fetch(`${t.url}/api/ping`)
        .then((res) => res.arrayBuffer())
        .then(() => {
          pings.push(performance.now() - started);
        })
        .finally(() => inFlight.delete(ping));
      inFlight.add(ping);
    }, 10);
    try {
      await work();
    } finally {
      clearInterval(pinger);
      await Promise.allSettled([...inFlight]);
    }
    return { pings, loopMax: await serverLoopMax() };
  };

  const results: Record<string, { pings: number[]; loopMax: number }> = {};
  for (let round = -1; round < ROUNDS; round++) {
    for (const [name, work] of Object.entries(heavy)) {
      if (ONLY && name !== 'baseline' && !name.includes(ONLY)) continue;
      const { pings, loopMax } = await measure(work);
      // The first round warms up (JIT, plans, pool) and is not counted.
      if (round < 0) continue;
      const kept = results[name] ?? { pings: [], loopMax: 0 };
      results[name] = kept;
      kept.pings.push(...pings);
      kept.loopMax = Math.max(kept.loopMax, loopMax);
    }
  }
  const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? Number.NaN;
  console.log(`\nGET /api/ping every 10 ms beside each request, PostgreSQL, ${ROUNDS} rounds (after a warm-up)\n`);
  console.log('| request | pings | worst ping | p95 ping | longest event-loop delay |');
  console.log('|---|---|---|---|---|');
  for (const [name, { pings, loopMax }] of Object.entries(results)) {
    console.log(
      `| ${name} | ${pings.length} | ${Math.max(...pings).toFixed(0)} ms | ${p95(pings).toFixed(0)} ms | ${loopMax.toFixed(0)} ms |`,
    );
  }
} finally {
  // Stopped as an operator stops it (a profile taken with --cpu-prof is written then).
  server.running.child.kill('SIGTERM');
  await server.running.exited;
  cleanUp();
  await database.drop();
}
