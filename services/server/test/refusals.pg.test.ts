import { createTestDatabase, type JsonBody, type RegisteredUser, startTestServer, TEST_DB, type TestServer } from '@reorder/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §8.6, "Several processes" (issue 27, item 7): when
 * PostgreSQL refuses a connection (too many connections, SQLSTATE 53300; the
 * database not accepting connections, 55000; starting up or shutting down,
 * 57P03) every call answers 503 UNAVAILABLE with Retry-After, on REST and
 * tRPC, never 500. And DATABASE_POOL_SIZE bounds the connections a process
 * opens.
 *
 * The server signs in as a role of its own (superusers are exempt from
 * connection limits), owner of its test database.
 */

const role = `reorder_refused_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: pg.Client;
let t: TestServer;
let user: RegisteredUser;
let databaseName: string;

beforeAll(async () => {
  expect(TEST_DB).toBe('postgres');
  database = await createTestDatabase();
  const url = new URL(database.url!);
  databaseName = url.pathname.slice(1);
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE ROLE ${role} LOGIN`);
  await admin.query(`ALTER DATABASE ${databaseName} OWNER TO ${role}`);
  url.username = role;
  t = await startTestServer({ databaseUrl: url.toString(), env: { DATABASE_POOL_SIZE: '3' } });
  user = await t.api.register();
  await t.api.createSupplier(user.token, { name: 'Refused' });
});

afterAll(async () => {
  await admin?.query(`ALTER ROLE ${role} CONNECTION LIMIT -1`).catch(() => {});
  await admin?.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => {});
  await t?.close();
  await database?.drop();
  await admin?.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
  await admin?.end();
});

/** Ends every connection the server holds, so its next queries need new ones. */
async function dropServerConnections() {
  // Again until none is left: a connection that was past its checks when the refusal began still opens.
  await expect
    .poll(
      async () => {
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
        return (await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1', [role])).rows[0].n;
      },
      { timeout: 5000, interval: 100 },
    )
    .toBe(0);
}

function expectUnavailable(res: { status: number; headers: Headers; body: JsonBody; text: string }, label: string) {
  expect(res.status, `${label}: ${res.text}`).toBe(503);
  expect(res.body, label).toEqual({ code: 0, data: null, message: expect.any(String), error: { kind: 'UNAVAILABLE', issues: [] } });
  expect(Number(res.headers.get('retry-after')), label).toBeGreaterThan(0);
}

async function everyWayIn(label: string) {
  for (let i = 0; i < 3; i++) {
    expectUnavailable(await t.api.get('/api/suppliers', user.token), `${label}: GET /api/suppliers`);
    expectUnavailable(
      await t.api.post('/api/suppliers', { name: 'Lost', messageService: 'other' }, user.token),
      `${label}: POST /api/suppliers`,
    );
    expectUnavailable(
      await t.api.post('/api/auth/login', { email: user.email, password: user.password }),
      `${label}: POST /api/auth/login`,
    );
    const trpc = await fetch(`${t.url}/api/trpc/suppliers.list?input=${encodeURIComponent('{}')}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(trpc.status, `${label}: tRPC`).toBe(503);
    expect(Number(trpc.headers.get('retry-after')), `${label}: tRPC Retry-After`).toBeGreaterThan(0);
    expect(((await trpc.json()) as JsonBody).error.data.kind).toBe('UNAVAILABLE');
  }
  expect((await t.api.get('/api/ready')).status).toBe(503);
}

async function worksAgain() {
  await expect.poll(async () => (await t.api.get('/api/suppliers', user.token)).status, { timeout: 10_000, interval: 200 }).toBe(200);
}

describe('when PostgreSQL refuses connections', () => {
  it('opens at most DATABASE_POOL_SIZE connections for queries (and one to listen), however many calls at once', async () => {
    await Promise.all(Array.from({ length: 50 }, () => t.api.get('/api/suppliers', user.token)));
    const { rows } = await admin.query(
      `SELECT count(*) FILTER (WHERE application_name <> 'listen:reorder_auth')::int AS pool,
              count(*) FILTER (WHERE application_name = 'listen:reorder_auth')::int AS listen
         FROM pg_stat_activity WHERE usename = $1`,
      [role],
    );
    expect(rows[0].listen).toBe(1);
    expect(rows[0].pool).toBeGreaterThan(0);
    expect(rows[0].pool).toBeLessThanOrEqual(3);
  });

  it('answers 503 with Retry-After on "too many connections" (53300)', async () => {
    await admin.query(`ALTER ROLE ${role} CONNECTION LIMIT 0`);
    await dropServerConnections();
    try {
      await everyWayIn('53300');
      expect(t.logs.some((line) => line.includes('53300'))).toBe(true);
    } finally {
      await admin.query(`ALTER ROLE ${role} CONNECTION LIMIT -1`);
    }
    await worksAgain();
  });

  it('answers 503 with Retry-After when the database does not accept connections (55000)', async () => {
    await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
    await dropServerConnections();
    try {
      await everyWayIn('55000');
      expect(t.logs.some((line) => line.includes('55000'))).toBe(true);
    } finally {
      await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
    }
    await worksAgain();
  });
});
