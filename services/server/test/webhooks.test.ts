import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  expectFailure,
  expectFieldError,
  expectOk,
  type ReceiverAnswer,
  type RegisteredUser,
  startWebhookReceiver,
  type TestServer,
  useTestServers,
} from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Webhooks (issue 33, docs/decisions.md §8.5, shared DECISIONS §8.5) over
 * REST on one server with ALLOW_PRIVATE_ENDPOINTS=1, so it may post to the
 * receiver on 127.0.0.1: each endpoint's answer, its 400, 403 and 404, and
 * "Send test event" with its deliveries log. The rules (the outbound rule,
 * the limit of 10, the events each change queues, the signature, backoff
 * and the 24-hour switch-off) are packages/api/src/webhooks/webhooks.test.ts,
 * in-process. Several processes sharing the queue:
 * webhooks-processes.pg.test.ts.
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

const { local } = useTestServers({ local: { env: { ALLOW_PRIVATE_ENDPOINTS: '1' } } });

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

describe('failures', () => {
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
      expectOk(await local.api.get(`/api/webhooks/${added.body.data.id}/deliveries`, ana.token), [
        expect.objectContaining({ type: 'webhook.test', status: 'failed', attempts: 1, error: 'Could not connect', nextAttemptAt: null }),
      ]);
    }
  });
});
