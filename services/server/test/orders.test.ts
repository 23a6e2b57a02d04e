import { expectFailure, expectOk, NEW_LINE, useTestServer } from '@reorder/testing';
import { NO_MONEY, ORDER_KEYS } from '@reorder/testing/fixtures';

/** The link the next send of an order will carry (docs/decisions.md §6.4). */
const CONFIRM_URL = expect.stringMatching(/^http:\/\/[^/]+\/confirm\/[A-Za-z0-9_-]{24}$/);

import { describe, expect, it } from 'vitest';

const t = useTestServer();

/** A user with one supplier: helpers to add products, set quantities and read the order. */
async function newShop() {
  const { token } = await t.api.register();
  const supplier = await t.api.createSupplier(token);
  return {
    token,
    supplier,
    orderId: supplier.orderId,
    add: (name: string, unit: string) => t.api.createProduct(token, supplier.orderId, name, unit),
    async set(productId: number, quantity: unknown) {
      const res = await t.api.put('/api/products/quantity', { productId, orderId: supplier.orderId, quantity }, token);
      expect(res.status, res.text).toBe(200);
      return res;
    },
    order: () => t.api.get(`/api/orders/supplier/${supplier.id}`, token),
    async text() {
      const res = await t.api.get(`/api/orders/supplier/${supplier.id}`, token);
      expect(res.status, res.text).toBe(200);
      return res.body.data.text as string;
    },
    introduce: (introduce: unknown) => t.api.put(`/api/orders/${supplier.orderId}`, { introduce }, token),
  };
}

/** The Order the API answers for the shop's supplier: empty, without prices, but for `fields`. */
function orderOf(shop: { orderId: number; supplier: { id: number } }, fields: Record<string, unknown> = {}) {
  return {
    id: shop.orderId,
    supplierId: shop.supplier.id,
    introduce: '',
    products: [],
    text: '',
    ...NO_MONEY,
    unpricedLines: 0,
    confirmUrl: CONFIRM_URL,
    ready: null,
    ...fields,
  };
}

describe("a supplier's order", () => {
  it('is empty for a new supplier', async () => {
    const shop = await newShop();
    const res = await shop.order();
    expectOk(res, orderOf(shop));
    expect(Object.keys(res.body.data).sort()).toEqual(ORDER_KEYS);
  });

  it('holds every product of the supplier sorted by name (case and accents ignored), with quantities', async () => {
    const shop = await newShop();
    const tomatoes = await shop.add('Tomatoes', 'Kg');
    const apples = await shop.add('apples', 'Kg');
    const alamo = await shop.add('Álamo honey', 'Jar');
    const bread = await shop.add('Bread', 'Unit');
    await shop.set(tomatoes.id, 2.5);
    await shop.set(bread.id, 0);
    // Another supplier's product of the same user stays out.
    const other = await t.api.createSupplier(shop.token, { name: 'Other' });
    await t.api.createProduct(shop.token, other.orderId, 'Aardvark food', 'Kg');

    const res = await shop.order();
    expectOk(
      res,
      orderOf(shop, {
        products: [
          { productId: alamo.id, name: 'Álamo honey', unit: 'Jar', quantity: 0, ...NEW_LINE },
          { productId: apples.id, name: 'apples', unit: 'Kg', quantity: 0, ...NEW_LINE },
          { productId: bread.id, name: 'Bread', unit: 'Unit', quantity: 0, ...NEW_LINE },
          { productId: tomatoes.id, name: 'Tomatoes', unit: 'Kg', quantity: 2.5, ...NEW_LINE },
        ],
        text: '2.5 x Kg: Tomatoes',
        unpricedLines: 1,
      }),
    );
  });

  it("answers 404 for a supplier that does not exist or is not the user's", async () => {
    const shop = await newShop();
    expectFailure(await t.api.get('/api/orders/supplier/987654', shop.token), 404, 'NOT_FOUND');
    const stranger = await t.api.register();
    expectFailure(await t.api.get(`/api/orders/supplier/${shop.supplier.id}`, stranger.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.put(`/api/orders/${shop.orderId}`, { introduce: 'Mine now' }, stranger.token), 404, 'NOT_FOUND');
    expect((await shop.order()).body.data.introduce).toBe('');
    // A deleted supplier's order is gone too.
    await t.api.delete(`/api/suppliers/${shop.supplier.id}`, shop.token);
    expectFailure(await shop.order(), 404, 'NOT_FOUND');
    expectFailure(await shop.introduce('Hello'), 404, 'NOT_FOUND');
  });

  it('answers 404 when updating an order that does not exist', async () => {
    const shop = await newShop();
    expectFailure(await t.api.put('/api/orders/987654', { introduce: 'Hi' }, shop.token), 404, 'NOT_FOUND');
  });

  it('refuses ids that are not positive integers with 400', async () => {
    const shop = await newShop();
    for (const id of ['abc', '0', '-1', '1.5']) {
      expectFailure(await t.api.get(`/api/orders/supplier/${id}`, shop.token), 400, 'BAD_REQUEST', ['supplierId']);
      expectFailure(await t.api.put(`/api/orders/${id}`, { introduce: 'Hi' }, shop.token), 400, 'BAD_REQUEST', ['id']);
    }
  });

  it('asks for a token', async () => {
    const shop = await newShop();
    expectFailure(await t.api.get(`/api/orders/supplier/${shop.supplier.id}`), 401, 'UNAUTHORIZED');
    expectFailure(await t.api.put(`/api/orders/${shop.orderId}`, { introduce: 'x' }), 401, 'UNAUTHORIZED');
  });
});

describe('the order message', () => {
  it('updates introduce and answers the whole Order', async () => {
    const shop = await newShop();
    const p = await shop.add('Tomatoes', 'Kg');
    await shop.set(p.id, 2);
    const res = await shop.introduce('Hola Pepe, para mañana:');
    expectOk(
      res,
      orderOf(shop, {
        introduce: 'Hola Pepe, para mañana:',
        products: [{ productId: p.id, name: 'Tomatoes', unit: 'Kg', quantity: 2, ...NEW_LINE }],
        text: 'Hola Pepe, para mañana:\n2 x Kg: Tomatoes',
        unpricedLines: 1,
      }),
    );
    expectOk(await shop.order(), res.body.data);
  });

  it('accepts up to 300 characters and refuses 301', async () => {
    const shop = await newShop();
    const max = `${'m'.repeat(299)}ñ`;
    const res = await shop.introduce(max);
    expectOk(res, orderOf(shop, { introduce: max, text: max }));
    expectFailure(await shop.introduce('m'.repeat(301)), 400, 'BAD_REQUEST', ['introduce']);
    expectFailure(await shop.introduce(42), 400, 'BAD_REQUEST', ['introduce']);
    // The refused update changed nothing.
    expect((await shop.order()).body.data.introduce).toBe(max);
  });

  it('must be sent: a body without introduce is refused and keeps the message', async () => {
    const shop = await newShop();
    await shop.introduce('Keep me');
    expectFailure(await t.api.put(`/api/orders/${shop.orderId}`, {}, shop.token), 400, 'BAD_REQUEST', ['introduce']);
    expect((await shop.order()).body.data.introduce).toBe('Keep me');
  });

  it('can be emptied again', async () => {
    const shop = await newShop();
    await shop.introduce('Something');
    expectOk(await shop.introduce(''), orderOf(shop));
  });
});

describe('the order text', () => {
  it('puts the message first, then "quantity x unit: name" per ordered product in list order', async () => {
    const shop = await newShop();
    const tomatoes = await shop.add('Tomatoes', 'Kg');
    const jamon = await shop.add('Jamón ibérico 🐖', 'Pieza');
    const apples = await shop.add('Apples', 'Kg');
    const onions = await shop.add('Onions', 'Bag');
    const milk = await shop.add('milk', 'L');
    await shop.set(tomatoes.id, 2.5);
    await shop.set(jamon.id, 1);
    await shop.set(apples.id, 0);
    await shop.set(onions.id, 0.125);
    await shop.set(milk.id, 3);
    await shop.introduce('Hola Pepe 👋, ¿me traes esto?');

    const res = await shop.order();
    expect(res.body.data.text).toBe(
      ['Hola Pepe 👋, ¿me traes esto?', '1 x Pieza: Jamón ibérico 🐖', '3 x L: milk', '0.125 x Bag: Onions', '2.5 x Kg: Tomatoes'].join(
        '\n',
      ),
    );
    expect(res.body.data.products.map((p: { name: string }) => p.name)).toEqual([
      'Apples',
      'Jamón ibérico 🐖',
      'milk',
      'Onions',
      'Tomatoes',
    ]);
  });

  it('writes quantities without trailing zeros', async () => {
    const shop = await newShop();
    const cases: [unknown, string][] = [
      [2.5, '2.5'],
      [3, '3'],
      [0.125, '0.125'],
      [10, '10'],
      [100, '100'],
      [99999, '99999'],
      [1.05, '1.05'],
      [0.001, '0.001'],
      [0.1, '0.1'],
      [1200.5, '1200.5'],
    ];
    const products = [];
    for (const [i] of cases.entries()) products.push(await shop.add(`Item ${String(i).padStart(2, '0')}`, 'u'));
    for (const [i, [quantity]] of cases.entries()) await shop.set(products[i]!.id, quantity);
    expect(await shop.text()).toBe(cases.map(([, shown], i) => `${shown} x u: Item ${String(i).padStart(2, '0')}`).join('\n'));
  });

  it('is just the lines when the message is empty or blank', async () => {
    const shop = await newShop();
    const a = await shop.add('Apples', 'Kg');
    const b = await shop.add('Bread', 'Unit');
    await shop.set(a.id, 1);
    await shop.set(b.id, 2);
    expect(await shop.text()).toBe('1 x Kg: Apples\n2 x Unit: Bread');
    const blank = await shop.introduce('   ');
    expect(blank.status).toBe(200);
    expect(blank.body.data.text).toBe('1 x Kg: Apples\n2 x Unit: Bread');
    expect(await shop.text()).toBe('1 x Kg: Apples\n2 x Unit: Bread');
  });

  it('is just the message when nothing is ordered, and "" when there is neither', async () => {
    const shop = await newShop();
    const a = await shop.add('Apples', 'Kg');
    await shop.set(a.id, 0);
    expect(await shop.text()).toBe('');
    await shop.introduce('Nothing this week, thanks');
    expect(await shop.text()).toBe('Nothing this week, thanks');
    await shop.introduce('');
    expect(await shop.text()).toBe('');
  });

  it('keeps a multi-line message', async () => {
    const shop = await newShop();
    const a = await shop.add('Apples', 'Kg');
    await shop.set(a.id, 4);
    await shop.introduce('Hi Pepe,\nthis is for Friday:');
    expect(await shop.text()).toBe('Hi Pepe,\nthis is for Friday:\n4 x Kg: Apples');
  });

  it('follows quantity changes, message updates, renames and clearing', async () => {
    const shop = await newShop();
    const a = await shop.add('Apples', 'Kg');
    const b = await shop.add('Bananas', 'Kg');
    expect(await shop.text()).toBe('');

    await shop.set(b.id, 6);
    expect(await shop.text()).toBe('6 x Kg: Bananas');

    await shop.set(a.id, 1.5);
    expect(await shop.text()).toBe('1.5 x Kg: Apples\n6 x Kg: Bananas');

    await shop.introduce('Hello!');
    expect(await shop.text()).toBe('Hello!\n1.5 x Kg: Apples\n6 x Kg: Bananas');

    await shop.introduce('Hola!');
    expect(await shop.text()).toBe('Hola!\n1.5 x Kg: Apples\n6 x Kg: Bananas');

    await shop.set(b.id, 0);
    expect(await shop.text()).toBe('Hola!\n1.5 x Kg: Apples');

    // Renaming moves the line to the new name's place and shows the new unit.
    await t.api.put(`/api/products/${a.id}`, { name: 'Zucchini', unit: 'Box' }, shop.token);
    await shop.set(b.id, 2);
    expect(await shop.text()).toBe('Hola!\n2 x Kg: Bananas\n1.5 x Box: Zucchini');

    // Deleting a product removes its line.
    await t.api.delete(`/api/products/${b.id}`, shop.token);
    expect(await shop.text()).toBe('Hola!\n1.5 x Box: Zucchini');

    // Clearing leaves only the message, and the products stay at 0.
    expect((await t.api.post('/api/products/clear', { orderId: shop.orderId }, shop.token)).body.data).toEqual({
      orderId: shop.orderId,
      cleared: 1,
    });
    const cleared = await shop.order();
    expect(cleared.body.data.text).toBe('Hola!');
    expect(cleared.body.data.products).toEqual([{ productId: a.id, name: 'Zucchini', unit: 'Box', quantity: 0, ...NEW_LINE }]);
  });
});

describe('GET /api/orders', () => {
  it("lists each supplier's current order with its line count and last send, this owner's only", async () => {
    const shop = await newShop();
    const a = await shop.add('Tomatoes', 'Kg');
    const b = await shop.add('Lemons', 'Kg');
    await shop.add('Bread', 'Unit');
    await shop.set(a.id, 2);
    await shop.set(b.id, 0.5);
    const quiet = await t.api.createSupplier(shop.token, { name: 'Quiet one' });
    const stranger = await newShop();
    await stranger.set((await stranger.add('Milk', 'L')).id, 1);

    const before = await t.api.get('/api/orders', shop.token);
    expectOk(before, [
      {
        id: shop.orderId,
        supplierId: shop.supplier.id,
        lines: 2,
        lastSentAt: null,
        lastAnswer: null,
        lastSentOrderId: null,
        lastReceipt: null,
        ready: null,
        claims: { open: 0, owed: 0 },
      },
      {
        id: quiet.orderId,
        supplierId: quiet.id,
        lines: 0,
        lastSentAt: null,
        lastAnswer: null,
        lastSentOrderId: null,
        lastReceipt: null,
        ready: null,
        claims: { open: 0, owed: 0 },
      },
    ]);

    const sent = await t.api.post(`/api/orders/${shop.orderId}/send`, {}, shop.token);
    expect(sent.status, sent.text).toBe(200);
    await shop.set(b.id, 0);
    const after = await t.api.get('/api/orders', shop.token);
    expect(after.body.data).toEqual([
      {
        id: shop.orderId,
        supplierId: shop.supplier.id,
        lines: 1,
        lastSentAt: sent.body.data.sentAt,
        lastAnswer: { status: 'pending', missing: [], changed: 0 },
        lastSentOrderId: sent.body.data.id,
        lastReceipt: null,
        ready: null,
        claims: { open: 0, owed: 0 },
      },
      {
        id: quiet.orderId,
        supplierId: quiet.id,
        lines: 0,
        lastSentAt: null,
        lastAnswer: null,
        lastSentOrderId: null,
        lastReceipt: null,
        ready: null,
        claims: { open: 0, owed: 0 },
      },
    ]);

    // The last send's receipt, once its delivery is checked (docs/decisions.md §9.4): "Ha llegado el pedido" leaves the row once done.
    const receipt = await t.api.post(`/api/sent-orders/${sent.body.data.id}/receipt`, {}, shop.token);
    expect(receipt.status, receipt.text).toBe(200);
    const checking = await t.api.get('/api/orders', shop.token);
    expect(checking.body.data[0].lastReceipt).toEqual({ id: receipt.body.data.id, status: 'checking' });
    await t.api.post(`/api/receipts/${receipt.body.data.id}/all-good`, {}, shop.token);
    await t.api.post(`/api/receipts/${receipt.body.data.id}/done`, {}, shop.token);
    const done = await t.api.get('/api/orders', shop.token);
    expect(done.body.data[0].lastReceipt).toEqual({ id: receipt.body.data.id, status: 'done' });
    expect(done.body.data[1].lastReceipt).toBeNull();
  });

  it("tells the supplier's answer to the last send: what is missing by name, how many lines changed, and a link left unanswered", async () => {
    const shop = await newShop();
    const tomatoes = await shop.add('Tomatoes', 'Kg');
    const strawberries = await shop.add('Strawberries', 'Box');
    await shop.set(tomatoes.id, 2);
    await shop.set(strawberries.id, 1);
    const sent = (await t.api.post(`/api/orders/${shop.orderId}/send`, {}, shop.token)).body.data;
    const token = sent.confirmUrl.split('/').at(-1);
    const answered = await t.api.post(`/api/public/confirmations/${token}`, {
      unavailable: [strawberries.id],
      lines: [{ productId: tomatoes.id, quantity: 1 }],
    });
    expect(answered.status, answered.text).toBe(200);
    const summary = async () => (await t.api.get('/api/orders', shop.token)).body.data.find((o: { id: number }) => o.id === shop.orderId);
    expect((await summary()).lastAnswer).toEqual({ status: 'partial', missing: ['Strawberries'], changed: 1 });
    // A second send, never answered: pending for 14 days, then unanswered.
    await t.api.post(`/api/orders/${shop.orderId}/send`, {}, shop.token);
    expect((await summary()).lastAnswer).toEqual({ status: 'pending', missing: [], changed: 0 });
    const later = Date.now() + 15 * 24 * 3600 * 1000;
    t.server.deps.clock = () => later;
    expect((await summary()).lastAnswer).toEqual({ status: 'unanswered', missing: [], changed: 0 });
  });

  it('needs a session', async () => {
    expectFailure(await t.api.get('/api/orders'), 401, 'UNAUTHORIZED');
  });
});
