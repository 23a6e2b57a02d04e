import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runReminders } from '@reorder/api';
import {
  expectFailure,
  expectFieldError,
  expectOk,
  newBrowserKeys,
  type RegisteredUser,
  startTestServer,
  type TestServer,
} from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 27, items 2 and 11 (docs/decisions.md §8.6, "Outbound requests"): a
 * push endpoint is a URL the server will post to, so it must never reach the
 * server's own network. `strict` runs as in production; `local` has
 * ALLOW_PRIVATE_ENDPOINTS=1, the test setting that lets a push service on
 * this machine (loopback) take deliveries. The outbound rule itself, range by
 * range, is tested in packages/api/src/platform/outbound.test.ts.
 */

let strict: TestServer;
let local: TestServer;
/** A push service on loopback that records every request it gets, answering `status(path)`. */
let target: { origin: string; seen: string[]; status: (path: string) => { code: number; location?: string } };
let server: Server;

beforeAll(async () => {
  const seen: string[] = [];
  target = { origin: '', seen, status: () => ({ code: 201 }) };
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`);
      const { code, location } = target.status(req.url ?? '/');
      res.writeHead(code, location ? { location } : {}).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  target.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [strict, local] = await Promise.all([startTestServer(), startTestServer({ env: { ALLOW_PRIVATE_ENDPOINTS: '1' } })]);
});
afterAll(async () => {
  await Promise.all([strict?.close(), local?.close()]);
  await new Promise((resolve) => server?.close(resolve));
});

const keys = newBrowserKeys();
const body = (endpoint: string) => ({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });

/** An owner whose address is proven (only that subscribes a browser). */
async function owner(t: TestServer): Promise<RegisteredUser> {
  const user = await t.api.register();
  await t.confirmEmail(user.email, user.token);
  return user;
}

const MINUTE = 60_000;
/** A supplier of `user` whose reminder is due now, and a reminder round at that time; its outcome. */
async function remindNow(t: TestServer, user: RegisteredUser, name: string): Promise<string[]> {
  const cutoff = Math.floor((Date.now() + 3 * 3600_000) / MINUTE) * MINUTE;
  const day = new Date(cutoff);
  const fields = { deliveryDays: [((day.getUTCDay() + 6) % 7) + 1], cutoffTime: day.toISOString().slice(11, 16), leadDays: 0 };
  const supplier = await t.api.createSupplier(user.token, { name, ...fields });
  t.server.deps.clock = () => cutoff - 120 * MINUTE;
  try {
    const outcomes = await runReminders(t.server.deps);
    return outcomes.filter((o) => o.supplierId === supplier.id).map((o) => o.outcome);
  } finally {
    t.server.deps.clock = undefined;
  }
}

const endpointsOf = async (t: TestServer, userId: number) =>
  (await t.server.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute()).map(
    (r) => r.endpoint,
  );

describe('POST /api/push/subscriptions, as in production', () => {
  it('refuses an endpoint that reaches a local, private or unresolvable address (400 naming endpoint), and contacts none', async () => {
    const user = await owner(strict);
    const before = target.seen.length;
    for (const endpoint of [
      `${target.origin}/push/http-loopback`,
      'https://127.0.0.1/push/x',
      'https://[::1]/push/x',
      'https://10.0.0.1/push/x',
      'https://192.168.1.1/push/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/push/x',
      'https://[fd00::1]/push/x',
      'https://[fe80::1]/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://0.0.0.0/push/x',
      'https://localhost/push/x',
      'https://push.invalid/push/x',
    ]) {
      const res = await strict.api.post('/api/push/subscriptions', body(endpoint), user.token);
      expectFieldError(res, 'endpoint');
    }
    expect(await endpointsOf(strict, user.user.id)).toEqual([]);
    expect(target.seen.length).toBe(before);
    // A public address is fine (it is only checked, not contacted, at subscription time).
    expectOk(await strict.api.post('/api/push/subscriptions', body('https://8.8.8.8/push/fine'), user.token), {
      endpoint: 'https://8.8.8.8/push/fine',
    });
  });

  it('keeps at most 10 browsers per account; a browser subscribing again (new keys) is not one more', async () => {
    const user = await owner(strict);
    for (let i = 0; i < 10; i++) {
      expect((await strict.api.post('/api/push/subscriptions', body(`https://8.8.8.8/push/${user.user.id}-${i}`), user.token)).status).toBe(
        200,
      );
    }
    const over = await strict.api.post('/api/push/subscriptions', body(`https://8.8.8.8/push/${user.user.id}-10`), user.token);
    expectFailure(over, 400, 'BAD_REQUEST', ['endpoint']);
    expect(over.body.message).toMatch(/10 browsers/);
    expect((await strict.api.post('/api/push/subscriptions', body(`https://8.8.8.8/push/${user.user.id}-3`), user.token)).status).toBe(200);
    expect(await endpointsOf(strict, user.user.id)).toHaveLength(10);
  });

  it('never contacts a private endpoint at send time, even one stored before the rule: no 404/410 answer to learn from', async () => {
    const user = await owner(strict);
    const endpoint = `${target.origin}/push/stored-${user.user.id}`;
    target.status = (path) => ({ code: path.includes('stored-') ? 410 : 201 });
    await strict.server.deps.db
      .insertInto('push_subscriptions')
      .values({ user_id: user.user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .execute();
    const before = target.seen.length;
    expect(await remindNow(strict, user, 'Stored Before')).toEqual(['sent']);
    expect(target.seen.slice(before)).toEqual([]);
    // It can never be delivered: it is dropped, as the rule refuses it, not as the target answered.
    expect(await endpointsOf(strict, user.user.id)).toEqual([]);
  });
});

describe('POST /api/push/subscriptions, with ALLOW_PRIVATE_ENDPOINTS=1', () => {
  it('delivers to a push service on this machine, and follows no redirect it answers', async () => {
    const user = await owner(local);
    const endpoint = `${target.origin}/push/redirecting-${user.user.id}`;
    target.status = (path) =>
      path.startsWith('/push/redirecting-') ? { code: 303, location: `${target.origin}/elsewhere-${user.user.id}` } : { code: 201 };
    expectOk(await local.api.post('/api/push/subscriptions', body(endpoint), user.token), { endpoint });
    const before = target.seen.length;
    expect(await remindNow(local, user, 'Redirecting')).toEqual(['sent']);
    expect(target.seen.slice(before)).toEqual([`POST /push/redirecting-${user.user.id}`]);
  });

  it("refuses to take another account's browser (409), which keeps receiving its own account's notifications", async () => {
    const ana = await owner(local);
    const ben = await owner(local);
    const endpoint = `${target.origin}/push/shared-${ana.user.id}`;
    expectOk(await local.api.post('/api/push/subscriptions', body(endpoint), ana.token), { endpoint });
    const taken = await local.api.post('/api/push/subscriptions', body(endpoint), ben.token);
    expectFailure(taken, 409, 'CONFLICT', ['endpoint']);
    expect(await endpointsOf(local, ana.user.id)).toEqual([endpoint]);
    expect(await endpointsOf(local, ben.user.id)).toEqual([]);
    // Ben cannot remove it either; Ana can, and then Ben may subscribe the browser.
    expect((await local.api.delete('/api/push/subscriptions', ben.token, { endpoint })).status).toBe(404);
    expectOk(await local.api.delete('/api/push/subscriptions', ana.token, { endpoint }), { endpoint });
    expectOk(await local.api.post('/api/push/subscriptions', body(endpoint), ben.token), { endpoint });
  });
});
