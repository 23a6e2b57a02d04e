import type { AppRouter } from '@reorder/api';
import { expectFailure, expectFieldError, expectOk, NEW_PRODUCT, useTestServer } from '@reorder/testing';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

/**
 * What to order (docs/decisions.md §6.1): par levels, stock counts, "fill to par"
 * and the usual quantity, on REST and on tRPC.
 */

const t = useTestServer();

async function newOwner() {
  const { token } = await t.api.register();
  const supplier = await t.api.createSupplier(token);
  return { token, supplier, orderId: supplier.orderId };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('par levels', () => {
  it('are set on create, kept when an update leaves them out, and cleared with null', async () => {
    const { token, orderId } = await newOwner();
    const created = await t.api.post('/api/products', { name: 'Leche', unit: 'L', orderId, par: 12.5 }, token);
    expectOk(created, { id: expect.any(Number), name: 'Leche', unit: 'L', orderId, quantity: 0, ...NEW_PRODUCT, par: 12.5 });
    const id = created.body.data.id;
    expect((await t.api.put(`/api/products/${id}`, { name: 'Leche entera', unit: 'L' }, token)).body.data.par).toBe(12.5);
    expect((await t.api.put(`/api/products/${id}`, { name: 'Leche entera', unit: 'L', par: 0 }, token)).body.data.par).toBe(0);
    expect((await t.api.put(`/api/products/${id}`, { name: 'Leche entera', unit: 'L', par: null }, token)).body.data.par).toBeNull();
    expect((await t.api.get(`/api/products/${id}`, token)).body.data).toMatchObject({ name: 'Leche entera', par: null });
  });

  it('take 0 to 99999 with 3 decimals, and refuse past the edges naming par', async () => {
    const { token, orderId } = await newOwner();
    for (const par of [0, 99999, 0.001, 99998.999]) {
      expect((await t.api.post('/api/products', { name: `P ${par}`, unit: 'Kg', orderId, par }, token)).body.data.par).toBe(par);
    }
    for (const par of [-0.001, 99999.001, 1.0005, 'ten', true]) {
      expectFieldError(await t.api.post('/api/products', { name: 'Bad', unit: 'Kg', orderId, par }, token), 'par');
    }
    const before = (await t.api.get(`/api/products?orderId=${orderId}`, token)).body.data.length;
    expect(before).toBe(4);
  });
});

describe('PUT /api/products/par', () => {
  it('sets the par alone, keeps a rename made elsewhere, clears with null, and refuses bad values naming par', async () => {
    const { token, orderId } = await newOwner();
    const p = await t.api.createProduct(token, orderId, 'Harina', 'Kg');
    // Another device renames it; the par typed while counting must not undo that.
    expect((await t.api.put(`/api/products/${p.id}`, { name: 'Harina 000', unit: 'Saco' }, token)).status).toBe(200);
    const res = await t.api.put('/api/products/par', { productId: p.id, orderId, par: 6.5 }, token);
    expectOk(res, { ...p, name: 'Harina 000', unit: 'Saco', par: 6.5 }, 'Par level saved');
    expectOk(
      await t.api.put('/api/products/par', { productId: p.id, orderId, par: null }, token),
      { ...p, name: 'Harina 000', unit: 'Saco', par: null },
      'Par level saved',
    );
    for (const par of [-1, 99999.001, 1.0005, 'ten']) {
      expectFieldError(await t.api.put('/api/products/par', { productId: p.id, orderId, par }, token), 'par');
    }
    // Another owner's product, or a product of another order, is not found.
    const other = await newOwner();
    expectFailure(await t.api.put('/api/products/par', { productId: p.id, orderId, par: 1 }, other.token), 404, 'NOT_FOUND');
    const elsewhere = await t.api.createSupplier(token);
    expectFailure(await t.api.put('/api/products/par', { productId: p.id, orderId: elsewhere.orderId, par: 1 }, token), 404, 'NOT_FOUND');
  });
});

describe('PUT /api/products/stock', () => {
  it('records a count with the time it was taken, and null forgets it', async () => {
    const { token, orderId } = await newOwner();
    const p = await t.api.createProduct(token, orderId, 'Harina', 'Kg');
    const before = Date.now();
    const res = await t.api.put('/api/products/stock', { productId: p.id, orderId, onHand: 3.25 }, token);
    // docs/decisions.md §8.2: counts record who counted.
    const countedBy = { userId: expect.any(Number), fullName: expect.any(String) };
    expectOk(res, { ...p, onHand: 3.25, countedAt: expect.stringMatching(ISO), countedBy }, 'Stock count saved');
    expect(Date.parse(res.body.data.countedAt)).toBeGreaterThanOrEqual(before - 60_000);
    expect((await t.api.get(`/api/products/${p.id}`, token)).body.data).toMatchObject({ onHand: 3.25 });
    const forgotten = await t.api.put('/api/products/stock', { productId: p.id, orderId, onHand: null }, token);
    expectOk(forgotten, { ...p, onHand: null, countedAt: null });
  });

  it('refuses counts past the edges and a missing field, changing nothing', async () => {
    const { token, orderId } = await newOwner();
    const p = await t.api.createProduct(token, orderId);
    await t.api.put('/api/products/stock', { productId: p.id, orderId, onHand: 99999 }, token);
    for (const onHand of [-1, 100000, 2.0001, 'three', undefined]) {
      expectFieldError(await t.api.put('/api/products/stock', { productId: p.id, orderId, onHand }, token), 'onHand');
    }
    expect((await t.api.get(`/api/products/${p.id}`, token)).body.data.onHand).toBe(99999);
  });

  it("answers 404 for another owner's product or order, and leaves it alone", async () => {
    const a = await newOwner();
    const b = await newOwner();
    const p = await t.api.createProduct(a.token, a.orderId);
    expectFailure(await t.api.put('/api/products/stock', { productId: p.id, orderId: a.orderId, onHand: 5 }, b.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.put('/api/products/stock', { productId: p.id, orderId: b.orderId, onHand: 5 }, a.token), 404, 'NOT_FOUND');
    expect((await t.api.get(`/api/products/${p.id}`, a.token)).body.data.onHand).toBeNull();
  });
});

describe('POST /api/orders/{id}/fill', () => {
  it('sets par − on hand (never below 0) where both are known, leaves the rest, and the text follows', async () => {
    const { token, orderId } = await newOwner();
    const add = async (name: string, par: number | null, onHand: number | null, quantity = 0) => {
      const p = (await t.api.post('/api/products', { name, unit: 'Kg', orderId, par }, token)).body.data;
      if (onHand !== null) await t.api.put('/api/products/stock', { productId: p.id, orderId, onHand }, token);
      if (quantity) await t.api.put('/api/products/quantity', { productId: p.id, orderId, quantity }, token);
      return p.id as number;
    };
    const both = await add('Apples', 10, 3.5);
    const over = await add('Bananas', 2, 5, 4);
    const onlyPar = await add('Cherries', 6, null, 1);
    const onlyCount = await add('Dates', null, 2, 3);
    const neither = await add('Eggs', null, null);

    const res = await t.api.post(`/api/orders/${orderId}/fill`, {}, token);
    expectOk(res, { order: expect.any(Object), filled: 2, skipped: 3 }, 'Order filled to par');
    const quantities = Object.fromEntries(
      res.body.data.order.products.map((p: { productId: number; quantity: number }) => [p.productId, p.quantity]),
    );
    expect(quantities).toEqual({ [both]: 6.5, [over]: 0, [onlyPar]: 1, [onlyCount]: 3, [neither]: 0 });
    expect(res.body.data.order.text).toBe('6.5 x Kg: Apples\n1 x Kg: Cherries\n3 x Kg: Dates');
    expect((await t.api.get(`/api/orders/supplier/${res.body.data.order.supplierId}`, token)).body.data).toEqual(res.body.data.order);
  });

  it('fills nothing in an order without pars or counts, and answers 404 for an order that is not yours', async () => {
    const a = await newOwner();
    const b = await newOwner();
    await t.api.createProduct(a.token, a.orderId);
    expectOk(await t.api.post(`/api/orders/${a.orderId}/fill`, {}, a.token), { order: expect.any(Object), filled: 0, skipped: 1 });
    expectFailure(await t.api.post(`/api/orders/${a.orderId}/fill`, {}, b.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.post('/api/orders/99999999/fill', {}, a.token), 404, 'NOT_FOUND');
  });
});

describe('the usual quantity', () => {
  it('is the median of the last 4 sends that had the product, with fewer than 4 too', async () => {
    const { token, orderId } = await newOwner();
    const tomatoes = await t.api.createProduct(token, orderId, 'Tomatoes', 'Kg');
    const garlic = await t.api.createProduct(token, orderId, 'Garlic', 'Head');
    const usualOf = async (id: number) => (await t.api.get(`/api/products/${id}`, token)).body.data.usual;
    const send = async (tomatoQuantity: number, garlicQuantity = 1) => {
      await t.api.put('/api/products/quantity', { productId: tomatoes.id, orderId, quantity: tomatoQuantity }, token);
      await t.api.put('/api/products/quantity', { productId: garlic.id, orderId, quantity: garlicQuantity }, token);
      expect((await t.api.post(`/api/orders/${orderId}/send`, {}, token)).status).toBe(200);
    };
    expect(await usualOf(tomatoes.id)).toBeNull();
    await send(2);
    expect(await usualOf(tomatoes.id)).toBe(2);
    await send(4);
    expect(await usualOf(tomatoes.id)).toBe(3);
    await send(1);
    expect(await usualOf(tomatoes.id)).toBe(2);
    // A send without tomatoes does not count for them.
    await send(0, 2);
    expect(await usualOf(tomatoes.id)).toBe(2);
    await send(10);
    // The 4 sends with tomatoes: 2, 4, 1, 10 → the middle two of 1, 2, 4, 10 → 3.
    expect(await usualOf(tomatoes.id)).toBe(3);
    await send(7);
    // The last 4 with tomatoes: 4, 1, 10, 7 → the middle two of 1, 4, 7, 10 → 5.5.
    expect(await usualOf(tomatoes.id)).toBe(5.5);
    expect(await usualOf(garlic.id)).toBe(1);
    const order = (await t.api.get(`/api/orders/${orderId}/history`, token)).body.data;
    expect(order).toHaveLength(6);
  });
});

describe('the same calls on tRPC', () => {
  const client = (token: string) =>
    createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/api/trpc`, headers: { authorization: `Bearer ${token}` } })] });

  it('sets a par and a count, fills, and refuses a bad count', async () => {
    const { token, orderId } = await newOwner();
    const api = client(token);
    const product = await api.products.create.mutate({ name: 'Café', unit: 'Kg', orderId, par: 5 });
    expect(product).toEqual({ id: expect.any(Number), name: 'Café', unit: 'Kg', orderId, quantity: 0, ...NEW_PRODUCT, par: 5 });
    const counted = await api.products.setStock.mutate({ productId: product.id, orderId, onHand: 1.5 });
    expect(counted).toMatchObject({ onHand: 1.5, countedAt: expect.stringMatching(ISO) });
    const filled = await api.orders.fill.mutate({ id: orderId });
    expect(filled).toMatchObject({ filled: 1, skipped: 0, order: { text: '3.5 x Kg: Café' } });
    const error = await api.products.setStock.mutate({ productId: product.id, orderId, onHand: -2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.httpStatus).toBe(400);
  });
});
