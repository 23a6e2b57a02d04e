import type { AppRouter } from '@reorder/api';
import { expectFailure, useTestServer } from '@reorder/testing';
import { createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

/** Money (docs/decisions.md §8.4), the parts built so far: product and supplier fields, price history, priceChange. */

const t = useTestServer();

describe("a product's price, step and note", () => {
  let token: string;
  let orderId: number;
  beforeAll(async () => {
    ({ token } = await t.api.register());
    ({ orderId } = await t.api.createSupplier(token));
  });

  it('takes each at its limits and refuses past them, naming the field', async () => {
    const ok = await t.api.post(
      '/api/products',
      { name: 'Caviar', unit: 'g', orderId, price: 1_000_000, step: 0.001, note: 'n'.repeat(300) },
      token,
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data).toMatchObject({ price: 1_000_000, step: 0.001, note: 'n'.repeat(300), priceChange: null });
    const fourDecimals = await t.api.post('/api/products', { name: 'Azafrán', unit: 'g', orderId, price: 0.0001 }, token);
    expect(fourDecimals.body.data.price).toBe(0.0001);
    for (const [field, value] of [
      ['price', 1_000_000.5],
      ['price', -1],
      ['price', 0.00001],
      ['step', 0],
      ['step', 1.0001],
      ['step', 100_000],
      ['note', 'n'.repeat(301)],
    ] as const) {
      const res = await t.api.post('/api/products', { name: `Bad ${field}`, unit: 'g', orderId, [field]: value }, token);
      expectFailure(res, 400, 'BAD_REQUEST');
      expect(res.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual([field]);
    }
  });

  it('keeps price, step and note when an update leaves them out, and clears them with null', async () => {
    const created = (await t.api.post('/api/products', { name: 'Leche', unit: 'l', orderId, price: 0.95, step: 6, note: 'Entera' }, token))
      .body.data;
    const renamed = await t.api.put(`/api/products/${created.id}`, { name: 'Leche entera', unit: 'l' }, token);
    expect(renamed.body.data).toMatchObject({ name: 'Leche entera', price: 0.95, step: 6, note: 'Entera' });
    const cleared = await t.api.put(
      `/api/products/${created.id}`,
      { name: 'Leche entera', unit: 'l', price: null, step: null, note: null },
      token,
    );
    expect(cleared.body.data).toMatchObject({ price: null, step: null, note: '' });
  });
});

describe('price history and priceChange', () => {
  let token: string;
  let orderId: number;
  beforeAll(async () => {
    ({ token } = await t.api.register());
    ({ orderId } = await t.api.createSupplier(token));
  });
  const prices = async (id: number) =>
    (await t.api.get(`/api/products/${id}/prices`, token)).body.data as { price: number; source: string }[];

  it('records each price set, newest first, once per change, from creation, update and bulk', async () => {
    const product = (await t.api.post('/api/products', { name: 'Limones', unit: 'kg', orderId, price: 2 }, token)).body.data;
    await t.api.put(`/api/products/${product.id}`, { name: 'Limones', unit: 'kg', price: 2 }, token);
    await t.api.put(`/api/products/${product.id}`, { name: 'Limones', unit: 'kg', price: 2.1 }, token);
    await t.api.post('/api/products/bulk', { orderId, products: [{ name: 'limones', unit: 'kg', price: 2.3 }] }, token);
    await t.api.put(`/api/products/${product.id}`, { name: 'Limones', unit: 'kg', price: null }, token);
    const history = await prices(product.id);
    expect(history.map((entry) => [entry.price, entry.source])).toEqual([
      [2.3, 'owner'],
      [2.1, 'owner'],
      [2, 'owner'],
    ]);
    expect(history.every((entry) => typeof (entry as { at?: string }).at === 'string')).toBe(true);
  });

  it('flags a rise or drop of 5% or more as priceChange, keeps it through smaller changes, and drops it after 30 days', async () => {
    const product = (await t.api.post('/api/products', { name: 'Fresas', unit: 'caja', orderId, price: 10 }, token)).body.data;
    const set = async (price: number) =>
      (await t.api.put(`/api/products/${product.id}`, { name: 'Fresas', unit: 'caja', price }, token)).body.data;
    expect((await set(10.49)).priceChange).toBeNull();
    expect((await set(11.2)).priceChange).toMatchObject({ from: 10.49, to: 11.2, percent: 6.8 });
    // A small change after it: the last big one still shows.
    expect((await set(11.3)).priceChange).toMatchObject({ from: 10.49, to: 11.2 });
    expect((await set(10)).priceChange).toMatchObject({ from: 11.3, to: 10, percent: -11.5 });
    const listed = (await t.api.get(`/api/products?orderId=${orderId}`, token)).body.data.find((p: { id: number }) => p.id === product.id);
    expect(listed.priceChange).toMatchObject({ from: 11.3, to: 10 });
    await sql`UPDATE products SET price_change_at = now() - interval '31 days' WHERE id = ${product.id}`.execute(t.server.deps.db);
    expect((await t.api.get(`/api/products/${product.id}`, token)).body.data.priceChange).toBeNull();
  });

  it("answers 404 for another business's product, and the same through tRPC", async () => {
    const product = (await t.api.post('/api/products', { name: 'Kiwis', unit: 'kg', orderId, price: 3 }, token)).body.data;
    const stranger = await t.api.register();
    expectFailure(await t.api.get(`/api/products/${product.id}/prices`, stranger.token), 404, 'NOT_FOUND');
    const client = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${t.url}/api/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })],
    });
    expect((await client.products.prices.query({ id: product.id })).map((entry) => entry.price)).toEqual([3]);
  });
});

describe("a supplier's minimum order and prices in its text", () => {
  it('are none and off by default, set, kept when left out, cleared with null, and checked', async () => {
    const { token } = await t.api.register();
    const supplier = await t.api.createSupplier(token, { name: 'Mayorista' });
    expect(supplier).toMatchObject({ minimumOrder: null, showPrices: false });
    const base = { name: 'Mayorista', messageService: 'other', contactInfo: '', contactName: '', note: '' };
    const set = await t.api.put(`/api/suppliers/${supplier.id}`, { ...base, minimumOrder: 80.5, showPrices: true }, token);
    expect(set.body.data).toMatchObject({ minimumOrder: 80.5, showPrices: true });
    const kept = await t.api.put(`/api/suppliers/${supplier.id}`, base, token);
    expect(kept.body.data).toMatchObject({ minimumOrder: 80.5, showPrices: true });
    const cleared = await t.api.put(`/api/suppliers/${supplier.id}`, { ...base, minimumOrder: null }, token);
    expect(cleared.body.data).toMatchObject({ minimumOrder: null, showPrices: true });
    for (const minimumOrder of [-1, 1_000_001, 1.00001]) {
      const res = await t.api.put(`/api/suppliers/${supplier.id}`, { ...base, minimumOrder }, token);
      expectFailure(res, 400, 'BAD_REQUEST');
      expect(res.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual(['minimumOrder']);
    }
    const created = await t.api.post('/api/suppliers', { ...base, name: 'Otro', minimumOrder: 0, showPrices: true }, token);
    expect(created.body.data).toMatchObject({ minimumOrder: 0, showPrices: true });
  });
});

describe('an order with prices and steps', () => {
  let token: string;
  let supplier: { id: number; orderId: number };
  let ids: Record<string, number>;
  beforeAll(async () => {
    ({ token } = await t.api.register());
    supplier = await t.api.createSupplier(token, { name: 'Frutas' });
    const res = await t.api.post(
      '/api/products/bulk',
      {
        orderId: supplier.orderId,
        products: [
          { name: 'Limones', unit: 'kg', price: 1.85, quantity: 2.5 },
          { name: 'Huevos', unit: 'caja', price: 3.1, step: 6, quantity: 12, note: 'Camperos' },
          { name: 'Perejil', unit: 'manojo', quantity: 2 },
          { name: 'Sal', unit: 'kg', price: 0.6 },
        ],
      },
      token,
    );
    ids = Object.fromEntries(res.body.data.products.map((p: { name: string; id: number }) => [p.name, p.id]));
  });

  it('answers each line with its price, step, note and total, and the order with its total and unpriced lines', async () => {
    const order = (await t.api.get(`/api/orders/supplier/${supplier.id}`, token)).body.data;
    expect(order.total).toBe(41.825);
    expect(order.unpricedLines).toBe(1);
    const line = (name: string) => order.products.find((p: { name: string }) => p.name === name);
    expect(line('Huevos')).toMatchObject({ quantity: 12, price: 3.1, step: 6, note: 'Camperos', lineTotal: 37.2 });
    expect(line('Perejil')).toMatchObject({ price: null, lineTotal: null });
    expect(line('Sal')).toMatchObject({ quantity: 0, lineTotal: 0 });
    // The text is the §2 format, prices or not.
    expect(order.text).toBe('12 x caja: Huevos\n2.5 x kg: Limones\n2 x manojo: Perejil');
  });

  it('refuses a quantity off the step with 400 naming quantity, and changes nothing; a multiple goes in', async () => {
    const off = await t.api.put('/api/products/quantity', { productId: ids.Huevos, orderId: supplier.orderId, quantity: 7 }, token);
    expectFailure(off, 400, 'BAD_REQUEST');
    expect(off.body.message).toBe('Quantity must be a multiple of 6');
    expect(off.body.error.issues).toEqual([{ path: 'quantity', message: 'Quantity must be a multiple of 6' }]);
    const order = (await t.api.get(`/api/orders/supplier/${supplier.id}`, token)).body.data;
    expect(order.products.find((p: { name: string }) => p.name === 'Huevos').quantity).toBe(12);
    const ok = await t.api.put('/api/products/quantity', { productId: ids.Huevos, orderId: supplier.orderId, quantity: 18 }, token);
    expect(ok.body.data.quantity).toBe(18);
    // Another business's product is still a 404, not a step problem.
    const stranger = await t.api.register();
    expectFailure(
      await t.api.put('/api/products/quantity', { productId: ids.Huevos, orderId: supplier.orderId, quantity: 7 }, stranger.token),
      404,
      'NOT_FOUND',
    );
  });

  it('fills to par rounded up to the step', async () => {
    await t.api.put('/api/products/par', { productId: ids.Huevos, orderId: supplier.orderId, par: 20 }, token);
    await t.api.put('/api/products/stock', { productId: ids.Huevos, orderId: supplier.orderId, onHand: 5 }, token);
    const filled = await t.api.post(`/api/orders/${supplier.orderId}/fill`, {}, token);
    expect(filled.status, filled.text).toBe(200);
    expect(filled.body.data.order.products.find((p: { name: string }) => p.name === 'Huevos').quantity).toBe(18);
  });
});
