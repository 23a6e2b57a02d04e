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
 *
 * On PostgreSQL each word is also searched just after a change to the
 * business (a row in `product_list_changes`, as any write adds), so the
 * kept page does not hold and the search reads afresh: "after a change".
 *   BENCH_DATABASE_PREFIX=h_me ...               # how the scratch database's name starts (reorder_bench)
 *   BENCH_CLIENT=http ...                        # node:http as the client instead of fetch
 *   BENCH_COMPARE_DIR=/path/to/other/checkout ... # that checkout's built server too, on its own copy of the same rows,
 *                                                 # alternately with this one; BENCH_COMPARE_NODE_ARGS sets its Node flags
 *                                                 # (default: its services/server/node-args.json, else Node's defaults)
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { connectDatabase, createScratchDatabase, type Database, type NewProduct } from '@reorder/db';
import { normalizeSearchText } from '@reorder/schemas';
import { type Kysely, sql } from 'kysely';
import { BENCH_PASSWORD } from './accounts.ts';
import { freePort, NODE_ARGS, nodeArgsOf, requireBuiltServer, root, serverMain, startBaseline, startProcess } from './processes.ts';
import { stats } from './stats.ts';

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
const RARE_WORD = 'Mermelada';
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
async function seedAccount(db: Kysely<Database>, businessId: number, suppliers: number, productsPerSupplier: number) {
  const supplierRows = Array.from({ length: suppliers }, (_, i) => {
    const name = `${pick(COMPANIES, i)} ${pick(WORDS, i * 7)} ${i + 1}`;
    const contactName = `Contacto ${pick(QUALIFIERS, i)} ${i}`;
    const contactInfo = `+34 6${String(10_000_000 + i * 7919).slice(0, 8)}`;
    return {
      business_id: businessId,
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
      .values(inserted.map((s) => ({ business_id: businessId, supplier_id: s.id, introduce: '' })))
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
      // One product in 2,000 has a word no other name has: a rare word (50 in the owner's 100,000).
      const name = `${n % 2000 === 1 ? RARE_WORD : pick(WORDS, n)} ${pick(QUALIFIERS, n * 3 + j)} ${n % 997}`;
      const key = normalizeSearchText(name);
      batch.push({
        business_id: businessId,
        order_id: orderId,
        name,
        unit: pick(['Kg', 'L', 'ud', 'caja'], n),
        search_text: key,
        sort_key: key,
      });
      if (batch.length >= 5000) await flush();
    }
  }
  await flush();
  return orderIds;
}

interface Sample {
  ms: number;
  bytes: number;
  count: number;
  /** The X-Request-Id it was sent with: its line in the server's log gives the server's own time. */
  id: string;
}

/**
 * The client: Node's fetch (undici) by default, as a script would call the
 * API; BENCH_CLIENT=http for node:http with a kept-alive connection and zlib,
 * which spends less of each request in the client.
 */
const CLIENT = process.env.BENCH_CLIENT === 'http' ? 'http' : 'fetch';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Status and decoded text of one request through node:http (gzip accepted, as fetch does). */
function httpRequest(url: string, init: { method?: string; headers?: Record<string, string> }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { agent, method: init.method ?? 'GET', headers: { 'accept-encoding': 'gzip', ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let requests = 0;
async function time(url: string, init: { method?: string; headers?: Record<string, string> }): Promise<Sample> {
  const id = `bench-${++requests}`;
  const headers = { ...init.headers, 'x-request-id': id };
  const started = performance.now();
  let status: number;
  let text: string;
  if (CLIENT === 'http') ({ status, text } = await httpRequest(url, { ...init, headers }));
  else {
    const res = await fetch(url, { ...init, headers });
    text = await res.text();
    status = res.status;
  }
  const ms = performance.now() - started;
  if (status >= 400) throw new Error(`${url} answered ${status}: ${text.slice(0, 200)}`);
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
/** The business registration made for the user: the rows seeded belong to it. */
async function businessOf(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select('business_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  return row.business_id;
}

async function seedQuantities(db: Kysely<Database>, businessId: number) {
  await sql`INSERT INTO order_quantities (order_id, product_id, business_id, quantity)
    SELECT order_id, id, business_id, id % 4 FROM products WHERE business_id = ${businessId} AND id % 3 = 0`.execute(db);
}

/** A server build to measure: this checkout's, or another one's (BENCH_COMPARE_DIR) beside it. */
interface Build {
  label: string;
  main: string;
  nodeArgs: string[];
  cwd: string;
}

/** What the measurement needs of a build that runs on its own copy of the data. */
interface Seeded {
  build: Build;
  api: string;
  headers: Record<string, string>;
  orderIds: number[];
  logFile: string;
  seedSeconds: number;
  /** How a bare baseline reaches the same rows: the database's URL, or a copy of the PGlite folder of its own. */
  baselineDatabase: Record<string, string>;
  /**
   * Marks the owner's kept product pages stale as any write to the business
   * would (the row `product_list_changes`' triggers insert, docs/decisions.md
   * §9.8), changing no product; undefined on PGlite, which the server holds
   * alone, and for a build without kept pages.
   */
  changeBusiness?: () => Promise<void>;
  stop(): Promise<void>;
}

/** The other build of BENCH_COMPARE_DIR: its node-args.json if it has one (else Node's defaults), or BENCH_COMPARE_NODE_ARGS. */
function compareBuild(): Build | undefined {
  const dir = process.env.BENCH_COMPARE_DIR;
  if (!dir) return undefined;
  const cwd = path.resolve(dir);
  const main = path.join(cwd, 'services/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`BENCH_COMPARE_DIR: ${main} is missing (build that checkout's server first)`);
  const given = process.env.BENCH_COMPARE_NODE_ARGS;
  const nodeArgs = given !== undefined ? given.split(/\s+/).filter(Boolean) : (nodeArgsOf(cwd) ?? []);
  return { label: path.basename(cwd), main, nodeArgs, cwd };
}

const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
const SECRET = 'bench-secret-long-enough-for-hs256-signing!!';

/**
 * Starts `build` on a database of its own (a scratch PostgreSQL database, or
 * its own PGlite folder), registers the owner through the API and seeds the
 * rest with SQL; every build gets the same rows.
 */
async function seedBuild(build: Build, cleanups: (() => Promise<void>)[]): Promise<Seeded> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = adminUrl ? await createScratchDatabase(adminUrl, process.env.BENCH_DATABASE_PREFIX ?? 'reorder_bench') : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reorder-bench-'));
  cleanups.push(async () => {
    if (process.env.BENCH_KEEP && database) console.log(`\nKept the database (BENCH_KEEP) of ${build.label}: ${database.url}`);
    else await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // The built server in a process of its own, with its own Node flags, as npm start runs it.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: SECRET,
    NODE_ENV: 'production',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const start = () => startProcess(process.execPath, [...build.nodeArgs, build.main], env, port, '/api/ping', logFile, build.cwd);
  let server = await start();
  let stopped = false;
  cleanups.push(() => (stopped ? Promise.resolve() : server.stop()));
  const api = `${server.url}/api`;
  const seedStarted = performance.now();
  const res = await fetch(`${api}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ businessName: 'Bench', fullName: 'Bench Owner', email: 'owner@bench.test', password: BENCH_PASSWORD }),
  });
  const registered = (await res.json()) as { code: number; message: string; data: { token: string; user: { id: number } } };
  if (registered.code !== 1) throw new Error(`register (${build.label}): ${res.status} ${registered.message}`);
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
    const business = await db
      .insertInto('businesses')
      .values({ name: `Other ${a}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ business_id: business.id, user_id: other.id, role: 'owner' }).execute();
    await seedAccount(db, business.id, OTHER_SUPPLIERS, OTHER_PRODUCTS_PER_SUPPLIER);
  }
  const businessId = await businessOf(db, owner.user.id);
  const orderIds = await seedAccount(db, businessId, SUPPLIERS, PRODUCTS_PER_SUPPLIER);
  await seedQuantities(db, businessId);
  // The steady state autovacuum keeps: statistics, GIN pending lists merged, the visibility map set.
  await sql`VACUUM ANALYZE`.execute(db);
  const { rows: kept } = await sql<{ found: boolean }>`SELECT to_regclass('product_list_changes') IS NOT NULL AS found`.execute(db);
  let changeBusiness: (() => Promise<void>) | undefined;
  if (kind === 'postgres' && kept[0]?.found) {
    changeBusiness = async () => {
      await sql`INSERT INTO product_list_changes (business_id, xid) VALUES (${businessId}, pg_current_xact_id())`.execute(db);
    };
    cleanups.push(() => seeding.close());
  } else await seeding.close();
  const baselineDatabase: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  if (kind === 'pglite') {
    // One process at a time opens a PGlite folder: a baseline gets a copy.
    const copy = mkdtempSync(path.join(tmpdir(), 'reorder-bench-baseline-'));
    cleanups.push(async () => rmSync(copy, { recursive: true, force: true }));
    cpSync(path.join(dataDir, 'pglite'), copy, { recursive: true });
    baselineDatabase.PGLITE_DIR = copy;
    server = await start();
  }
  return {
    build,
    api,
    headers: { authorization: `Bearer ${owner.token}` },
    orderIds,
    logFile,
    seedSeconds: (performance.now() - seedStarted) / 1000,
    baselineDatabase,
    changeBusiness,
    async stop() {
      stopped = true;
      await server.stop();
    },
  };
}

const supplierQueries = ['', 'jamon', 'FRUTAS', 'lácteos 5', '+34 61', 'zzz-no-match', 'contacto bio'];
const productQueries = ['', 'mermelada', 'jam', 'jamon', 'iberico', 'yogur', 'cafe premium', 'queso 12', 'zzz-no-match', 'te', 'rm'];
const BASELINE = 'GET /api/users/me (baseline: auth + 1 row)';
const WHOLE_ACCOUNT = 'GET /api/products?q= (whole account)';
const AFTER_CHANGE = 'GET /api/products?q= (whole account, after a change)';

/**
 * The whole-account search of `api`, a word at a time in turn; each sample is
 * also filed under its word in `byQuery`. With `before`, that runs first,
 * outside the time measured.
 */
function wholeAccountSearch(
  api: string,
  headers: Record<string, string>,
  byQuery: Record<string, Sample[]>,
  before?: () => Promise<void>,
): () => Promise<Sample> {
  let turn = 0;
  return async () => {
    const q = pick(productQueries.slice(1), turn++);
    await before?.();
    const result = await time(`${api}/products?q=${encodeURIComponent(q)}`, { headers });
    byQuery[q] = [...(byQuery[q] ?? []), result];
    return result;
  };
}

/** The requests of one build, by name. */
function casesOf(
  { api, headers, orderIds, changeBusiness }: Seeded,
  byQuery: Record<string, Sample[]>,
  afterChange: Record<string, Sample[]>,
): Record<string, () => Promise<Sample>> {
  let suppliers = 0;
  let scoped = 0;
  return {
    'HEAD /api/ping (baseline)': () => time(`${api}/ping`, { method: 'HEAD' }),
    [BASELINE]: () => time(`${api}/users/me`, { headers }),
    'GET /api/suppliers?q=': () => time(`${api}/suppliers?q=${encodeURIComponent(pick(supplierQueries, suppliers++))}`, { headers }),
    // Each round searches a word just after a change, then the same word again: the page read afresh, then given again.
    ...(changeBusiness ? { [AFTER_CHANGE]: wholeAccountSearch(api, headers, afterChange, changeBusiness) } : {}),
    [WHOLE_ACCOUNT]: wholeAccountSearch(api, headers, byQuery),
    'GET /api/products?orderId=&q=': () => {
      const orderId = pick(orderIds, (scoped * 7919) % orderIds.length);
      return time(`${api}/products?orderId=${orderId}&q=${encodeURIComponent(pick(productQueries, scoped++))}`, { headers });
    },
  };
}

/** The median of each request's own time in the server, from its log; undefined when the log does not give it. */
function serverMedian(inServer: Map<string, number>, list: Sample[]): number | undefined {
  const found = list.flatMap((r) => inServer.get(r.id) ?? []);
  if (found.length === 0) return undefined;
  if (found.length < list.length) throw new Error(`${list.length - found.length} requests have no line in the server's log`);
  return stats(found).median;
}

const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(2));
const median = (list: Sample[] | undefined) => (list?.length ? stats(list.map((r) => r.ms)).median : undefined);

/** What is measured of one process: its requests by name, their samples, and its log when it writes one. */
interface Run {
  label: string;
  cases: Record<string, () => Promise<Sample>>;
  byQuery: Record<string, Sample[]>;
  /** The same words' searches each just after a change to the business (`AFTER_CHANGE`). */
  afterChange: Record<string, Sample[]>;
  results: Record<string, Sample[]>;
  logFile?: string;
  stop(): Promise<void>;
}

function runOf(
  label: string,
  cases: Run['cases'],
  [byQuery, afterChange]: [Run['byQuery'], Run['afterChange']],
  stop: () => Promise<void>,
  logFile?: string,
): Run {
  return { label, cases, byQuery, afterChange, results: Object.fromEntries(Object.keys(cases).map((k) => [k, []])), logFile, stop };
}

/** Stops the benchmark unless the baseline answers each word's search with the same JSON as the server. */
async function sameSearchAnswers(server: Seeded, baselineApi: string) {
  for (const q of productQueries.slice(1)) {
    const path = `/products?q=${encodeURIComponent(q)}`;
    const answer = async (api: string) => (await fetch(`${api}${path}`, { headers: server.headers })).text();
    const mine = await answer(server.api);
    const bare = await answer(baselineApi);
    if (mine !== bare) {
      let at = 0;
      while (mine[at] === bare[at]) at++;
      throw new Error(
        `The baseline answers ${path} otherwise, from character ${at}:\n  server:   ${mine.slice(at, at + 120)}\n  baseline: ${bare.slice(at, at + 120)}`,
      );
    }
  }
}

async function main() {
  requireBuiltServer();
  const builds: Build[] = [{ label: 'this build', main: serverMain, nodeArgs: NODE_ARGS, cwd: root }];
  const other = compareBuild();
  if (other) builds.push(other);
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const seeded: Seeded[] = [];
    for (const build of builds) seeded.push(await seedBuild(build, cleanups));
    const totalProducts = OTHER_ACCOUNTS * OTHER_SUPPLIERS * OTHER_PRODUCTS_PER_SUPPLIER + SUPPLIERS * PRODUCTS_PER_SUPPLIER;
    const runs = seeded.map((s) => {
      const words: [Record<string, Sample[]>, Record<string, Sample[]>] = [{}, {}];
      return runOf(s.build.label, casesOf(s, ...words), words, () => s.stop(), s.logFile);
    });
    // The floor: a bare node:http handler (baseline-server.ts) doing the whole-account search's work on this build's data,
    // the same answer gzipped alike, for the same owner's token.
    const mine = seeded[0]!;
    const bare = await startBaseline({ JWT_SECRET: SECRET, BASELINE_GZIP: '1', ...mine.baselineDatabase });
    cleanups.push(() => bare.stop());
    await sameSearchAnswers(mine, `${bare.url}/api`);
    // The bare handler keeps nothing, so every search of it reads afresh: its searches "after a change" need none
    // (one would also spoil the page this build has just read for its next request).
    const bareWords: [Record<string, Sample[]>, Record<string, Sample[]>] = [{}, {}];
    const bareCases = {
      ...(mine.changeBusiness ? { [AFTER_CHANGE]: wholeAccountSearch(`${bare.url}/api`, mine.headers, bareWords[1]) } : {}),
      [WHOLE_ACCOUNT]: wholeAccountSearch(`${bare.url}/api`, mine.headers, bareWords[0]),
    };
    const bareRun = runOf('bare handler', bareCases, bareWords, () => bare.stop());
    runs.splice(1, 0, bareRun);

    // Warm up every path (JIT, plans, caches) before measuring.
    for (const run of runs) {
      for (const request of Object.values(run.cases)) for (let i = 0; i < 20; i++) await request();
      for (const list of [...Object.values(run.byQuery), ...Object.values(run.afterChange)]) list.length = 0;
    }
    // Interleave the cases, and the processes within each, so a slow moment of the machine hits them all alike.
    for (let i = 0; i < ITERATIONS; i++) {
      for (const name of Object.keys(runs[0]!.cases)) {
        for (const run of runs) {
          const request = run.cases[name];
          if (request) run.results[name]!.push(await request());
        }
      }
    }
    // Stopped before their logs are read, so every line has been written.
    for (const run of runs) await run.stop();

    for (const run of runs) {
      if (run === bareRun) continue;
      const inServer = serverTimes(run.logFile!);
      const baseline = median(run.results[BASELINE])!;
      console.log(
        `\nSearch latency (${run.label}) — ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, the built server, ${ITERATIONS} requests per row, sequential, over HTTP on loopback (client: ${CLIENT === 'http' ? 'node:http' : 'fetch'})`,
      );
      console.log(
        `Data: target account ${SUPPLIERS} suppliers / ${SUPPLIERS * PRODUCTS_PER_SUPPLIER} products (a third with a quantity); ${OTHER_ACCOUNTS} other accounts; ${totalProducts} products in all\n`,
      );
      console.log('| request | median ms | p95 ms | min ms | × users/me | in the server, median ms | avg rows |');
      console.log('|---|---:|---:|---:|---:|---:|---:|');
      for (const [name, list] of Object.entries(run.results)) {
        const s = stats(list.map((r) => r.ms));
        const rows = list.reduce((n, x) => n + x.count, 0) / list.length;
        console.log(
          `| ${name} | ${s.median.toFixed(2)} | ${s.p95.toFixed(2)} | ${s.min.toFixed(2)} | ${(s.median / baseline).toFixed(2)} | ${ms(serverMedian(inServer, list))} | ${rows.toFixed(1)} |`,
        );
      }
      console.log('\n| whole-account products?q= | median ms | × users/me | in the server, median ms | rows |');
      console.log('|---|---:|---:|---:|---:|');
      for (const [words, after] of [
        [run.byQuery, ''],
        [run.afterChange, ', after a change'],
      ] as const) {
        for (const [q, list] of Object.entries(words)) {
          console.log(
            `| "${q}"${after} | ${ms(median(list))} | ${(median(list)! / baseline).toFixed(2)} | ${ms(serverMedian(inServer, list))} | ${list[0]?.count ?? 0} |`,
          );
        }
      }
    }

    // Side by side: this build, the bare handler on the same data, and the other build (BENCH_COMPARE_DIR) if any.
    const [, , theirs] = runs as [Run, Run, Run | undefined];
    const lines = [
      ...Object.keys(runs[0]!.results).map((name) => ({ name, of: (run: Run) => run.results[name] })),
      ...productQueries.slice(1).map((q) => ({ name: `  "${q}"`, of: (run: Run) => run.byQuery[q] })),
      ...productQueries.slice(1).map((q) => ({ name: `  "${q}", after a change`, of: (run: Run) => run.afterChange[q] })),
    ];
    console.log(
      `\nSide by side, medians in ms, alternately in this run${theirs ? ` (${theirs.label}: ${other?.nodeArgs.join(' ') || "Node's defaults"})` : ''}:\n`,
    );
    console.log(`| request | this build | bare handler | this ÷ bare |${theirs ? ` ${theirs.label} | ${theirs.label} ÷ this |` : ''}`);
    console.log(`|---|---:|---:|---:|${theirs ? '---:|---:|' : ''}`);
    for (const { name, of } of lines) {
      const [a, b, c] = [median(of(runs[0]!)), median(of(bareRun)), theirs && median(of(theirs))];
      const ratio = (x: number | undefined, y: number | undefined) => (x === undefined || y === undefined ? '—' : `${(x / y).toFixed(2)}×`);
      console.log(`| ${name} | ${ms(a)} | ${ms(b)} | ${ratio(a, b)} |${theirs ? ` ${ms(c)} | ${ratio(c, a)} |` : ''}`);
    }
    console.log(
      '\n"In the server": from the request\'s first byte to its answer\'s last one handed to the socket, as its log line says (by X-Request-Id).',
    );
    console.log(
      'The bare handler (tooling/bench/src/baseline-server.ts): node:http, jose for the token, one pg query that checks the session and reads the rows, JSON.stringify, gzip at level 1; the same bytes as the server, checked first.',
    );
    console.log(
      '\n(queries cycle through: suppliers q =',
      JSON.stringify(supplierQueries),
      '; products q =',
      JSON.stringify(productQueries),
      'over random orders)',
    );
  } finally {
    agent.destroy();
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();
