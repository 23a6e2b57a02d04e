/**
 * Search latency at scale (issue 2): the median time of
 *   GET /api/suppliers?q=             for an account with 1,000 suppliers
 *   GET /api/products?orderId=&q=     for the same account's 100,000 products
 * in a database that also holds many other accounts, measured over HTTP
 * against the built server (services/server/dist/main.js, in a process of
 * its own with its Node flags, as npm start runs it; npm run build first),
 * with two baselines from the same run
 * (HEAD /api/ping, and GET /api/users/me which does the token check and one
 * indexed row lookup) so the ratios mean something on a noisy machine.
 * Each request carries its own X-Request-Id, and the server's log (kept in
 * the run's data folder) gives the server's own time for it: the client's
 * share is the difference.
 *
 *   pnpm bench                                  # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... pnpm bench # PostgreSQL (a fresh database is made from it)
 *   BENCH_ITERATIONS=300 BENCH_OTHER_ACCOUNTS=50 pnpm bench
 *   BENCH_OTHER_ACCOUNTS=450 ...                 # 1,000,000 products in all (other accounts are seeded with SQL)
 *   BENCH_KEEP=1 ...                             # keep the PostgreSQL database afterwards (to EXPLAIN against it)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, createScratchDatabase, type Database, type NewProduct } from '@reorder/db';
import { normalizeSearchText } from '@reorder/schemas';
import { type Kysely, sql } from 'kysely';
import { BENCH_PASSWORD } from './accounts.ts';
import { freePort, requireBuiltServer, startBuiltServer } from './processes.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const SUPPLIERS = 1000;
const PRODUCTS_PER_SUPPLIER = 100;
const OTHER_ACCOUNTS = Number(process.env.BENCH_OTHER_ACCOUNTS ?? 30);
const OTHER_SUPPLIERS = 50;
const OTHER_PRODUCTS_PER_SUPPLIER = 40;

const WORDS = [
  'Tomate',
  'Jamón',
  'Queso',
  'Leche',
  'Harina',
  'Azúcar',
  'Café',
  'Té',
  'Aceite',
  'Pan',
  'Huevos',
  'Manzana',
  'Pera',
  'Limón',
  'Naranja',
  'Pimiento',
  'Cebolla',
  'Ajo',
  'Patata',
  'Arroz',
  'Pasta',
  'Atún',
  'Salmón',
  'Pollo',
  'Ternera',
  'Cerdo',
  'Chorizo',
  'Yogur',
  'Mantequilla',
  'Nata',
];
const QUALIFIERS = ['ibérico', 'ecológico', 'fresco', 'curado', 'integral', 'premium', 'del día', 'extra', 'bio', 'artesano'];
const COMPANIES = [
  'Distribuciones',
  'Frutas',
  'Lácteos',
  'Carnes',
  'Panadería',
  'Pescados',
  'Bebidas',
  'Congelados',
  'Ultramarinos',
  'Mayorista',
];

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

/** Inserts an account's suppliers, orders and products in large batches (straight SQL, same derived columns as the API). */
async function seedAccount(db: Kysely<Database>, userId: number, suppliers: number, productsPerSupplier: number) {
  const supplierRows = Array.from({ length: suppliers }, (_, i) => {
    const name = `${pick(COMPANIES, i)} ${pick(WORDS, i * 7)} ${i + 1}`;
    const contactName = `Contacto ${pick(QUALIFIERS, i)} ${i}`;
    const contactInfo = `+34 6${String(10_000_000 + i * 7919).slice(0, 8)}`;
    return {
      user_id: userId,
      name,
      contact_name: contactName,
      message_service: 'whatsapp',
      contact_info: contactInfo,
      note: '',
      search_text: normalizeSearchText([name, contactName, contactInfo].join(' \u001f ')),
      sort_key: normalizeSearchText(name),
    };
  });
  const orderIds: number[] = [];
  for (let i = 0; i < supplierRows.length; i += 1000) {
    const inserted = await db
      .insertInto('suppliers')
      .values(supplierRows.slice(i, i + 1000))
      .returning('id')
      .execute();
    const orders = await db
      .insertInto('orders')
      .values(inserted.map((s) => ({ user_id: userId, supplier_id: s.id, introduce: '' })))
      .returning('id')
      .execute();
    orderIds.push(...orders.map((o) => o.id));
  }
  const batch: NewProduct[] = [];
  const flush = async () => {
    if (batch.length) await db.insertInto('products').values(batch.splice(0)).execute();
  };
  let n = 0;
  for (const orderId of orderIds) {
    for (let j = 0; j < productsPerSupplier; j++, n++) {
      const name = `${pick(WORDS, n)} ${pick(QUALIFIERS, n * 3 + j)} ${n % 997}`;
      const key = normalizeSearchText(name);
      batch.push({ user_id: userId, order_id: orderId, name, unit: pick(['Kg', 'L', 'ud', 'caja'], n), search_text: key, sort_key: key });
      if (batch.length >= 5000) await flush();
    }
  }
  await flush();
  return orderIds;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] as number };
}

interface Sample {
  ms: number;
  bytes: number;
  count: number;
  /** The X-Request-Id it was sent with: its line in the server's log gives the server's own time. */
  id: string;
}

let requests = 0;
async function time(url: string, init: RequestInit): Promise<Sample> {
  const id = `bench-${++requests}`;
  const started = performance.now();
  const res = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-request-id': id } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  const data = text ? JSON.parse(text).data : null;
  return { ms, bytes: text.length, count: Array.isArray(data) ? data.length : 0, id };
}

/** Each request's own time in the server, from its log line (request id to `ms`: from its first byte to its last one handed to the socket). */
function serverTimes(logFile: string): Map<string, number> {
  const times = new Map<string, number>();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; requestId?: string; ms?: number };
    if (entry.msg === 'request' && entry.requestId && entry.ms !== undefined) times.set(entry.requestId, entry.ms);
  }
  return times;
}

/** The owner's orders have a quantity on every third product, as an account that orders has (0 once an order was cleared). */
async function seedQuantities(db: Kysely<Database>, userId: number) {
  await sql`INSERT INTO order_quantities (order_id, product_id, user_id, quantity)
    SELECT order_id, id, user_id, id % 4 FROM products WHERE user_id = ${userId} AND id % 3 = 0`.execute(db);
}

async function main() {
  requireBuiltServer();
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = adminUrl ? await createScratchDatabase(adminUrl, 'reorder_bench') : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reorder-bench-'));
  // The built server in a process of its own, with its own Node flags, as npm start runs it.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-long-enough-for-hs256-signing!!',
    NODE_ENV: 'production',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  let server = await startBuiltServer(env, port, [], logFile);
  const kind = database ? 'postgres' : 'pglite';
  const api = `${server.url}/api`;
  try {
    const seedStarted = performance.now();
    const res = await fetch(`${api}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessName: 'Bench', fullName: 'Bench Owner', email: 'owner@bench.test', password: BENCH_PASSWORD }),
    });
    const registered = (await res.json()) as { code: number; message: string; data: { token: string; user: { id: number } } };
    if (registered.code !== 1) throw new Error(`register: ${res.status} ${registered.message}`);
    const owner = registered.data;
    // The data goes in with SQL, beside the server on PostgreSQL; PGlite is one process's, so the server stops meanwhile.
    if (kind === 'pglite') await server.stop();
    const seeding = await connectDatabase(database ? { databaseUrl: database.url } : { dataDir: path.join(dataDir, 'pglite') });
    const db = seeding.db;
    // The other accounts go in with SQL too: registering hundreds through the API meets its rate limit.
    for (let a = 0; a < OTHER_ACCOUNTS; a++) {
      const email = `other${a}@bench.test`;
      const other = await db
        .insertInto('users')
        .values({
          username: email,
          email,
          password_hash: null,
          business_name: `Other ${a}`,
          full_name: `Other Owner ${a}`,
          language: 'es',
          google_id: null,
          facebook_id: null,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await seedAccount(db, other.id, OTHER_SUPPLIERS, OTHER_PRODUCTS_PER_SUPPLIER);
    }
    const orderIds = await seedAccount(db, owner.user.id, SUPPLIERS, PRODUCTS_PER_SUPPLIER);
    await seedQuantities(db, owner.user.id);
    // The steady state autovacuum keeps: statistics, GIN pending lists merged, the visibility map set.
    await sql`VACUUM ANALYZE`.execute(db);
    await seeding.close();
    if (kind === 'pglite') server = await startBuiltServer(env, port, [], logFile);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const totalProducts = OTHER_ACCOUNTS * OTHER_SUPPLIERS * OTHER_PRODUCTS_PER_SUPPLIER + SUPPLIERS * PRODUCTS_PER_SUPPLIER;

    const headers = { authorization: `Bearer ${owner.token}` };
    const supplierQueries = ['', 'jamon', 'FRUTAS', 'lácteos 5', '+34 61', 'zzz-no-match', 'contacto bio'];
    const productQueries = ['', 'jamon', 'iberico', 'cafe premium', 'zzz-no-match', 'te'];
    // The whole-account search, each query on its own: which words cost what.
    const byQuery: Record<string, Sample[]> = {};
    const cases: Record<string, () => Promise<Sample>> = {
      'HEAD /api/ping (baseline)': () => time(`${api}/ping`, { method: 'HEAD' }),
      'GET /api/users/me (baseline: auth + 1 row)': () => time(`${api}/users/me`, { headers }),
      'GET /api/suppliers?q=': (() => {
        let i = 0;
        return () => time(`${api}/suppliers?q=${encodeURIComponent(pick(supplierQueries, i++))}`, { headers });
      })(),
      'GET /api/products?q= (whole account)': (() => {
        let i = 0;
        return async () => {
          const q = pick(productQueries.slice(1), i++);
          const result = await time(`${api}/products?q=${encodeURIComponent(q)}`, { headers });
          byQuery[q] = [...(byQuery[q] ?? []), result];
          return result;
        };
      })(),
      'GET /api/products?orderId=&q=': (() => {
        let i = 0;
        return () => {
          const orderId = pick(orderIds, (i * 7919) % orderIds.length);
          return time(`${api}/products?orderId=${orderId}&q=${encodeURIComponent(pick(productQueries, i++))}`, { headers });
        };
      })(),
    };
    // Warm up every path (JIT, plans, caches) before measuring.
    for (const run of Object.values(cases)) for (let i = 0; i < 20; i++) await run();
    // Interleave the cases so a slow moment of the machine hits them all alike.
    for (const list of Object.values(byQuery)) list.length = 0;
    const results: Record<string, Sample[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (let i = 0; i < ITERATIONS; i++) {
      for (const [name, run] of Object.entries(cases)) results[name]!.push(await run());
    }
    // Stopped before its log is read, so every line has been written.
    await server.stop();
    const inServer = serverTimes(logFile);
    const serverMedian = (list: Sample[]) => {
      const found = list.flatMap((r) => inServer.get(r.id) ?? []);
      if (found.length < list.length) throw new Error(`${list.length - found.length} requests have no line in the server's log`);
      return stats(found).median;
    };

    const baseline = stats(results['GET /api/users/me (baseline: auth + 1 row)']!.map((r) => r.ms)).median;
    console.log(
      `\nSearch latency — ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, the built server, ${ITERATIONS} requests per row, sequential, over HTTP on loopback`,
    );
    console.log(
      `Data: target account ${SUPPLIERS} suppliers / ${SUPPLIERS * PRODUCTS_PER_SUPPLIER} products (a third with a quantity); ${OTHER_ACCOUNTS} other accounts; ${totalProducts} products in all (seeded in ${seedSeconds.toFixed(1)} s)\n`,
    );
    console.log('| request | median ms | p95 ms | min ms | × users/me | in the server, median ms | avg rows |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [name, list] of Object.entries(results)) {
      const s = stats(list.map((r) => r.ms));
      const rows = list.reduce((n, x) => n + x.count, 0) / list.length;
      console.log(
        `| ${name} | ${s.median.toFixed(2)} | ${s.p95.toFixed(2)} | ${s.min.toFixed(2)} | ${(s.median / baseline).toFixed(2)} | ${serverMedian(list).toFixed(2)} | ${rows.toFixed(1)} |`,
      );
    }
    console.log('\n| whole-account products?q= | median ms | × users/me | in the server, median ms | rows |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [q, list] of Object.entries(byQuery)) {
      const s = stats(list.map((r) => r.ms));
      console.log(
        `| "${q}" | ${s.median.toFixed(2)} | ${(s.median / baseline).toFixed(2)} | ${serverMedian(list).toFixed(2)} | ${list[0]?.count ?? 0} |`,
      );
    }
    console.log(
      '\n"In the server": from the request\'s first byte to its answer\'s last one handed to the socket, as its log line says (by X-Request-Id).',
    );
    console.log(
      '\n(queries cycle through: suppliers q =',
      JSON.stringify(supplierQueries),
      '; products q =',
      JSON.stringify(productQueries),
      'over random orders)',
    );
  } finally {
    await server.stop();
    if (process.env.BENCH_KEEP && database) console.log(`\nKept the database (BENCH_KEEP): ${database.url}`);
    else await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
