import type { AppRouter } from '@reorder/api';
import { expectFailure, expectOk, NEW_PRODUCT, useTestServer } from '@reorder/testing';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * "The catalogue in minutes" (docs/decisions.md §8.3) over REST and tRPC:
 * many products at once, the CSV as served (type, file name, byte order
 * mark), the import's preview, apply and refusals. The catalogue's rules are
 * packages/api/src/catalogue/catalogue.test.ts, in-process.
 */

const t = useTestServer();

function trpcAs(token: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${t.url}/api/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })],
  });
}

/** The supplier's products as the API lists them, by name. */
async function catalogue(token: string, orderId: number) {
  const res = await t.api.get(`/api/products?orderId=${orderId}`, token);
  expect(res.status).toBe(200);
  return (
    res.body.data as {
      name: string;
      unit: string;
      quantity: number;
      par: number | null;
      price: number | null;
      step: number | null;
      note: string;
    }[]
  ).map(({ name, unit, quantity, par, price, step, note }) => ({ name, unit, quantity, par, price, step, note }));
}

describe('POST /products/bulk', () => {
  let token: string;
  let supplier: { id: number; orderId: number };
  beforeAll(async () => {
    ({ token } = await t.api.register());
    supplier = await t.api.createSupplier(token);
  });

  /** `POST /products/bulk` into the supplier's order. */
  const bulk = (products: Record<string, unknown>[]) => t.api.post('/api/products/bulk', { orderId: supplier.orderId, products }, token);

  /** Posts a list the server must refuse whole: answers its issues, once it has checked that nothing was written. */
  async function refusedBulk(products: Record<string, unknown>[]): Promise<{ path: string; message: string }[]> {
    const before = await catalogue(token, supplier.orderId);
    const res = await bulk(products);
    expectFailure(res, 400, 'BAD_REQUEST');
    expect(await catalogue(token, supplier.orderId)).toEqual(before);
    return res.body.error.issues;
  }

  it('adds every row, puts the quantities given into the current order, and answers the products in the rows’ order', async () => {
    const res = await bulk([
      { name: 'Tomates', unit: 'kg', quantity: 2.5 },
      { name: 'Jamón ibérico', unit: 'ud', par: 4, price: 18.75, step: 1, note: 'Del bueno' },
      { name: 'Cajas de fresas', unit: 'caja', quantity: 0 },
    ]);
    expectOk(
      res,
      {
        created: 3,
        updated: 0,
        products: [
          { id: expect.any(Number), name: 'Tomates', unit: 'kg', orderId: supplier.orderId, quantity: 2.5, ...NEW_PRODUCT },
          {
            id: expect.any(Number),
            name: 'Jamón ibérico',
            unit: 'ud',
            orderId: supplier.orderId,
            quantity: 0,
            ...NEW_PRODUCT,
            par: 4,
            price: 18.75,
            step: 1,
            note: 'Del bueno',
          },
          { id: expect.any(Number), name: 'Cajas de fresas', unit: 'caja', orderId: supplier.orderId, quantity: 0, ...NEW_PRODUCT },
        ],
      },
      '3 added, 0 updated',
    );
    const order = await t.api.get(`/api/orders/supplier/${supplier.id}`, token);
    expect(order.body.data.text).toBe('2.5 x kg: Tomates');
  });

  it('updates a product whose name matches, case and accents aside, instead of adding a twin; what a row leaves out stays', async () => {
    const res = await bulk([
      { name: 'JAMON IBERICO', unit: 'pieza', quantity: 3 },
      { name: 'tomates', unit: 'kg', price: null, note: 'Maduros' },
      { name: 'Perejil', unit: 'manojo' },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ created: 1, updated: 2 });
    expect(await catalogue(token, supplier.orderId)).toEqual([
      { name: 'Cajas de fresas', unit: 'caja', quantity: 0, par: null, price: null, step: null, note: '' },
      // The name stays as the catalogue wrote it; the unit and the quantity are the row's; par, price, step and note stay.
      { name: 'Jamón ibérico', unit: 'pieza', quantity: 3, par: 4, price: 18.75, step: 1, note: 'Del bueno' },
      { name: 'Perejil', unit: 'manojo', quantity: 0, par: null, price: null, step: null, note: '' },
      { name: 'Tomates', unit: 'kg', quantity: 2.5, par: null, price: null, step: null, note: 'Maduros' },
    ]);
  });

  it('refuses the whole list for one bad row, naming each bad field by its row, and writes nothing', async () => {
    const issues = await refusedBulk([
      { name: 'Lechuga', unit: 'ud', quantity: 5 },
      { name: 'Limones', unit: 'x'.repeat(21) },
      { name: 'Naranjas', unit: 'kg', price: 1.23456 },
      { name: '', unit: 'kg' },
      { name: 'Uvas', unit: 'kg', quantity: -1 },
      { name: 'Peras', unit: 'kg', step: 0 },
      { name: 'Kiwis', unit: 'kg', note: 'n'.repeat(301) },
      { name: 'Piña', unit: 'ud', quantity: '2' },
    ]);
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      'products.1.unit',
      'products.2.price',
      'products.3.name',
      'products.4.quantity',
      'products.5.step',
      'products.6.note',
      'products.7.quantity',
    ]);
  });

  it('refuses a name listed twice and a quantity off the step (the row’s or the product’s), writing nothing', async () => {
    expect(
      await refusedBulk([
        { name: 'Huevos', unit: 'docena', quantity: 1 },
        { name: 'huevos', unit: 'docena', quantity: 2 },
        { name: 'Botellas de agua', unit: 'ud', step: 6, quantity: 8 },
        { name: 'Jamón ibérico', unit: 'ud', quantity: 1.5 },
      ]),
    ).toEqual([
      { path: 'products.1.name', message: 'Listed twice: row 1 has the same name' },
      { path: 'products.2.quantity', message: 'Quantity must be a multiple of 6' },
      { path: 'products.3.quantity', message: 'Quantity must be a multiple of 1' },
    ]);
  });

  it('takes 1,000 rows at once, and refuses rows past the 1,000 products a supplier may have, writing nothing', async () => {
    const other = await t.api.createSupplier(token, { name: 'Mayorista' });
    const rows = Array.from({ length: 1000 }, (_, i) => ({ name: `Producto ${i + 1}`, unit: 'ud', quantity: (i % 7) + 1, price: i / 100 }));
    const res = await t.api.post('/api/products/bulk', { orderId: other.orderId, products: rows }, token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.created).toBe(1000);
    expect(res.body.data.products[999]).toMatchObject({ name: 'Producto 1000', quantity: 6, price: 9.99 });
    const again = await t.api.post(
      '/api/products/bulk',
      {
        orderId: other.orderId,
        products: [
          { name: 'Producto 1', unit: 'caja' },
          { name: 'Producto 1001', unit: 'ud' },
        ],
      },
      token,
    );
    expectFailure(again, 400, 'BAD_REQUEST');
    expect(again.body.error.issues).toEqual([{ path: 'products', message: expect.stringContaining('limit of 1000 products') }]);
    const tooMany = await t.api.post(
      '/api/products/bulk',
      { orderId: supplier.orderId, products: Array.from({ length: 1001 }, (_, i) => ({ name: `P${i}`, unit: 'ud' })) },
      token,
    );
    expectFailure(tooMany, 400, 'BAD_REQUEST');
    expect(tooMany.body.error.issues[0].path).toBe('products');
    expect((await t.api.get(`/api/products?orderId=${other.orderId}&limit=1000&q=Producto 1001`, token)).body.data).toEqual([]);
  });

  it("answers 404 for another business's order and for none, and refuses an empty list", async () => {
    const stranger = await t.api.register();
    const res = await t.api.post(
      '/api/products/bulk',
      { orderId: supplier.orderId, products: [{ name: 'X', unit: 'ud' }] },
      stranger.token,
    );
    expectFailure(res, 404, 'NOT_FOUND');
    expectFailure(
      await t.api.post('/api/products/bulk', { orderId: 999999, products: [{ name: 'X', unit: 'ud' }] }, token),
      404,
      'NOT_FOUND',
    );
    const empty = await t.api.post('/api/products/bulk', { orderId: supplier.orderId, products: [] }, token);
    expectFailure(empty, 400, 'BAD_REQUEST');
    expect(empty.body.error.issues).toEqual([{ path: 'products', message: 'Add at least one product' }]);
  });

  it('works the same through tRPC, with the same issues', async () => {
    const client = trpcAs(token);
    const other = await t.api.createSupplier(token, { name: 'Panadería' });
    const result = await client.products.bulk.mutate({
      orderId: other.orderId,
      products: [
        { name: 'Barra', unit: 'ud', quantity: 10 },
        { name: 'Croissant', unit: 'ud', quantity: 12, step: 6 },
      ],
    });
    expect(result.created).toBe(2);
    expect(result.products.map((p) => [p.name, p.quantity, p.step])).toEqual([
      ['Barra', 10, null],
      ['Croissant', 12, 6],
    ]);
    const error = await client.products.bulk
      .mutate({ orderId: other.orderId, products: [{ name: 'Croissant', unit: 'ud', quantity: 7 }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const { data } = error as TRPCClientError<AppRouter>;
    expect(data?.code).toBe('BAD_REQUEST');
    expect(data?.issues).toEqual([{ path: 'products.0.quantity', message: 'Quantity must be a multiple of 6' }]);
  });
});

/** The CSV as served: its bytes (fetch's text() would drop the byte order mark), type and file name. */
async function download(path: string, token: string) {
  const response = await fetch(`${t.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bom: bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])),
    text: bytes.toString('utf8').replace(/^\uFEFF/, ''),
  };
}

const importCsv = (csv: string, apply: boolean, token: string) => t.api.post('/api/catalogue/import', { csv, apply }, token);

describe('GET /catalogue.csv and POST /catalogue/import', () => {
  let owner: { token: string };
  beforeAll(async () => {
    owner = await t.api.register();
    const fruit = await t.api.createSupplier(owner.token, {
      name: 'Frutas Pepe',
      messageService: 'whatsapp',
      contactInfo: '+34 600 111 222',
    });
    await t.api.createSupplier(owner.token, { name: 'Lácteos Ñandú', messageService: 'email', contactInfo: 'pedidos@lacteos.es' });
    await t.api.post(
      '/api/products/bulk',
      {
        orderId: fruit.orderId,
        products: [
          { name: 'Tomates', unit: 'kg', par: 6.5, price: 1.85, note: 'Maduros, "de rama"' },
          { name: '=HYPERLINK("http://evil")', unit: 'ud' },
          { name: 'Fresas', unit: 'caja', step: 0.5, price: 12 },
        ],
      },
      owner.token,
    );
  });

  it('exports UTF-8 with a BOM, `,` and decimal points in English, quoting what needs it and defusing formulas', async () => {
    const file = await download('/catalogue.csv', owner.token);
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(file.bom).toBe(true);
    expect(file.text.split('\r\n')).toEqual([
      'supplier,service,contact,product,unit,par,price,step,note',
      // A phone number starting with + is defused too: the import reads the quote back off.
      `Frutas Pepe,whatsapp,'+34 600 111 222,"'=HYPERLINK(""http://evil"")",ud,,,,`,
      "Frutas Pepe,whatsapp,'+34 600 111 222,Fresas,caja,,12,0.5,",
      `Frutas Pepe,whatsapp,'+34 600 111 222,Tomates,kg,6.5,1.85,,"Maduros, ""de rama"""`,
      'Lácteos Ñandú,email,pedidos@lacteos.es,,,,,,',
      '',
    ]);
    // One supplier's only, named after it.
    const suppliers = (await t.api.get('/api/suppliers', owner.token)).body.data as { id: number; name: string }[];
    const one = await download(`/catalogue.csv?supplierId=${suppliers.find((s) => s.name === 'Lácteos Ñandú')!.id}`, owner.token);
    expect(one.disposition).toMatch(/filename="catalogue-lacteos-nandu-/);
    expect(one.text.split('\r\n')).toHaveLength(3);
    expect((await download('/catalogue.csv?supplierId=999999', owner.token)).status).toBe(404);
  });

  it('exports with `;` and decimal commas for an owner who reads Spanish, and its import into a second business gives the same catalogue', async () => {
    await t.api.put('/api/users/me', { language: 'es' }, owner.token);
    const file = await download('/catalogue.csv', owner.token);
    expect(file.text.split('\r\n').slice(0, 4)).toEqual([
      'supplier;service;contact;product;unit;par;price;step;note',
      `Frutas Pepe;whatsapp;'+34 600 111 222;"'=HYPERLINK(""http://evil"")";ud;;;;`,
      "Frutas Pepe;whatsapp;'+34 600 111 222;Fresas;caja;;12;0,5;",
      `Frutas Pepe;whatsapp;'+34 600 111 222;Tomates;kg;6,5;1,85;;"Maduros, ""de rama"""`,
    ]);
    const second = await t.api.register({ language: 'es' });
    const preview = await importCsv(`\uFEFF${file.text}`, false, second.token);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.applied).toBe(false);
    expect(preview.body.data.rows.map((r: { row: number; fate: string }) => [r.row, r.fate])).toEqual([
      [2, 'new supplier'],
      [3, 'new product'],
      [4, 'new product'],
      [5, 'new supplier'],
    ]);
    // Each column as read, and each row with what it gives, its changes, conflict and issues.
    expect(preview.body.data.columns[0]).toEqual({ header: 'supplier', field: 'supplier', mapped: false });
    expect(preview.body.data.rows[2]).toEqual({
      row: 4,
      supplier: 'Frutas Pepe',
      product: 'Tomates',
      fate: 'new product',
      issues: [],
      values: { service: 'whatsapp', contact: '+34 600 111 222', unit: 'kg', par: 6.5, price: 1.85, note: 'Maduros, "de rama"' },
      changes: [],
      conflict: null,
    });
    expect(preview.body.data.counts).toEqual({
      newSuppliers: 2,
      newProducts: 3,
      new: 4,
      updated: 0,
      unchanged: 0,
      conflicts: 0,
      errors: 0,
      ignored: 0,
      lines: 4,
    });
    expect((await t.api.get('/api/suppliers', second.token)).body.data).toEqual([]);
    const applied = await importCsv(file.text, true, second.token);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.data.applied).toBe(true);
    expect(applied.body.message).toBe('Imported: 2 new suppliers, 3 new products, 0 updated');
    expect((await download('/catalogue.csv', second.token)).text).toBe(file.text);
    // The same file again: every row unchanged, nothing written twice.
    const again = await importCsv(file.text, true, second.token);
    expect(again.body.data.counts).toMatchObject({
      newSuppliers: 0,
      newProducts: 0,
      new: 0,
      updated: 0,
      unchanged: 4,
      errors: 0,
      lines: 4,
    });
    expect((await download('/catalogue.csv', second.token)).text).toBe(file.text);
    await t.api.put('/api/users/me', { language: 'en' }, owner.token);
  });

  it('previews errors by row and column, and with apply refuses the whole file, writing nothing', async () => {
    // Every rule of a row is checked in-process (packages/api/src/catalogue/catalogue.test.ts): here, the wire.
    const { token } = await t.api.register();
    const csv = [
      'supplier,service,contact,product,unit,par,price,step,note',
      'Verduras Ana,whatsapp,+34 600 777 888,Lechuga,ud,,0.8,,',
      'Verduras Ana,,,Pepino,,,,,',
      "Verduras Ana,,,'@SUM(1),ud,,-1,,",
    ].join('\r\n');
    const preview = await importCsv(csv, false, token);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.rows.map((r: { row: number; fate: string; issues: unknown[] }) => [r.row, r.fate, r.issues])).toEqual([
      [2, 'new supplier', []],
      [3, 'error', [{ field: 'unit', message: 'Row 3, column «unit»: a new product needs its unit, like kg or box.' }]],
      [4, 'error', [{ field: 'price', message: 'Row 4, column «price»: “-1” is not a number. Write it like 14.90.' }]],
    ]);
    expect(preview.body.data.counts.errors).toBe(2);
    const applied = await importCsv(csv, true, token);
    expectFailure(applied, 400, 'BAD_REQUEST');
    expect(applied.body.message).toBe('Row 3, column «unit»: a new product needs its unit, like kg or box. Nothing was imported.');
    expect(applied.body.error.issues).toEqual([
      { path: 'rows.3.unit', message: 'Row 3, column «unit»: a new product needs its unit, like kg or box.' },
      { path: 'rows.4.price', message: 'Row 4, column «price»: “-1” is not a number. Write it like 14.90.' },
    ]);
    expect((await t.api.get('/api/suppliers', token)).body.data).toEqual([]);
  });

  it('refuses a file it cannot read as a whole with a 400 that says why', async () => {
    for (const [csv, message] of [
      ['name;price\nx;1', /No column is read as the supplier/],
      ['supplier,service\n', /no rows under its header/],
    ] as const) {
      const res = await importCsv(csv, false, owner.token);
      expectFailure(res, 400, 'BAD_REQUEST');
      expect(res.body.message).toMatch(message);
    }
  });

  it('works through tRPC: the export as {filename, content}, the import with its preview', async () => {
    const client = trpcAs(owner.token);
    const file = await client.catalogue.export.query({});
    expect(file.filename).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.content.startsWith('\uFEFFsupplier,service,contact,product,unit,par,price,step,note\r\n')).toBe(true);
    const preview = await client.catalogue.import.mutate({ csv: file.content, apply: false });
    expect(preview.counts).toMatchObject({ new: 0, updated: 0, unchanged: 4, errors: 0, lines: 4 });
    const error = await client.catalogue.import.mutate({ csv: 'supplier\nA', apply: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.issues).toEqual([
      {
        path: 'rows.2.service',
        message: 'Row 2, column «Service»: a new supplier needs how it takes orders: whatsapp, telegram, sms, email, phone or other.',
      },
    ]);
  });
});
