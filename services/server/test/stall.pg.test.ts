import { cleanUp, createTestDatabase, startServerProcess, startTcpProxy, TEST_JWT_SECRET } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §9.7, "The database misbehaving": two real server
 * processes reach PostgreSQL through a TCP proxy that stops carrying every
 * connection, open and new, without closing any (a silent network stall: no
 * error, no FIN). For the 12 seconds it lasts, every request answers 200 or
 * 503 (REST envelope and tRPC error, with `Retry-After`) and none is held 5
 * seconds or more; once the network carries again, requests succeed again.
 * The default query timeout (DATABASE_QUERY_TIMEOUT_MS) is what is tested.
 */

const database = await createTestDatabase({ migrated: true });
const proxy = database.url ? await startTcpProxy(database.url) : undefined;
afterAll(async () => {
  cleanUp();
  proxy?.restore();
  await proxy?.close();
  await database.drop();
});

const STALL_MS = 12_000;
const HELD_AT_MOST_MS = 5_000;

interface Answer {
  label: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  body: string;
}

async function call(base: string, label: string, path: string, token: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    const body = await res.text();
    return { label, status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after'), body };
  } catch (error) {
    return { label, status: 0, ms: Date.now() - started, retryAfter: null, body: String(error) };
  }
}

describe.runIf(database.url)('two processes whose database goes silent', () => {
  it('answer 200 or 503 within 5 s during a 12 s stall, and work again after it', { timeout: 180_000 }, async () => {
    const env = { DATABASE_URL: proxy!.databaseUrl, PUBLIC_URL: 'http://app.test', JWT_SECRET: TEST_JWT_SECRET, REMINDER_INTERVAL_MS: '0' };
    const servers = await Promise.all([startServerProcess(env, 90_000), startServerProcess(env, 90_000)]);
    const owner = await servers[0]!.api.register();
    const supplier = await servers[0]!.api.createSupplier(owner.token, { name: 'Frutas Pepe' });

    const requests = (base: string, n: number) => [
      call(base, 'GET /api/suppliers', '/api/suppliers', owner.token),
      call(base, 'GET /api/trpc/suppliers.list', `/api/trpc/suppliers.list?input=${encodeURIComponent('{}')}`, owner.token),
      call(base, 'POST /api/products', '/api/products', owner.token, {
        method: 'POST',
        body: JSON.stringify({ orderId: supplier.orderId, name: `P ${base.slice(-5)} ${n}`, unit: 'kg' }),
      }),
    ];
    /** Keeps every process busy (three requests at a time each) until `stop`, and collects the answers. */
    const load = (answers: Answer[], stop: { now: boolean }) =>
      Promise.all(
        servers.map(async ({ base }) => {
          for (let n = 0; !stop.now; n++) {
            answers.push(...(await Promise.all(requests(base, n))));
            await new Promise((r) => setTimeout(r, 50));
          }
        }),
      );

    // Before: everything works.
    const before: Answer[] = [];
    const beforeStop = { now: false };
    const beforeLoad = load(before, beforeStop);
    await new Promise((r) => setTimeout(r, 1500));
    beforeStop.now = true;
    await beforeLoad;
    expect(before.filter((a) => a.status !== 200).map((a) => `${a.label}: ${a.status} ${a.body}`)).toEqual([]);

    // During the stall (and the requests it caught, which end after it).
    const during: Answer[] = [];
    const duringStop = { now: false };
    proxy!.stallAll();
    const duringLoad = load(during, duringStop);
    await new Promise((r) => setTimeout(r, STALL_MS));
    duringStop.now = true;
    proxy!.restore();
    await duringLoad;

    const bad = during.filter((a) => (a.status !== 200 && a.status !== 503) || a.ms >= HELD_AT_MOST_MS);
    expect(
      bad.map((a) => `${a.label}: ${a.status} after ${a.ms} ms ${a.body.slice(0, 200)}`),
      `${during.length} answers during the stall; the first process logged: ${servers[0]!.running.stdout().slice(-4000)}`,
    ).toEqual([]);
    const unavailable = during.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.retryAfter, answer.label).toMatch(/^\d+$/);
      const body = JSON.parse(answer.body);
      if (answer.label.includes('/trpc/')) expect(body.error.data.kind, answer.body).toBe('UNAVAILABLE');
      else
        expect(body, answer.body).toEqual({ code: 0, data: null, message: expect.any(String), error: { kind: 'UNAVAILABLE', issues: [] } });
    }

    // After: within a few seconds every process answers again, then every request succeeds.
    for (const { api } of servers) {
      await expect.poll(async () => (await api.get('/api/suppliers', owner.token)).status, { timeout: 15_000, interval: 200 }).toBe(200);
    }
    const after: Answer[] = [];
    const afterStop = { now: false };
    const afterLoad = load(after, afterStop);
    await new Promise((r) => setTimeout(r, 1500));
    afterStop.now = true;
    await afterLoad;
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((a) => a.status !== 200).map((a) => `${a.label}: ${a.status} ${a.body}`)).toEqual([]);
  });
});
