import {
  createTestDatabase,
  type JsonBody,
  type RegisteredUser,
  startTcpProxy,
  startTestServer,
  TEST_DB,
  type TestServer,
} from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §2: when the database cannot be reached, calls answer 503
 * UNAVAILABLE (not 500, and not after hanging), and they work again once it
 * is back. PostgreSQL only: the server reaches it through a TCP proxy that the
 * test cuts. (vitest.config.ts runs *.pg.test.ts in the postgres project only.)
 */

/** The pool waits at most 5 s for a connection; allow for that plus slack. */
const ANSWER_WITHIN_MS = 8_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let t: TestServer;
let user: RegisteredUser;
let supplierId: number;

beforeAll(async () => {
  expect(TEST_DB).toBe('postgres');
  database = await createTestDatabase();
  proxy = await startTcpProxy(database.url!);
  t = await startTestServer({ databaseUrl: proxy.databaseUrl });
  user = await t.api.register();
  supplierId = (await t.api.createSupplier(user.token, { name: 'Through the proxy' })).id;
});

afterAll(async () => {
  proxy?.restore();
  await t?.close();
  await proxy?.close();
  await database?.drop();
});

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
}

function expectUnavailable(res: { status: number; body: JsonBody; text: string }, label: string) {
  expect(res.status, `${label}: ${res.text}`).toBe(503);
  expect(res.body, label).toEqual({ code: 0, data: null, message: expect.any(String), error: { kind: 'UNAVAILABLE', issues: [] } });
  expect(res.text, label).not.toMatch(/ECONN|terminated|timeout exceeded|127\.0\.0\.1|"stack"| {4}at /i);
}

describe('when the database goes away', () => {
  it('works through the proxy to begin with, and says it is ready', async () => {
    const res = await t.api.get(`/api/suppliers/${supplierId}`, user.token);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Through the proxy');
    expect(await t.api.get('/api/ready')).toMatchObject({ status: 200, body: { code: 1, data: { database: 'ok' } } });
  });

  it('says it is not ready (503) while the database is away, and stays alive (ping 200)', async () => {
    proxy.cut();
    const { result, ms } = await timed(() => t.api.get('/api/ready'));
    expectUnavailable(result, 'GET /api/ready');
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await fetch(`${t.url}/api/ping`, { method: 'HEAD' })).status).toBe(200);
  });

  it('answers 503 UNAVAILABLE within a few seconds once the connection is cut', async () => {
    proxy.cut();
    const calls: Array<[string, () => ReturnType<typeof t.api.get>]> = [
      ['GET /api/suppliers', () => t.api.get('/api/suppliers', user.token)],
      ['GET /api/suppliers/{id}', () => t.api.get(`/api/suppliers/${supplierId}`, user.token)],
      ['POST /api/suppliers', () => t.api.post('/api/suppliers', { name: 'Lost', messageService: 'other' }, user.token)],
      ['POST /api/auth/login', () => t.api.post('/api/auth/login', { email: user.email, password: user.password })],
    ];
    for (const [label, call] of calls) {
      const { result, ms } = await timed(call);
      expectUnavailable(result, label);
      expect(ms, `${label} took ${ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
    }
    // Several at once, as a busy server would see them.
    const { result: parallel, ms } = await timed(() =>
      Promise.all(Array.from({ length: 5 }, () => t.api.get('/api/suppliers', user.token))),
    );
    for (const res of parallel) expectUnavailable(res, 'parallel GET /api/suppliers');
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('answers UNAVAILABLE over tRPC too', async () => {
    const res = await fetch(`${t.url}/api/trpc/suppliers.list?input=${encodeURIComponent('{}')}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text).error.data.kind).toBe('UNAVAILABLE');
    expect(text).not.toMatch(/"stack"| {4}at /);
  });

  it('logs the outage as UNAVAILABLE', () => {
    const entries = t.logs.map((line) => JSON.parse(line)).filter((e) => e.level === 'error');
    expect(entries.some((e) => e.kind === 'UNAVAILABLE')).toBe(true);
    for (const line of t.logs) expect(line).not.toContain('    at ');
  });

  it('works again once the database is back, and says it is ready again', async () => {
    proxy.restore();
    const readyBy = Date.now() + ANSWER_WITHIN_MS;
    let ready = await t.api.get('/api/ready');
    while (ready.status !== 200 && Date.now() < readyBy) {
      await new Promise((r) => setTimeout(r, 200));
      ready = await t.api.get('/api/ready');
    }
    expect(ready.status).toBe(200);
    // The pool may still hand out a dead client once; within a few seconds every call must work.
    const deadline = Date.now() + ANSWER_WITHIN_MS;
    let res = await t.api.get(`/api/suppliers/${supplierId}`, user.token);
    while (res.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      res = await t.api.get(`/api/suppliers/${supplierId}`, user.token);
    }
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Through the proxy');

    const created = await t.api.post('/api/suppliers', { name: 'After the outage', messageService: 'other' }, user.token);
    expect(created.status).toBe(200);
    const login = await t.api.post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    const list = await t.api.get('/api/suppliers', user.token);
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(['After the outage', 'Through the proxy']);
  });
});
