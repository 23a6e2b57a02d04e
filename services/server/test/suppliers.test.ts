import { normalizeSearchText } from '@reorder/schemas';
import { type ApiResponse, businessIdOf, expectFailure, expectOk, SUPPLIER_DEFAULTS, useTestServer } from '@reorder/testing';
import { beforeAll, describe, expect, it } from 'vitest';

const t = useTestServer();

const valid = {
  name: 'Frutas Pepe',
  contactName: 'Pepe',
  messageService: 'whatsapp',
  contactInfo: '+34 600 000 000',
  note: '',
};

const supplierShape = {
  id: expect.any(Number),
  name: expect.any(String),
  contactName: expect.any(String),
  messageService: expect.any(String),
  contactInfo: expect.any(String),
  note: expect.any(String),
  orderId: expect.any(Number),
  ...SUPPLIER_DEFAULTS,
};

describe('supplier CRUD', () => {
  it('creates a supplier with its order and answers the Supplier shape', async () => {
    const { token } = await t.api.register();
    const res = await t.api.post(
      '/api/suppliers',
      { name: 'Frutas Pepe', contactName: 'Pepe Pérez', messageService: 'whatsapp', contactInfo: '+34 600 111 222', note: 'Mondays only' },
      token,
    );
    expectOk(res, {
      id: expect.any(Number),
      name: 'Frutas Pepe',
      contactName: 'Pepe Pérez',
      messageService: 'whatsapp',
      contactInfo: '+34 600 111 222',
      note: 'Mondays only',
      orderId: expect.any(Number),
      ...SUPPLIER_DEFAULTS,
    });
    expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(supplierShape).sort());
    expect(res.body.data.id).toBeGreaterThan(0);
    const order = await t.server.deps.db.selectFrom('orders').selectAll().where('id', '=', res.body.data.orderId).executeTakeFirst();
    expect(order).toMatchObject({ supplier_id: res.body.data.id, introduce: '' });
  });

  it('trims text fields and fills missing optional ones with ""', async () => {
    const { token } = await t.api.register();
    const res = await t.api.post('/api/suppliers', { name: '  Panadería  ', messageService: 'other' }, token);
    expectOk(res, { ...supplierShape, name: 'Panadería', contactName: '', messageService: 'other', contactInfo: '', note: '' });
  });

  it('reads a supplier by id', async () => {
    const { token } = await t.api.register();
    const created = await t.api.createSupplier(token, { name: 'Carnes Luis', note: 'Call first' });
    const res = await t.api.get(`/api/suppliers/${created.id}`, token);
    expectOk(res, {
      id: created.id,
      name: 'Carnes Luis',
      contactName: 'Pepe',
      messageService: 'whatsapp',
      contactInfo: '+34 600 000 000',
      note: 'Call first',
      orderId: created.orderId,
      ...SUPPLIER_DEFAULTS,
    });
  });

  it('updates every field and keeps the id and order', async () => {
    const { token } = await t.api.register();
    const created = await t.api.createSupplier(token);
    const res = await t.api.put(
      `/api/suppliers/${created.id}`,
      { name: 'Pescados Ana', contactName: 'Ana', messageService: 'email', contactInfo: 'ana@pescados.es', note: 'New note' },
      token,
    );
    expectOk(res, {
      id: created.id,
      name: 'Pescados Ana',
      contactName: 'Ana',
      messageService: 'email',
      contactInfo: 'ana@pescados.es',
      note: 'New note',
      orderId: created.orderId,
      ...SUPPLIER_DEFAULTS,
    });
    expectOk(await t.api.get(`/api/suppliers/${created.id}`, token), res.body.data);
  });

  it('deletes a supplier and answers { id }; it is then gone', async () => {
    const { token } = await t.api.register();
    const created = await t.api.createSupplier(token);
    expectOk(await t.api.delete(`/api/suppliers/${created.id}`, token), { id: created.id });
    expectFailure(await t.api.get(`/api/suppliers/${created.id}`, token), 404, 'NOT_FOUND');
    expectFailure(await t.api.delete(`/api/suppliers/${created.id}`, token), 404, 'NOT_FOUND');
    expectOk(await t.api.get('/api/suppliers', token), []);
  });

  it('deleting a supplier deletes its order, products and quantities, and nothing of other suppliers', async () => {
    const { token } = await t.api.register();
    const doomed = await t.api.createSupplier(token, { name: 'Doomed' });
    const kept = await t.api.createSupplier(token, { name: 'Kept' });
    const p1 = await t.api.createProduct(token, doomed.orderId, 'Tomatoes', 'Kg');
    const p2 = await t.api.createProduct(token, doomed.orderId, 'Onions', 'Kg');
    const k1 = await t.api.createProduct(token, kept.orderId, 'Bread', 'Unit');
    for (const [p, orderId] of [
      [p1, doomed.orderId],
      [p2, doomed.orderId],
      [k1, kept.orderId],
    ] as const) {
      expectOk(await t.api.put('/api/products/quantity', { productId: p.id, orderId, quantity: 2 }, token), {
        productId: p.id,
        orderId,
        quantity: 2,
      });
    }
    const db = t.server.deps.db;
    expect(await db.selectFrom('order_quantities').select('product_id').where('order_id', '=', doomed.orderId).execute()).toHaveLength(2);

    expectOk(await t.api.delete(`/api/suppliers/${doomed.id}`, token), { id: doomed.id });

    expect(await db.selectFrom('suppliers').select('id').where('id', '=', doomed.id).execute()).toEqual([]);
    expect(await db.selectFrom('orders').select('id').where('id', '=', doomed.orderId).execute()).toEqual([]);
    expect(await db.selectFrom('orders').select('id').where('supplier_id', '=', doomed.id).execute()).toEqual([]);
    expect(await db.selectFrom('products').select('id').where('order_id', '=', doomed.orderId).execute()).toEqual([]);
    expect(await db.selectFrom('products').select('id').where('id', 'in', [p1.id, p2.id]).execute()).toEqual([]);
    expect(await db.selectFrom('order_quantities').select('product_id').where('order_id', '=', doomed.orderId).execute()).toEqual([]);
    expect(await db.selectFrom('order_quantities').select('product_id').where('product_id', 'in', [p1.id, p2.id]).execute()).toEqual([]);

    // The other supplier is untouched.
    expect(await db.selectFrom('orders').select('id').where('id', '=', kept.orderId).execute()).toHaveLength(1);
    expect(await db.selectFrom('products').select('id').where('order_id', '=', kept.orderId).execute()).toEqual([{ id: k1.id }]);
    expect(
      await db.selectFrom('order_quantities').select(['product_id', 'quantity']).where('order_id', '=', kept.orderId).execute(),
    ).toEqual([{ product_id: k1.id, quantity: 2 }]);
    expectFailure(await t.api.get(`/api/orders/supplier/${doomed.id}`, token), 404, 'NOT_FOUND');
    expectFailure(await t.api.get(`/api/products/${p1.id}`, token), 404, 'NOT_FOUND');
  });
});

describe('supplier list and search', () => {
  let token: string;
  const byName: Record<string, { id: number }> = {};

  beforeAll(async () => {
    ({ token } = await t.api.register());
    const rows = [
      { name: 'Jamón y Queso', contactName: 'Lucía', messageService: 'whatsapp', contactInfo: '+34 611 223 344' },
      { name: 'bodega Ruiz', contactName: 'Pepe', messageService: 'phone', contactInfo: '912 345 678' },
      { name: 'Álvarez Frutas', contactName: 'Marta', messageService: 'email', contactInfo: 'pedidos@alvarez.es' },
      { name: 'Carnicería Óscar', contactName: 'Óscar', messageService: 'sms', contactInfo: '+34 (622) 000-111' },
      { name: 'abacería', contactName: '', messageService: 'other', contactInfo: 'Market stall 12' },
      { name: 'Zumos 100% naturales', contactName: 'Iván', messageService: 'other', contactInfo: '' },
      { name: 'Mar_Azul', contactName: 'Noa', messageService: 'telegram', contactInfo: '+351 912 000 000' },
      { name: 'MarXAzul', contactName: 'Leo', messageService: 'other', contactInfo: 'at the port' },
    ];
    for (const row of rows) byName[row.name] = await t.api.createSupplier(token, { note: '', ...row });
  });

  const names = (res: ApiResponse) => res.body.data.map((s: { name: string }) => s.name);

  it('lists every supplier sorted by name, ignoring case and accents', async () => {
    const res = await t.api.get('/api/suppliers', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 1, data: expect.any(Array), message: expect.any(String) });
    expect(names(res)).toEqual([
      'abacería',
      'Álvarez Frutas',
      'bodega Ruiz',
      'Carnicería Óscar',
      'Jamón y Queso',
      'Mar_Azul',
      'MarXAzul',
      'Zumos 100% naturales',
    ]);
    for (const s of res.body.data) expect(s).toEqual(supplierShape);
    expect(res.body.data.find((s: { name: string }) => s.name === 'Jamón y Queso')).toEqual({
      id: byName['Jamón y Queso']!.id,
      name: 'Jamón y Queso',
      contactName: 'Lucía',
      messageService: 'whatsapp',
      contactInfo: '+34 611 223 344',
      note: '',
      orderId: expect.any(Number),
      ...SUPPLIER_DEFAULTS,
    });
  });

  it('sorts by the name as people read it, not by code points', async () => {
    // Without accent/case folding, "Álvarez" (Á) and lower-case names would sort after "Z".
    const sorted = names(await t.api.get('/api/suppliers', token));
    const keys = sorted.map((n: string) => normalizeSearchText(n));
    expect(keys).toEqual([...keys].sort());
  });

  it('finds "Jamón" with "jamon" (accent- and case-insensitive)', async () => {
    expect(names(await t.api.get('/api/suppliers?q=jamon', token))).toEqual(['Jamón y Queso']);
    expect(names(await t.api.get('/api/suppliers?q=JAMÓN', token))).toEqual(['Jamón y Queso']);
    expect(names(await t.api.get(`/api/suppliers?q=${encodeURIComponent('álvarez')}`, token))).toEqual(['Álvarez Frutas']);
    expect(names(await t.api.get('/api/suppliers?q=ALVAREZ', token))).toEqual(['Álvarez Frutas']);
  });

  it('matches a substring in the middle of the name', async () => {
    expect(names(await t.api.get('/api/suppliers?q=nicer', token))).toEqual(['Carnicería Óscar']);
    expect(names(await t.api.get('/api/suppliers?q=acer', token))).toEqual(['abacería']);
  });

  it('matches the contact name ("PEPE" finds contact "Pepe", "oscar" finds "Óscar")', async () => {
    expect(names(await t.api.get('/api/suppliers?q=PEPE', token))).toEqual(['bodega Ruiz']);
    expect(names(await t.api.get('/api/suppliers?q=lucia', token))).toEqual(['Jamón y Queso']);
    expect(names(await t.api.get('/api/suppliers?q=ivan', token))).toEqual(['Zumos 100% naturales']);
    expect(names(await t.api.get('/api/suppliers?q=oscar', token))).toEqual(['Carnicería Óscar']);
  });

  it('matches the contact info (a digit run finds the phone, part of an email finds it)', async () => {
    expect(names(await t.api.get('/api/suppliers?q=345', token))).toEqual(['bodega Ruiz']);
    expect(names(await t.api.get('/api/suppliers?q=223', token))).toEqual(['Jamón y Queso']);
    expect(names(await t.api.get('/api/suppliers?q=000-111', token))).toEqual(['Carnicería Óscar']);
    expect(names(await t.api.get('/api/suppliers?q=pedidos%40alvarez', token))).toEqual(['Álvarez Frutas']);
    expect(names(await t.api.get('/api/suppliers?q=stall', token))).toEqual(['abacería']);
  });

  it('returns the matches sorted by name', async () => {
    // "ar" is in Álvarez (and its contact Marta), Carnicería, Mar_Azul, MarXAzul, and "Market stall" (abacería's contact info).
    expect(names(await t.api.get('/api/suppliers?q=ar', token))).toEqual([
      'abacería',
      'Álvarez Frutas',
      'Carnicería Óscar',
      'Mar_Azul',
      'MarXAzul',
    ]);
  });

  it('answers an empty array when nothing matches', async () => {
    expectOk(await t.api.get('/api/suppliers?q=zzzznothing', token), []);
  });

  it('treats a blank q as no filter', async () => {
    expect(names(await t.api.get('/api/suppliers?q=', token))).toHaveLength(8);
    expect(names(await t.api.get('/api/suppliers?q=%20%20', token))).toHaveLength(8);
  });

  it('matches % and _ literally, not as LIKE wildcards', async () => {
    expect(names(await t.api.get(`/api/suppliers?q=${encodeURIComponent('%')}`, token))).toEqual(['Zumos 100% naturales']);
    expect(names(await t.api.get(`/api/suppliers?q=${encodeURIComponent('100%')}`, token))).toEqual(['Zumos 100% naturales']);
    expect(names(await t.api.get(`/api/suppliers?q=${encodeURIComponent('0% n')}`, token))).toEqual(['Zumos 100% naturales']);
    expect(names(await t.api.get(`/api/suppliers?q=${encodeURIComponent('_')}`, token))).toEqual(['Mar_Azul']);
    expect(names(await t.api.get(`/api/suppliers?q=${encodeURIComponent('mar_azul')}`, token))).toEqual(['Mar_Azul']);
    expect(names(await t.api.get(`/api/suppliers?q=${encodeURIComponent('j%n')}`, token))).toEqual([]);
    expect(names(await t.api.get(`/api/suppliers?q=${encodeURIComponent('\\')}`, token))).toEqual([]);
  });

  it("only lists and finds the signed-in user's suppliers", async () => {
    const other = await t.api.register();
    expectOk(await t.api.get('/api/suppliers', other.token), []);
    expectOk(await t.api.get('/api/suppliers?q=jamon', other.token), []);
    const id = byName['Jamón y Queso']!.id;
    expectFailure(await t.api.get(`/api/suppliers/${id}`, other.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.put(`/api/suppliers/${id}`, valid, other.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.delete(`/api/suppliers/${id}`, other.token), 404, 'NOT_FOUND');
    expect((await t.api.get(`/api/suppliers/${id}`, token)).body.data.name).toBe('Jamón y Queso');
  });
});

describe('supplier validation', () => {
  let token: string;
  let existing: { id: number; orderId: number };
  beforeAll(async () => {
    ({ token } = await t.api.register());
    existing = await t.api.createSupplier(token);
  });

  const create = (fields: Record<string, unknown>) => t.api.post('/api/suppliers', { ...valid, ...fields }, token);
  const update = (fields: Record<string, unknown>) => t.api.put(`/api/suppliers/${existing.id}`, { ...valid, ...fields }, token);

  it('accepts a name of 1 and of 100 characters', async () => {
    for (const name of ['A', 'n'.repeat(100), 'ñ'.repeat(100)]) {
      const res = await create({ name });
      expectOk(res, { ...supplierShape, name });
      expectOk(await update({ name }), { ...supplierShape, id: existing.id, name });
    }
  });

  it('rejects a missing, empty, whitespace-only or 101-character name', async () => {
    const { name: _, ...withoutName } = valid;
    expectFailure(await t.api.post('/api/suppliers', withoutName, token), 400, 'BAD_REQUEST', ['name']);
    for (const name of ['', '   ', '\t\n', 'n'.repeat(101), 42, null]) {
      expectFailure(await create({ name }), 400, 'BAD_REQUEST', ['name']);
      expectFailure(await update({ name }), 400, 'BAD_REQUEST', ['name']);
    }
  });

  it('accepts a contact name up to 100 characters and rejects 101', async () => {
    expectOk(await create({ contactName: 'c'.repeat(100) }), { ...supplierShape, contactName: 'c'.repeat(100) });
    expectOk(await create({ contactName: '' }), { ...supplierShape, contactName: '' });
    expectFailure(await create({ contactName: 'c'.repeat(101) }), 400, 'BAD_REQUEST', ['contactName']);
    expectFailure(await update({ contactName: 'c'.repeat(101) }), 400, 'BAD_REQUEST', ['contactName']);
  });

  it('accepts a note up to 300 characters and rejects 301', async () => {
    expectOk(await create({ note: 'x'.repeat(300) }), { ...supplierShape, note: 'x'.repeat(300) });
    expectOk(await update({ note: 'é'.repeat(300) }), { ...supplierShape, id: existing.id, note: 'é'.repeat(300) });
    expectFailure(await create({ note: 'x'.repeat(301) }), 400, 'BAD_REQUEST', ['note']);
    expectFailure(await update({ note: 'x'.repeat(301) }), 400, 'BAD_REQUEST', ['note']);
  });

  it('accepts each message service and rejects anything else', async () => {
    const contact: Record<string, string> = {
      whatsapp: '+34 600 000 001',
      telegram: '+44 7700 900123',
      sms: '600000002',
      phone: '(91) 555-0101',
      email: 'orders@example.com',
      other: 'Ask at the counter',
    };
    for (const [messageService, contactInfo] of Object.entries(contact)) {
      expectOk(await create({ messageService, contactInfo }), { ...supplierShape, messageService, contactInfo });
    }
    for (const messageService of ['fax', 'WhatsApp', '', null, 3]) {
      expectFailure(await create({ messageService }), 400, 'BAD_REQUEST', ['messageService']);
      expectFailure(await update({ messageService }), 400, 'BAD_REQUEST', ['messageService']);
    }
    const { messageService: _, ...withoutService } = valid;
    expectFailure(await t.api.post('/api/suppliers', withoutService, token), 400, 'BAD_REQUEST', ['messageService']);
  });

  it('requires a phone number as contact info for whatsapp, telegram, sms and phone', async () => {
    for (const messageService of ['whatsapp', 'telegram', 'sms', 'phone']) {
      for (const contactInfo of ['+34 600 123 456', '(+34) 622-000-111', '600.123.456', '0034 600 123 456']) {
        expectOk(await create({ messageService, contactInfo }), { ...supplierShape, messageService, contactInfo });
      }
      for (const contactInfo of ['', 'pepe@example.com', 'call Pepe', '12', '+34 600 abc 456', '34+600123', '++34 600 123']) {
        expectFailure(await create({ messageService, contactInfo }), 400, 'BAD_REQUEST', ['contactInfo']);
      }
      expectFailure(await update({ messageService, contactInfo: 'not a phone' }), 400, 'BAD_REQUEST', ['contactInfo']);
    }
  });

  it('requires an email address as contact info for email', async () => {
    expectOk(await create({ messageService: 'email', contactInfo: 'a.b@c.es' }), { ...supplierShape, contactInfo: 'a.b@c.es' });
    for (const contactInfo of ['', '+34 600 123 456', 'pepe', 'pepe@', 'pepe@example', 'a b@c.es']) {
      expectFailure(await create({ messageService: 'email', contactInfo }), 400, 'BAD_REQUEST', ['contactInfo']);
    }
    expectFailure(await update({ messageService: 'email', contactInfo: 'nope' }), 400, 'BAD_REQUEST', ['contactInfo']);
  });

  it('accepts free text, or nothing, as contact info for other', async () => {
    for (const contactInfo of ['', 'Ask at the market, stall 12 🍅', '+34 600', 'x@y.z']) {
      expectOk(await create({ messageService: 'other', contactInfo }), { ...supplierShape, messageService: 'other', contactInfo });
    }
    expectOk(await update({ messageService: 'other', contactInfo: '' }), {
      ...supplierShape,
      id: existing.id,
      messageService: 'other',
      contactInfo: '',
    });
  });

  it('lists every bad field at once', async () => {
    const res = await t.api.post(
      '/api/suppliers',
      { name: '', contactName: 'c'.repeat(101), messageService: 'fax', note: 'n'.repeat(301) },
      token,
    );
    expectFailure(res, 400, 'BAD_REQUEST');
    const paths = res.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'contactName', 'messageService', 'note']));
  });

  it('refuses path ids that are not positive integers with 400 naming id', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999']) {
      expectFailure(await t.api.get(`/api/suppliers/${id}`, token), 400, 'BAD_REQUEST', ['id']);
      expectFailure(await t.api.put(`/api/suppliers/${id}`, valid, token), 400, 'BAD_REQUEST', ['id']);
      expectFailure(await t.api.delete(`/api/suppliers/${id}`, token), 400, 'BAD_REQUEST', ['id']);
    }
  });

  it('answers 404 NOT_FOUND for an id that does not exist', async () => {
    for (const res of [
      await t.api.get('/api/suppliers/987654', token),
      await t.api.put('/api/suppliers/987654', valid, token),
      await t.api.delete('/api/suppliers/987654', token),
    ]) {
      expectFailure(res, 404, 'NOT_FOUND');
    }
  });

  it('changes nothing when an update is refused', async () => {
    const before = (await t.api.get(`/api/suppliers/${existing.id}`, token)).body.data;
    expectFailure(await update({ name: 'Changed', note: 'x'.repeat(301) }), 400, 'BAD_REQUEST', ['note']);
    expectOk(await t.api.get(`/api/suppliers/${existing.id}`, token), before);
  });

  it('asks for a token', async () => {
    expectFailure(await t.api.get('/api/suppliers'), 401, 'UNAUTHORIZED');
    expectFailure(await t.api.post('/api/suppliers', valid), 401, 'UNAUTHORIZED');
  });
});

describe('supplier quota', () => {
  it('allows 1,000 suppliers per account and refuses the 1,001st with a clear message', async () => {
    const { token, user } = await t.api.register();
    const db = t.server.deps.db;
    const businessId = await businessIdOf(db, user.id);
    const seeded = await db
      .insertInto('suppliers')
      .values(
        Array.from({ length: 999 }, (_, i) => {
          const name = `Seeded ${String(i).padStart(4, '0')}`;
          return {
            business_id: businessId,
            name,
            contact_name: '',
            message_service: 'other',
            contact_info: '',
            note: '',
            search_text: normalizeSearchText(name),
            sort_key: normalizeSearchText(name),
          };
        }),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('orders')
      .values(seeded.map((s) => ({ business_id: businessId, supplier_id: s.id, introduce: '' })))
      .execute();

    const thousandth = await t.api.post('/api/suppliers', { ...valid, name: 'Number 1000' }, token);
    expectOk(thousandth, { ...supplierShape, name: 'Number 1000' });

    const over = await t.api.post('/api/suppliers', { ...valid, name: 'Number 1001' }, token);
    expectFailure(over, 400, 'BAD_REQUEST');
    expect(over.body.message).toMatch(/1,?000/);
    expect(over.body.message).toMatch(/supplier/i);

    const { count } = await db
      .selectFrom('suppliers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1000);
    const list = await t.api.get('/api/suppliers', token);
    expect(list.body.data).toHaveLength(1000);

    // Another account is not affected, and deleting one makes room again.
    const other = await t.api.register();
    await t.api.createSupplier(other.token);
    expectOk(await t.api.delete(`/api/suppliers/${thousandth.body.data.id}`, token), { id: thousandth.body.data.id });
    expectOk(await t.api.post('/api/suppliers', { ...valid, name: 'Again 1000' }, token), { ...supplierShape, name: 'Again 1000' });
  });
});
