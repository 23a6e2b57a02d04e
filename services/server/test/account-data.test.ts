import { confirmationLine } from '@reorder/schemas';
import { businessIdOf, expectFailure, expectFieldError, expectOk, startTestServer, type TestServer, tracesOfUser } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 14: the owner's data (docs/decisions.md §7): GET /users/me/export answers
 * everything of the account, and DELETE /users/me erases all of it.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { FEEDBACK_TO: 'team@example.com' } });
});
afterAll(() => t?.close());

const WEBHOOK_SECRET = 'whsec_never-in-an-export-0123456789abcdef';

/** An account with something in every corner: suppliers, products, quantities, a message, history, a delivery and its claim, a standing order, feedback, devices, a token, a webhook. */
async function populatedAccount() {
  const user = await t.api.register({ businessName: 'Café Completo', fullName: 'Carla Completa' });
  // A proven address: only that makes API tokens (docs/decisions.md §8.6).
  await t.confirmEmail(user.email, user.token);
  user.user = { ...user.user, emailVerified: true };
  const fruit = await t.api.createSupplier(user.token, { name: 'Frutas Pepe', note: 'Before 9' });
  const bakery = await t.api.createSupplier(user.token, { name: 'Panadería Sol', messageService: 'email', contactInfo: 'sol@example.com' });
  const lemons = await t.api.createProduct(user.token, fruit.orderId, 'Lemons', 'Kg');
  await t.api.createProduct(user.token, fruit.orderId, 'Tomatoes', 'Kg');
  const bread = await t.api.createProduct(user.token, bakery.orderId, 'Bread', 'Unit');
  await t.api.put('/api/products/quantity', { productId: lemons.id, orderId: fruit.orderId, quantity: 2.5 }, user.token);
  await t.api.put('/api/products/quantity', { productId: bread.id, orderId: bakery.orderId, quantity: 12 }, user.token);
  await t.api.put(`/api/orders/${fruit.orderId}`, { introduce: 'Hola Pepe' }, user.token);
  const sent = await t.api.post(`/api/orders/${fruit.orderId}/send`, {}, user.token);
  await t.api.put('/api/products/quantity', { productId: lemons.id, orderId: fruit.orderId, quantity: 4 }, user.token);
  // The delivery arrives short, and a claim goes to the supplier.
  const receipt = await t.api.post(`/api/sent-orders/${sent.body.data.id}/receipt`, {}, user.token);
  expect(receipt.status, receipt.text).toBe(200);
  expect(
    (await t.api.put(`/api/receipts/${receipt.body.data.id}/lines/${lemons.id}`, { received: 1, outcome: 'short' }, user.token)).status,
  ).toBe(200);
  expect((await t.api.post(`/api/receipts/${receipt.body.data.id}/done`, {}, user.token)).status).toBe(200);
  expect((await t.api.post(`/api/receipts/${receipt.body.data.id}/claim`, {}, user.token)).status).toBe(200);
  // Bread every Saturday.
  const standing = { enabled: true, lines: [{ productId: bread.id, quantities: { sat: 24 } }] };
  expect((await t.api.put(`/api/suppliers/${bakery.id}/standing`, standing, user.token)).status).toBe(200);
  await t.api.post('/api/feedbacks', { fullName: 'Carla', email: user.email, note: 'Love it' }, user.token);
  const phone = (await t.api.post('/api/auth/login', { email: user.email, password: user.password })).body.data.token as string;
  const apiToken = (await t.api.post('/api/auth/tokens', { name: 'Script' }, user.token)).body.data.token as string;
  // A webhook endpoint, written as the procedure writes one (its address would have to be public to be added).
  await t.server.deps.db
    .insertInto('webhook_endpoints')
    .values({
      business_id: await businessIdOf(t.server.deps.db, user.user.id),
      created_by: user.user.id,
      url: 'https://hooks.example.com/reorder',
      events: ['order.sent'],
      secret: WEBHOOK_SECRET,
    })
    .execute();
  return { user, phone, apiToken, supplierIds: [fruit.id, bakery.id] };
}

describe('GET /api/users/me/export', () => {
  it('answers everything of the account, as the database holds it', async () => {
    const { user, apiToken } = await populatedAccount();
    const res = await t.api.get('/api/users/me/export', user.token);
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    const db = t.server.deps.db;
    const id = user.user.id;

    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(data.profile).toEqual({ ...user.user, createdAt: new Date(row.created_at).toISOString() });

    const suppliers = await db
      .selectFrom('suppliers')
      .selectAll()
      .where('business_id', '=', await businessIdOf(db, id))
      .orderBy('name')
      .execute();
    expect(data.suppliers.map((s: { id: number; name: string; note: string }) => [s.id, s.name, s.note])).toEqual(
      suppliers.map((s) => [s.id, s.name, s.note]),
    );
    for (const supplier of data.suppliers) {
      const products = await db
        .selectFrom('products')
        .leftJoin('order_quantities as q', (j) => j.onRef('q.product_id', '=', 'products.id'))
        .select(['products.id', 'products.name', 'products.unit', 'q.quantity'])
        .where('products.order_id', '=', supplier.orderId)
        .orderBy('products.name')
        .execute();
      expect(supplier.order.products).toEqual(
        products.map((p) => ({ productId: p.id, name: p.name, unit: p.unit, quantity: p.quantity ?? 0 })),
      );
      const order = await db
        .selectFrom('orders')
        .select(['id', 'introduce'])
        .where('supplier_id', '=', supplier.id)
        .executeTakeFirstOrThrow();
      expect(supplier.order).toMatchObject({ id: order.id, introduce: order.introduce });
      const sent = await db
        .selectFrom('sent_orders')
        .select(['id', 'text', 'confirm_nonce'])
        .where('order_id', '=', supplier.orderId)
        .orderBy('id', 'desc')
        .execute();
      // The stored text ends before the confirmation line, made again from the link (docs/decisions.md §6.4).
      expect(supplier.history.map((h: { id: number; text: string }) => [h.id, h.text.split('\n\n')[0]])).toEqual(
        sent.map((s) => [s.id, s.text]),
      );
      for (const h of supplier.history as { text: string; confirmUrl: string | null }[]) {
        expect(h.confirmUrl).toEqual(expect.stringMatching(/\/confirm\/[A-Za-z0-9_-]{24}$/));
        expect(h.text.endsWith(h.confirmUrl ?? '')).toBe(true);
      }
    }
    const fruit = data.suppliers.find((s: { name: string }) => s.name === 'Frutas Pepe');
    expect(fruit.order.text).toBe('Hola Pepe\n4 x Kg: Lemons');
    expect(fruit.history[0].text).toBe(`Hola Pepe\n2.5 x Kg: Lemons\n\n${confirmationLine('en', fruit.history[0].confirmUrl)}`);

    const feedback = await db.selectFrom('feedback').select(['id', 'note']).where('user_id', '=', id).execute();
    expect(data.feedback.map((f: { id: number; note: string }) => [f.id, f.note])).toEqual(feedback.map((f) => [f.id, f.note]));
    const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', id).where('ended_at', 'is', null).execute();
    expect(data.devices.map((d: { id: number }) => d.id).sort()).toEqual(sessions.map((s) => s.id).sort());
    expect(data.devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    expect(data.apiTokens.map((a: { name: string }) => a.name)).toEqual(['Script']);
    expect(data.webhooks.map((w: { url: string; events: string[]; enabled: boolean }) => [w.url, w.events, w.enabled])).toEqual([
      ['https://hooks.example.com/reorder', ['order.sent'], true],
    ]);

    // The business's standing orders, deliveries and claims, as their own calls answer them.
    const bakery = data.suppliers.find((s: { name: string }) => s.name === 'Panadería Sol');
    expect(data.standingOrders).toEqual([(await t.api.get(`/api/suppliers/${bakery.id}/standing`, user.token)).body.data]);
    expect(data.standingOrders[0].lines).toEqual([{ productId: bakery.order.products[0].productId, quantities: { sat: 24 } }]);
    const receipts = (await t.api.get('/api/receipts', user.token)).body.data;
    expect(receipts).toHaveLength(1);
    expect(data.receipts).toEqual(receipts);
    expect(data.receipts[0]).toMatchObject({ status: 'done', sentOrderId: fruit.history[0].id });
    const claims = (await t.api.get('/api/claims', user.token)).body.data;
    expect(claims).toHaveLength(1);
    expect(data.claims).toEqual(claims);

    // Never a secret: no hash, no token.
    expect(res.text).not.toContain(row.password_hash ?? 'no-hash');
    expect(res.text).not.toContain('$argon2');
    expect(res.text).not.toContain(apiToken);
    expect(res.text).not.toContain(user.token);
    expect(res.text).not.toContain(WEBHOOK_SECRET);
  });

  it('is account management: an API token gets 403', async () => {
    const { apiToken } = await populatedAccount();
    expectFailure(await t.api.get('/api/users/me/export', apiToken), 403, 'FORBIDDEN');
  });
});

describe('DELETE /api/users/me', () => {
  it('needs the current password: missing is 400, wrong is 401, and nothing is deleted', async () => {
    const { user } = await populatedAccount();
    expectFieldError(await t.api.request('DELETE', '/api/users/me', { token: user.token, body: {} }), 'currentPassword');
    expectFailure(
      await t.api.request('DELETE', '/api/users/me', { token: user.token, body: { currentPassword: 'wrong one' } }),
      401,
      'UNAUTHORIZED',
      ['currentPassword'],
    );
    expect((await t.api.get('/api/suppliers', user.token)).body.data).toHaveLength(2);
  });

  it('erases the account and everything in it, leaves another account untouched, and mails a notice', async () => {
    const { user, phone, apiToken } = await populatedAccount();
    const other = await populatedAccount();
    expect(await tracesOfUser(t.server.deps.db, user.user.id, user.email)).not.toEqual([]);

    const res = await t.api.request('DELETE', '/api/users/me', { token: user.token, body: { currentPassword: user.password } });
    expectOk(res, null, 'Your account has been deleted.');

    expect(await tracesOfUser(t.server.deps.db, user.user.id, user.email)).toEqual([]);
    // Every device and token is out, and the email is free again.
    for (const token of [user.token, phone, apiToken]) expectFailure(await t.api.get('/api/suppliers', token), 401, 'UNAUTHORIZED');
    expect((await t.api.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    // The other account still has all of its own.
    expect((await t.api.get('/api/suppliers', other.user.token)).body.data).toHaveLength(2);
    expect((await t.api.get('/api/users/me/export', other.user.token)).body.data.suppliers[0].history.length).toBeGreaterThan(0);

    await t.server.deps.background.drain();
    const notice = (await t.outbox()).find((m) => m.to.includes(user.email) && m.subject === 'Your Reorder account was deleted');
    expect(notice?.text).toContain('has been deleted');
  });

  it('is account management: an API token gets 403 and deletes nothing', async () => {
    const { user, apiToken } = await populatedAccount();
    expectFailure(
      await t.api.request('DELETE', '/api/users/me', { token: apiToken, body: { currentPassword: user.password } }),
      403,
      'FORBIDDEN',
    );
    expect((await t.api.get('/api/suppliers', user.token)).body.data).toHaveLength(2);
  });
});
