/**
 * The largest catalogue import allowed, and everyone else meanwhile
 * (docs/decisions.md §9.2, §9.7; issue 43): while a 5,000-row, about 2 MB
 * CSV is previewed and applied, does `GET /api/ping` still answer within
 * 100 ms? And the security probe's 104,147-row file: how fast is it refused?
 *
 *   npx pnpm@10 --filter @reorder/bench bench:import
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ROUNDS=5 …
 *   (BENCH_DATABASE_PREFIX names its scratch database, reorder_bench_import_… by default)
 *
 * The server runs as its own process (as `npm start` does, on PostgreSQL),
 * so that this process's pings are timed by a free event loop. One business
 * gets 10 suppliers of 500 products each, seeded with SQL (half their prices
 * confirmed by the supplier). Ping is sampled back to back in four phases of
 * the same run: alone (the baseline), during previews of the 5,000-row file
 * (every row matches a product; one in ten changes its price, half of those
 * in conflict), during its apply, and during the 104,147-row file's refusals.
 * Printed: each phase's ping max and p95, and each import's median time.
 *
 * The floor, in the same run (as bench:bulk does for 1,000): the file's same
 * 5,000 rows (name, unit, price, step, par) put into a new empty supplier by
 * one `INSERT … SELECT FROM jsonb_to_recordset(…)` through a `pg` pool of its
 * own, BENCH_ROUNDS times after the apply; the preview and
 * the apply are also printed as × its median.
 */
import { loadavg } from 'node:os';
import { createMigratedTemplate } from '@reorder/db';
import { normalizeSearchText } from '@reorder/schemas/search';
import { cleanUp, startServerProcess } from '@reorder/testing';
import pg from 'pg';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SUPPLIERS = 10;
const PER_SUPPLIER = 500;

const database = await createMigratedTemplate(adminUrl, process.env.BENCH_DATABASE_PREFIX ?? 'reorder_bench_import');
const server = await startServerProcess({ DATABASE_URL: database.url });
const seed = new pg.Client({ connectionString: database.url });
await seed.connect();
try {
  const { token } = await server.api.register();
  const businessId = (await server.api.get('/api/business', token)).body.data.id as number;
  const names: string[] = [];
  for (let s = 0; s < SUPPLIERS; s++) {
    const name = `Proveedor ${s + 1}`;
    const created = await server.api.post('/api/suppliers', { name, messageService: 'other', contactInfo: '' }, token);
    if (created.status !== 200) throw new Error(`supplier: ${created.status} ${created.text}`);
    names.push(name);
    const products = Array.from({ length: PER_SUPPLIER }, (_, i) => {
      const product = `Artículo ${s + 1}-${String(i + 1).padStart(3, '0')}`;
      return { name: product, key: normalizeSearchText(product), price: ((i % 40) + 1) * 0.25 };
    });
    await seed.query(
      `INSERT INTO products (business_id, order_id, name, unit, search_text, sort_key, par, price, step)
       SELECT $1, $2, r.name, 'ud', r.key, r.key, 6, r.price, 2 FROM jsonb_to_recordset($3::jsonb) AS r(name text, key text, price numeric)`,
      [businessId, created.body.data.orderId, JSON.stringify(products)],
    );
  }
  // Half the products' prices confirmed by the supplier: the file's price for those is a conflict.
  await seed.query(
    `INSERT INTO product_prices (business_id, product_id, price, source)
     SELECT business_id, id, price, CASE WHEN id % 2 = 0 THEN 'supplier' ELSE 'owner' END FROM products WHERE business_id = $1`,
    [businessId],
  );

  // About 400 characters a row, a column the import ignores among them: the file comes close to the 2 MB limit.
  const note = 'Entregar por la mañana, antes de las 9, si no hay llamar antes de sustituir. '.repeat(3);
  const sheet = 'Conservar en frío. Sin gluten. Origen: España. Lote en la caja. ';
  const lines = ['proveedor;producto;unidad;precio;paso;stock deseado;nota;ficha técnica'];
  for (let s = 0; s < SUPPLIERS; s++) {
    for (let i = 0; i < PER_SUPPLIER; i++) {
      const price = ((i % 40) + 1) * 0.25 + (i % 10 === 0 ? 0.1 : 0);
      lines.push(
        `${names[s]};Artículo ${s + 1}-${String(i + 1).padStart(3, '0')};ud;${price.toFixed(2).replace('.', ',')};2;6;${note};${sheet}`,
      );
    }
  }
  const csv = lines.join('\r\n');
  const probe = ['supplier,product', ...Array.from({ length: 104147 }, (_, i) => `S${i % 50},P${i}`)].join('\n');
  console.log(
    `File: ${lines.length - 1} rows, ${(Buffer.byteLength(csv) / 1048576).toFixed(2)} MB; probe: 104,147 rows, ${(Buffer.byteLength(probe) / 1048576).toFixed(2)} MB`,
  );

  /** Pings back to back while `work` runs (or for `ms` when none): the latencies in ms. */
  async function pingDuring(work: () => Promise<unknown>): Promise<number[]> {
    const samples: number[] = [];
    let done = false;
    const pinging = (async () => {
      while (!done) {
        const started = performance.now();
        const res = await fetch(`${server.base}/api/ping`);
        await res.arrayBuffer();
        samples.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    try {
      await work();
    } finally {
      done = true;
      await pinging;
    }
    return samples;
  }
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const timed = async (body: Record<string, unknown>, expected: number) => {
    const started = performance.now();
    const res = await server.api.post('/api/catalogue/import', body, token);
    if (res.status !== expected) throw new Error(`import: ${res.status} ${res.text.slice(0, 300)}`);
    return { ms: performance.now() - started, res };
  };

  const phases: { name: string; pings: number[]; times: number[] }[] = [];
  phases.push({ name: 'baseline (no import)', pings: await pingDuring(() => wait(3000)), times: [] });

  const previews: number[] = [];
  let counts: unknown;
  const previewPings = await pingDuring(async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { ms, res } = await timed({ csv, fileName: 'catalogue-2020-01-01.csv' }, 200);
      previews.push(ms);
      counts = res.body.data.counts;
    }
  });
  phases.push({ name: `preview 5,000 rows ×${ROUNDS}`, pings: previewPings, times: previews });
  console.log('Preview counts:', JSON.stringify(counts));

  const applies: number[] = [];
  const applyPings = await pingDuring(async () => {
    const { ms } = await timed({ csv, apply: true }, 200);
    applies.push(ms);
  });
  phases.push({ name: 'apply 5,000 rows ×1', pings: applyPings, times: applies });

  // The floor: the same rows, as the database takes them in one statement, into a new supplier each round.
  const rows = Array.from({ length: SUPPLIERS * PER_SUPPLIER }, (_, n) => {
    const s = Math.floor(n / PER_SUPPLIER);
    const i = n % PER_SUPPLIER;
    const name = `Artículo ${s + 1}-${String(i + 1).padStart(3, '0')}`;
    return { name, key: normalizeSearchText(name), price: ((i % 40) + 1) * 0.25 + (i % 10 === 0 ? 0.1 : 0) };
  });
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const inserts: number[] = [];
  try {
    for (let round = -1; round < ROUNDS; round++) {
      const created = await server.api.post(
        '/api/suppliers',
        { name: `Suelo ${round + 2}`, messageService: 'other', contactInfo: '' },
        token,
      );
      if (created.status !== 200) throw new Error(`supplier: ${created.status} ${created.text}`);
      const started = performance.now();
      const res = await pool.query(
        `INSERT INTO products (business_id, order_id, name, unit, search_text, sort_key, par, price, step)
         SELECT $1, $2, r.name, 'ud', r.key, r.key, 6, r.price, 2 FROM jsonb_to_recordset($3::jsonb) AS r(name text, key text, price numeric)`,
        [businessId, created.body.data.orderId, JSON.stringify(rows)],
      );
      // The first round warms the connection and the plan: not counted, as bench:bulk's.
      if (round >= 0) inserts.push(performance.now() - started);
      if (res.rowCount !== rows.length) throw new Error(`insert: ${res.rowCount} rows`);
    }
  } finally {
    await pool.end();
  }

  const refusals: number[] = [];
  let message = '';
  const probePings = await pingDuring(async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { ms, res } = await timed({ csv: probe }, 400);
      refusals.push(ms);
      message = res.body.message;
    }
  });
  phases.push({ name: `INSERT … SELECT 5,000 rows ×${ROUNDS}`, pings: [], times: inserts });
  phases.push({ name: `104,147-row probe ×${ROUNDS} (400)`, pings: probePings, times: refusals });
  console.log(`Probe answer: 400 "${message}"`);

  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  };
  const floor = quantile(inserts, 0.5);
  console.log('\nphase                              pings  ping p95  ping max  import median  × the insert');
  for (const phase of phases) {
    const median = phase.times.length ? quantile(phase.times, 0.5) : undefined;
    const ping = (value: number) => (phase.pings.length ? `${value.toFixed(1).padStart(6)} ms` : '       —');
    console.log(
      `${phase.name.padEnd(34)} ${String(phase.pings.length).padStart(5)} ${ping(quantile(phase.pings, 0.95))} ${ping(Math.max(...phase.pings))}  ${(median === undefined ? '—' : `${median.toFixed(0)} ms`).padEnd(13)}  ${median === undefined ? '—' : (median / floor).toFixed(1)}`,
    );
  }
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
} finally {
  await seed.end();
  server.running.child.kill('SIGTERM');
  await server.running.exited;
  cleanUp();
  await database.drop();
}
