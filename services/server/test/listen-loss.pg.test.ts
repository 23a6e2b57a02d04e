import { cleanUp, createTestDatabase, startServerProcess, startTcpProxy, TEST_JWT_SECRET } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §8.6, "Several processes" (issue 27, item 3): three real
 * server processes (`src/main.ts`) on one PostgreSQL database. The third
 * reaches it through a TCP proxy that stops carrying its LISTEN connection
 * without closing it, as a dropped route does: no error, no FIN, the socket
 * just goes quiet. A sign-out through the first process must be refused by
 * the third within 10 seconds, and the third's /api/ready must answer 503
 * while it cannot prove that connection alive. The default timings are
 * used: the 10 s rule is what is tested.
 */

const database = await createTestDatabase();
const proxy = database.url ? await startTcpProxy(database.url) : undefined;
afterAll(async () => {
  cleanUp();
  await proxy?.close();
  await database.drop();
});

const startProcess = (databaseUrl: string) =>
  startServerProcess({ DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://app.test', JWT_SECRET: TEST_JWT_SECRET, REMINDER_INTERVAL_MS: '0' });

describe.runIf(database.url)('a process whose LISTEN connection goes quiet', () => {
  it('refuses a session ended elsewhere within 10 s, and says it is not ready meanwhile', { timeout: 180_000 }, async () => {
    // One at a time: the first migrates the database.
    const a = await startProcess(database.url as string);
    const [b, c] = await Promise.all([startProcess(database.url as string), startProcess(proxy!.databaseUrl)]);
    const user = await a.api.register();
    for (const { api } of [a, b, c]) {
      await expect.poll(async () => (await api.get('/api/ready')).status, { timeout: 15_000 }).toBe(200);
      // Each process keeps the sign-in check in memory now.
      expect((await api.get('/api/suppliers', user.token)).status).toBe(200);
      expect((await api.get('/api/suppliers', user.token)).status).toBe(200);
    }

    proxy!.stall('LISTEN reorder_auth');
    const started = Date.now();
    expect((await a.api.post('/api/auth/logout', {}, user.token)).status).toBe(200);
    expect((await a.api.get('/api/suppliers', user.token)).status).toBe(401);
    expect((await b.api.get('/api/suppliers', user.token)).status).toBe(401);

    let refusedAfter: number | undefined;
    const seen: string[] = [];
    while (Date.now() - started < 20_000) {
      const status = (await c.api.get('/api/suppliers', user.token)).status;
      seen.push(`${Date.now() - started} ms: ${status}`);
      if (status === 401) {
        refusedAfter = Date.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(refusedAfter, `the third process answered ${seen.slice(-3).join(', ')}`).toBeDefined();
    expect(refusedAfter!).toBeLessThan(10_000);

    // Its LISTEN connection cannot be proven (new ones stall too): not ready, but alive, and still refusing.
    const ready = await c.api.get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error.kind).toBe('UNAVAILABLE');
    expect((await fetch(`${c.api.baseUrl}/api/ping`, { method: 'HEAD' })).status).toBe(200);
    expect((await c.api.get('/api/suppliers', user.token)).status).toBe(401);
    // The others stay ready.
    expect((await a.api.get('/api/ready')).status).toBe(200);
    expect((await b.api.get('/api/ready')).status).toBe(200);

    // Once the network carries it again, it listens again and is ready.
    proxy!.restore();
    await expect.poll(async () => (await c.api.get('/api/ready')).status, { timeout: 20_000, interval: 200 }).toBe(200);
    const again = await c.api.post('/api/auth/login', { email: user.email, password: user.password });
    expect(again.status).toBe(200);
    expect((await c.api.get('/api/suppliers', again.body.data.token)).status).toBe(200);
    expect((await a.api.post('/api/auth/logout', {}, again.body.data.token)).status).toBe(200);
    expect((await c.api.get('/api/suppliers', again.body.data.token)).status).toBe(401);
    expect(c.running.stdout() + c.running.stderr()).toMatch(/LISTEN connection/);
  });
});
