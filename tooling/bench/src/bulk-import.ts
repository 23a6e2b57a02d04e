/**
 * Importing 1,000 products (issue "The catalogue in minutes"): what the API
 * costs over the database's own bulk insert, in the same run.
 *
 *   npx pnpm@10 --filter @reorder/bench bench:bulk
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ROUNDS=15 …
 *
 * Each round, into a new empty supplier of one business on a fresh migrated
 * PostgreSQL database, the same 1,000 rows (name, unit, par, price) go in
 * three ways, their order rotated round by round:
 * - `sql`: one `INSERT … SELECT FROM jsonb_to_recordset(…)` through the
 *   server's own connection pool (the floor: no HTTP, no checks);
 * - `bulk`: `POST /products/bulk` with quantities, over HTTP (validation, the
 *   order locked and counted, the name match, the quantities, the answer);
 * - `csv`: `POST /catalogue/import` with `apply: true`, the same rows as a
 *   CSV file under a new supplier's name (parse, plan, then the same write).
 * Medians, and each one's ratio to `sql`.
 */
import { createMigratedTemplate } from '@reorder/db';
import { normalizeSearchText } from '@reorder/schemas/search';
import { startTestServer } from '@reorder/testing';
import { sql } from 'kysely';
import { printMedians, timeRounds } from './rounds.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ROWS = 1000;

const database = await createMigratedTemplate(adminUrl, 'reorder_bench_bulk');
const t = await startTestServer({ databaseUrl: database.url });
try {
  const { token } = await t.api.register();
  const businessId = (await t.api.get('/api/business', token)).body.data.id as number;
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    name: `Artículo ${String(i + 1).padStart(4, '0')}`,
    unit: ['kg', 'ud', 'caja', 'l'][i % 4]!,
    par: (i % 12) + 1,
    price: Math.round(i * 37.5) / 100,
  }));
  const csvRows = rows.map((row) => `${row.name},${row.unit},${row.par},${row.price}`);

  const ways: Record<string, (round: number) => Promise<void>> = {
    async sql(round) {
      const supplier = await t.api.createSupplier(token, { name: `SQL ${round}` });
      const values = rows.map((row) => ({ ...row, key: normalizeSearchText(row.name) }));
      await sql`INSERT INTO products (business_id, order_id, name, unit, search_text, sort_key, par, price)
        SELECT ${businessId}, ${supplier.orderId}, r.name, r.unit, r.key, r.key, r.par, r.price
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(name text, unit text, key text, par numeric, price numeric)`.execute(
        t.server.deps.db,
      );
    },
    async bulk(round) {
      const supplier = await t.api.createSupplier(token, { name: `Bulk ${round}` });
      const res = await t.api.post(
        '/api/products/bulk',
        { orderId: supplier.orderId, products: rows.map((row, i) => ({ ...row, quantity: i % 3 })) },
        token,
      );
      if (res.status !== 200 || res.body.data.created !== ROWS) throw new Error(`bulk: ${res.status} ${res.text.slice(0, 200)}`);
    },
    async csv(round) {
      const csv = ['supplier,service,product,unit,par,price', ...csvRows.map((line) => `CSV ${round},other,${line}`)].join('\n');
      const res = await t.api.post('/api/catalogue/import', { csv, apply: true }, token);
      if (res.status !== 200 || res.body.data.counts.newProducts !== ROWS) throw new Error(`csv: ${res.status} ${res.text.slice(0, 200)}`);
    },
  };
  printMedians(
    `${ROWS} products into an empty supplier, PostgreSQL, ${ROUNDS} rounds (medians; each includes creating the supplier)`,
    await timeRounds(ways, ROUNDS),
    'sql',
  );
} finally {
  await t.close();
  await database.drop();
}
