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

describe('a push subscription is a device of the account (docs/decisions.md §9.7)', () => {
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
  const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  let n = 0;
  const endpointFor = (label: string) => `https://8.8.8.8/push/${label}-${++n}`;

  /** A new sign-in of `user` from a browser naming itself `userAgent`: its session token. */
  async function signIn(user: RegisteredUser, userAgent: string): Promise<string> {
    const res = await strict.api.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  }
  const subscribeFrom = async (token: string, endpoint: string, userAgent = ANDROID) => {
    const res = await strict.api.request('POST', '/api/push/subscriptions', {
      token,
      body: body(endpoint),
      headers: { 'user-agent': userAgent },
    });
    expect(res.status, res.text).toBe(200);
  };

  it('cannot be added with an API token (403), which adds nothing', async () => {
    const user = await owner(strict);
    const made = await strict.api.post('/api/auth/tokens', { name: 'Script' }, user.token);
    expect(made.status, made.text).toBe(200);
    const res = await strict.api.post('/api/push/subscriptions', body(endpointFor('token')), made.body.data.token);
    expectFailure(res, 403, 'FORBIDDEN');
    expect(res.body.message).toMatch(/API token cannot manage the account/);
    expect(await endpointsOf(strict, user.user.id)).toEqual([]);
  });

  it('is listed with the browser that allowed it and when, marks this one, and is removed one by one', async () => {
    const user = await owner(strict);
    const phone = await signIn(user, ANDROID);
    const laptop = await signIn(user, MAC);
    const onPhone = endpointFor('phone');
    await subscribeFrom(phone, onPhone, ANDROID);
    await subscribeFrom(laptop, endpointFor('laptop'), MAC);
    const listed = await strict.api.get('/api/push/subscriptions', phone);
    expectOk(
      listed,
      [
        { id: expect.any(Number), createdAt: expect.any(String), userAgent: MAC, current: false },
        { id: expect.any(Number), createdAt: expect.any(String), userAgent: ANDROID, current: true },
      ],
      'Devices loaded',
    );
    expect(Math.abs(Date.parse(listed.body.data[1].createdAt) - Date.now())).toBeLessThan(60_000);
    // Nothing else of the subscription (its endpoint, its keys) is shown.
    expect(listed.text).not.toContain('8.8.8.8');
    expect(listed.text).not.toContain(keys.p256dh);
    const [mac] = listed.body.data;

    // Another account cannot remove it (404, as for one that does not exist); the owner can, from any device.
    const stranger = await strict.api.register();
    expectFailure(await strict.api.delete(`/api/push/subscriptions/${mac.id}`, stranger.token), 404, 'NOT_FOUND');
    expectOk(await strict.api.delete(`/api/push/subscriptions/${mac.id}`, phone), { id: mac.id }, 'Notifications are off for that browser');
    expectFailure(await strict.api.delete(`/api/push/subscriptions/${mac.id}`, phone), 404, 'NOT_FOUND');
    expect(await endpointsOf(strict, user.user.id)).toEqual([onPhone]);
    // The same over tRPC.
    const trpc = await strict.api.request('GET', `/api/trpc/push.list?input=${encodeURIComponent('{}')}`, { token: laptop });
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data).toEqual([expect.objectContaining({ userAgent: ANDROID, current: false })]);
  });

  it('goes when its session ends, and with "Sign out everywhere"', async () => {
    const user = await owner(strict);
    const phone = await signIn(user, ANDROID);
    const laptop = await signIn(user, MAC);
    await subscribeFrom(phone, endpointFor('phone'));
    const onLaptop = endpointFor('laptop');
    await subscribeFrom(laptop, onLaptop, MAC);
    // The phone signs out: its device goes, the laptop's stays.
    expect((await strict.api.post('/api/auth/logout', {}, phone)).status).toBe(200);
    expect(await endpointsOf(strict, user.user.id)).toEqual([onLaptop]);
    // A device allowed before devices kept their session (no session) goes with "Sign out everywhere" too.
    await strict.server.deps.db
      .insertInto('push_subscriptions')
      .values({ user_id: user.user.id, endpoint: endpointFor('older'), p256dh: keys.p256dh, auth: keys.auth })
      .execute();
    expect((await strict.api.post('/api/auth/logout-all', {}, user.token)).status).toBe(200);
    expect(await endpointsOf(strict, user.user.id)).toEqual([]);
  });

  it("goes with a password change (but this device's), and with a reset (all of them)", async () => {
    const user = await owner(strict);
    const stolen = await signIn(user, MAC);
    await subscribeFrom(stolen, endpointFor('stolen'), MAC);
    const mine = endpointFor('mine');
    await subscribeFrom(user.token, mine);
    const changed = await strict.api.put(
      '/api/users/me',
      { password: 'a brand new password 9', currentPassword: user.password },
      user.token,
    );
    expect(changed.status, changed.text).toBe(200);
    expect(await endpointsOf(strict, user.user.id)).toEqual([mine]);

    await strict.api.post('/api/auth/forgot-password', { email: user.email });
    const reset = await strict.linkToken(user.email, '/reset-password');
    expect((await strict.api.post('/api/auth/reset-password', { token: reset, password: 'yet another password 7' })).status).toBe(200);
    expect(await endpointsOf(strict, user.user.id)).toEqual([]);
  });

  it('moves to the session that subscribes it again', async () => {
    const user = await owner(strict);
    const before = await signIn(user, ANDROID);
    const endpoint = endpointFor('again');
    await subscribeFrom(before, endpoint);
    const after = await signIn(user, ANDROID);
    await subscribeFrom(after, endpoint);
    expect((await strict.api.post('/api/auth/logout', {}, before)).status).toBe(200);
    expect(await endpointsOf(strict, user.user.id)).toEqual([endpoint]);
    expect((await strict.api.get('/api/push/subscriptions', after)).body.data).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe("a member's removal (docs/decisions.md §9.7)", () => {
  it("stops that business's notices to the member's devices; their own business's still reach them", async () => {
    const ana = await owner(local);
    const marta = await local.joinBusiness(ana, 'manager');
    const endpoint = `${target.origin}/push/member-${marta.user.id}`;
    target.status = () => ({ code: 201 });
    expectOk(await local.api.post('/api/push/subscriptions', body(endpoint), marta.token), { endpoint });
    const reached = () => target.seen.filter((line) => line === `POST /push/member-${marta.user.id}`).length;

    await remindNow(local, ana, 'Before removal');
    expect(reached()).toBe(1);
    expect((await local.api.delete(`/api/business/members/${marta.user.id}`, ana.token)).status).toBe(200);
    await remindNow(local, ana, 'After removal');
    expect(reached()).toBe(1);
    // The device is Marta's, not Ana's business's: her own café's reminders still reach it.
    await remindNow(local, marta, 'Her own café');
    expect(reached()).toBe(2);
  });
});
