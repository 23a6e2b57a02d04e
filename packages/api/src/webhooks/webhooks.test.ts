import { runWebhookDeliveries } from '@reorder/api';
import { type Owner, type ReceiverAnswer, refusal, startWebhookReceiver, useDomain, verifyWebhookSignature } from '@reorder/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * A business's webhooks (docs/decisions.md §8.5, with §8.6's outbound rule
 * and §9.7's wording of a failure), through the procedures in-process: who
 * may add one and how many, the URL and event rules, the secret, the events
 * each change queues in its own transaction, and the delivery rounds (run by
 * the test on a clock it sets) posting to a local receiver: the signature,
 * the order of an endpoint's deliveries, the backoff, the 24-hour switch-off
 * and the owners' email. services/server/test/webhooks.test.ts keeps the
 * REST and tRPC contract; several processes sharing the queue are
 * webhooks-processes.pg.test.ts and webhooks-independent.pg.test.ts.
 */
const t = useDomain();

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
/** How the receiver answers: per path, 200 unless a test says otherwise. */
const answers = new Map<string, ReceiverAnswer>();
beforeAll(async () => {
  receiver = await startWebhookReceiver((path) => answers.get(path) ?? { status: 200 });
});
afterAll(() => receiver?.close());
// The receiver is on 127.0.0.1: as a server with ALLOW_PRIVATE_ENDPOINTS=1, unless a test puts production's rule back.
beforeEach(() => {
  t.domain.deps.outbound = { allowPrivate: true };
  t.domain.deps.clock = undefined;
});

const ALL_EVENTS = ['order.sent', 'order.confirmed', 'product.price_changed'] as const;
type Event = (typeof ALL_EVENTS)[number];

/** An owner whose address is proven (only that adds webhooks). */
async function verifiedOwner(fields: Parameters<typeof t.domain.owner>[0] = {}): Promise<Owner> {
  const owner = await t.domain.owner(fields);
  await t.domain.confirmEmail(owner);
  return owner;
}

let paths = 0;
/** A new endpoint of `owner`'s business on the receiver, at a path of its own: its id, path and secret. */
async function addEndpoint(owner: Owner, events: readonly Event[] = ALL_EVENTS) {
  paths += 1;
  const path = `/hook-${paths}`;
  const created = await owner.api.webhooks.create({ url: `${receiver.origin}${path}`, events: [...events] });
  return { id: created.id, path, secret: created.secret };
}

/** One delivery round at `at` (epoch ms; now by default). */
async function round(at?: number) {
  t.domain.deps.clock = at === undefined ? undefined : () => at;
  try {
    return await runWebhookDeliveries(t.domain.deps);
  } finally {
    t.domain.deps.clock = undefined;
  }
}

/** What is queued for an endpoint, oldest first: each delivery's event type and data. */
async function queued(endpointId: number) {
  const rows = await t.domain.deps.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(['e.type', 'e.data'])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id')
    .execute();
  return rows.map((row) => ({ type: row.type, data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data }));
}

/** A supplier of `owner`'s that shares prices, with lemons at 3.20 and two in the order. */
async function lemonSupplier(owner: Owner) {
  const supplier = await owner.api.suppliers.create({
    name: 'Frutas Pepe',
    contactName: '',
    messageService: 'other',
    contactInfo: '',
    note: '',
    showPrices: true,
  });
  const { products } = await owner.api.products.bulk({
    orderId: supplier.orderId,
    products: [{ name: 'Lemons', unit: 'Kg', price: 3.2, quantity: 2 }],
  });
  return { ...supplier, lemons: products[0]!.id };
}

describe('the endpoints of a business', () => {
  it('are added with a whsec_ secret shown once, listed without it, and deleted with their log', async () => {
    const ana = await verifiedOwner();
    const url = `${receiver.origin}/listed`;
    const created = await ana.api.webhooks.create({ url, events: ['order.sent'] });
    expect(created).toEqual({
      id: expect.any(Number),
      url,
      events: ['order.sent'],
      enabled: true,
      failingSince: null,
      disabledAt: null,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const { secret, ...listed } = created;
    const list = await ana.api.webhooks.list();
    expect(list).toEqual([listed]);
    expect(JSON.stringify(list)).not.toContain(secret);
    // Two endpoints never share a secret.
    expect((await addEndpoint(ana)).secret).not.toBe(secret);

    await ana.api.webhooks.test({ id: created.id });
    expect(await ana.api.webhooks.deliveries({ id: created.id })).toHaveLength(1);
    expect(await ana.api.webhooks.delete({ id: created.id })).toEqual({ id: created.id });
    expect((await ana.api.webhooks.list()).map((w) => w.id)).not.toContain(created.id);
    expect(await queued(created.id)).toEqual([]);
    await expect(ana.api.webhooks.delete({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(ana.api.webhooks.deliveries({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuse a bad URL or event list with a 400 naming the field, adding nothing', async () => {
    const ana = await verifiedOwner();
    const url = `${receiver.origin}/bad`;
    const cases: [unknown, string][] = [
      [{ url: 'ftp://example.com/x', events: ['order.sent'] }, 'url'],
      [{ url: 'not a url', events: ['order.sent'] }, 'url'],
      [{ url: `https://user:secret@${receiver.origin.slice(7)}/x`, events: ['order.sent'] }, 'url'],
      [{ events: ['order.sent'] }, 'url'],
      [{ url, events: [] }, 'events'],
      [{ url, events: ['order.deleted'] }, 'events.0'],
      [{ url, events: ['order.sent', 'order.sent'] }, 'events'],
      [{ url, events: 'order.sent' }, 'events'],
    ];
    for (const [input, field] of cases) {
      const refused = await refusal(ana.api.webhooks.create(input as never));
      expect(refused.kind, JSON.stringify(input)).toBe('BAD_REQUEST');
      expect([...new Set(refused.issues.map((i) => i.path))], JSON.stringify(input)).toEqual([field]);
    }
    expect(await ana.api.webhooks.list()).toEqual([]);
  });

  it('refuse a URL the outbound rule refuses: http, a private or local address, a host with one private address among public ones', async () => {
    const ana = await verifiedOwner();
    t.domain.deps.outbound = {};
    for (const url of [
      `${receiver.origin}/private`,
      'https://127.0.0.1/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
    ]) {
      const refused = await refusal(ana.api.webhooks.create({ url, events: ['order.sent'] }));
      expect(refused, url).toMatchObject({ kind: 'BAD_REQUEST', issues: [{ path: 'url' }] });
    }
    // Every address the host resolves to must be public.
    t.domain.deps.outbound = {
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ],
    };
    expect(await refusal(ana.api.webhooks.create({ url: 'https://hooks.example.com/x', events: ['order.sent'] }))).toMatchObject({
      message: 'URL must be on the public internet, not a private or local address',
      issues: [{ path: 'url' }],
    });
    t.domain.deps.outbound = { resolve: async () => [] };
    expect((await refusal(ana.api.webhooks.create({ url: 'https://nowhere.example/x', events: ['order.sent'] }))).issues).toEqual([
      { path: 'url', message: 'URL host nowhere.example does not resolve' },
    ]);
    expect(await ana.api.webhooks.list()).toEqual([]);
    expect(receiver.at('/private')).toHaveLength(0);
    // A public host is taken.
    t.domain.deps.outbound = { resolve: async () => [{ address: '93.184.216.34', family: 4 }] };
    expect((await ana.api.webhooks.create({ url: 'https://hooks.example.com/x', events: ['order.sent'] })).url).toBe(
      'https://hooks.example.com/x',
    );
  });

  it('are at most 10 per business, even when added at the same moment', async () => {
    const ana = await verifiedOwner();
    for (let i = 0; i < 8; i++) await addEndpoint(ana, ['order.sent']);
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => ana.api.webhooks.create({ url: `${receiver.origin}/last-${n}`, events: ['order.sent'] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const [rejected] = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected?.reason).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A business has at most 10 webhooks: delete one to add another.',
    });
    expect(await ana.api.webhooks.list()).toHaveLength(10);
    // Another business counts its own.
    expect((await addEndpoint(await verifiedOwner(), ['order.sent'])).id).toEqual(expect.any(Number));
  });

  it("are the owners' alone: managers, staff and an unconfirmed address are refused, other businesses' ids are not found", async () => {
    const ana = await verifiedOwner();
    const hook = await addEndpoint(ana);
    for (const role of ['manager', 'staff'] as const) {
      const member = await t.domain.member(ana, role);
      await expect(member.api.webhooks.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(member.api.webhooks.create({ url: `${receiver.origin}/m`, events: ['order.sent'] })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(member.api.webhooks.delete({ id: hook.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(member.api.webhooks.test({ id: hook.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(member.api.webhooks.deliveries({ id: hook.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    // A co-owner manages them.
    const coOwner = await t.domain.member(ana, 'owner');
    expect((await coOwner.api.webhooks.list()).map((w) => w.id)).toEqual([hook.id]);

    const unconfirmed = await t.domain.owner();
    expect(await refusal(unconfirmed.api.webhooks.create({ url: `${receiver.origin}/u`, events: ['order.sent'] }))).toMatchObject({
      kind: 'FORBIDDEN',
    });
    expect(await unconfirmed.api.webhooks.list()).toEqual([]);

    const stranger = await verifiedOwner();
    await expect(stranger.api.webhooks.deliveries({ id: hook.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.api.webhooks.test({ id: hook.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.api.webhooks.delete({ id: hook.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await ana.api.webhooks.list()).toHaveLength(1);
    expect(receiver.at(hook.path)).toHaveLength(0);
  });
});

describe('events', () => {
  it("are queued by a send, a supplier's answer and every change of an existing product's price, for the endpoints that want them", async () => {
    const ana = await verifiedOwner();
    const all = await addEndpoint(ana);
    const sendsOnly = await addEndpoint(ana, ['order.sent']);
    const supplier = await lemonSupplier(ana);
    // A new product's first price is no change.
    expect(await queued(all.id)).toEqual([]);

    const sent = await ana.api.orders.send({ id: supplier.orderId });
    const token = sent.confirmUrl?.split('/confirm/')[1] ?? '';
    const supplierSide = t.domain.caller();
    await supplierSide.confirmations.answer({ token, unavailable: [], lines: [{ productId: supplier.lemons, quantity: 2, price: 3.5 }] });
    // A changed answer is told too.
    await supplierSide.confirmations.answer({ token, unavailable: [supplier.lemons] });
    await ana.api.products.update({ id: supplier.lemons, name: 'Lemons', unit: 'Kg', price: 3.9 });
    // The same price again, or a name alone, is no change.
    await ana.api.products.update({ id: supplier.lemons, name: 'Limones', unit: 'Kg', price: 3.9 });
    await ana.api.products.bulk({ orderId: supplier.orderId, products: [{ name: 'limones', unit: 'Kg', price: 4 }] });
    await ana.api.catalogue.import({ csv: 'supplier,product,unit,price\nFrutas Pepe,Limones,Kg,4.2\n', apply: true });

    const events = await queued(all.id);
    expect(events.map((e) => e.type)).toEqual([
      'order.sent',
      'product.price_changed',
      'order.confirmed',
      'order.confirmed',
      'product.price_changed',
      'product.price_changed',
      'product.price_changed',
    ]);
    expect(events[0]!.data).toEqual(sent);
    const confirmed = events.filter((e) => e.type === 'order.confirmed').map((e) => e.data);
    expect(confirmed).toEqual([
      expect.objectContaining({ sentOrderId: sent.id, orderId: supplier.orderId, supplierId: supplier.id, changed: false }),
      expect.objectContaining({
        changed: true,
        confirmation: expect.objectContaining({ status: 'declined', unavailable: [supplier.lemons] }),
      }),
    ]);
    const prices = events.filter((e) => e.type === 'product.price_changed').map((e) => e.data);
    expect(prices[0]).toEqual({
      productId: supplier.lemons,
      orderId: supplier.orderId,
      supplierId: supplier.id,
      name: 'Lemons',
      unit: 'Kg',
      price: 3.5,
      previousPrice: 3.2,
      currency: 'EUR',
      source: 'supplier',
    });
    expect(prices.map((p) => [p.name, p.previousPrice, p.price, p.source])).toEqual([
      ['Lemons', 3.2, 3.5, 'supplier'],
      ['Lemons', 3.5, 3.9, 'owner'],
      ['Limones', 3.9, 4, 'owner'],
      ['Limones', 4, 4.2, 'owner'],
    ]);
    expect((await queued(sendsOnly.id)).map((e) => e.type)).toEqual(['order.sent']);
  });

  it('are not queued by a change that is refused or rolled back, nor when no endpoint that is on wants them', async () => {
    const ana = await verifiedOwner();
    const hook = await addEndpoint(ana);
    const empty = await ana.api.suppliers.create({ name: 'Empty', contactName: '', messageService: 'other', contactInfo: '', note: '' });
    await expect(ana.api.orders.send({ id: empty.orderId })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await lemonSupplier(ana);
    // An import with an error writes nothing, its price changes included.
    const refused = await refusal(
      ana.api.catalogue.import({ csv: 'supplier,product,unit,price\nFrutas Pepe,Lemons,Kg,9\nFrutas Pepe,Pears,,1\n', apply: true }),
    );
    expect(refused.kind).toBe('BAD_REQUEST');
    expect(await queued(hook.id)).toEqual([]);

    // A business with only endpoints for other events writes no event at all.
    const bob = await verifiedOwner();
    const bobsPrices = await addEndpoint(bob, ['product.price_changed']);
    const bobs = await lemonSupplier(bob);
    await bob.api.orders.send({ id: bobs.orderId });
    expect(await queued(bobsPrices.id)).toEqual([]);
    const businessIds = (await bob.api.businesses.list()).map((b) => b.id);
    const events = await t.domain.deps.db.selectFrom('webhook_events').select('type').where('business_id', 'in', businessIds).execute();
    expect(events).toEqual([]);
  });
});

describe('deliveries', () => {
  // What earlier tests queued without posting goes first (to the receiver, 200), so each test's rounds see only its own.
  beforeEach(async () => {
    await round();
  });

  it('post {id, type, createdAt, data} signed with the secret, one event id for every endpoint, and log each attempt', async () => {
    const ana = await verifiedOwner();
    const all = await addEndpoint(ana);
    const sendsOnly = await addEndpoint(ana, ['order.sent']);
    const supplier = await lemonSupplier(ana);
    const sent = await ana.api.orders.send({ id: supplier.orderId });
    const before = Date.now();
    expect(await round()).toEqual([
      { id: expect.any(Number), outcome: 'delivered' },
      { id: expect.any(Number), outcome: 'delivered' },
    ]);
    const [delivery] = receiver.at(all.path);
    expect(Object.keys(delivery!.event)).toEqual(['id', 'type', 'createdAt', 'data']);
    expect(delivery!.event).toMatchObject({ id: expect.stringMatching(/^evt_[A-Za-z0-9_-]{22}$/), type: 'order.sent', data: sent });
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['user-agent']).toBe('Reorder-Webhooks/1.0');
    const header = delivery!.headers['reorder-signature'] as string;
    const signature = verifyWebhookSignature(all.secret, header, delivery!.body);
    expect(signature.ok).toBe(true);
    expect(signature.t * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    // Another secret, or a body changed by one character, does not verify.
    expect(verifyWebhookSignature(sendsOnly.secret, header, delivery!.body).ok).toBe(false);
    expect(verifyWebhookSignature(all.secret, header, `${delivery!.body} `).ok).toBe(false);
    expect(receiver.at(sendsOnly.path)[0]?.event.id).toBe(delivery!.event.id);

    expect(await ana.api.webhooks.deliveries({ id: all.id })).toEqual([
      {
        id: expect.any(Number),
        eventId: delivery!.event.id,
        type: 'order.sent',
        status: 'delivered',
        attempts: 1,
        responseStatus: 200,
        error: null,
        createdAt: delivery!.event.createdAt,
        lastAttemptAt: expect.any(String),
        nextAttemptAt: null,
      },
    ]);
    // Nothing is posted twice.
    expect(await round()).toEqual([]);
  });

  it('reach an endpoint in the order their changes were made, the log newest first', async () => {
    const ana = await verifiedOwner();
    const hook = await addEndpoint(ana, ['order.sent']);
    const supplier = await lemonSupplier(ana);
    const sends = [];
    for (let i = 0; i < 3; i++) sends.push((await ana.api.orders.send({ id: supplier.orderId })).id);
    expect(await round()).toHaveLength(3);
    expect(receiver.at(hook.path).map((d) => (d.event.data as { id: number }).id)).toEqual(sends);
    const log = await ana.api.webhooks.deliveries({ id: hook.id });
    expect(log.map((d) => d.eventId)).toEqual(
      receiver
        .at(hook.path)
        .map((d) => d.event.id)
        .reverse(),
    );
  });

  it('are retried with backoff; an endpoint failing for 24 hours is switched off, its owners emailed in their language, until a test event reaches it', async () => {
    const ana = await verifiedOwner();
    const coOwner = await t.domain.member(ana, 'owner', { language: 'es' });
    const hook = await addEndpoint(ana, ['order.sent']);
    answers.set(hook.path, { status: 500 });
    const supplier = await lemonSupplier(ana);
    await ana.api.orders.send({ id: supplier.orderId });
    const t0 = Date.now();

    expect(await round(t0)).toEqual([{ id: expect.any(Number), outcome: 'retry' }]);
    const [first] = await ana.api.webhooks.deliveries({ id: hook.id });
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'Answered 500' });
    expect(Date.parse(first!.nextAttemptAt!)).toBe(t0 + 30_000);
    // Backoff: not due 20 seconds later; due after 30; then 60 more.
    expect(await round(t0 + 20_000)).toEqual([]);
    expect(await round(t0 + 31_000)).toEqual([{ id: first!.id, outcome: 'retry' }]);
    expect(Date.parse((await ana.api.webhooks.deliveries({ id: hook.id }))[0]!.nextAttemptAt!)).toBe(t0 + 31_000 + 60_000);
    expect((await ana.api.webhooks.list())[0]).toMatchObject({ enabled: true, failingSince: new Date(t0).toISOString() });

    // 24 hours after the first failure: the last attempt fails, the delivery is given up, the endpoint switched off.
    expect(await round(t0 + 24 * 3600_000 + 1000)).toEqual([{ id: first!.id, outcome: 'failed' }]);
    expect((await ana.api.webhooks.list())[0]).toMatchObject({ enabled: false, disabledAt: expect.any(String) });
    expect(receiver.at(hook.path)).toHaveLength(3);
    const mails = (await t.domain.outbox()).filter((m) => m.text.includes(`${receiver.origin}${hook.path}`));
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual(
      expect.arrayContaining([
        [ana.email, 'A webhook of yours was switched off'],
        [coOwner.email, 'Hemos desactivado uno de tus webhooks'],
      ]),
    );
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain('http://app.test/profile/webhooks');
    expect(mails[0]?.text).toContain('Answered 500');

    // Switched off, it is queued nothing more…
    await ana.api.orders.send({ id: supplier.orderId });
    expect(await round()).toEqual([]);
    expect(receiver.at(hook.path)).toHaveLength(3);
    // …until a test event reaches it.
    answers.delete(hook.path);
    expect(await ana.api.webhooks.test({ id: hook.id })).toMatchObject({
      type: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
    });
    expect(receiver.at(hook.path).at(-1)?.event).toMatchObject({ type: 'webhook.test', data: { webhookId: hook.id } });
    expect((await ana.api.webhooks.list())[0]).toMatchObject({ enabled: true, failingSince: null, disabledAt: null });
    await ana.api.orders.send({ id: supplier.orderId });
    expect(await round()).toEqual([{ id: expect.any(Number), outcome: 'delivered' }]);
  });

  it('fail on a redirect, never followed; on a closed port "Could not connect"; a failed test event is not retried', async () => {
    const ana = await verifiedOwner();
    const target = await addEndpoint(ana, ['order.sent']);
    const hook = await addEndpoint(ana, ['order.sent']);
    answers.set(hook.path, { status: 302, location: `${receiver.origin}${target.path}` });
    expect(await ana.api.webhooks.test({ id: hook.id })).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseStatus: 302,
      error: 'Redirects are not followed (answered 302)',
      nextAttemptAt: null,
    });
    expect(receiver.at(target.path)).toHaveLength(0);
    expect(await round(Date.now() + 3600_000)).toEqual([]);

    const closed = await ana.api.webhooks.create({ url: 'http://127.0.0.1:9/hook', events: ['order.sent'] });
    expect(await ana.api.webhooks.test({ id: closed.id })).toMatchObject({
      status: 'failed',
      responseStatus: null,
      error: 'Could not connect',
    });
  });

  it('check the URL again at every delivery: one the rule refuses now is never contacted', async () => {
    const ana = await verifiedOwner();
    const hook = await addEndpoint(ana, ['order.sent']);
    const supplier = await lemonSupplier(ana);
    await ana.api.orders.send({ id: supplier.orderId });
    t.domain.deps.outbound = {};
    expect(await round()).toEqual([{ id: expect.any(Number), outcome: 'retry' }]);
    expect((await ana.api.webhooks.deliveries({ id: hook.id }))[0]).toMatchObject({
      status: 'pending',
      responseStatus: null,
      error: 'Endpoint must be an https URL',
    });
    expect(receiver.at(hook.path)).toHaveLength(0);
  });
});
