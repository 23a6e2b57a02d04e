import { normalizeSearchText } from '@reorder/schemas';
import { type ApiResponse, businessIdOf, expectFailure, expectOk, NEW_PRODUCT, useTestServer } from '@reorder/testing';
import { PRODUCT_KEYS } from '@reorder/testing/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';

const t = useTestServer();

/** Inserts `count` products straight into the database (fast seeding). */
async function seedProducts(userId: number, orderId: number, count: number, prefix = 'Seeded') {
  const businessId = await businessIdOf(t.server.deps.db, userId);
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `${prefix} ${String(i).padStart(4, '0')}`;
    const key = normalizeSearchText(name);
    return { business_id: businessId, order_id: orderId, name, unit: 'Kg', search_text: key, sort_key: key };
  });
  return t.server.deps.db.insertInto('products').values(rows).returning(['id', 'name']).execute();
}

async function countRows(table: 'products' | 'order_quantities', orderId: number) {
  const { count } = await t.server.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe('product CRUD', () => {
  let token: string;
  let supplier: { id: number; orderId: number };
  beforeAll(async () => {
    ({ token } = await t.api.register());
    supplier = await t.api.createSupplier(token);
  });

  it('creates a product in an order with quantity 0', async () => {
    const res = await t.api.post('/api/products', { name: 'Tomatoes', unit: 'Kg', orderId: supplier.orderId }, token);
    expectOk(res, { id: expect.any(Number), name: 'Tomatoes', unit: 'Kg', orderId: supplier.orderId, quantity: 0, ...NEW_PRODUCT });
    expect(Object.keys(res.body.data).sort()).toEqual(PRODUCT_KEYS);
    expect(res.body.data.id).toBeGreaterThan(0);
  });

  it('trims the name and unit', async () => {
    const res = await t.api.post('/api/products', { name: '  Jamón ibérico 🐖 ', unit: ' Pieza ', orderId: supplier.orderId }, token);
    expectOk(res, {
      id: expect.any(Number),
      name: 'Jamón ibérico 🐖',
      unit: 'Pieza',
      orderId: supplier.orderId,
      quantity: 0,
      ...NEW_PRODUCT,
    });
  });

  it('refuses an orderId sent as a string of digits in the JSON body (400 naming it; issue 33), creating nothing', async () => {
    const before = (await t.api.get(`/api/products?orderId=${supplier.orderId}`, token)).body.data.length;
    expectFailure(
      await t.api.post('/api/products', { name: 'Capers', unit: 'Jar', orderId: String(supplier.orderId) }, token),
      400,
      'BAD_REQUEST',
      ['orderId'],
    );
    expect((await t.api.get(`/api/products?orderId=${supplier.orderId}`, token)).body.data).toHaveLength(before);
  });

  it('reads a product by id with its quantity', async () => {
    const p = await t.api.createProduct(token, supplier.orderId, 'Onions', 'Bag');
    const onions = (quantity: number) => ({ id: p.id, name: 'Onions', unit: 'Bag', orderId: supplier.orderId, quantity, ...NEW_PRODUCT });
    expectOk(await t.api.get(`/api/products/${p.id}`, token), onions(0));
    await t.api.put('/api/products/quantity', { productId: p.id, orderId: supplier.orderId, quantity: 2.5 }, token);
    expectOk(await t.api.get(`/api/products/${p.id}`, token), onions(2.5));
  });

  it('updates the name and unit and keeps the order and quantity', async () => {
    const p = await t.api.createProduct(token, supplier.orderId, 'Leeks', 'Kg');
    await t.api.put('/api/products/quantity', { productId: p.id, orderId: supplier.orderId, quantity: 4 }, token);
    const res = await t.api.put(`/api/products/${p.id}`, { name: 'Puerros', unit: 'Manojo' }, token);
    expectOk(res, { id: p.id, name: 'Puerros', unit: 'Manojo', orderId: supplier.orderId, quantity: 4, ...NEW_PRODUCT });
    expectOk(await t.api.get(`/api/products/${p.id}`, token), res.body.data);
  });

  it('deletes a product, answers { id }, and its quantity goes with it', async () => {
    const p = await t.api.createProduct(token, supplier.orderId, 'Garlic', 'Kg');
    await t.api.put('/api/products/quantity', { productId: p.id, orderId: supplier.orderId, quantity: 1 }, token);
    expectOk(await t.api.delete(`/api/products/${p.id}`, token), { id: p.id });
    expectFailure(await t.api.get(`/api/products/${p.id}`, token), 404, 'NOT_FOUND');
    expectFailure(await t.api.delete(`/api/products/${p.id}`, token), 404, 'NOT_FOUND');
    expectFailure(await t.api.put(`/api/products/${p.id}`, { name: 'X', unit: 'Kg' }, token), 404, 'NOT_FOUND');
    const left = await t.server.deps.db.selectFrom('order_quantities').select('product_id').where('product_id', '=', p.id).execute();
    expect(left).toEqual([]);
  });

  it('answers 404 for missing ids and for an order that does not exist', async () => {
    expectFailure(await t.api.get('/api/products/987654', token), 404, 'NOT_FOUND');
    expectFailure(await t.api.put('/api/products/987654', { name: 'X', unit: 'Kg' }, token), 404, 'NOT_FOUND');
    expectFailure(await t.api.delete('/api/products/987654', token), 404, 'NOT_FOUND');
    expectFailure(await t.api.post('/api/products', { name: 'X', unit: 'Kg', orderId: 987654 }, token), 404, 'NOT_FOUND');
    expectFailure(await t.api.get('/api/products?orderId=987654', token), 404, 'NOT_FOUND');
    expectFailure(await t.api.post('/api/products/clear', { orderId: 987654 }, token), 404, 'NOT_FOUND');
  });

  it('refuses path and query ids that are not positive integers with 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      expectFailure(await t.api.get(`/api/products/${id}`, token), 400, 'BAD_REQUEST', ['id']);
      expectFailure(await t.api.put(`/api/products/${id}`, { name: 'X', unit: 'Kg' }, token), 400, 'BAD_REQUEST', ['id']);
      expectFailure(await t.api.delete(`/api/products/${id}`, token), 400, 'BAD_REQUEST', ['id']);
      expectFailure(await t.api.get(`/api/products?orderId=${id}`, token), 400, 'BAD_REQUEST', ['orderId']);
    }
    for (const orderId of ['abc', 0, -1, 1.5, null, true]) {
      expectFailure(await t.api.post('/api/products', { name: 'X', unit: 'Kg', orderId }, token), 400, 'BAD_REQUEST', ['orderId']);
      expectFailure(await t.api.post('/api/products/clear', { orderId }, token), 400, 'BAD_REQUEST', ['orderId']);
    }
    expectFailure(await t.api.post('/api/products', { name: 'X', unit: 'Kg' }, token), 400, 'BAD_REQUEST', ['orderId']);
  });

  it("keeps other users' products and orders out of reach (404)", async () => {
    const p = await t.api.createProduct(token, supplier.orderId, 'Private', 'Kg');
    const other = await t.api.register();
    expectFailure(await t.api.get(`/api/products/${p.id}`, other.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.put(`/api/products/${p.id}`, { name: 'Mine', unit: 'Kg' }, other.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.delete(`/api/products/${p.id}`, other.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.get(`/api/products?orderId=${supplier.orderId}`, other.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.get(`/api/products?orderId=${supplier.orderId}&q=priv`, other.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.post('/api/products', { name: 'X', unit: 'Kg', orderId: supplier.orderId }, other.token), 404, 'NOT_FOUND');
    expectFailure(
      await t.api.put('/api/products/quantity', { productId: p.id, orderId: supplier.orderId, quantity: 1 }, other.token),
      404,
      'NOT_FOUND',
    );
    expectFailure(await t.api.post('/api/products/clear', { orderId: supplier.orderId }, other.token), 404, 'NOT_FOUND');
    expectOk(await t.api.get('/api/products', other.token), []);
    expectOk(await t.api.get(`/api/products/${p.id}`, token), { ...p, quantity: 0 });
    // The owner's own order answers an empty page, not 404, when nothing is left to list or nothing matches.
    expectOk(await t.api.get(`/api/products?orderId=${supplier.orderId}&offset=1000`, token), []);
    expectOk(await t.api.get(`/api/products?orderId=${supplier.orderId}&q=zzz-nothing`, token), []);
  });
});

describe('product validation', () => {
  let token: string;
  let orderId: number;
  let productId: number;
  beforeAll(async () => {
    ({ token } = await t.api.register());
    ({ orderId } = await t.api.createSupplier(token));
    ({ id: productId } = await t.api.createProduct(token, orderId));
  });

  const create = (fields: Record<string, unknown>) =>
    t.api.post('/api/products', { name: 'Tomatoes', unit: 'Kg', orderId, ...fields }, token);
  const update = (fields: Record<string, unknown>) =>
    t.api.put(`/api/products/${productId}`, { name: 'Tomatoes', unit: 'Kg', ...fields }, token);

  it('accepts names of 1 and 100 characters and units of 1 and 20', async () => {
    for (const [name, unit] of [
      ['A', 'K'],
      ['n'.repeat(100), 'u'.repeat(20)],
      ['ñ'.repeat(100), 'ü'.repeat(20)],
    ]) {
      expectOk(await create({ name, unit }), { id: expect.any(Number), name, unit, orderId, quantity: 0, ...NEW_PRODUCT });
      expectOk(await update({ name, unit }), { id: productId, name, unit, orderId, quantity: 0, ...NEW_PRODUCT });
    }
  });

  it('rejects an empty, blank, missing or 101-character name', async () => {
    for (const name of ['', '   ', 'n'.repeat(101), null, 5]) {
      expectFailure(await create({ name }), 400, 'BAD_REQUEST', ['name']);
      expectFailure(await update({ name }), 400, 'BAD_REQUEST', ['name']);
    }
    expectFailure(await t.api.post('/api/products', { unit: 'Kg', orderId }, token), 400, 'BAD_REQUEST', ['name']);
  });

  it('rejects an empty, blank, missing or 21-character unit', async () => {
    for (const unit of ['', '  ', 'u'.repeat(21), null]) {
      expectFailure(await create({ unit }), 400, 'BAD_REQUEST', ['unit']);
      expectFailure(await update({ unit }), 400, 'BAD_REQUEST', ['unit']);
    }
    expectFailure(await t.api.post('/api/products', { name: 'X', orderId }, token), 400, 'BAD_REQUEST', ['unit']);
  });

  it('names every bad field at once', async () => {
    const res = await t.api.post('/api/products', { name: '', unit: 'u'.repeat(21), orderId: 'x' }, token);
    expectFailure(res, 400, 'BAD_REQUEST', ['name', 'unit', 'orderId']);
  });
});

describe('product list and search', () => {
  let token: string;
  let orderId: number;
  let otherOrderId: number;
  const names = (res: ApiResponse) => res.body.data.map((p: { name: string }) => p.name);

  beforeAll(async () => {
    ({ token } = await t.api.register());
    ({ orderId } = await t.api.createSupplier(token, { name: 'Main' }));
    ({ orderId: otherOrderId } = await t.api.createSupplier(token, { name: 'Other' }));
    for (const [name, unit] of [
      ['Tomatoes', 'Kg'],
      ['jamoncitos', 'Bag'],
      ['Jamón ibérico', 'Pieza'],
      ['álamo honey', 'Jar'],
      ['Aceite 100%', 'L'],
      ['Bacalao', 'Kg'],
      ['Pan_integral', 'Unit'],
      ['PanXintegral', 'Unit'],
    ]) {
      await t.api.createProduct(token, orderId, name, unit);
    }
    await t.api.createProduct(token, otherOrderId, 'Jamón serrano', 'Pieza');
  });

  it("lists one order's products sorted by name (case and accents ignored) with that order's quantities", async () => {
    const list = await t.api.get(`/api/products?orderId=${orderId}`, token);
    expect(names(list)).toEqual([
      'Aceite 100%',
      'álamo honey',
      'Bacalao',
      'Jamón ibérico',
      'jamoncitos',
      'Pan_integral',
      'PanXintegral',
      'Tomatoes',
    ]);
    const bacalao = list.body.data.find((p: { name: string }) => p.name === 'Bacalao');
    expectOk(await t.api.put('/api/products/quantity', { productId: bacalao.id, orderId, quantity: 7.25 }, token), {
      productId: bacalao.id,
      orderId,
      quantity: 7.25,
    });
    const after = await t.api.get(`/api/products?orderId=${orderId}`, token);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ code: 1, data: expect.any(Array), message: expect.any(String) });
    for (const p of after.body.data) {
      expect(p).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        unit: expect.any(String),
        orderId,
        quantity: p.name === 'Bacalao' ? 7.25 : 0,
        ...NEW_PRODUCT,
      });
    }
    expect(after.body.data.find((p: { name: string }) => p.name === 'Jamón ibérico').unit).toBe('Pieza');
  });

  it("doesn't mix in other orders' products", async () => {
    expect(names(await t.api.get(`/api/products?orderId=${otherOrderId}`, token))).toEqual(['Jamón serrano']);
    // Without orderId: every product of the user.
    expect(names(await t.api.get('/api/products', token))).toHaveLength(9);
  });

  it('searches product names case- and accent-insensitively', async () => {
    expect(names(await t.api.get(`/api/products?orderId=${orderId}&q=jamon`, token))).toEqual(['Jamón ibérico', 'jamoncitos']);
    expect(names(await t.api.get(`/api/products?orderId=${orderId}&q=IBERICO`, token))).toEqual(['Jamón ibérico']);
    expect(names(await t.api.get(`/api/products?orderId=${orderId}&q=${encodeURIComponent('ÁLAMO')}`, token))).toEqual(['álamo honey']);
    expect(names(await t.api.get(`/api/products?orderId=${orderId}&q=alamo`, token))).toEqual(['álamo honey']);
    expect(names(await t.api.get(`/api/products?orderId=${orderId}&q=cala`, token))).toEqual(['Bacalao']);
    expect(names(await t.api.get(`/api/products?q=JAMON`, token))).toEqual(['Jamón ibérico', 'Jamón serrano', 'jamoncitos']);
  });

  it('searches only the name, not the unit', async () => {
    expectOk(await t.api.get(`/api/products?orderId=${orderId}&q=pieza`, token), []);
  });

  it('answers an empty array when nothing matches', async () => {
    expectOk(await t.api.get(`/api/products?orderId=${orderId}&q=nothing-like-this`, token), []);
  });

  it('matches % and _ literally', async () => {
    expect(names(await t.api.get(`/api/products?orderId=${orderId}&q=${encodeURIComponent('%')}`, token))).toEqual(['Aceite 100%']);
    expect(names(await t.api.get(`/api/products?orderId=${orderId}&q=${encodeURIComponent('_')}`, token))).toEqual(['Pan_integral']);
    expect(names(await t.api.get(`/api/products?orderId=${orderId}&q=${encodeURIComponent('n_i')}`, token))).toEqual(['Pan_integral']);
    expect(names(await t.api.get(`/api/products?orderId=${orderId}&q=${encodeURIComponent('t%s')}`, token))).toEqual([]);
  });
});

describe('quantities', () => {
  let token: string;
  let orderId: number;
  let product: { id: number };
  const setQuantity = (quantity: unknown, productId = product.id, order: unknown = orderId) =>
    t.api.put('/api/products/quantity', { productId, orderId: order, quantity }, token);

  beforeAll(async () => {
    ({ token } = await t.api.register());
    ({ orderId } = await t.api.createSupplier(token));
    product = await t.api.createProduct(token, orderId);
  });

  it('stores quantities from 0 to 99999 with up to 3 decimals and answers { productId, orderId, quantity }', async () => {
    for (const quantity of [0, 99999, 2.5, 0.125, 1, 99998.999, 0.001]) {
      const res = await setQuantity(quantity);
      expectOk(res, { productId: product.id, orderId, quantity });
      expect(Object.keys(res.body.data).sort()).toEqual(['orderId', 'productId', 'quantity']);
      expect((await t.api.get(`/api/products/${product.id}`, token)).body.data.quantity).toBe(quantity);
    }
  });

  it('refuses a numeric string like "3" in the JSON body with 400 naming quantity (issue 33)', async () => {
    await setQuantity(0.75);
    for (const quantity of ['3', '0.75', ' 2 ']) expectFailure(await setQuantity(quantity), 400, 'BAD_REQUEST', ['quantity']);
    expect((await t.api.get(`/api/products/${product.id}`, token)).body.data.quantity).toBe(0.75);
  });

  it('rejects negative, too large, too precise and non-numeric quantities with 400 naming quantity', async () => {
    await setQuantity(5);
    for (const quantity of [-1, -0.001, 99999.001, 100000, 1.2345, 0.0001, 'abc', '', '1,5', null, true, false, [], {}]) {
      expectFailure(await setQuantity(quantity), 400, 'BAD_REQUEST', ['quantity']);
    }
    expectFailure(await t.api.put('/api/products/quantity', { productId: product.id, orderId }, token), 400, 'BAD_REQUEST', ['quantity']);
    // Nothing was changed by the refused calls.
    expect((await t.api.get(`/api/products/${product.id}`, token)).body.data.quantity).toBe(5);
  });

  it('rejects bad productId and orderId', async () => {
    for (const id of ['abc', 0, -1, 1.5, null]) {
      expectFailure(await setQuantity(1, id as number), 400, 'BAD_REQUEST', ['productId']);
      expectFailure(await setQuantity(1, product.id, id), 400, 'BAD_REQUEST', ['orderId']);
    }
  });

  it('answers 404 for a product of another order, or a missing product or order', async () => {
    const second = await t.api.createSupplier(token, { name: 'Second' });
    const foreign = await t.api.createProduct(token, second.orderId, 'Foreign', 'Kg');
    expectFailure(await setQuantity(1, foreign.id, orderId), 404, 'NOT_FOUND');
    expectFailure(await setQuantity(1, product.id, second.orderId), 404, 'NOT_FOUND');
    expectFailure(await setQuantity(1, 987654, orderId), 404, 'NOT_FOUND');
    expectFailure(await setQuantity(1, product.id, 987654), 404, 'NOT_FOUND');
    const stray = await t.server.deps.db.selectFrom('order_quantities').select('product_id').where('product_id', '=', foreign.id).execute();
    expect(stray).toEqual([]);
    expectOk(await t.api.get(`/api/products/${foreign.id}`, token), { ...foreign, quantity: 0 });
  });

  it('keeps every one of 200 concurrent updates on 200 different products', async () => {
    const { user, token: owner } = await t.api.register();
    const { orderId: order } = await t.api.createSupplier(owner);
    const products = await seedProducts(user.id, order, 200, 'Bulk');
    const wanted = new Map(products.map((p, i) => [p.id, i + 1 + ((i % 8) + 1) * 0.125]));
    const responses = await Promise.all(
      products.map((p) => t.api.put('/api/products/quantity', { productId: p.id, orderId: order, quantity: wanted.get(p.id) }, owner)),
    );
    for (const [i, res] of responses.entries()) {
      expectOk(res, { productId: products[i]!.id, orderId: order, quantity: wanted.get(products[i]!.id) });
    }
    const stored = await t.server.deps.db
      .selectFrom('order_quantities')
      .select(['product_id', 'quantity'])
      .where('order_id', '=', order)
      .execute();
    expect(stored).toHaveLength(200);
    for (const row of stored) expect(row.quantity).toBe(wanted.get(row.product_id));
    const list = await t.api.get(`/api/products?orderId=${order}`, owner);
    expect(list.body.data).toHaveLength(200);
    for (const p of list.body.data) expect(p.quantity).toBe(wanted.get(p.id));
  });

  it('ends 200 concurrent updates of one product with one of the sent values', async () => {
    const p = await t.api.createProduct(token, orderId, 'Contended', 'Kg');
    const values = Array.from({ length: 200 }, (_, i) => i + 1 + 0.5);
    const responses = await Promise.all(values.map((quantity) => setQuantity(quantity, p.id)));
    for (const [i, res] of responses.entries()) expectOk(res, { productId: p.id, orderId, quantity: values[i] });
    const rows = await t.server.deps.db.selectFrom('order_quantities').select('quantity').where('product_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
    expect(values).toContain(rows[0]!.quantity);
    expect((await t.api.get(`/api/products/${p.id}`, token)).body.data.quantity).toBe(rows[0]!.quantity);
  });
});

describe('clearing an order', () => {
  it('sets every quantity to 0, keeps the products, and counts the lines that were above 0', async () => {
    const { token } = await t.api.register();
    const { orderId } = await t.api.createSupplier(token);
    const other = await t.api.createSupplier(token, { name: 'Untouched' });
    const a = await t.api.createProduct(token, orderId, 'Apples', 'Kg');
    const b = await t.api.createProduct(token, orderId, 'Bananas', 'Kg');
    const c = await t.api.createProduct(token, orderId, 'Cherries', 'Box');
    const d = await t.api.createProduct(token, orderId, 'Dates', 'Box');
    const o = await t.api.createProduct(token, other.orderId, 'Olives', 'Jar');
    for (const [id, quantity, order] of [
      [a.id, 2, orderId],
      [b.id, 0.125, orderId],
      [c.id, 0, orderId],
      [o.id, 9, other.orderId],
    ] as const) {
      expect((await t.api.put('/api/products/quantity', { productId: id, orderId: order, quantity }, token)).status).toBe(200);
    }
    // d never had a quantity; c was set to 0: neither counts.
    expectOk(await t.api.post('/api/products/clear', { orderId }, token), { orderId, cleared: 2 });

    const list = await t.api.get(`/api/products?orderId=${orderId}`, token);
    expectOk(list, [
      { id: a.id, name: 'Apples', unit: 'Kg', orderId, quantity: 0, ...NEW_PRODUCT },
      { id: b.id, name: 'Bananas', unit: 'Kg', orderId, quantity: 0, ...NEW_PRODUCT },
      { id: c.id, name: 'Cherries', unit: 'Box', orderId, quantity: 0, ...NEW_PRODUCT },
      { id: d.id, name: 'Dates', unit: 'Box', orderId, quantity: 0, ...NEW_PRODUCT },
    ]);
    expect(await countRows('products', orderId)).toBe(4);
    const positive = await t.server.deps.db
      .selectFrom('order_quantities')
      .select('product_id')
      .where('order_id', '=', orderId)
      .where('quantity', '>', 0)
      .execute();
    expect(positive).toEqual([]);
    // The other order keeps its quantity.
    expect((await t.api.get(`/api/products/${o.id}`, token)).body.data.quantity).toBe(9);

    // Clearing again clears nothing.
    expectOk(await t.api.post('/api/products/clear', { orderId }, token), { orderId, cleared: 0 });
    // An order id sent as text in the JSON body is refused (issue 33), and clears nothing.
    expectFailure(await t.api.post('/api/products/clear', { orderId: String(other.orderId) }, token), 400, 'BAD_REQUEST', ['orderId']);
    expect((await t.api.get(`/api/products/${o.id}`, token)).body.data.quantity).toBe(9);
  });

  it('clears an order without products', async () => {
    const { token } = await t.api.register();
    const { orderId } = await t.api.createSupplier(token);
    expectOk(await t.api.post('/api/products/clear', { orderId }, token), { orderId, cleared: 0 });
  });
});

describe('product quota', () => {
  it('allows 1,000 products per supplier and refuses the 1,001st with a clear message', async () => {
    const { user, token } = await t.api.register();
    const { orderId } = await t.api.createSupplier(token, { name: 'Full' });
    const second = await t.api.createSupplier(token, { name: 'Second' });
    await seedProducts(user.id, orderId, 999);

    const thousandth = await t.api.post('/api/products', { name: 'Number 1000', unit: 'Kg', orderId }, token);
    expectOk(thousandth, { id: expect.any(Number), name: 'Number 1000', unit: 'Kg', orderId, quantity: 0, ...NEW_PRODUCT });

    const over = await t.api.post('/api/products', { name: 'Number 1001', unit: 'Kg', orderId }, token);
    expectFailure(over, 400, 'BAD_REQUEST');
    expect(over.body.message).toMatch(/1,?000/);
    expect(over.body.message).toMatch(/product/i);
    expect(await countRows('products', orderId)).toBe(1000);
    const list = await t.api.get(`/api/products?orderId=${orderId}`, token);
    expect(list.body.data).toHaveLength(1000);

    // The limit is per supplier: another supplier of the same account still takes products.
    expectOk(await t.api.post('/api/products', { name: 'Elsewhere', unit: 'Kg', orderId: second.orderId }, token), {
      id: expect.any(Number),
      name: 'Elsewhere',
      unit: 'Kg',
      orderId: second.orderId,
      quantity: 0,
      ...NEW_PRODUCT,
    });
    // Deleting one makes room again.
    expectOk(await t.api.delete(`/api/products/${thousandth.body.data.id}`, token), { id: thousandth.body.data.id });
    expect((await t.api.post('/api/products', { name: 'Again', unit: 'Kg', orderId }, token)).status).toBe(200);
  });
});
