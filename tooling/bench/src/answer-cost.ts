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
 * its own in this process, CPU time per answer: reading the rows through
 * the app's own connection (`connectDatabase`: node-postgres, the app's type
 * parsers), making them Products, the output check (ZProduct), the envelope's
 * JSON as bytes, and gzip at level 1.
 */
import { constants, gzipSync } from 'node:zlib';
import { connectDatabase } from '@reorder/db';
import { ZProduct } from '@reorder/schemas';
import { searchPattern } from '@reorder/schemas/search';
import { sql } from 'kysely';

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

/** The server's whole-account search (products.repository.ts), with or without each product's quantity. */
const search = (withQuantities: boolean) =>
  withQuantities
    ? sql<Row>`SELECT p.id, p.name, p.unit, p.order_id, p.par, p.on_hand, p.counted_at, p.usual, oq.quantity
        FROM products p LEFT JOIN order_quantities oq ON oq.order_id = p.order_id AND oq.product_id = p.id
        WHERE p.business_id = ${owner.id} AND p.search_text LIKE ${pattern}
        ORDER BY p.sort_key COLLATE "C", p.id LIMIT 1000`
    : sql<Row>`SELECT p.id, p.name, p.unit, p.order_id, p.par, p.on_hand, p.counted_at, p.usual
        FROM products p WHERE p.business_id = ${owner.id} AND p.search_text LIKE ${pattern}
        ORDER BY p.sort_key COLLATE "C", p.id LIMIT 1000`;

interface Row {
  id: number;
  name: string;
  unit: string;
  order_id: number;
  par: number | null;
  on_hand: number | null;
  counted_at: Date | null;
  usual: number | null;
  quantity?: number | null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

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

const toProduct = (r: Row) => ({
  id: r.id,
  name: r.name,
  unit: r.unit,
  orderId: r.order_id,
  quantity: r.quantity ?? 0,
  par: r.par,
  onHand: r.on_hand,
  countedAt: r.counted_at?.toISOString() ?? null,
  usual: r.usual,
});
const output = ZProduct.array();

const rows = (await search(true).execute(db)).rows;
const products = rows.map(toProduct);
const body = Buffer.from(JSON.stringify({ code: 1, data: products, message: 'Products loaded' }));

const stages: [string, number][] = [
  ['PostgreSQL: execution, with the quantities (EXPLAIN ANALYZE)', await executionMs(true)],
  ['PostgreSQL: execution, without them', await executionMs(false)],
  ['Node: the query, its rows read by node-postgres (CPU)', await cpuMs(() => search(true).execute(db))],
  ['Node: rows to Products (CPU)', await cpuMs(() => rows.map(toProduct))],
  ['Node: the output check, z.array(ZProduct) (CPU)', await cpuMs(() => output.parse(products))],
  [
    'Node: the envelope as JSON bytes (CPU)',
    await cpuMs(() => Buffer.from(JSON.stringify({ code: 1, data: products, message: 'Products loaded' }))),
  ],
  ['Node: gzip at level 1 (CPU)', await cpuMs(() => gzipSync(body, { level: constants.Z_BEST_SPEED }))],
];
await handle.close();

console.log(
  `\nOne whole-account search for "${word}": ${rows.length} rows, ${body.length} bytes of JSON (${gzipSync(body, { level: 1 }).length} gzipped); medians or means of ${ROUNDS}\n`,
);
console.log('| stage | ms |');
console.log('|---|---:|');
for (const [stage, ms] of stages) console.log(`| ${stage} | ${ms.toFixed(3)} |`);
