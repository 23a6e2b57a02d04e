/**
 * API throughput against a bare baseline, in one run (issue "the API at the
 * speed of a bare Node handler"). It starts the built server
 * (services/server/dist/main.js, as `npm start` runs it) and the baseline of
 * baseline-server.ts on the same database, seeds an owner with SQL (50
 * suppliers, one of them with 200 products), checks that both answer the same
 * data, then drives both with a load generator for several alternating rounds
 * and prints req/s, p50 and p99 of each, and the ratios (medians of the rounds).
 *
 *   npm run bench:api
 *   BENCH_DATABASES=postgres BENCH_ROUNDS=5 BENCH_SECONDS=10 npm run bench:api
 *   BENCH_LOADGEN=autocannon npm run bench:api      (wrk is used when installed)
 *
 * Settings: BENCH_DATABASES (postgres,pglite), BENCH_PG_URL (a server whose
 * `postgres` database it can create databases from; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_CONNECTIONS (64),
 * BENCH_ROUNDS (3), BENCH_SECONDS (5 per run), BENCH_CALLS (a comma list
 * of words that picks calls by name, e.g. "suppliers,quantity"),
 * BENCH_SERVER_NODE_ARGS and BENCH_BASELINE_NODE_ARGS (Node flags for each,
 * e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile both under load),
 * BENCH_BASELINES (bare,tuned: see BASELINES), BENCH_COMPARE_DIR (another
 * built checkout, run beside the server: before and after in one run),
 * BENCH_SERVER_LOG (a file for the server's stdout).
 * Beside req/s and latency it prints the CPU time each request cost the
 * process and PostgreSQL's backends (from /proc, on Linux).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { normalizeSearchText } from '@reorder/schemas/search';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD } from './accounts.ts';
import {
  freePort,
  NODE_ARGS,
  nodeArgsOf,
  type Running,
  requireBuiltServer,
  startBaseline,
  startBuiltServer,
  startProcess,
} from './processes.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** BENCH_ROUND_DETAILS=1 prints each round's figures as it ends (the tables give the medians of the rounds). */
const ROUND_DETAILS = Boolean(process.env.BENCH_ROUND_DETAILS);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'bench-secret-long-enough-for-hs256-signing!!';
/** Extra Node flags for the server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it under load. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** The same for the baseline (BENCH_BASELINE_NODE_ARGS), which then runs as `node --import tsx`. */
const BASELINE_NODE_ARGS = (process.env.BENCH_BASELINE_NODE_ARGS ?? '').split(' ').filter(Boolean);
/**
 * BENCH_COMPARE_DIR=<a checkout with its server built> runs that build too, on
 * PostgreSQL, on the same rows, as the target "compared build": before and
 * after a change in one run, the only comparison the noise of a shared
 * machine allows (its CPU per request beside the server's).
 */
const COMPARE_DIR = process.env.BENCH_COMPARE_DIR;
/** BENCH_SERVER_LOG=<file> keeps the server's stdout (its log lines, and e.g. --trace-gc's) there; by default it goes nowhere. */
const SERVER_LOG = process.env.BENCH_SERVER_LOG;
/**
 * The baselines, on PostgreSQL: `bare` is the handler the issue describes, on
 * Node's defaults, sending its statements as node-postgres does (unnamed,
 * parsed and planned on every call); `tuned` is the same handler with the
 * server's own tuning: its statements prepared, as the server prepares its
 * hot queries (packages/db prepared.ts), and the server's Node flags
 * (services/server/node-args.json). The ratio against `tuned` is what the
 * server's layers cost, not what its tuning saves. BENCH_BASELINES=bare picks
 * one. PGlite has the bare one only.
 */
const BASELINES = (process.env.BENCH_BASELINES ?? 'bare,tuned').split(',').map((b) => b.trim()) as ('bare' | 'tuned')[];
const SUPPLIERS = 50;
const PRODUCTS = 200;

type Db = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** One measured call: how to ask it, on the server and on the baseline alike. */
interface Call {
  name: string;
  method: 'GET' | 'PUT';
  path: string;
  /** Bodies taken in turn (PUT), so concurrent writes spread over the order's lines. */
  bodies?: string[];
}

interface Result {
  rps: number;
  /** Requests answered in the run. */
  requests: number;
  p50: number;
  p99: number;
  /** CPU time per request of the Node process (with its children), and of the database's backends (PostgreSQL), in ms; undefined off Linux. */
  cpu?: { node: number; db: number } | undefined;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** User + system CPU of a process and its descendants, in ms, from /proc; undefined where there is no /proc. */
function treeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const at = stack.pop() as number;
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${at}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
      for (const task of readdirSync(`/proc/${at}/task`)) {
        const children = readFileSync(`/proc/${at}/task/${task}/children`, 'utf8').trim();
        if (children) stack.push(...children.split(' ').map(Number));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

function whichWrk(): string | undefined {
  if (process.env.BENCH_LOADGEN === 'autocannon') return undefined;
  try {
    return execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
const WRK = whichWrk();

/** Milliseconds from wrk's "1.23ms" / "850.00us" / "1.02s". */
function wrkMs(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) throw new Error(`Unreadable wrk latency: ${text}`);
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

async function load(baseUrl: string, call: Call, token: string): Promise<Result> {
  if (WRK) {
    const script = path.join(tmpdir(), `reorder-bench-${process.pid}.lua`);
    const bodies = call.bodies ?? [];
    writeFileSync(
      script,
      [
        `wrk.method = "${call.method}"`,
        `wrk.headers["Authorization"] = "Bearer ${token}"`,
        `wrk.headers["Content-Type"] = "application/json"`,
        `local bodies = { ${bodies.map((b) => JSON.stringify(b)).join(', ')} }`,
        `local n = 0`,
        `request = function()`,
        `  if #bodies == 0 then return wrk.format() end`,
        `  n = n + 1`,
        `  return wrk.format(nil, nil, nil, bodies[(n % #bodies) + 1])`,
        `end`,
        `done = function(summary, latency, requests)`,
        `  io.write(string.format("non2xx %d errors %d\\n", summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))`,
        `end`,
      ].join('\n'),
    );
    const out = execFileSync(
      WRK,
      ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--timeout', '10s', '--latency', '-s', script, `${baseUrl}${call.path}`],
      {
        encoding: 'utf8',
      },
    );
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
    const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
    const p50 = wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
    const p99 = wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
    const failed = /non2xx (\d+) errors (\d+)/.exec(out);
    if (!failed || Number(failed[1]) > 0 || Number(failed[2]) > 0) throw new Error(`${call.name} at ${baseUrl}: failed requests\n${out}`);
    return { rps, requests, p50, p99 };
  }
  let n = 0;
  const result = await autocannon({
    url: `${baseUrl}${call.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: call.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: call.bodies
      ? [
          {
            setupRequest: (req) => {
              const bodies = call.bodies as string[];
              n++;
              return { ...req, body: bodies[n % bodies.length] };
            },
          },
        ]
      : undefined,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${call.name} at ${baseUrl}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The owner's 50 suppliers (each with its order) and the 200 products of the first, 5 of them ordered; SQL, not the rate-limited API. */
async function seed(db: Db, userId: number): Promise<{ supplierId: number; orderId: number; productIds: number[] }> {
  // The rows belong to the owner's business (the one registration made).
  const membership = await db.query('SELECT business_id FROM memberships WHERE user_id = $1 ORDER BY created_at LIMIT 1', [userId]);
  const businessId = membership.rows[0]?.business_id as number;
  let first: { supplierId: number; orderId: number } | undefined;
  for (let i = 0; i < SUPPLIERS; i++) {
    const name = `Proveedor ${String(i + 1).padStart(2, '0')}`;
    const { rows } = await db.query(
      `INSERT INTO suppliers (business_id, name, contact_name, message_service, contact_info, note, search_text, sort_key)
       VALUES ($1, $2, 'Pepe', 'whatsapp', '+34 600 000 000', '', $3, $4) RETURNING id`,
      [businessId, name, normalizeSearchText(`${name} \u001f Pepe \u001f +34 600 000 000`), normalizeSearchText(name)],
    );
    const supplierId = rows[0]?.id as number;
    const order = await db.query('INSERT INTO orders (business_id, supplier_id, introduce) VALUES ($1, $2, $3) RETURNING id', [
      businessId,
      supplierId,
      'Hola, para mañana:',
    ]);
    first ??= { supplierId, orderId: order.rows[0]?.id as number };
  }
  const orderId = first?.orderId as number;
  const productIds: number[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const name = `Producto ${String(i + 1).padStart(3, '0')}`;
    const { rows } = await db.query(
      'INSERT INTO products (business_id, order_id, name, unit, search_text, sort_key) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id',
      [businessId, orderId, name, 'Kg', normalizeSearchText(name)],
    );
    productIds.push(rows[0]?.id as number);
  }
  for (const productId of productIds.slice(0, 5)) {
    await db.query('INSERT INTO order_quantities (order_id, product_id, business_id, quantity) VALUES ($1, $2, $3, 2.5)', [
      orderId,
      productId,
      businessId,
    ]);
  }
  // The steady state autovacuum keeps, before any load: without it the first rounds run on tables without
  // statistics, and autovacuum's analyze, a minute later, changes both processes' plans in the middle of a run.
  await db.query('VACUUM ANALYZE');
  return { supplierId: first?.supplierId as number, orderId, productIds };
}

async function register(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ businessName: 'Bench', fullName: 'Bench Owner', email: 'bench@example.com', password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { token: string; user: { id: number } } };
  if (body.code !== 1) throw new Error(`register: ${body.message}`);
  return { token: body.data.token, userId: body.data.user.id };
}

/** The data both answer for a call, compared before any load: the baseline must do the same work. */
async function sameAnswers(calls: Call[], server: string, baseline: string, token: string) {
  for (const call of calls) {
    const ask = async (base: string) => {
      const res = await fetch(`${base}${call.path}`, {
        method: call.method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: call.bodies?.[0],
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${call.name} at ${base}: ${res.status} ${text}`);
      return text;
    };
    const [a, b] = [await ask(server), await ask(baseline)];
    if (a !== b) {
      let at = 0;
      while (a[at] === b[at]) at++;
      const from = Math.max(0, at - 200);
      throw new Error(
        `${call.name}: the baseline answers differently from character ${at}\nserver:   …${a.slice(from, at + 200)}\nbaseline: …${b.slice(from, at + 200)}`,
      );
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** A process under load: the server or a baseline. */
interface Target {
  name: string;
  url: string;
  pid: number | undefined;
}

/** The medians of a target's rounds. */
function summary(results: Result[]) {
  const cpu = results.flatMap((x) => (x.cpu ? [x.cpu] : []));
  return {
    rps: median(results.map((x) => x.rps)),
    p50: median(results.map((x) => x.p50)),
    p99: median(results.map((x) => x.p99)),
    cpu: cpu.length ? { node: median(cpu.map((c) => c.node)), db: median(cpu.map((c) => c.db)) } : undefined,
  };
}

/** A table of the server against each baseline, then the CPU time per request of every process. */
function report(kind: 'postgres' | 'pglite', targets: Target[], results: Map<string, Map<string, Result[]>>) {
  const title = kind === 'postgres' ? 'PostgreSQL 15' : 'PGlite (embedded)';
  const how = `medians of ${ROUNDS} rounds, ${CONNECTIONS} connections, ${SECONDS} s each, ${WRK ? 'wrk' : 'autocannon'}`;
  for (const baseline of targets.slice(1)) {
    console.log(`\n${title}, the server against the ${baseline.name}: ${how}`);
    console.log(
      `| call | server req/s | ${baseline.name} req/s | throughput ratio | server p50 / p99 ms | ${baseline.name} p50 / p99 ms | p99 ratio |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [name, byTarget] of results) {
      const s = summary(byTarget.get('server') ?? []);
      const b = summary(byTarget.get(baseline.name) ?? []);
      console.log(
        `| ${name} | ${s.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${(s.rps / b.rps).toFixed(2)}× | ${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} | ${b.p50.toFixed(1)} / ${b.p99.toFixed(1)} | ${(s.p99 / b.p99).toFixed(2)}× |`,
      );
    }
  }
  // CPU time is steadier than req/s on a shared machine: it does not count the time a process waits for a core.
  const rows = [...results].map(([name, byTarget]) => ({ name, cpus: targets.map((t) => summary(byTarget.get(t.name) ?? []).cpu) }));
  if (rows.some((r) => r.cpus.some((c) => c === undefined))) return;
  const withDb = kind === 'postgres';
  console.log(
    `\n${title}, CPU time per request in ms (medians of the rounds, from /proc)${withDb ? ': the Node process, then PostgreSQL' : ''}`,
  );
  const heads = targets.flatMap((t) => (withDb ? [`${t.name}`, `PostgreSQL (${t.name})`] : [t.name]));
  const baselines = targets.slice(1);
  console.log(`| call | ${heads.join(' | ')} | ${baselines.map((b) => `server ÷ ${b.name}`).join(' | ')} |`);
  console.log(`|---|${[...heads, ...baselines].map(() => '---:').join('|')}|`);
  for (const { name, cpus } of rows) {
    const cells = cpus.flatMap((c) => (withDb ? [c?.node.toFixed(3), c?.db.toFixed(3)] : [c?.node.toFixed(3)]));
    const ratios = baselines.map((_, i) => `${((cpus[0]?.node ?? 0) / (cpus[i + 1]?.node ?? 1)).toFixed(2)}×`);
    console.log(`| ${name} | ${cells.join(' | ')} | ${ratios.join(' | ')} |`);
  }
}

/** VACUUM (ANALYZE) and CHECKPOINT on the benchmark's database, between runs. */
async function settleWrites(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE) order_quantities');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

async function runOn(kind: 'postgres' | 'pglite') {
  const scratch: string[] = [];
  const stops: (() => Promise<void>)[] = [];
  let admin: pg.Client | undefined;
  let dbName = '';
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reorder-apibench-'));
    scratch.push(dataDir);
    const env: Record<string, string> = { JWT_SECRET: SECRET, DATA_DIR: dataDir, NODE_ENV: 'production' };
    if (kind === 'postgres') {
      admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      dbName = `reorder_apibench_${process.pid}_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${dbName}`);
      const url = new URL(PG_URL);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
    }

    // The compared build starts first: its migrations are the older ones, and the server adds its own after them.
    const serverPort = await freePort();
    let compared: Running | undefined;
    if (COMPARE_DIR && kind === 'postgres') {
      const compareData = mkdtempSync(path.join(tmpdir(), 'reorder-apibench-compared-'));
      scratch.push(compareData);
      const main = path.join(COMPARE_DIR, 'services/server/dist/main.js');
      compared = await startProcess(
        process.execPath,
        // That build's own Node flags when it has them (as npm start runs it), else this checkout's.
        [...(nodeArgsOf(COMPARE_DIR) ?? NODE_ARGS), main],
        { ...env, DATA_DIR: compareData, PUBLIC_URL: `http://localhost:${serverPort}` },
        await freePort(),
        '/api/ping',
        undefined,
        COMPARE_DIR,
      );
      stops.push(() => (compared as Running).stop());
    }
    // The server makes the schema (its migrations) and the account; then the data goes in with SQL.
    let server = await startBuiltServer(env, serverPort, SERVER_NODE_ARGS, SERVER_LOG);
    const owner = await register(server.url);
    let seeded: Awaited<ReturnType<typeof seed>>;
    // The server's own public URL (its default, from its port): the order's confirmation link starts with it.
    const baselineEnv: Record<string, string> = { JWT_SECRET: SECRET, PUBLIC_URL: `http://localhost:${serverPort}` };
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      seeded = await seed(client, owner.userId);
      await client.end();
      baselineEnv.DATABASE_URL = env.DATABASE_URL as string;
    } else {
      // One process at a time opens a PGlite folder: stop the server, seed, and give the baseline a copy of its own.
      await server.stop();
      const pgliteDir = path.join(dataDir, 'pglite');
      const db = await PGlite.create(pgliteDir, { extensions: { btree_gin, citext, pg_trgm } });
      seeded = await seed(db, owner.userId);
      await db.close();
      const copy = mkdtempSync(path.join(tmpdir(), 'reorder-apibench-baseline-'));
      scratch.push(copy);
      cpSync(pgliteDir, copy, { recursive: true });
      baselineEnv.PGLITE_DIR = copy;
      server = await startBuiltServer(env, serverPort, SERVER_NODE_ARGS, SERVER_LOG);
    }
    stops.push(() => server.stop());
    const targets: Target[] = [{ name: 'server', ...server }];
    if (compared) targets.push({ name: 'compared build', ...compared });
    for (const which of kind === 'postgres' ? BASELINES : (['bare'] as const)) {
      const nodeArgs = [...(which === 'tuned' ? NODE_ARGS : []), ...BASELINE_NODE_ARGS];
      const baseline = await startBaseline({ ...baselineEnv, BASELINE_PREPARED: which === 'tuned' ? '1' : '0' }, nodeArgs);
      stops.push(() => baseline.stop());
      targets.push({ name: which === 'tuned' ? 'tuned baseline' : 'baseline', ...baseline });
    }

    const trpcInput = encodeURIComponent(JSON.stringify({}));
    const calls: Call[] = [
      { name: `REST GET /api/suppliers (${SUPPLIERS} suppliers)`, method: 'GET', path: '/api/suppliers' },
      { name: 'tRPC suppliers.list', method: 'GET', path: `/api/trpc/suppliers.list?input=${trpcInput}` },
      {
        name: `REST GET /api/orders/supplier/{id} (${PRODUCTS} products)`,
        method: 'GET',
        path: `/api/orders/supplier/${seeded.supplierId}`,
      },
      {
        name: 'REST PUT /api/products/quantity',
        method: 'PUT',
        path: '/api/products/quantity',
        bodies: seeded.productIds.map((productId, i) => JSON.stringify({ productId, orderId: seeded.orderId, quantity: (i % 9) + 1 })),
      },
      { name: 'REST GET /api/auth/sessions', method: 'GET', path: '/api/auth/sessions' },
    ];
    // The writes change the data, so the answers are compared first, and the PUT compares its own answer.
    for (const baseline of targets.slice(1)) await sameAnswers(calls, server.url, baseline.url, owner.token);
    const only = process.env.BENCH_CALLS?.split(',').map((w) => w.trim().toLowerCase());
    if (only) calls.splice(0, calls.length, ...calls.filter((c) => only.some((w) => c.name.toLowerCase().includes(w))));

    /** The database's backends (PostgreSQL: the server's and the baseline's connections; PGlite runs inside each process). */
    const dbPids = async (): Promise<number[]> =>
      admin
        ? (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows.map((r) => r.pid)
        : [];
    const dbCpuMs = (pids: number[]) => new Map(pids.map((pid) => [pid, treeCpuMs(pid) ?? 0]));
    /** One load run, with the CPU time per request it cost the process and the database. */
    const measured = async (target: Target, call: Call): Promise<Result> => {
      const nodeBefore = treeCpuMs(target.pid);
      const dbBefore = dbCpuMs(await dbPids());
      const result = await load(target.url, call, owner.token);
      const nodeAfter = treeCpuMs(target.pid);
      // Each backend's growth: one opened during the run counts whole, one closed during it (an idle pool's) counts nothing.
      let db = 0;
      for (const [pid, after] of dbCpuMs(await dbPids())) db += after - (dbBefore.get(pid) ?? 0);
      if (nodeBefore === undefined || nodeAfter === undefined || !result.requests) return result;
      return { ...result, cpu: { node: (nodeAfter - nodeBefore) / result.requests, db: db / result.requests } };
    };

    // Warm each up (JIT, pools), then turn which goes first in each round.
    for (const call of calls) for (const target of targets) await load(target.url, call, owner.token);
    if (kind === 'postgres') await settleWrites(env.DATABASE_URL as string);
    const results = new Map(calls.map((c) => [c.name, new Map(targets.map((t) => [t.name, [] as Result[]]))]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const call of calls) {
        const entry = results.get(call.name) as Map<string, Result[]>;
        const order = targets.map((_, i) => targets[(i + round) % targets.length] as Target);
        for (const target of order) {
          entry.get(target.name)?.push(await measured(target, call));
          // A write leaves dead rows and WAL behind: vacuumed and checkpointed now, not by the
          // autovacuum and checkpointer in the middle of whichever run comes next.
          if (call.method !== 'GET' && kind === 'postgres') await settleWrites(env.DATABASE_URL as string);
        }
        if (ROUND_DETAILS) {
          const line = targets.map((t) => {
            const r = entry.get(t.name)?.at(-1);
            return `${t.name} ${r?.rps.toFixed(0)} req/s, p50 ${r?.p50.toFixed(1)} / p99 ${r?.p99.toFixed(1)} ms`;
          });
          process.stderr.write(`    ${call.name}: ${line.join('; ')}\n`);
        }
      }
      process.stderr.write(`  ${kind}: round ${round + 1} of ${ROUNDS} done\n`);
    }
    report(kind, targets, results);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    if (admin) {
      if (dbName) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }
}

requireBuiltServer();
const kinds = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((k) => k.trim()) as ('postgres' | 'pglite')[];
console.log(`API throughput: the built server against bare node:http + jose + pg baselines (tooling/bench/src/baseline-server.ts).`);
console.log(`Machine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}.`);
for (const kind of kinds) await runOn(kind);
