import { confirmationLine } from '@reorder/schemas';
import {
  type ApiResponse,
  decryptPush,
  expectFailure,
  expectFieldError,
  expectOk,
  newBrowserKeys,
  startTestServer,
  usePushService,
  useTestServer,
} from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * Issue 11, docs/decisions.md §6.4 over REST and tRPC: a sent order's text
 * ends with a link where the supplier confirms it without an account; the
 * public calls behind that page (each answer and status, Retry-After, the
 * per-IP limit across a tRPC batch), the owner's email and push, and logs
 * without the token. The rules of the link (expiry and revocation, the 409
 * of a send not synced yet, statuses, what the supplier may change, the
 * owner told once per 5 minutes, 10 answers an hour) are
 * packages/api/src/confirmations/confirmations.test.ts, in-process.
 */

const push = usePushService(() => 201);
const t = useTestServer({ env: { ALLOW_PRIVATE_ENDPOINTS: '1' } });

const DAY = 24 * 60 * 60 * 1000;
const LINK = /^http:\/\/app\.test\/confirm\/([A-Za-z0-9_-]{24})$/;

/** An owner with a supplier (asked to confirm unless told) and three products in its order, quantities set. */
async function sentShop(options: { language?: 'en' | 'es'; supplier?: Record<string, unknown> } = {}) {
  const owner = await t.api.register({ language: options.language ?? 'en', businessName: 'Café Luna' });
  const supplier = await t.api.createSupplier(owner.token, { name: 'Verduras Núñez', ...options.supplier });
  const orderId = supplier.orderId as number;
  const products = [];
  for (const [name, unit, quantity] of [
    ['Lemons', 'Kg', 2],
    ['Onions', 'Bag', 1],
    ['Tomatoes', 'Kg', 2.5],
  ] as const) {
    const product = await t.api.createProduct(owner.token, orderId, name, unit);
    expect((await t.api.put('/api/products/quantity', { productId: product.id, orderId, quantity }, owner.token)).status).toBe(200);
    products.push(product as { id: number; name: string });
  }
  expect((await t.api.put(`/api/orders/${orderId}`, { introduce: 'Hola Pepe' }, owner.token)).status).toBe(200);
  return { owner, supplier, orderId, products, ids: products.map((p) => p.id) };
}

async function send(shop: Awaited<ReturnType<typeof sentShop>>, body: Record<string, unknown> = {}) {
  const res = await t.api.post(`/api/orders/${shop.orderId}/send`, body, shop.owner.token);
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: number; text: string; confirmUrl: string | null; confirmation: unknown };
}

const tokenOf = (confirmUrl: string | null) => LINK.exec(confirmUrl ?? '')?.[1] ?? 'none';
const view = (token: string) => t.api.get(`/api/public/confirmations/${token}`);
const answer = (token: string, body: Record<string, unknown>) => t.api.post(`/api/public/confirmations/${token}`, body);
const status = (res: ApiResponse) => res.body?.data?.confirmation?.status;

describe('the link in a sent text', () => {
  it('ends the sent text in the owner’s language, and the order gets a new link for its next send', async () => {
    for (const language of ['en', 'es'] as const) {
      const shop = await sentShop({ language });
      const before = (await t.api.get(`/api/orders/supplier/${shop.supplier.id}`, shop.owner.token)).body.data;
      expect(before.confirmUrl).toMatch(LINK);
      // In the owner's language's decimal mark (docs/decisions.md §8.4).
      expect(before.text).toBe(`Hola Pepe\n2 x Kg: Lemons\n1 x Bag: Onions\n${language === 'es' ? '2,5' : '2.5'} x Kg: Tomatoes`);
      const sent = await send(shop);
      expect(sent.confirmUrl).toBe(before.confirmUrl);
      expect(sent.text).toBe(`${before.text}\n\n${confirmationLine(language, before.confirmUrl)}`);
      expect(sent.text.split('\n').at(-1)).toContain(language === 'es' ? 'Confirma el pedido' : 'Please confirm this order');
      expect(sent.confirmation).toBeNull();
      const after = (await t.api.get(`/api/orders/supplier/${shop.supplier.id}`, shop.owner.token)).body.data;
      expect(after.confirmUrl).toMatch(LINK);
      expect(after.confirmUrl).not.toBe(before.confirmUrl);
      // The history shows the same text and link, made again from what is stored.
      const history = (await t.api.get(`/api/orders/${shop.orderId}/history`, shop.owner.token)).body.data;
      expect(history[0]).toMatchObject({ id: sent.id, text: sent.text, confirmUrl: sent.confirmUrl });
    }
  });

  it('takes the text the app opened (with the line) or the order text (without), and refuses a used link', async () => {
    const shop = await sentShop();
    const order = (await t.api.get(`/api/orders/supplier/${shop.supplier.id}`, shop.owner.token)).body.data;
    const opened = `${order.text}\n\n${confirmationLine('en', order.confirmUrl)}`;
    const first = await send(shop, { text: opened });
    expect(first.text).toBe(opened);
    // The same text again names a link already used: the order no longer makes it.
    expectFailure(await t.api.post(`/api/orders/${shop.orderId}/send`, { text: opened }, shop.owner.token), 409, 'CONFLICT');
    const second = await send(shop, { text: order.text });
    expect(second.confirmUrl).toMatch(LINK);
    expect(second.confirmUrl).not.toBe(first.confirmUrl);
    expect(second.text.startsWith(`${order.text}\n\n`)).toBe(true);
  });

  it('records the line in the language the app opened it in, for a device that missed a language change', async () => {
    const shop = await sentShop({ language: 'en' });
    const order = (await t.api.get(`/api/orders/supplier/${shop.supplier.id}`, shop.owner.token)).body.data;
    const spanish = `${order.text}\n\n${confirmationLine('es', order.confirmUrl)}`;
    const sent = await send(shop, { text: spanish });
    expect(sent.text).toBe(spanish);
    const history = (await t.api.get(`/api/orders/${shop.orderId}/history`, shop.owner.token)).body.data;
    expect(history[0].text).toBe(spanish);
    // Any other last line is not what the order makes.
    const next = (await t.api.get(`/api/orders/supplier/${shop.supplier.id}`, shop.owner.token)).body.data;
    const tampered = `${next.text}\n\nConfirm at ${next.confirmUrl}`;
    expectFailure(await t.api.post(`/api/orders/${shop.orderId}/send`, { text: tampered }, shop.owner.token), 409, 'CONFLICT');
  });

  it('is left out when the supplier is not asked, and for a phone call', async () => {
    const shop = await sentShop({ supplier: { askConfirmation: false } });
    expect(shop.supplier.askConfirmation).toBe(false);
    const order = (await t.api.get(`/api/orders/supplier/${shop.supplier.id}`, shop.owner.token)).body.data;
    expect(order.confirmUrl).toBeNull();
    const sent = await send(shop);
    expect(sent).toMatchObject({ text: order.text, confirmUrl: null, confirmation: null });
    const asked = await t.api.put(
      `/api/suppliers/${shop.supplier.id}`,
      { name: 'Verduras Núñez', messageService: 'whatsapp', contactInfo: '+34 600 123 456', askConfirmation: true },
      shop.owner.token,
    );
    expect(asked.body.data.askConfirmation).toBe(true);
    expect((await send(shop, { channel: 'phone' })).confirmUrl).toBeNull();
    expect((await send(shop, { channel: 'sms' })).confirmUrl).toMatch(LINK);
    expectFieldError(
      await t.api.put(
        `/api/suppliers/${shop.supplier.id}`,
        { name: 'V', messageService: 'other', askConfirmation: 'yes' },
        shop.owner.token,
      ),
      'askConfirmation',
    );
  });
});

describe('GET /api/public/confirmations/{token}', () => {
  it('shows the business, the message and the lines, with no session and nothing else of the owner', async () => {
    const shop = await sentShop();
    const sent = await send(shop);
    const res = await view(tokenOf(sent.confirmUrl));
    expectOk(res, {
      businessName: 'Café Luna',
      supplierName: 'Verduras Núñez',
      introduce: 'Hola Pepe',
      lines: [
        { productId: shop.ids[0], name: 'Lemons', unit: 'Kg', quantity: 2, price: null, lineTotal: null, note: '' },
        { productId: shop.ids[1], name: 'Onions', unit: 'Bag', quantity: 1, price: null, lineTotal: null, note: '' },
        { productId: shop.ids[2], name: 'Tomatoes', unit: 'Kg', quantity: 2.5, price: null, lineTotal: null, note: '' },
      ],
      showPrices: false,
      currency: 'EUR',
      sentAt: expect.any(String),
      expiresAt: expect.any(String),
      confirmation: null,
    });
    const data = res.body.data;
    expect(Date.parse(data.expiresAt) - Date.parse(data.sentAt)).toBeGreaterThan(14 * DAY - 60_000);
    expect(Date.parse(data.expiresAt) - Date.parse(data.sentAt)).toBeLessThan(14 * DAY + 60_000);
    expect(res.text).not.toContain(shop.owner.email);
    // tRPC serves the same call without a session.
    const input = encodeURIComponent(JSON.stringify({ token: tokenOf(sent.confirmUrl) }));
    const trpc = await t.api.get(`/api/trpc/confirmations.view?input=${input}`);
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.businessName).toBe('Café Luna');
  });
});

describe('a link opened before the send reached the server (docs/decisions.md §9.3)', () => {
  const NOT_YET = 'This order has not reached us yet: open the link again in a few minutes.';
  const notYet = (res: ApiResponse) => {
    expectFailure(res, 409, 'CONFLICT');
    expect(res.body.message).toBe(NOT_YET);
    expect(res.headers.get('retry-after')).toBe('120');
  };

  it('answers 409 "not yet" until the offline send syncs, then the order; 404 once the order is withdrawn', async () => {
    const shop = await sentShop();
    // The device read the order (and its link), then sent it offline: the server has no sent order yet.
    const order = (await t.api.get(`/api/orders/supplier/${shop.supplier.id}`, shop.owner.token)).body.data;
    const token = tokenOf(order.confirmUrl);
    const opened = `${order.text}\n\n${confirmationLine('en', order.confirmUrl)}`;
    notYet(await view(token));
    notYet(await answer(token, { unavailable: [] }));
    // The answer changed nothing: no sent order, the order still holds the same link.
    expect((await t.api.get(`/api/orders/${shop.orderId}/history`, shop.owner.token)).body.data).toEqual([]);
    // Over tRPC too, with the same code.
    const input = encodeURIComponent(JSON.stringify({ token }));
    const trpc = await t.api.get(`/api/trpc/confirmations.view?input=${input}`);
    expect(trpc.status).toBe(409);
    expect(trpc.body.error.message).toBe(NOT_YET);

    // The phone syncs: the send it made, with its lines and time.
    const lines = order.products
      .filter((p: { quantity: number }) => p.quantity > 0)
      .map(({ productId, name, unit, quantity }: Record<string, unknown>) => ({ productId, name, unit, quantity }));
    const sentAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const sent = await send(shop, { text: opened, introduce: order.introduce, lines, sentAt });
    expect(sent.confirmUrl).toBe(order.confirmUrl);
    const res = await view(token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.lines.map((l: { name: string }) => l.name)).toEqual(['Lemons', 'Onions', 'Tomatoes']);
    expect(status(await answer(token, { unavailable: [shop.ids[0]] }))).toBe('partial');

    // The order's next link is "not yet" in its turn; withdrawing the order (deleting the supplier) makes both 404.
    const next = tokenOf((await t.api.get(`/api/orders/supplier/${shop.supplier.id}`, shop.owner.token)).body.data.confirmUrl);
    expect(next).not.toBe(token);
    notYet(await view(next));
    expect((await t.api.delete(`/api/suppliers/${shop.supplier.id}`, shop.owner.token)).status).toBe(200);
    for (const gone of [token, next]) {
      expectFailure(await view(gone), 404, 'NOT_FOUND');
      expectFailure(await answer(gone, { unavailable: [] }), 404, 'NOT_FOUND');
    }
  });
});

describe('POST /api/public/confirmations/{token}', () => {
  it('follows the lines: none unavailable is confirmed, some is partial, all is declined; and can be changed', async () => {
    const shop = await sentShop();
    const sent = await send(shop);
    const token = tokenOf(sent.confirmUrl);
    const [lemons, onions, tomatoes] = shop.ids as [number, number, number];

    const confirmed = await answer(token, { unavailable: [] });
    expectOk(confirmed, expect.objectContaining({ confirmation: expect.any(Object) }), 'Thank you! Your answer was sent.');
    expect(confirmed.body.data.confirmation).toEqual({
      status: 'confirmed',
      respondedAt: expect.any(String),
      note: '',
      deliveryDate: null,
      unavailable: [],
      lines: [],
    });

    const partial = await answer(token, {
      unavailable: [tomatoes, lemons, lemons],
      note: '  No lemons this week  ',
      deliveryDate: '2026-12-01',
    });
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body.data.confirmation).toMatchObject({
      status: 'partial',
      note: 'No lemons this week',
      deliveryDate: '2026-12-01',
      unavailable: [lemons, tomatoes],
    });
    expect(status(await answer(token, { unavailable: [onions, lemons, tomatoes] }))).toBe('declined');
    expect(status(await view(token))).toBe('declined');

    // The owner sees the latest answer in the history and on the one sent order.
    expect(status(await answer(token, { unavailable: [onions], note: 'Sin cebolla' }))).toBe('partial');
    const history = (await t.api.get(`/api/orders/${shop.orderId}/history`, shop.owner.token)).body.data;
    expect(history[0].confirmation).toMatchObject({ status: 'partial', unavailable: [onions], note: 'Sin cebolla', deliveryDate: null });
    const one = (await t.api.get(`/api/orders/${shop.orderId}/history/${sent.id}`, shop.owner.token)).body.data;
    expect(one.confirmation).toEqual(history[0].confirmation);
  });

  it('refuses lines of another order, a long note and a bad date with 400, changing nothing', async () => {
    const shop = await sentShop();
    const token = tokenOf((await send(shop)).confirmUrl);
    const stranger = await sentShop();
    await send(stranger);
    expectFieldError(await answer(token, { unavailable: [stranger.ids[0]] }), 'unavailable');
    expectFieldError(await answer(token, { unavailable: [shop.ids[0]], note: 'n'.repeat(301) }), 'note');
    expectFieldError(await answer(token, { unavailable: [], deliveryDate: '2026-02-30' }), 'deliveryDate');
    expectFieldError(await answer(token, { unavailable: [], deliveryDate: '2020-01-01' }), 'deliveryDate');
    expectFieldError(await answer(token, { unavailable: 'all' }), 'unavailable');
    expectFieldError(await answer(token, {}), 'unavailable');
    expect((await view(token)).body.data.confirmation).toBeNull();
    expect((await answer(token, { unavailable: [], note: 'n'.repeat(300) })).status).toBe(200);
  });

  it('emails the owner in their language, and pushes to their browsers, on each answer', async () => {
    const shop = await sentShop({ language: 'es' });
    const keys = newBrowserKeys();
    const endpoint = `${push.origin}/push/confirm-${shop.owner.user.id}`;
    await t.confirmEmail(shop.owner.email, shop.owner.token);
    expectOk(await t.api.post('/api/push/subscriptions', { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, shop.owner.token), {
      endpoint,
    });
    const sent = await send(shop);
    const token = tokenOf(sent.confirmUrl);
    const before = push.deliveries.length;
    expect((await answer(token, { unavailable: [shop.ids[0]], note: 'Sin limones', deliveryDate: '2026-12-01' })).status).toBe(200);
    await t.server.deps.background.drain();
    const mails = (await t.outbox()).filter((m) => m.to.includes(shop.owner.email) && m.subject.includes('Verduras Núñez'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Respuesta de Verduras Núñez: faltan algunos productos');
    expect(mails[0]?.text).toContain('No disponible: Lemons (2 Kg).');
    expect(mails[0]?.text).toContain('Sin limones');
    expect(mails[0]?.text).toContain(`http://app.test/orders/${shop.supplier.id}/history/${sent.id}`);
    const mine = push.deliveries.slice(before).filter((d) => d.path.endsWith(`confirm-${shop.owner.user.id}`));
    expect(mine).toHaveLength(1);
    expect(JSON.parse(decryptPush(mine[0]?.body ?? Buffer.alloc(0), keys))).toMatchObject({
      title: 'Respuesta de Verduras Núñez: faltan algunos productos',
      url: `http://app.test/orders/${shop.supplier.id}/history/${sent.id}`,
      tag: `confirmation-${sent.id}`,
    });

    // Five minutes later (the owner hears of a link at most once per 5 minutes: packages/api/src/confirmations/confirmations.test.ts).
    await t.server.deps.db.deleteFrom('rate_limits').where('bucket', 'like', 'confirm-notice:%').execute();
    expect((await answer(token, { unavailable: [] })).status).toBe(200);
    await t.server.deps.background.drain();
    const again = (await t.outbox()).filter((m) => m.to.includes(shop.owner.email) && m.subject.includes('Verduras Núñez'));
    expect(again.map((m) => m.subject)).toEqual([
      'Respuesta de Verduras Núñez: faltan algunos productos',
      'Verduras Núñez ha cambiado su respuesta: pedido confirmado',
    ]);
  });

  it('writes no token in any log line', async () => {
    const shop = await sentShop();
    const sent = await send(shop);
    const token = tokenOf(sent.confirmUrl);
    await view(token);
    await answer(token, { unavailable: [] });
    await answer(token, { unavailable: [999_999] });
    await view(`${token}x`);
    await t.server.deps.background.drain();
    const lines = t.logs.filter((line) => line.includes('/public/confirmations/'));
    expect(lines.length).toBeGreaterThan(0);
    expect(t.logs.filter((line) => line.includes(token))).toEqual([]);
  });
});

describe('the rate limit', () => {
  it('counts every look and answer per IP, found or not, each call of a tRPC batch too, with 429 past the limit', async () => {
    const limited = await startTestServer({ rateRules: { confirmationPerIp: { name: 'confirm:ip', limit: 6, windowSeconds: 900 } } });
    try {
      const owner = await limited.api.register();
      const supplier = await limited.api.createSupplier(owner.token);
      const product = await limited.api.createProduct(owner.token, supplier.orderId);
      await limited.api.put('/api/products/quantity', { productId: product.id, orderId: supplier.orderId, quantity: 1 }, owner.token);
      const sent = (await limited.api.post(`/api/orders/${supplier.orderId}/send`, {}, owner.token)).body.data;
      const token = tokenOf(sent.confirmUrl);
      // A tRPC batch is no way around it: each call in it counts (3 of the 6 here).
      const input = encodeURIComponent(JSON.stringify({ 0: { token }, 1: { token }, 2: { token } }));
      const batchPath = `/api/trpc/confirmations.view,confirmations.view,confirmations.view?batch=1&input=${input}`;
      const statuses = async () =>
        (await limited.api.get(batchPath)).body.map(
          (r: { error?: { data?: { httpStatus?: number } } }) => r.error?.data?.httpStatus ?? 200,
        );
      expect(await statuses()).toEqual([200, 200, 200]);
      expect((await limited.api.get(`/api/public/confirmations/${'B'.repeat(24)}`)).status).toBe(404);
      expect((await limited.api.get(`/api/public/confirmations/${token}`)).status).toBe(200);
      expect((await limited.api.post(`/api/public/confirmations/${token}`, { unavailable: [] })).status).toBe(200);
      const blocked = await limited.api.get(`/api/public/confirmations/${token}`);
      expectFailure(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expectFailure(await limited.api.post(`/api/public/confirmations/${token}`, { unavailable: [] }), 429, 'TOO_MANY_REQUESTS');
      expect(await statuses()).toEqual([429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
