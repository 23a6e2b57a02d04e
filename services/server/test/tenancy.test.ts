import { expectSameNotFound, NEW_LINE, NEW_PRODUCT, type RegisteredUser, startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §3: every supplier, order, product and quantity belongs to one
 * user, and another user's id answers 404 exactly like an id that does not
 * exist. User B tries every id-taking call with user A's ids.
 */

/** A valid id that no row has (ids are positive 32-bit integers). */
const MISSING = 2_000_000_000;

let t: TestServer;
let a: RegisteredUser;
let b: RegisteredUser;
/** A's rows. */
let supplierA: { id: number; orderId: number; name: string };
let tomatoes: { id: number; orderId: number };
let onions: { id: number; orderId: number };
/** B's own rows, for the mixed cases (B's product with A's order and the other way round). */
let supplierB: { id: number; orderId: number; name: string };
let productB: { id: number; orderId: number };

/** Everything of A's that a call by B could change, read as A. */
async function snapshotOfA() {
  const [supplier, suppliers, products, allProducts, order, tomato, onion] = await Promise.all([
    t.api.get(`/api/suppliers/${supplierA.id}`, a.token),
    t.api.get('/api/suppliers', a.token),
    t.api.get(`/api/products?orderId=${supplierA.orderId}`, a.token),
    t.api.get('/api/products', a.token),
    t.api.get(`/api/orders/supplier/${supplierA.id}`, a.token),
    t.api.get(`/api/products/${tomatoes.id}`, a.token),
    t.api.get(`/api/products/${onions.id}`, a.token),
  ]);
  for (const res of [supplier, suppliers, products, allProducts, order, tomato, onion]) expect(res.status).toBe(200);
  return {
    supplier: supplier.body.data,
    suppliers: suppliers.body.data,
    products: products.body.data,
    allProducts: allProducts.body.data,
    order: order.body.data,
    tomato: tomato.body.data,
    onion: onion.body.data,
  };
}

let before: Awaited<ReturnType<typeof snapshotOfA>>;

beforeAll(async () => {
  t = await startTestServer();
  a = await t.api.register({ businessName: 'Bar Alfa', fullName: 'Alicia Alfa' });
  b = await t.api.register({ businessName: 'Bar Beta', fullName: 'Bruno Beta' });

  supplierA = await t.api.createSupplier(a.token, { name: 'Verduras Alfa', note: 'A only' });
  tomatoes = await t.api.createProduct(a.token, supplierA.orderId, 'Tomatoes', 'Kg');
  onions = await t.api.createProduct(a.token, supplierA.orderId, 'Onions', 'Bag');
  const quantity = await t.api.put(
    '/api/products/quantity',
    { productId: tomatoes.id, orderId: supplierA.orderId, quantity: 2.5 },
    a.token,
  );
  expect(quantity.status).toBe(200);
  const intro = await t.api.put(`/api/orders/${supplierA.orderId}`, { introduce: 'Hello from A' }, a.token);
  expect(intro.status).toBe(200);

  supplierB = await t.api.createSupplier(b.token, { name: 'Verduras Beta' });
  productB = await t.api.createProduct(b.token, supplierB.orderId, 'Peppers', 'Kg');

  before = await snapshotOfA();
  // The fixture is what the rest of the file assumes.
  expect(before.order.text).toBe('Hello from A\n2.5 x Kg: Tomatoes');
  expect(before.products).toHaveLength(2);
});
afterAll(() => t?.close());

describe("another user's ids answer exactly like ids that do not exist", () => {
  it('GET /api/suppliers/{id}', async () => {
    expectSameNotFound(
      await t.api.get(`/api/suppliers/${supplierA.id}`, b.token),
      await t.api.get(`/api/suppliers/${MISSING}`, b.token),
      'GET supplier',
    );
  });

  it('PUT /api/suppliers/{id}', async () => {
    const body = { name: 'Taken over', contactName: 'B', messageService: 'other', contactInfo: 'anything', note: 'by B' };
    expectSameNotFound(
      await t.api.put(`/api/suppliers/${supplierA.id}`, body, b.token),
      await t.api.put(`/api/suppliers/${MISSING}`, body, b.token),
      'PUT supplier',
    );
  });

  it('GET /api/products/{id}', async () => {
    expectSameNotFound(
      await t.api.get(`/api/products/${tomatoes.id}`, b.token),
      await t.api.get(`/api/products/${MISSING}`, b.token),
      'GET product',
    );
  });

  it('PUT /api/products/{id}', async () => {
    const body = { name: 'Renamed by B', unit: 'Box' };
    expectSameNotFound(
      await t.api.put(`/api/products/${tomatoes.id}`, body, b.token),
      await t.api.put(`/api/products/${MISSING}`, body, b.token),
      'PUT product',
    );
  });

  it('GET /api/products?orderId=', async () => {
    expectSameNotFound(
      await t.api.get(`/api/products?orderId=${supplierA.orderId}`, b.token),
      await t.api.get(`/api/products?orderId=${MISSING}`, b.token),
      'GET products of an order',
    );
  });

  it("PUT /api/products/quantity (A's product and order, A's product with B's order, B's product with A's order)", async () => {
    const missing = await t.api.put('/api/products/quantity', { productId: MISSING, orderId: MISSING, quantity: 7 }, b.token);
    for (const [label, line] of [
      ["A's product in A's order", { productId: tomatoes.id, orderId: supplierA.orderId }],
      ["A's product in B's order", { productId: tomatoes.id, orderId: supplierB.orderId }],
      ["B's product in A's order", { productId: productB.id, orderId: supplierA.orderId }],
      ["A's other product, quantity never set", { productId: onions.id, orderId: supplierA.orderId }],
    ] as const) {
      expectSameNotFound(await t.api.put('/api/products/quantity', { ...line, quantity: 7 }, b.token), missing, `PUT quantity: ${label}`);
    }
  });

  it('POST /api/products/clear', async () => {
    expectSameNotFound(
      await t.api.post('/api/products/clear', { orderId: supplierA.orderId }, b.token),
      await t.api.post('/api/products/clear', { orderId: MISSING }, b.token),
      'POST clear',
    );
  });

  it("POST /api/products with A's orderId", async () => {
    const body = { name: 'Planted by B', unit: 'Kg' };
    expectSameNotFound(
      await t.api.post('/api/products', { ...body, orderId: supplierA.orderId }, b.token),
      await t.api.post('/api/products', { ...body, orderId: MISSING }, b.token),
      'POST product',
    );
  });

  it('GET /api/orders/supplier/{id}', async () => {
    expectSameNotFound(
      await t.api.get(`/api/orders/supplier/${supplierA.id}`, b.token),
      await t.api.get(`/api/orders/supplier/${MISSING}`, b.token),
      'GET order',
    );
  });

  it('PUT /api/orders/{id}', async () => {
    expectSameNotFound(
      await t.api.put(`/api/orders/${supplierA.orderId}`, { introduce: 'Written by B' }, b.token),
      await t.api.put(`/api/orders/${MISSING}`, { introduce: 'Written by B' }, b.token),
      'PUT order',
    );
  });

  // The deletes run last among the calls, so that if one wrongly succeeded the others still had rows to hit.
  it('DELETE /api/products/{id}', async () => {
    expectSameNotFound(
      await t.api.delete(`/api/products/${onions.id}`, b.token),
      await t.api.delete(`/api/products/${MISSING}`, b.token),
      'DELETE product',
    );
  });

  it('DELETE /api/suppliers/{id}', async () => {
    expectSameNotFound(
      await t.api.delete(`/api/suppliers/${supplierA.id}`, b.token),
      await t.api.delete(`/api/suppliers/${MISSING}`, b.token),
      'DELETE supplier',
    );
  });

  it("leaves A's supplier, products, quantities and order message exactly as they were", async () => {
    const after = await snapshotOfA();
    expect(after).toEqual(before);
    expect(after.supplier).toMatchObject({ id: supplierA.id, name: 'Verduras Alfa', note: 'A only', messageService: 'whatsapp' });
    expect(after.tomato).toEqual({
      id: tomatoes.id,
      name: 'Tomatoes',
      unit: 'Kg',
      orderId: supplierA.orderId,
      quantity: 2.5,
      ...NEW_PRODUCT,
    });
    expect(after.onion).toEqual({ id: onions.id, name: 'Onions', unit: 'Bag', orderId: supplierA.orderId, quantity: 0, ...NEW_PRODUCT });
    expect(after.order).toMatchObject({
      id: supplierA.orderId,
      supplierId: supplierA.id,
      introduce: 'Hello from A',
      text: 'Hello from A\n2.5 x Kg: Tomatoes',
    });
    expect(after.products.map((p: { name: string }) => p.name)).toEqual(['Onions', 'Tomatoes']);
  });

  it("leaves B's own rows alone too (nothing was created or moved by the refused calls)", async () => {
    const products = await t.api.get('/api/products', b.token);
    expect(products.status).toBe(200);
    expect(products.body.data).toEqual([
      { id: productB.id, name: 'Peppers', unit: 'Kg', orderId: supplierB.orderId, quantity: 0, ...NEW_PRODUCT },
    ]);
  });
});

describe("B's lists never show A's rows", () => {
  it("GET /api/suppliers, with and without a search that matches A's supplier", async () => {
    for (const query of ['', '?q=verduras', '?q=alfa', `?q=${encodeURIComponent('+34')}`]) {
      const res = await t.api.get(`/api/suppliers${query}`, b.token);
      expect(res.status, query).toBe(200);
      const ids = res.body.data.map((s: { id: number }) => s.id);
      expect(ids, query).not.toContain(supplierA.id);
      for (const s of res.body.data) expect(s.orderId, query).not.toBe(supplierA.orderId);
    }
    const all = await t.api.get('/api/suppliers', b.token);
    expect(all.body.data.map((s: { id: number }) => s.id)).toEqual([supplierB.id]);
    // And A still sees only A's.
    const mine = await t.api.get('/api/suppliers', a.token);
    expect(mine.body.data.map((s: { id: number }) => s.id)).toEqual([supplierA.id]);
  });

  it("GET /api/products, with and without a search that matches A's products", async () => {
    for (const query of ['', '?q=tomat', '?q=o', '?limit=1000&offset=0']) {
      const res = await t.api.get(`/api/products${query}`, b.token);
      expect(res.status, query).toBe(200);
      for (const p of res.body.data) {
        expect([tomatoes.id, onions.id], query).not.toContain(p.id);
        expect(p.orderId, query).not.toBe(supplierA.orderId);
      }
    }
    const search = await t.api.get('/api/products?q=tomat', b.token);
    expect(search.body.data).toEqual([]);
  });

  it("B's own order shows only B's products", async () => {
    const res = await t.api.get(`/api/orders/supplier/${supplierB.id}`, b.token);
    expect(res.status).toBe(200);
    expect(res.body.data.products).toEqual([{ productId: productB.id, name: 'Peppers', unit: 'Kg', quantity: 0, ...NEW_LINE }]);
  });
});
