/**
 * Where a 1,000-row answer's time goes (docs/performance.md, "Search at a million
 * products"): the whole-account product search, stage by stage, on the
 * database the search benchmark keeps.
 *
 *   BENCH_KEEP=1 BENCH_DATABASE_URL=postgres://…/postgres BENCH_OTHER_ACCOUNTS=450 npm run bench
 *   BENCH_DATABASE_URL=<the kept database's URL> npx pnpm@10 --filter @reorder/bench bench:answer-cost
 *   BENCH_WORD=jamon …   # another word (default "te")
 *
 * PostgreSQL's side: the query's execution time with and without the
 * quantities' join (EXPLAIN ANALYZE, TIMING OFF). Node's side, each stage on
 * its own in this process, CPU time per answer: the server's own search
 * (`listProducts` through the app's own connection: the way it picks, the
 * query, node-postgres reading the rows, the rows made Products; its wall
 * time too), the output check (ZProduct), the envelope's JSON as bytes, and
 * gzip at level 1.
 */
import { constants, gzipSync } from 'node:zlib';
import { listProducts } from '@reorder/api';
import { connectDatabase } from '@reorder/db';
import { ZProduct } from '@reorder/schemas';
import { searchPattern } from '@reorder/schemas/search';
import { sql } from 'kysely';
import { median } from './stats.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL to a database kept by the search benchmark (BENCH_KEEP=1 npm run bench).');
  process.exit(1);
}
const ROUNDS = Number(process.env.BENCH_ITERATIONS ?? 300);
const word = process.env.BENCH_WORD ?? 'te';
const pattern = searchPattern(word);
if (!pattern) throw new Error('BENCH_WORD is blank');

const handle = await connectDatabase({ databaseUrl: url, maxConnections: 1 });
const { db } = handle;
const owner = await db
  .selectFrom('users')
  .innerJoin('memberships', 'memberships.user_id', 'users.id')
  .select('memberships.business_id as id')
  .where('users.email', '=', 'owner@bench.test')
  .executeTakeFirst();
if (!owner) throw new Error('No owner@bench.test here: is this a database the search benchmark kept?');

/** The whole-account search as one statement (its name-order walk), with or without each product's quantity and who counted it. */
const COLUMNS = sql`p.id, p.name, p.unit, p.order_id, p.par, p.on_hand, p.counted_at, p.counted_by, p.usual, p.price, p.step, p.note,
  p.tax_rate, p.price_change_from, p.price_change_to, p.price_change_at`;
const search = (withQuantities: boolean) =>
  withQuantities
    ? sql<Row>`SELECT ${COLUMNS}, oq.quantity, counter.full_name AS counted_by_name
        FROM products p LEFT JOIN order_quantities oq ON oq.order_id = p.order_id AND oq.product_id = p.id
        LEFT JOIN users counter ON counter.id = p.counted_by
        WHERE p.business_id = ${owner.id} AND p.search_text LIKE ${pattern}
        ORDER BY p.sort_key COLLATE "C", p.id LIMIT 1000`
    : sql<Row>`SELECT ${COLUMNS}
        FROM products p WHERE p.business_id = ${owner.id} AND p.search_text LIKE ${pattern}
        ORDER BY p.sort_key COLLATE "C", p.id LIMIT 1000`;

interface Row {
  id: number;
}

/** PostgreSQL's own execution time, ms (the median of ROUNDS). */
async function executionMs(withQuantities: boolean): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const { rows } = await sql<{
      'QUERY PLAN': [{ 'Execution Time': number }];
    }>`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${search(withQuantities)}`.execute(db);
    times.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  return median(times);
}

/** CPU time of this process per call, ms, over ROUNDS calls after a warm-up. */
async function cpuMs(run: () => unknown): Promise<number> {
  for (let i = 0; i < 30; i++) await run();
  const before = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / ROUNDS;
}

/** Wall time per call, ms (the median of ROUNDS after a warm-up). */
async function wallMs(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 30; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** The server's own search (listProducts: the way chosen, the query, its rows made Products). */
const list = () => listProducts(db, owner.id, { q: word, limit: 1000, offset: 0 });
const output = ZProduct.array();

const products = await list();
const body = Buffer.from(JSON.stringify({ code: 1, data: products, message: 'Products loaded' }));

const stages: [string, number][] = [
  ['PostgreSQL: execution, with the quantities (EXPLAIN ANALYZE)', await executionMs(true)],
  ['PostgreSQL: execution, without them', await executionMs(false)],
  ["The server's search, listProducts (wall)", await wallMs(list)],
  ["Node: the server's search, listProducts (CPU)", await cpuMs(list)],
  ['Node: the output check, z.array(ZProduct) (CPU)', await cpuMs(() => output.parse(products))],
  [
    'Node: the envelope as JSON bytes (CPU)',
    await cpuMs(() => Buffer.from(JSON.stringify({ code: 1, data: products, message: 'Products loaded' }))),
  ],
  ['Node: gzip at level 1 (CPU)', await cpuMs(() => gzipSync(body, { level: constants.Z_BEST_SPEED }))],
];
await handle.close();

console.log(
  `\nOne whole-account search for "${word}": ${products.length} rows, ${body.length} bytes of JSON (${gzipSync(body, { level: 1 }).length} gzipped); medians or means of ${ROUNDS}\n`,
);
console.log('| stage | ms |');
console.log('|---|---:|');
for (const [stage, ms] of stages) console.log(`| ${stage} | ${ms.toFixed(3)} |`);
