import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runWebhookDeliveries } from '@reorder/api';
import {
  expectFailure,
  expectFieldError,
  expectOk,
  type ReceiverAnswer,
  type RegisteredUser,
  startWebhookReceiver,
  type TestServer,
  useTestServers,
  verifyWebhookSignature,
} from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Webhooks (issue 33, docs/decisions.md §8.5, shared DECISIONS §8.5) on one
 * server, its delivery rounds run by the test (`runWebhookDeliveries`) on an
 * injected clock: the REST contract of the endpoints, the events each change
 * queues (in its transaction), the signature, the 24-hour switch-off and
 * the owners' email. `strict` runs as in production; `local` has
 * ALLOW_PRIVATE_ENDPOINTS=1 so it may post to the receiver on 127.0.0.1.
 * Several processes sharing the queue: webhooks-processes.pg.test.ts.
 */

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
/** How the receiver answers: per path, 200 unless a test says otherwise. */
const answers = new Map<string, ReceiverAnswer>();
beforeAll(async () => {
  receiver = await startWebhookReceiver((path) => answers.get(path) ?? { status: 200 });
});
afterAll(async () => {
  await receiver?.close();
});

const { strict, local } = useTestServers({ strict: {}, local: { env: { ALLOW_PRIVATE_ENDPOINTS: '1' } } });

/** An owner whose address is proven (only that adds webhooks). */
async function owner(t: TestServer): Promise<RegisteredUser> {
  const user = await t.api.register();
  await t.confirmEmail(user.email, user.token);
  return user;
}

let paths = 0;
/** A new endpoint of `user`'s business on the receiver, at a path of its own; its id, path and secret. */
async function addEndpoint(user: RegisteredUser, events: string[] = ['order.sent', 'order.confirmed', 'product.price_changed']) {
  paths += 1;
  const path = `/hook-${paths}`;
  const res = await local.api.post('/api/webhooks', { url: `${receiver.origin}${path}`, events }, user.token);
  expect(res.status, res.text).toBe(200);
  return { id: res.body.data.id as number, path, secret: res.body.data.secret as string };
}

/** One delivery round of the local server at `at` (epoch ms; now by default). */
async function round(at?: number) {
  local.server.deps.clock = at === undefined ? undefined : () => at;
  try {
    return await runWebhookDeliveries(local.server.deps);
  } finally {
    local.server.deps.clock = undefined;
  }
}

describe('the endpoints of a business', () => {
  it('adds one with a whsec_ secret shown once, lists it without the secret, and deletes it', async () => {
    const ana = await owner(local);
    const url = `${receiver.origin}/listed`;
    const res = await local.api.post('/api/webhooks', { url, events: ['order.sent'] }, ana.token);
    expectOk(res, {
      id: expect.any(Number),
      url,
      events: ['order.sent'],
      enabled: true,
      failingSince: null,
      disabledAt: null,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const { secret, ...listed } = res.body.data;
    const list = await local.api.get('/api/webhooks', ana.token);
    expectOk(list, [listed]);
    expect(list.text).not.toContain(secret);
    expectOk(await local.api.delete(`/api/webhooks/${listed.id}`, ana.token), { id: listed.id });
    expectOk(await local.api.get('/api/webhooks', ana.token), []);
    expectFailure(await local.api.delete(`/api/webhooks/${listed.id}`, ana.token), 404, 'NOT_FOUND');
  });

  it('refuses bad input with a 400 naming the field, and adds nothing', async () => {
    const ana = await owner(local);
    const url = `${receiver.origin}/bad`;
    expectFieldError(await local.api.post('/api/webhooks', { url: 'ftp://example.com/x', events: ['order.sent'] }, ana.token), 'url');
    expectFieldError(await local.api.post('/api/webhooks', { url: 'not a url', events: ['order.sent'] }, ana.token), 'url');
    expectFieldError(await local.api.post('/api/webhooks', { events: ['order.sent'] }, ana.token), 'url');
    expectFieldError(await local.api.post('/api/webhooks', { url, events: [] }, ana.token), 'events');
    expectFieldError(await local.api.post('/api/webhooks', { url, events: ['order.deleted'] }, ana.token), 'events.0');
    expectFieldError(await local.api.post('/api/webhooks', { url, events: ['order.sent', 'order.sent'] }, ana.token), 'events');
    expectFieldError(await local.api.post('/api/webhooks', { url, events: 'order.sent' }, ana.token), 'events');
    expectFailure(await local.api.post('/api/webhooks/abc/test', {}, ana.token), 400, 'BAD_REQUEST');
    expectOk(await local.api.get('/api/webhooks', ana.token), []);
  });

  it('refuses a private address without ALLOW_PRIVATE_ENDPOINTS, and plain http', async () => {
    const ana = await owner(strict);
    for (const url of [`${receiver.origin}/private`, 'https://127.0.0.1/hook', 'https://10.0.0.8/hook', 'https://169.254.169.254/latest']) {
      const res = await strict.api.post('/api/webhooks', { url, events: ['order.sent'] }, ana.token);
      expectFieldError(res, 'url');
    }
    expectOk(await strict.api.get('/api/webhooks', ana.token), []);
    expect(receiver.at('/private')).toHaveLength(0);
  });

  it('are at most 10 per business', async () => {
    const ana = await owner(local);
    for (let i = 0; i < 10; i++) await addEndpoint(ana, ['order.sent']);
    const res = await local.api.post('/api/webhooks', { url: `${receiver.origin}/eleventh`, events: ['order.sent'] }, ana.token);
    expectFailure(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toContain('at most 10');
    expect((await local.api.get('/api/webhooks', ana.token)).body.data).toHaveLength(10);
  });

  it("are the owners' alone: managers and staff get 403, an unconfirmed address cannot add one, other businesses' ids are 404", async () => {
    const ana = await owner(local);
    const hook = await addEndpoint(ana);
    // Members act in ana's business by naming it (their own comes first).
    const business = String((await local.api.get('/api/businesses', ana.token)).body.data[0].id);
    const as = (member: RegisteredUser) => ({ token: member.token, headers: { 'x-business-id': business } });
    for (const role of ['manager', 'staff'] as const) {
      const member = await local.joinBusiness(ana, role);
      expectFailure(await local.api.request('GET', '/api/webhooks', as(member)), 403, 'FORBIDDEN');
      const add = { ...as(member), body: { url: `${receiver.origin}/m`, events: ['order.sent'] } };
      expectFailure(await local.api.request('POST', '/api/webhooks', add), 403, 'FORBIDDEN');
      expectFailure(await local.api.request('DELETE', `/api/webhooks/${hook.id}`, as(member)), 403, 'FORBIDDEN');
      expectFailure(await local.api.request('GET', `/api/webhooks/${hook.id}/deliveries`, as(member)), 403, 'FORBIDDEN');
    }
    const unconfirmed = await local.api.register();
    const refused = await local.api.post('/api/webhooks', { url: `${receiver.origin}/u`, events: ['order.sent'] }, unconfirmed.token);
    expectFailure(refused, 403, 'FORBIDDEN');
    const stranger = await owner(local);
    expectFailure(await local.api.get(`/api/webhooks/${hook.id}/deliveries`, stranger.token), 404, 'NOT_FOUND');
    expectFailure(await local.api.post(`/api/webhooks/${hook.id}/test`, {}, stranger.token), 404, 'NOT_FOUND');
    expectFailure(await local.api.delete(`/api/webhooks/${hook.id}`, stranger.token), 404, 'NOT_FOUND');
    expect((await local.api.get('/api/webhooks', ana.token)).body.data).toHaveLength(1);
  });
});

describe('events', () => {
  it("are queued by a send, a supplier's answer and a price change, and posted signed with the secret", async () => {
    const ana = await owner(local);
    const all = await addEndpoint(ana);
    const sendsOnly = await addEndpoint(ana, ['order.sent']);
    const supplier = await local.api.createSupplier(ana.token, { name: 'Frutas Pepe', showPrices: true });
    const bulk = await local.api.post(
      '/api/products/bulk',
      { orderId: supplier.orderId, products: [{ name: 'Lemons', unit: 'Kg', price: 3.2, quantity: 2 }] },
      ana.token,
    );
    expect(bulk.status, bulk.text).toBe(200);
    const lemons = bulk.body.data.products[0].id as number;
    // A new product's first price is no change.
    await round();
    expect(receiver.at(all.path)).toHaveLength(0);

    const sent = await local.api.post(`/api/orders/${supplier.orderId}/send`, {}, ana.token);
    expect(sent.status, sent.text).toBe(200);
    const token = /\/confirm\/([A-Za-z0-9_-]+)$/.exec(sent.body.data.confirmUrl)?.[1];
    const answered = await local.api.post(`/api/public/confirmations/${token}`, {
      unavailable: [],
      lines: [{ productId: lemons, quantity: 2, price: 3.5 }],
    });
    expect(answered.status, answered.text).toBe(200);
    expect((await local.api.put(`/api/products/${lemons}`, { name: 'Lemons', unit: 'Kg', price: 3.9 }, ana.token)).status).toBe(200);
    const outcomes = await round();
    expect(outcomes.every((o) => o.outcome === 'delivered')).toBe(true);

    const got = receiver.at(all.path);
    expect(got.map((d) => d.event.type)).toEqual(
      expect.arrayContaining(['order.sent', 'order.confirmed', 'product.price_changed', 'product.price_changed']),
    );
    expect(got).toHaveLength(4);
    expect(receiver.at(sendsOnly.path).map((d) => d.event.type)).toEqual(['order.sent']);
    for (const delivery of got) {
      expect(Object.keys(delivery.event)).toEqual(['id', 'type', 'createdAt', 'data']);
      expect(delivery.event.id).toMatch(/^evt_/);
      expect(delivery.headers['content-type']).toBe('application/json');
      const signature = verifyWebhookSignature(all.secret, delivery.headers['reorder-signature'] as string, delivery.body);
      expect(signature.ok).toBe(true);
      expect(Math.abs(signature.t - Date.now() / 1000)).toBeLessThan(60);
      // Another secret, or a body changed by one character, does not verify.
      expect(verifyWebhookSignature(sendsOnly.secret, delivery.headers['reorder-signature'] as string, delivery.body).ok).toBe(false);
      expect(verifyWebhookSignature(all.secret, delivery.headers['reorder-signature'] as string, `${delivery.body} `).ok).toBe(false);
    }
    const byType = (type: string) => got.filter((d) => d.event.type === type).map((d) => d.event.data);
    expect(byType('order.sent')).toEqual([sent.body.data]);
    expect(byType('order.confirmed')).toEqual([
      expect.objectContaining({ sentOrderId: sent.body.data.id, orderId: supplier.orderId, supplierId: supplier.id, changed: false }),
    ]);
    expect(byType('product.price_changed')).toEqual([
      {
        productId: lemons,
        orderId: supplier.orderId,
        supplierId: supplier.id,
        name: 'Lemons',
        unit: 'Kg',
        price: 3.5,
        previousPrice: 3.2,
        currency: 'EUR',
        source: 'supplier',
      },
      {
        productId: lemons,
        orderId: supplier.orderId,
        supplierId: supplier.id,
        name: 'Lemons',
        unit: 'Kg',
        price: 3.9,
        previousPrice: 3.5,
        currency: 'EUR',
        source: 'owner',
      },
    ]);
    // The same event to two endpoints carries one id.
    expect(receiver.at(sendsOnly.path)[0]?.event.id).toBe(got.find((d) => d.event.type === 'order.sent')?.event.id);

    const log = await local.api.get(`/api/webhooks/${all.id}/deliveries`, ana.token);
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(4);
    expect(log.body.data[0]).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, error: null, nextAttemptAt: null });
  });

  it('are not queued by a change that is refused (the same transaction)', async () => {
    const ana = await owner(local);
    const hook = await addEndpoint(ana);
    const supplier = await local.api.createSupplier(ana.token, { name: 'Empty' });
    expectFailure(await local.api.post(`/api/orders/${supplier.orderId}/send`, {}, ana.token), 400, 'BAD_REQUEST');
    await round();
    expect(receiver.at(hook.path)).toHaveLength(0);
  });
});

describe('failures', () => {
  it('are retried with backoff, and an endpoint failing for 24 hours is switched off and its owners emailed', async () => {
    const ana = await owner(local);
    const coOwner = await local.joinBusiness(ana, 'owner');
    const hook = await addEndpoint(ana, ['order.sent']);
    answers.set(hook.path, { status: 500 });
    const supplier = await local.api.seedOrder(ana.token, { name: 'Panadería' }, [{ name: 'Bread', unit: 'u', quantity: 4 }]);
    expect((await local.api.post(`/api/orders/${supplier.supplier.orderId}/send`, {}, ana.token)).status).toBe(200);
    const t0 = Date.now();

    expect(await round(t0)).toEqual([{ id: expect.any(Number), outcome: 'retry' }]);
    const [first] = (await local.api.get(`/api/webhooks/${hook.id}/deliveries`, ana.token)).body.data;
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'Answered 500' });
    // Backoff: not due again 20 seconds later, due after 30.
    expect(await round(t0 + 20_000)).toEqual([]);
    expect(await round(t0 + 31_000)).toEqual([{ id: first.id, outcome: 'retry' }]);
    expect((await local.api.get('/api/webhooks', ana.token)).body.data[0]).toMatchObject({
      enabled: true,
      failingSince: new Date(t0).toISOString(),
    });

    // 24 hours after the first failure: the last attempt fails, the delivery is given up, the endpoint switched off.
    expect(await round(t0 + 24 * 3600_000 + 1000)).toEqual([{ id: first.id, outcome: 'failed' }]);
    const [listed] = (await local.api.get('/api/webhooks', ana.token)).body.data;
    expect(listed).toMatchObject({ enabled: false, disabledAt: expect.any(String) });
    expect(receiver.at(hook.path)).toHaveLength(3);
    const mails = (await local.outbox()).filter((m) => m.subject === 'A webhook of yours was switched off');
    expect(mails.map((m) => m.to[0]).sort()).toEqual([ana.email, coOwner.email].sort());
    expect(mails[0]?.text).toContain(`${receiver.origin}${hook.path}`);
    expect(mails[0]?.text).toContain('http://app.test/profile/webhooks');

    // Switched off, it is sent nothing more…
    expect((await local.api.post(`/api/orders/${supplier.supplier.orderId}/send`, {}, ana.token)).status).toBe(200);
    await round();
    expect(receiver.at(hook.path)).toHaveLength(3);
    // …until a test event reaches it.
    answers.delete(hook.path);
    const test = await local.api.post(`/api/webhooks/${hook.id}/test`, {}, ana.token);
    expectOk(test, expect.objectContaining({ type: 'webhook.test', status: 'delivered', attempts: 1, responseStatus: 200 }));
    expect(receiver.at(hook.path).at(-1)?.event).toMatchObject({ type: 'webhook.test', data: { webhookId: hook.id } });
    expect((await local.api.get('/api/webhooks', ana.token)).body.data[0]).toMatchObject({
      enabled: true,
      failingSince: null,
      disabledAt: null,
    });
  });

  it('include a redirect, which is never followed', async () => {
    const ana = await owner(local);
    const target = await addEndpoint(ana, ['order.sent']);
    const hook = await addEndpoint(ana, ['order.sent']);
    answers.set(hook.path, { status: 302, location: `${receiver.origin}${target.path}` });
    const res = await local.api.post(`/api/webhooks/${hook.id}/test`, {}, ana.token);
    expectOk(res, expect.objectContaining({ status: 'failed', responseStatus: 302, error: 'Redirects are not followed (answered 302)' }));
    expect(receiver.at(target.path)).toHaveLength(0);
  });

  it('say "Could not connect", never the socket\'s or TLS\'s code (§9.7)', async () => {
    const ana = await owner(local);
    // A port nobody listens on (refused), and TLS spoken to a plain HTTP server (a handshake error).
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const receiverPort = new URL(receiver.origin).port;
    for (const url of [`http://127.0.0.1:${port}/hook`, `https://127.0.0.1:${receiverPort}/tls-to-http`]) {
      const added = await local.api.post('/api/webhooks', { url, events: ['order.sent'] }, ana.token);
      expect(added.status, added.text).toBe(200);
      const res = await local.api.post(`/api/webhooks/${added.body.data.id}/test`, {}, ana.token);
      expectOk(res, expect.objectContaining({ status: 'failed', responseStatus: null, error: 'Could not connect' }));
      const [listed] = (await local.api.get(`/api/webhooks/${added.body.data.id}/deliveries`, ana.token)).body.data;
      expect(listed.error).toBe('Could not connect');
    }
  });
});
