import {
  type ApiResponse,
  expectFailure,
  expectFieldError,
  expectOk,
  type RegisteredUser,
  startWebhookReceiver,
  useTestServer,
} from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 46, docs/decisions.md §9.4 over REST and tRPC, on PGlite and
 * PostgreSQL: receiving a sent order line by line, closing it (the counts),
 * reopening, bring next time, the claim and the supplier's page without an
 * account, roles, tenancy, bad input, and the webhooks receipt.done and
 * claim.answered. The rules in detail are
 * packages/api/src/receipts/receipts.test.ts, in-process.
 */
const t = useTestServer({ env: { ALLOW_PRIVATE_ENDPOINTS: '1' } });
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const CONFIRM = /\/confirm\/([A-Za-z0-9_-]{24})$/;
const CLAIM = /^http:\/\/app\.test\/claim\/([A-Za-z0-9_-]{24})$/;

/** A confirmed owner, a supplier sharing prices, lemons (3.20, counted 1) and tomatoes (1.85) in its order, sent. */
async function sentShop(language: 'en' | 'es' = 'en') {
  const owner = await t.api.register({ language, businessName: 'Café Luna' });
  await t.confirmEmail(owner.email, owner.token);
  const supplier = await t.api.createSupplier(owner.token, { name: 'Verduras Núñez', showPrices: true });
  const ids: number[] = [];
  for (const [name, price, quantity] of [
    ['Lemons', 3.2, 2],
    ['Tomatoes', 1.85, 2.5],
  ] as const) {
    const res = await t.api.post('/api/products', { name, unit: 'Kg', orderId: supplier.orderId, price }, owner.token);
    expect(res.status, res.text).toBe(200);
    ids.push(res.body.data.id);
    await t.api.setQuantity(owner.token, supplier.orderId, res.body.data.id, quantity);
  }
  const counted = await t.api.put('/api/products/stock', { productId: ids[0], orderId: supplier.orderId, onHand: 1 }, owner.token);
  expect(counted.status, counted.text).toBe(200);
  const sent = await t.api.post(`/api/orders/${supplier.orderId}/send`, {}, owner.token);
  expect(sent.status, sent.text).toBe(200);
  return {
    owner,
    supplier,
    ids: ids as [number, number],
    sentId: sent.body.data.id as number,
    confirmToken: CONFIRM.exec(sent.body.data.confirmUrl ?? '')?.[1] ?? 'none',
  };
}
type Shop = Awaited<ReturnType<typeof sentShop>>;

const start = async (shop: Shop, token = shop.owner.token, headers: Record<string, string> = {}) => {
  const res = await t.api.request('POST', `/api/sent-orders/${shop.sentId}/receipt`, { token, headers, body: {} });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: number; lines: { productId: number; expected: number; expectedPrice: number | null }[] };
};
const put = (shop: Shop, id: number, productId: number, body: Record<string, unknown>) =>
  t.api.put(`/api/receipts/${id}/lines/${productId}`, body, shop.owner.token);
const post = (shop: Shop, path: string, body: unknown = {}) => t.api.post(`/api/receipts${path}`, body, shop.owner.token);
const onHand = async (shop: Shop, id: number) => (await t.api.get(`/api/products/${id}`, shop.owner.token)).body.data.onHand;

describe('receiving over REST and tRPC', () => {
  it('expects what was sent, or what the supplier confirmed', async () => {
    const plain = await sentShop();
    const receipt = await start(plain);
    expect(receipt.lines.map((l) => [l.expected, l.expectedPrice])).toEqual([
      [2, 3.2],
      [2.5, 1.85],
    ]);
    const confirmed = await sentShop();
    const answer = await t.api.post(`/api/public/confirmations/${confirmed.confirmToken}`, {
      unavailable: [],
      lines: [{ productId: confirmed.ids[1], quantity: 2, price: 1.9 }],
    });
    expect(answer.status, answer.text).toBe(200);
    // Through tRPC too: the same receipt.
    const trpc = await t.api.post('/api/trpc/receipts.start', { id: confirmed.sentId }, confirmed.owner.token);
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.lines.map((l: { expected: number; expectedPrice: number }) => [l.expected, l.expectedPrice])).toEqual([
      [2, 3.2],
      [2, 1.9],
    ]);
    expect((await start(confirmed)).id).toBe(trpc.body.result.data.id);
  });

  it('takes each outcome, all good, done (counts), reopen, and bring next time', async () => {
    const shop = await sentShop();
    const { id } = await start(shop);
    for (const outcome of ['ok', 'short', 'damaged', 'wrong', 'substituted', 'extra', 'refused']) {
      const res = await put(shop, id, shop.ids[1], { received: 1, outcome, chargedPrice: 1.85, note: outcome });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.lines[1]).toMatchObject({ received: 1, outcome, note: outcome });
    }
    expectOk(await put(shop, id, shop.ids[0], { received: 1.5 }), expect.objectContaining({ status: 'checking' }));
    const good = await post(shop, `/${id}/all-good`);
    expect(good.body.data.lines.map((l: { outcome: string }) => l.outcome)).toEqual(['short', 'refused']);
    const done = await post(shop, `/${id}/done`);
    expectOk(done, expect.objectContaining({ status: 'done', doneAt: expect.any(String) }), 'Delivery checked');
    expect(await onHand(shop, shop.ids[0])).toBe(2.5);
    expectFailure(await put(shop, id, shop.ids[0], { received: 2 }), 409, 'CONFLICT');
    expectOk(await post(shop, `/${id}/reopen`), expect.objectContaining({ status: 'checking', doneAt: null }));
    expect(await onHand(shop, shop.ids[0])).toBe(1);
    expectOk(await post(shop, `/${id}/done`), expect.objectContaining({ status: 'done' }));
    const list = await t.api.get('/api/receipts?status=done', shop.owner.token);
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([id]);
    const order = await post(shop, `/${id}/bring-next-time`, {});
    expect(order.status, order.text).toBe(200);
    const quantities = Object.fromEntries(
      order.body.data.products.map((p: { productId: number; quantity: number }) => [p.productId, p.quantity]),
    );
    // 2 + (2 − 1.5) lemons; 2.5 + (2.5 − 1) refused tomatoes.
    expect(quantities).toEqual({ [shop.ids[0]]: 2.5, [shop.ids[1]]: 4 });
  });

  it('refuses bad input with a 400 naming the field, changing nothing', async () => {
    const shop = await sentShop();
    const { id, lines } = await start(shop);
    expectFieldError(await put(shop, id, shop.ids[0], { received: -1 }), 'received');
    expectFieldError(await put(shop, id, shop.ids[0], { received: 1, outcome: 'lost' }), 'outcome');
    expectFieldError(await put(shop, id, shop.ids[0], { received: 'two' }), 'received');
    expectFieldError(await put(shop, id, shop.ids[0], { received: 1, chargedPrice: 1.00001 }), 'chargedPrice');
    expectFailure(await put(shop, 0, shop.ids[0], { received: 1 }), 400, 'BAD_REQUEST');
    expectFieldError(await post(shop, `/${id}/bring-next-time`, { productIds: 'all' }), 'productIds');
    expectFailure(await post(shop, `/${id}/done`), 409, 'CONFLICT');
    expect((await t.api.get(`/api/receipts/${id}`, shop.owner.token)).body.data.lines).toEqual(lines);
  });
});

describe('the claim over REST', () => {
  it('claims shorts and overcharges to the cent; the supplier answers credit, redeliver and dispute; the owner hears and closes', async () => {
    const shop = await sentShop('es');
    const hook = await t.api.post(
      '/api/webhooks',
      { url: `${receiver.origin}/receipts`, events: ['receipt.done', 'claim.answered'] },
      shop.owner.token,
    );
    expect(hook.status, hook.text).toBe(200);
    const { id } = await start(shop);
    await put(shop, id, shop.ids[0], { received: 1, outcome: 'short' });
    await put(shop, id, shop.ids[1], { received: 2.5, chargedPrice: 2.1 });
    await post(shop, `/${id}/done`);
    const made = await post(shop, `/${id}/claim`);
    expect(made.status, made.text).toBe(200);
    const claim = made.body.data;
    // 1 × 3.20 + (2.10 − 1.85) × 2.5 = 3.20 + 0.625 → 3.83.
    expect(claim).toMatchObject({ receiptId: id, status: 'open', amount: 3.83, currency: 'EUR', supplierAnswer: null });
    expect(claim.lines).toEqual([
      { productId: shop.ids[0], quantity: 1, amount: 3.2, reason: 'short' },
      { productId: shop.ids[1], quantity: 0, amount: 0.63, reason: 'overcharged' },
    ]);
    expect(claim.text).toContain('Total reclamado: 3,83');
    const token = CLAIM.exec(claim.claimUrl)?.[1] ?? 'none';
    const summary = async () =>
      (await t.api.get('/api/orders', shop.owner.token)).body.data.find((o: { supplierId: number }) => o.supplierId === shop.supplier.id)
        .claims;
    expect(await summary()).toEqual({ open: 1, owed: 3.83 });
    const page = await t.api.get(`/api/public/claims/${token}`);
    expectOk(page, expect.objectContaining({ businessName: 'Café Luna', amount: 3.83, status: 'open' }), 'Claim loaded');
    for (const [answer, status] of [
      ['dispute', 'rejected'],
      ['redeliver', 'redelivered'],
      ['credit', 'credited'],
    ]) {
      const res = await t.api.post(`/api/public/claims/${token}`, { answer, note: 'Perdón', creditNote: 'AB-7' });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ status, supplierAnswer: { answer, note: 'Perdón', creditNote: 'AB-7' } });
    }
    expectFieldError(await t.api.post(`/api/public/claims/${token}`, { answer: 'maybe' }), 'answer');
    expectFailure(await t.api.get(`/api/public/claims/${'C'.repeat(24)}`), 404, 'NOT_FOUND');
    const spend = await t.api.get('/api/spend', shop.owner.token);
    expect(spend.body.data).toMatchObject({ credits: 3.83, net: Math.round((spend.body.data.total - 3.83) * 10_000) / 10_000 });
    // The owner hears by email, once per 5 minutes.
    await expect.poll(async () => (await t.outbox()).filter((m) => m.subject.includes('reclamación')).length, { timeout: 5000 }).toBe(1);
    expectOk(await t.api.post(`/api/claims/${claim.id}/close`, {}, shop.owner.token), expect.objectContaining({ status: 'closed' }));
    expectFailure(await t.api.post(`/api/public/claims/${token}`, { answer: 'dispute' }), 409, 'CONFLICT');
    expect(await summary()).toEqual({ open: 0, owed: 0 });
    const listed = await t.api.get('/api/claims?status=closed', shop.owner.token);
    expect(listed.body.data.map((c: { id: number }) => c.id)).toEqual([claim.id]);
    // The webhooks: receipt.done, then claim.answered at each of the three answers, queued for the endpoint.
    const log = await t.api.get(`/api/webhooks/${hook.body.data.id}/deliveries`, shop.owner.token);
    expect(log.status, log.text).toBe(200);
    expect(log.body.data.map((d: { type: string }) => d.type).sort()).toEqual([
      'claim.answered',
      'claim.answered',
      'claim.answered',
      'receipt.done',
    ]);
  });
});

describe('roles and tenancy', () => {
  it('staff receive but cannot claim; another business gets 404 and changes nothing', async () => {
    const shop = await sentShop();
    const staff: RegisteredUser = await t.joinBusiness(shop.owner, 'staff');
    const business = String((await t.api.get('/api/businesses', shop.owner.token)).body.data[0].id);
    const headers = { 'x-business-id': business };
    const { id } = await start(shop, staff.token, headers);
    const as = (method: string, path: string, body?: unknown): Promise<ApiResponse> =>
      t.api.request(method, path, { token: staff.token, headers, ...(body ? { body } : {}) });
    expect((await as('POST', `/api/receipts/${id}/all-good`, {})).status).toBe(200);
    const done = await as('POST', `/api/receipts/${id}/done`, {});
    expect(done.body.data.receivedBy.userId).toBe(staff.user.id);
    expectFailure(await as('POST', `/api/receipts/${id}/claim`, {}), 403, 'FORBIDDEN');
    expectFailure(await as('GET', '/api/claims'), 403, 'FORBIDDEN');
    const trpc = await t.api.request('POST', '/api/trpc/receipts.claim', { token: staff.token, headers, body: { id } });
    expect(trpc.status).toBe(403);
    const other = await t.api.register();
    expectFailure(await t.api.get(`/api/receipts/${id}`, other.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.post(`/api/receipts/${id}/reopen`, {}, other.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.post(`/api/sent-orders/${shop.sentId}/receipt`, {}, other.token), 404, 'NOT_FOUND');
    expect((await t.api.get(`/api/receipts/${id}`, shop.owner.token)).body.data.status).toBe('done');
  });
});
