import { expectFailure, expectOk, expectSameNotFound, NEW_LINE, useTestServer } from '@reorder/testing';
import { NO_MONEY, ORDER_KEYS } from '@reorder/testing/fixtures';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

/**
 * Issue 5: sending an order records it (exact text, message and lines as they
 * were), the order's history lists what was sent newest first, and re-order
 * puts a sent order back into the current order. docs/decisions.md §2 (envelope,
 * ids) and §3 (tenancy: another user's id answers like a missing one).
 */

/** A valid id that no row has (ids are positive 32-bit integers). */
const MISSING = 2_000_000_000;
const CHANNELS = ['whatsapp', 'telegram', 'sms', 'email', 'phone', 'other'] as const;

interface Line {
  productId: number;
  name: string;
  unit: string;
  quantity: number;
}
interface SentOrder {
  id: number;
  orderId: number;
  supplierId: number;
  channel: string;
  text: string;
  introduce: string;
  lines: Line[];
  sentAt: string;
}

const t = useTestServer();

/** A SentOrder as the API must answer it. */
function sentOrderLike(fields: Partial<SentOrder> & Pick<SentOrder, 'orderId' | 'supplierId'>) {
  return {
    id: expect.any(Number),
    channel: expect.any(String),
    text: expect.any(String),
    introduce: expect.any(String),
    lines: expect.any(Array),
    total: expect.any(Number),
    unpricedLines: expect.any(Number),
    currency: 'EUR',
    sentAt: expect.any(String),
    confirmUrl: null,
    confirmation: null,
    sentBy: { userId: expect.any(Number), fullName: expect.any(String) },
    byStandingOrder: false,
    ...fields,
  };
}

/** An order line's usual after one send of `quantity` (docs/decisions.md §9.5): no schedule, so no weekday. */
const sentOnce = (quantity: number) => ({ quantity, low: quantity, high: quantity, weekday: null, basedOn: 1 });

/** The sent_orders rows of an order, straight from the database. */
function sentRows(orderId: number) {
  return t.server.deps.db
    .selectFrom('sent_orders')
    .select(['id', 'order_id', 'supplier_id', sql<string>`jsonb_typeof(lines)`.as('lines_type')])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * A user with one supplier: helpers for products, quantities, the message,
 * send, history and re-order. The supplier is not asked to confirm, so a sent
 * text is the order text; the link a send adds is confirmations.test.ts's.
 */
async function newShop(supplierFields: Record<string, unknown> = {}, token?: string) {
  const owner = token ?? (await t.api.register()).token;
  const supplier = await t.api.createSupplier(owner, { askConfirmation: false, ...supplierFields });
  const orderId = supplier.orderId;
  return {
    token: owner,
    supplier,
    orderId,
    add: (name: string, unit: string) => t.api.createProduct(owner, orderId, name, unit),
    async set(productId: number, quantity: number) {
      const res = await t.api.put('/api/products/quantity', { productId, orderId, quantity }, owner);
      expect(res.status, res.text).toBe(200);
    },
    async introduce(introduce: string) {
      const res = await t.api.put(`/api/orders/${orderId}`, { introduce }, owner);
      expect(res.status, res.text).toBe(200);
    },
    async rename(productId: number, name: string, unit: string) {
      const res = await t.api.put(`/api/products/${productId}`, { name, unit }, owner);
      expect(res.status, res.text).toBe(200);
    },
    async remove(productId: number) {
      const res = await t.api.delete(`/api/products/${productId}`, owner);
      expect(res.status, res.text).toBe(200);
    },
    async order() {
      const res = await t.api.get(`/api/orders/supplier/${supplier.id}`, owner);
      expect(res.status, res.text).toBe(200);
      return res.body.data as { id: number; supplierId: number; introduce: string; products: Line[]; text: string };
    },
    sendRaw: (body: unknown = {}) => t.api.post(`/api/orders/${orderId}/send`, body, owner),
    /** Sends and returns the recorded SentOrder (fails the test on anything but 200). */
    async send(body: unknown = {}): Promise<SentOrder> {
      const res = await t.api.post(`/api/orders/${orderId}/send`, body, owner);
      expectOk(res, sentOrderLike({ orderId, supplierId: supplier.id }), 'Order sent');
      return res.body.data;
    },
    historyRaw: () => t.api.get(`/api/orders/${orderId}/history`, owner),
    async history(): Promise<SentOrder[]> {
      const res = await t.api.get(`/api/orders/${orderId}/history`, owner);
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    },
    sent: (sentOrderId: number | string) => t.api.get(`/api/orders/${orderId}/history/${sentOrderId}`, owner),
    reorder: (sentOrderId: unknown) => t.api.post(`/api/orders/${orderId}/reorder`, { sentOrderId }, owner),
  };
}

/** A shop whose order holds one product (tomatoes unless named) at `quantity`: how most of these tests start. */
async function shopOrdering(quantity: number, name = 'Tomatoes', unit = 'Kg') {
  const shop = await newShop();
  const product = await shop.add(name, unit);
  await shop.set(product.id, quantity);
  return { shop, product };
}

/** Another supplier of the same owner, a bakery, its order holding 2 of bread. */
async function bakeryOf(shop: { token: string }) {
  const other = await newShop({ name: 'Panadería' }, shop.token);
  const bread = await other.add('Bread', 'Unit');
  await other.set(bread.id, 2);
  return other;
}

describe('POST /api/orders/{id}/send', () => {
  it('records the exact order text, the message and only the lines above 0, as they are', async () => {
    const shop = await newShop();
    const tomatoes = await shop.add('Tomatoes', 'Kg');
    const jamon = await shop.add('Jamón ibérico 🐖', 'Pieza');
    const apples = await shop.add('Apples', 'Kg');
    await shop.add('Onions', 'Bag'); // never given a quantity
    const milk = await shop.add('milk', 'L');
    await shop.set(tomatoes.id, 2.5);
    await shop.set(jamon.id, 1);
    await shop.set(apples.id, 0);
    await shop.set(milk.id, 0.125);
    await shop.introduce('Hola Pepe 👋,\n¿me traes esto? & #1 + 50%');
    const order = await shop.order();
    const expectedText = [
      'Hola Pepe 👋,\n¿me traes esto? & #1 + 50%',
      '1 x Pieza: Jamón ibérico 🐖',
      '0.125 x L: milk',
      '2.5 x Kg: Tomatoes',
    ].join('\n');
    expect(order.text).toBe(expectedText);

    const before = Date.now();
    const res = await shop.sendRaw({});
    const after = Date.now();
    expectOk(
      res,
      {
        id: expect.any(Number),
        orderId: shop.orderId,
        supplierId: shop.supplier.id,
        channel: 'whatsapp',
        text: expectedText,
        introduce: 'Hola Pepe 👋,\n¿me traes esto? & #1 + 50%',
        lines: [
          { productId: jamon.id, name: 'Jamón ibérico 🐖', unit: 'Pieza', quantity: 1, price: null, lineTotal: null },
          { productId: milk.id, name: 'milk', unit: 'L', quantity: 0.125, price: null, lineTotal: null },
          { productId: tomatoes.id, name: 'Tomatoes', unit: 'Kg', quantity: 2.5, price: null, lineTotal: null },
        ],
        total: 0,
        unpricedLines: 3,
        currency: 'EUR',
        sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/),
        confirmUrl: null,
        confirmation: null,
        sentBy: { userId: expect.any(Number), fullName: 'Ana García' },
        byStandingOrder: false,
      },
      'Order sent',
    );
    const sent = res.body.data as SentOrder;
    expect(Object.keys(sent).sort()).toEqual([
      'byStandingOrder',
      'channel',
      'confirmUrl',
      'confirmation',
      'currency',
      'id',
      'introduce',
      'lines',
      'orderId',
      'sentAt',
      'sentBy',
      'supplierId',
      'text',
      'total',
      'unpricedLines',
    ]);
    expect(sent.id).toBeGreaterThan(0);
    // The server's and the database's clocks are this machine's: allow a minute either way.
    const sentAt = Date.parse(sent.sentAt);
    expect(sentAt).toBeGreaterThanOrEqual(before - 60_000);
    expect(sentAt).toBeLessThanOrEqual(after + 60_000);

    // Sending does not change the current order, beyond the usual quantity of what was sent.
    expect(await shop.order()).toEqual({
      ...order,
      products: (order.products as unknown as { quantity: number; usual: unknown }[]).map((p) => ({
        ...p,
        usual: p.quantity > 0 ? sentOnce(p.quantity) : p.usual,
      })),
    });
    // One row, with its lines stored as a JSON array (not a JSON string holding one).
    expect(await sentRows(shop.orderId)).toEqual([
      { id: sent.id, order_id: shop.orderId, supplier_id: shop.supplier.id, lines_type: 'array' },
    ]);
  });

  it('records a send made offline at the time it really happened: up to 30 days back, a clock a little ahead as now, else refused', async () => {
    const { shop } = await shopOrdering(3, 'Bread', 'Unit');
    const { text } = await shop.order();

    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const late = await shop.send({ text, sentAt: twoDaysAgo });
    expect(late.sentAt).toBe(twoDaysAgo);
    // Listed by when it was sent: a send recorded after it but made before it comes after it.
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const earlier = await shop.send({ sentAt: threeDaysAgo.replace('Z', '+00:00') });
    expect(Date.parse(earlier.sentAt)).toBe(Date.parse(threeDaysAgo));
    expect((await shop.history()).map((h) => h.id)).toEqual([late.id, earlier.id]);

    const before = Date.now();
    const ahead = await shop.send({ sentAt: new Date(Date.now() + 120_000).toISOString() });
    expect(Date.parse(ahead.sentAt)).toBeGreaterThanOrEqual(before - 60_000);
    expect(Date.parse(ahead.sentAt)).toBeLessThanOrEqual(Date.now() + 60_000);

    const count = (await shop.history()).length;
    const tooOld = await shop.sendRaw({ sentAt: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    expectFailure(tooOld, 400, 'BAD_REQUEST', ['sentAt']);
    expect(tooOld.body.message).toBe('Sent at must be within the last 30 days');
    expectFailure(await shop.sendRaw({ sentAt: 'yesterday' }), 400, 'BAD_REQUEST', ['sentAt']);
    expect((await shop.history()).length).toBe(count);
  });

  it("uses the supplier's messaging service when no channel is given, and the given channel otherwise", async () => {
    const shop = await newShop({ messageService: 'email', contactInfo: 'pepe@example.com' });
    const p = await shop.add('Bread', 'Unit');
    await shop.set(p.id, 3);

    expect((await shop.send({})).channel).toBe('email');
    for (const channel of CHANNELS) expect((await shop.send({ channel })).channel).toBe(channel);

    // The default follows the supplier as it is now; what was recorded stays.
    const update = await t.api.put(
      `/api/suppliers/${shop.supplier.id}`,
      { name: 'Frutas Pepe', contactName: 'Pepe', messageService: 'telegram', contactInfo: '+34 600 000 000', note: '' },
      shop.token,
    );
    expect(update.status, update.text).toBe(200);
    expect((await shop.send()).channel).toBe('telegram');

    const history = await shop.history();
    expect(history.map((s) => s.channel)).toEqual(['telegram', ...[...CHANNELS].reverse(), 'email']);
    for (const entry of history) expect(entry.text).toBe('3 x Unit: Bread');
  });

  it('refuses an unknown channel with 400 and records nothing', async () => {
    const { shop } = await shopOrdering(1, 'Bread', 'Unit');
    for (const channel of ['fax', 'WhatsApp', '', 42, null, ['sms']]) {
      expectFailure(await shop.sendRaw({ channel }), 400, 'BAD_REQUEST', ['channel']);
    }
    expectOk(await shop.historyRaw(), [], 'History loaded');
    expect(await sentRows(shop.orderId)).toEqual([]);
  });

  it('refuses an order with nothing above 0 with 400 and records nothing', async () => {
    const shop = await newShop();
    // No products at all.
    expectFailure(await shop.sendRaw({}), 400, 'BAD_REQUEST');
    // Products, none with a quantity.
    const a = await shop.add('Apples', 'Kg');
    const b = await shop.add('Bread', 'Unit');
    expectFailure(await shop.sendRaw({}), 400, 'BAD_REQUEST');
    // Quantities set to 0, and a message: the text is not empty, but nothing is ordered.
    await shop.set(a.id, 0);
    await shop.set(b.id, 0);
    await shop.introduce('Hello Pepe');
    expect((await shop.order()).text).toBe('Hello Pepe');
    expectFailure(await shop.sendRaw({ channel: 'sms' }), 400, 'BAD_REQUEST');
    // Cleared after having had quantities.
    await shop.set(a.id, 2);
    const clear = await t.api.post('/api/products/clear', { orderId: shop.orderId }, shop.token);
    expect(clear.status, clear.text).toBe(200);
    const refused = await shop.sendRaw({});
    expectFailure(refused, 400, 'BAD_REQUEST');
    expect(refused.body.message).not.toMatch(/stack|sql|select|insert/i);

    expectOk(await shop.historyRaw(), []);
    expect(await sentRows(shop.orderId)).toEqual([]);
  });
});

describe('POST /api/orders/{id}/send with the text that was opened', () => {
  it('records when the order still makes exactly that text', async () => {
    const { shop } = await shopOrdering(1, 'Lemons', 'Kg');
    await shop.introduce('Hola');
    const sent = await shop.send({ text: 'Hola\n1 x Kg: Lemons' });
    expect(sent.text).toBe('Hola\n1 x Kg: Lemons');
    expect(await shop.history()).toEqual([sent]);
  });

  it('answers 409 and records nothing when the order makes another text (a save had not landed)', async () => {
    const shop = await newShop();
    const lemons = await shop.add('Lemons', 'Kg');
    await shop.add('Tomatoes', 'Kg');
    await shop.set(lemons.id, 1);
    // The app showed (and opened) both lines, but the second quantity never reached the server.
    for (const text of ['1 x Kg: Lemons\n1 x Kg: Tomatoes', '1 x Kg: Lemons\n', ' 1 x Kg: Lemons', '']) {
      const res = await shop.sendRaw({ text });
      expectFailure(res, 409, 'CONFLICT');
      expect(res.body.message).toMatch(/changed/);
    }
    expectOk(await shop.historyRaw(), []);
    expect(await sentRows(shop.orderId)).toEqual([]);
  });

  it('refuses a text that is not a string with 400', async () => {
    const { shop } = await shopOrdering(1, 'Lemons', 'Kg');
    for (const text of [42, null, ['1 x Kg: Lemons'], { a: 1 }]) {
      expectFailure(await shop.sendRaw({ text }), 400, 'BAD_REQUEST', ['text']);
    }
    expectFailure(await shop.sendRaw({ text: 'x'.repeat(200_000) }), 400, 'BAD_REQUEST', ['text']);
    expect(await sentRows(shop.orderId)).toEqual([]);
  });

  it('does the same through tRPC', async () => {
    const { shop } = await shopOrdering(2, 'Lemons', 'Kg');
    const stale = await t.api.request('POST', '/api/trpc/orders.send', {
      token: shop.token,
      body: { id: shop.orderId, text: '1 x Kg: Lemons' },
    });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.error.data).toMatchObject({ kind: 'CONFLICT', httpStatus: 409 });
    const ok = await t.api.request('POST', '/api/trpc/orders.send', {
      token: shop.token,
      body: { id: shop.orderId, text: '2 x Kg: Lemons' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.data.text).toBe('2 x Kg: Lemons');
    expect((await shop.history()).map((s) => s.text)).toEqual(['2 x Kg: Lemons']);
  });
});

describe('GET /api/orders/{id}/history', () => {
  it('is empty for an order never sent', async () => {
    const shop = await newShop();
    expectOk(await shop.historyRaw(), [], 'History loaded');
  });

  it('lists the sends newest first, each as it was sent, and unchanged by later changes to the order', async () => {
    const shop = await newShop();
    const tomatoes = await shop.add('Tomatoes', 'Kg');
    const onions = await shop.add('Onions', 'Bag');
    const garlic = await shop.add('Garlic', 'Head');

    await shop.introduce('First order');
    await shop.set(tomatoes.id, 2);
    await shop.set(onions.id, 1);
    const first = await shop.send();
    expect(first).toMatchObject({
      text: 'First order\n1 x Bag: Onions\n2 x Kg: Tomatoes',
      introduce: 'First order',
      lines: [
        { productId: onions.id, name: 'Onions', unit: 'Bag', quantity: 1 },
        { productId: tomatoes.id, name: 'Tomatoes', unit: 'Kg', quantity: 2 },
      ],
    });

    // Second: a renamed product, other quantities, another message.
    await shop.rename(tomatoes.id, 'Cherry tomatoes', 'Box');
    await shop.set(tomatoes.id, 3.5);
    await shop.set(onions.id, 0);
    await shop.set(garlic.id, 10);
    await shop.introduce('Second order');
    const second = await shop.send({ channel: 'sms' });
    expect(second).toMatchObject({
      channel: 'sms',
      text: 'Second order\n3.5 x Box: Cherry tomatoes\n10 x Head: Garlic',
      introduce: 'Second order',
      lines: [
        { productId: tomatoes.id, name: 'Cherry tomatoes', unit: 'Box', quantity: 3.5 },
        { productId: garlic.id, name: 'Garlic', unit: 'Head', quantity: 10 },
      ],
    });

    // Third: no message, one line.
    await shop.introduce('');
    await shop.set(tomatoes.id, 0);
    const third = await shop.send();
    expect(third).toMatchObject({
      text: '10 x Head: Garlic',
      introduce: '',
      lines: [{ productId: garlic.id, name: 'Garlic', unit: 'Head', quantity: 10 }],
    });

    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    const expected = [third, second, first];
    expectOk(await shop.historyRaw(), expected, 'History loaded');
    const times = expected.map((s) => Date.parse(s.sentAt));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]!);
    expect(times[1]).toBeGreaterThanOrEqual(times[2]!);

    // Change the current order every way there is: rename, quantities, delete, message.
    await shop.rename(garlic.id, 'Black garlic', 'Bulb');
    await shop.set(garlic.id, 99);
    await shop.set(onions.id, 7);
    await shop.remove(tomatoes.id);
    await shop.introduce('Something else entirely');
    await shop.add('Leeks', 'Bunch');
    expect((await shop.order()).text).toBe('Something else entirely\n99 x Bulb: Black garlic\n7 x Bag: Onions');

    expectOk(await shop.historyRaw(), expected);
    for (const entry of expected) expectOk(await shop.sent(entry.id), entry, 'Sent order loaded');
  });

  it("holds only this order's sends, not those of the user's other suppliers", async () => {
    const { shop } = await shopOrdering(1);
    const other = await bakeryOf(shop);
    const mine = await shop.send();
    const theirs = await other.send();
    expectOk(await shop.historyRaw(), [mine]);
    expectOk(await other.historyRaw(), [theirs]);
  });
});

describe('GET /api/orders/{id}/history/{sentOrderId}', () => {
  it('answers one sent order', async () => {
    const { shop, product: p } = await shopOrdering(4);
    const first = await shop.send();
    await shop.set(p.id, 5);
    const second = await shop.send({ channel: 'phone' });
    expectOk(await shop.sent(first.id), first, 'Sent order loaded');
    expectOk(await shop.sent(second.id), second, 'Sent order loaded');
    expect(first.lines[0]!.quantity).toBe(4);
    expect(second.lines[0]!.quantity).toBe(5);
  });

  it("answers 404 for a missing sent order and for one of the user's other orders", async () => {
    const shop = await newShop();
    const other = await bakeryOf(shop);
    const theirs = await other.send();
    expectFailure(await shop.sent(MISSING), 404, 'NOT_FOUND');
    expectFailure(await shop.sent(theirs.id), 404, 'NOT_FOUND');
    expectFailure(await t.api.get(`/api/orders/${MISSING}/history/${theirs.id}`, shop.token), 404, 'NOT_FOUND');
  });
});

describe('POST /api/orders/{id}/reorder', () => {
  it('restores the quantities and the message into the current order and answers it with the right text', async () => {
    const shop = await newShop();
    const tomatoes = await shop.add('Tomatoes', 'Kg');
    const onions = await shop.add('Onions', 'Bag');
    const garlic = await shop.add('Garlic', 'Head');
    const bread = await shop.add('Bread', 'Unit');
    await shop.set(tomatoes.id, 2.5);
    await shop.set(onions.id, 1);
    await shop.set(garlic.id, 3);
    await shop.introduce('Same as last Tuesday, please');
    const sent = await shop.send();
    expect(sent.text).toBe('Same as last Tuesday, please\n3 x Head: Garlic\n1 x Bag: Onions\n2.5 x Kg: Tomatoes');

    // Since then: garlic deleted, tomatoes renamed, other quantities, bread ordered, a product added, another message.
    await shop.remove(garlic.id);
    await shop.rename(tomatoes.id, 'Plum tomatoes', 'Crate');
    await shop.set(tomatoes.id, 9);
    await shop.set(onions.id, 0);
    await shop.set(bread.id, 6);
    const leeks = await shop.add('Leeks', 'Bunch');
    await shop.set(leeks.id, 0);
    const apples = await shop.add('Apples', 'Kg');
    await shop.introduce('A different message');

    const res = await shop.reorder(sent.id);
    const expected = {
      id: shop.orderId,
      supplierId: shop.supplier.id,
      introduce: 'Same as last Tuesday, please',
      products: [
        // The sent lines' usual quantity is what was sent (one send so far).
        { productId: apples.id, name: 'Apples', unit: 'Kg', quantity: 0, ...NEW_LINE },
        { productId: bread.id, name: 'Bread', unit: 'Unit', quantity: 0, ...NEW_LINE },
        { productId: leeks.id, name: 'Leeks', unit: 'Bunch', quantity: 0, ...NEW_LINE },
        { productId: onions.id, name: 'Onions', unit: 'Bag', quantity: 1, ...NEW_LINE, usual: sentOnce(1) },
        { productId: tomatoes.id, name: 'Plum tomatoes', unit: 'Crate', quantity: 2.5, ...NEW_LINE, usual: sentOnce(2.5) },
      ],
      text: 'Same as last Tuesday, please\n1 x Bag: Onions\n2.5 x Crate: Plum tomatoes',
      ...NO_MONEY,
      unpricedLines: 2,
      confirmUrl: null,
      ready: null,
    };
    expectOk(res, expected, 'Order restored: review it and send it');
    expect(Object.keys(res.body.data).sort()).toEqual(ORDER_KEYS);
    // The current order is what the answer says.
    expect(await shop.order()).toEqual(expected);
    // Re-ordering does not send: the history is as it was, and the sent order unchanged.
    expectOk(await shop.historyRaw(), [sent]);

    // Sending again now records the restored order with today's names.
    const again = await shop.send();
    expect(again.text).toBe(expected.text);
    expect(again.id).not.toBe(sent.id);
  });

  it('restores an empty message too, and can be repeated', async () => {
    const { shop, product: a } = await shopOrdering(1.5, 'Apples', 'Kg');
    const sent = await shop.send();
    expect(sent.introduce).toBe('');
    await shop.introduce('Please call me first');
    await shop.set(a.id, 8);
    const expected = {
      id: shop.orderId,
      supplierId: shop.supplier.id,
      introduce: '',
      products: [{ productId: a.id, name: 'Apples', unit: 'Kg', quantity: 1.5, ...NEW_LINE, usual: sentOnce(1.5) }],
      text: '1.5 x Kg: Apples',
      ...NO_MONEY,
      unpricedLines: 1,
      confirmUrl: null,
      ready: null,
    };
    expectOk(await shop.reorder(sent.id), expected);
    expectOk(await shop.reorder(sent.id), expected);
    expect(await shop.order()).toEqual(expected);
  });

  it("answers 404 for a sent order of the user's other order, or a missing one, and changes nothing", async () => {
    const shop = await newShop();
    const other = await bakeryOf(shop);
    const p = await shop.add('Tomatoes', 'Kg');
    await other.introduce('Bread message');
    const theirs = await other.send();
    await shop.set(p.id, 4);
    await shop.introduce('Mine');
    const before = await shop.order();
    const otherBefore = await other.order();

    expectFailure(await shop.reorder(theirs.id), 404, 'NOT_FOUND');
    expectFailure(await shop.reorder(MISSING), 404, 'NOT_FOUND');
    expectFailure(await t.api.post(`/api/orders/${MISSING}/reorder`, { sentOrderId: theirs.id }, shop.token), 404, 'NOT_FOUND');
    expect(await shop.order()).toEqual(before);
    expect(await other.order()).toEqual(otherBefore);
  });
});

describe("another user's ids answer exactly like ids that do not exist", () => {
  it("for send, history, one sent order and re-order; and B cannot re-order A's sent order into B's order", async () => {
    const a = await newShop({ name: 'Verduras Alfa' });
    const tomatoes = await a.add('Tomatoes', 'Kg');
    await a.set(tomatoes.id, 2.5);
    await a.introduce('Hello from A');
    const sentA = await a.send();

    const b = await newShop({ name: 'Verduras Beta' });
    const peppers = await b.add('Peppers', 'Kg');
    await b.set(peppers.id, 1);
    await b.introduce('Hello from B');
    const sentB = await b.send();
    await b.set(peppers.id, 3);

    const aOrderBefore = await a.order();
    const bOrderBefore = await b.order();
    const tok = b.token;

    expectSameNotFound(
      await t.api.post(`/api/orders/${a.orderId}/send`, {}, tok),
      await t.api.post(`/api/orders/${MISSING}/send`, {}, tok),
      'POST send',
    );
    expectSameNotFound(
      await t.api.post(`/api/orders/${a.orderId}/send`, { channel: 'sms' }, tok),
      await t.api.post(`/api/orders/${MISSING}/send`, { channel: 'sms' }, tok),
      'POST send with a channel',
    );
    expectSameNotFound(
      await t.api.get(`/api/orders/${a.orderId}/history`, tok),
      await t.api.get(`/api/orders/${MISSING}/history`, tok),
      'GET history',
    );
    expectSameNotFound(
      await t.api.get(`/api/orders/${a.orderId}/history/${sentA.id}`, tok),
      await t.api.get(`/api/orders/${MISSING}/history/${MISSING}`, tok),
      'GET one sent order',
    );
    expectSameNotFound(
      await t.api.get(`/api/orders/${b.orderId}/history/${sentA.id}`, tok),
      await t.api.get(`/api/orders/${b.orderId}/history/${MISSING}`, tok),
      "GET A's sent order under B's order",
    );
    expectSameNotFound(
      await t.api.post(`/api/orders/${a.orderId}/reorder`, { sentOrderId: sentA.id }, tok),
      await t.api.post(`/api/orders/${MISSING}/reorder`, { sentOrderId: MISSING }, tok),
      'POST reorder',
    );
    expectSameNotFound(
      await t.api.post(`/api/orders/${b.orderId}/reorder`, { sentOrderId: sentA.id }, tok),
      await t.api.post(`/api/orders/${b.orderId}/reorder`, { sentOrderId: MISSING }, tok),
      "POST reorder of A's sent order into B's order",
    );
    expectSameNotFound(
      await t.api.post(`/api/orders/${a.orderId}/reorder`, { sentOrderId: sentB.id }, tok),
      await t.api.post(`/api/orders/${MISSING}/reorder`, { sentOrderId: sentB.id }, tok),
      "POST reorder of B's sent order into A's order",
    );

    // Nothing of A's or B's changed, and B's attempts recorded nothing.
    expect(await a.order()).toEqual(aOrderBefore);
    expect(await b.order()).toEqual(bOrderBefore);
    expectOk(await a.historyRaw(), [sentA]);
    expectOk(await b.historyRaw(), [sentB]);
    expect((await sentRows(a.orderId)).map((r) => r.id)).toEqual([sentA.id]);
    // A still sees its own.
    expectOk(await a.sent(sentA.id), sentA);
  });
});

describe('bad input', () => {
  it('refuses order ids and sent order ids that are not positive integers with 400', async () => {
    const { shop } = await shopOrdering(1);
    const sent = await shop.send();
    for (const id of ['abc', '0', '-1', '1.5']) {
      expectFailure(await t.api.post(`/api/orders/${id}/send`, {}, shop.token), 400, 'BAD_REQUEST', ['id']);
      expectFailure(await t.api.get(`/api/orders/${id}/history`, shop.token), 400, 'BAD_REQUEST', ['id']);
      expectFailure(await t.api.get(`/api/orders/${id}/history/${sent.id}`, shop.token), 400, 'BAD_REQUEST', ['id']);
      expectFailure(await shop.sent(id), 400, 'BAD_REQUEST', ['sentOrderId']);
      expectFailure(await t.api.post(`/api/orders/${id}/reorder`, { sentOrderId: sent.id }, shop.token), 400, 'BAD_REQUEST', ['id']);
    }
    for (const sentOrderId of ['abc', 0, -1, 1.5, null, true, '']) {
      expectFailure(await shop.reorder(sentOrderId), 400, 'BAD_REQUEST', ['sentOrderId']);
    }
    expectFailure(await t.api.post(`/api/orders/${shop.orderId}/reorder`, {}, shop.token), 400, 'BAD_REQUEST', ['sentOrderId']);
    // Nothing was recorded by the refused sends.
    expectOk(await shop.historyRaw(), [sent]);
  });

  it('asks for a token', async () => {
    const { shop } = await shopOrdering(1);
    const sent = await shop.send();
    expectFailure(await t.api.post(`/api/orders/${shop.orderId}/send`, {}), 401, 'UNAUTHORIZED');
    expectFailure(await t.api.get(`/api/orders/${shop.orderId}/history`), 401, 'UNAUTHORIZED');
    expectFailure(await t.api.get(`/api/orders/${shop.orderId}/history/${sent.id}`), 401, 'UNAUTHORIZED');
    expectFailure(await t.api.post(`/api/orders/${shop.orderId}/reorder`, { sentOrderId: sent.id }), 401, 'UNAUTHORIZED');
    expectOk(await shop.historyRaw(), [sent]);
  });
});

describe('deleting the supplier', () => {
  it('deletes its history, and only its own', async () => {
    const { shop } = await shopOrdering(1);
    const other = await bakeryOf(shop);
    const first = await shop.send();
    const second = await shop.send({ channel: 'email' });
    const kept = await other.send();
    expect((await sentRows(shop.orderId)).map((r) => r.id)).toEqual([first.id, second.id]);

    const deleted = await t.api.delete(`/api/suppliers/${shop.supplier.id}`, shop.token);
    expectOk(deleted, { id: shop.supplier.id });

    expect(await sentRows(shop.orderId)).toEqual([]);
    const bySupplier = await t.server.deps.db.selectFrom('sent_orders').select('id').where('supplier_id', '=', shop.supplier.id).execute();
    expect(bySupplier).toEqual([]);
    expectFailure(await shop.historyRaw(), 404, 'NOT_FOUND');
    expectFailure(await shop.sent(first.id), 404, 'NOT_FOUND');
    expectFailure(await shop.reorder(first.id), 404, 'NOT_FOUND');
    // The other supplier's history stays.
    expect((await sentRows(other.orderId)).map((r) => r.id)).toEqual([kept.id]);
    expectOk(await other.historyRaw(), [kept]);
  });
});

describe('the REST envelope', () => {
  it('wraps each success in {code: 1, data, message} and each failure in {code: 0, data: null, message, error}', async () => {
    const { shop, product: p } = await shopOrdering(2);

    const send = await shop.sendRaw({ channel: 'telegram' });
    expect(send.status).toBe(200);
    expect(send.body).toEqual({ code: 1, data: expect.objectContaining({ channel: 'telegram' }), message: 'Order sent' });
    const sent = send.body.data as SentOrder;
    expect(await shop.historyRaw()).toMatchObject({ status: 200, body: { code: 1, data: [sent], message: 'History loaded' } });
    expect(await shop.sent(sent.id)).toMatchObject({ status: 200, body: { code: 1, data: sent, message: 'Sent order loaded' } });
    const reorder = await shop.reorder(sent.id);
    expect(reorder.status).toBe(200);
    expect(reorder.body).toEqual({
      code: 1,
      data: expect.objectContaining({ id: shop.orderId, text: '2 x Kg: Tomatoes' }),
      message: 'Order restored: review it and send it',
    });

    const invalid = await shop.sendRaw({ channel: 'pigeon' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      code: 0,
      data: null,
      message: expect.any(String),
      error: { kind: 'BAD_REQUEST', issues: [{ path: 'channel', message: expect.any(String) }] },
    });
    expect(invalid.body.error.issues[0].message.length).toBeGreaterThan(0);

    const missing = await t.api.get(`/api/orders/${MISSING}/history`, shop.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 0, data: null, message: expect.any(String), error: { kind: 'NOT_FOUND', issues: [] } });

    // The refusal of an empty order is an envelope with a message that says why.
    await shop.set(p.id, 0);
    const empty = await shop.sendRaw({});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ code: 0, data: null, message: expect.any(String), error: { kind: 'BAD_REQUEST', issues: [] } });
    expect(empty.body.message).toMatch(/nothing/i);
    for (const res of [send, reorder, invalid, missing, empty]) {
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.text).not.toMatch(/"stack"| {4}at /);
    }
  });
});

describe('through tRPC', () => {
  it('sends with POST /api/trpc/orders.send and reads the history with GET /api/trpc/orders.history', async () => {
    const shop = await newShop({ messageService: 'sms' });
    const p = await shop.add('Tomatoes', 'Kg');
    await shop.set(p.id, 2.5);
    await shop.introduce('Por tRPC');

    const send = await t.api.request('POST', '/api/trpc/orders.send', { token: shop.token, body: { id: shop.orderId } });
    expect(send.status, send.text).toBe(200);
    expect(send.body).toEqual({
      result: {
        data: {
          id: expect.any(Number),
          orderId: shop.orderId,
          supplierId: shop.supplier.id,
          channel: 'sms',
          text: 'Por tRPC\n2.5 x Kg: Tomatoes',
          introduce: 'Por tRPC',
          lines: [{ productId: p.id, name: 'Tomatoes', unit: 'Kg', quantity: 2.5, price: null, lineTotal: null }],
          total: 0,
          unpricedLines: 1,
          currency: 'EUR',
          sentAt: expect.any(String),
          confirmUrl: null,
          confirmation: null,
          sentBy: { userId: expect.any(Number), fullName: 'Ana García' },
          byStandingOrder: false,
        },
      },
    });
    const sent = send.body.result.data as SentOrder;

    const input = encodeURIComponent(JSON.stringify({ id: shop.orderId }));
    const history = await t.api.request('GET', `/api/trpc/orders.history?input=${input}`, { token: shop.token });
    expect(history.status, history.text).toBe(200);
    expect(history.body).toEqual({ result: { data: [sent] } });
    // The same as REST answers.
    expectOk(await shop.historyRaw(), [sent]);

    // The other two calls, and the errors, through tRPC too.
    const one = await t.api.request(
      'GET',
      `/api/trpc/orders.sent?input=${encodeURIComponent(JSON.stringify({ id: shop.orderId, sentOrderId: sent.id }))}`,
      { token: shop.token },
    );
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual({ result: { data: sent } });
    await shop.set(p.id, 7);
    const reorder = await t.api.request('POST', '/api/trpc/orders.reorder', {
      token: shop.token,
      body: { id: shop.orderId, sentOrderId: sent.id },
    });
    expect(reorder.status, reorder.text).toBe(200);
    expect(reorder.body.result.data).toMatchObject({ id: shop.orderId, text: 'Por tRPC\n2.5 x Kg: Tomatoes' });

    const stranger = await t.api.register();
    const foreign = await t.api.request('GET', `/api/trpc/orders.history?input=${input}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.data).toMatchObject({ kind: 'NOT_FOUND', httpStatus: 404 });
    const bad = await t.api.request('POST', '/api/trpc/orders.send', { token: shop.token, body: { id: shop.orderId, channel: 'fax' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.data).toMatchObject({
      kind: 'BAD_REQUEST',
      httpStatus: 400,
      issues: [{ path: 'channel', message: expect.any(String) }],
    });
    expectOk(await shop.historyRaw(), [sent]);
  });
});
