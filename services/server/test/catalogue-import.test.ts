import type { AppRouter } from '@reorder/api';
import { expectFailure, useTestServer } from '@reorder/testing';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';

/**
 * "An import that never surprises" (docs/decisions.md §9.2), over REST and
 * tRPC: columns read by meaning, every value and change shown, nothing newer
 * undone, every line accounted for, errors in the owner's language, bounded.
 */

const t = useTestServer();
// The first call warms the server up; on a loaded machine that alone took 20 s.
vi.setConfig({ testTimeout: 90_000 });

type Row = {
  row: number;
  supplier: string;
  product: string;
  fate: string;
  issues: { field: string; message: string }[];
  values: Record<string, unknown>;
  changes: { field: string; before: unknown; after: unknown }[];
  conflict: null | { current: number; file: number; source: string; keep: string; message: string };
};

const importCsv = (token: string, body: Record<string, unknown>) => t.api.post('/api/catalogue/import', body, token);

/** The supplier's products by name, as the API lists them. */
async function products(token: string, orderId: number) {
  const res = await t.api.get(`/api/products?orderId=${orderId}`, token);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.data as { name: string; unit: string; par: number | null; price: number | null; step: number | null; note: string }[]).map(
      (p) => [p.name, { unit: p.unit, par: p.par, price: p.price, step: p.step, note: p.note }],
    ),
  );
}

/** Every row count of a preview, checked to add up to its data lines. */
function expectCountsAddUp(counts: Record<string, number>) {
  expect(counts.new! + counts.updated! + counts.unchanged! + counts.conflicts! + counts.errors! + counts.ignored!).toBe(counts.lines);
}

/** An owner reading Spanish, with eggs sold by 6 at 2,40 € from a supplier that confirms with prices. */
async function eggShop() {
  const owner = await t.api.register({ language: 'es' });
  const supplier = await t.api.createSupplier(owner.token, {
    name: 'Granja Paco',
    messageService: 'whatsapp',
    contactInfo: '+34 600 111 222',
    showPrices: true,
  });
  const res = await t.api.post(
    '/api/products/bulk',
    {
      orderId: supplier.orderId,
      products: [
        { name: 'Huevos', unit: 'docena', price: 14.9, step: 6, par: 12, quantity: 6 },
        { name: 'Leche', unit: 'l', price: 0.95, note: 'Entera' },
      ],
    },
    owner.token,
  );
  expect(res.status, res.text).toBe(200);
  const eggs = res.body.data.products[0].id as number;
  return { owner, supplier, eggs };
}

/** The supplier confirms the order with a new price for the eggs, as on their page. */
async function supplierConfirmsPrice(shop: Awaited<ReturnType<typeof eggShop>>, price: number) {
  const sent = await t.api.post(`/api/orders/${shop.supplier.orderId}/send`, {}, shop.owner.token);
  expect(sent.status, sent.text).toBe(200);
  const token = /\/confirm\/([A-Za-z0-9_-]{24})$/.exec(sent.body.data.confirmUrl)?.[1];
  const answer = await t.api.post(`/api/public/confirmations/${token}`, {
    unavailable: [],
    lines: [{ productId: shop.eggs, quantity: 6, price }],
  });
  expect(answer.status, answer.text).toBe(200);
}

describe('a Spanish spreadsheet from Excel', () => {
  // Excel in Spanish: a BOM, `;`, decimal commas, the owner's own header words, a column the app does not know.
  const EXCEL = [
    '\uFEFFProveedor;Canal;Teléfono;Artículo;Ud;Coste (€);Se vende por;Stock  deseado;Familia;Comentario cocina',
    'Granja Paco;;;Huevos;;;;;Frescos;Los de corral',
    'Granja Paco;;;Leche;l;1,05;;;Lácteos;',
    'Granja Paco;;;Yogur;ud;0,45;4;8;Lácteos;Natural',
    ';;;;;;;;;',
    'Verduras Ana;whatsapp;+34 600 777 888;Tomates;kg;1,85;;6,5;Verdura;',
    'Verduras Ana;;;Lechuga;ud;0,8;;;Verdura;;de más',
    'Verduras Ana;;;Pepino;ud;uno;;;Verdura;',
    '',
  ].join('\r\n');

  it('reads columns by meaning, ignores the unknown, shows every value and change, and counts every line', async () => {
    const shop = await eggShop();
    const res = await importCsv(shop.owner.token, { csv: EXCEL });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    expect(data.columns).toEqual([
      { header: 'Proveedor', field: 'supplier', mapped: false },
      { header: 'Canal', field: 'service', mapped: false },
      { header: 'Teléfono', field: 'contact', mapped: false },
      { header: 'Artículo', field: 'product', mapped: false },
      { header: 'Ud', field: 'unit', mapped: false },
      { header: 'Coste (€)', field: 'price', mapped: false },
      { header: 'Se vende por', field: 'step', mapped: false },
      { header: 'Stock  deseado', field: 'par', mapped: false },
      { header: 'Familia', field: null, mapped: false },
      { header: 'Comentario cocina', field: null, mapped: false },
    ]);
    const rows = data.rows as Row[];
    expect(rows.map((r) => [r.row, r.product, r.fate])).toEqual([
      [2, 'Huevos', 'unchanged'],
      [3, 'Leche', 'updated'],
      [4, 'Yogur', 'new product'],
      [5, '', 'ignored'],
      [6, 'Tomates', 'new supplier'],
      [7, 'Lechuga', 'error'],
      [8, 'Pepino', 'error'],
    ]);
    // Blank cells keep what is stored: the eggs keep their unit, price, step and par.
    expect(rows[0]!.values).toEqual({});
    expect(rows[1]!.values).toEqual({ unit: 'l', price: 1.05 });
    expect(rows[1]!.changes).toEqual([{ field: 'price', before: 0.95, after: 1.05 }]);
    expect(rows[2]!.values).toEqual({ unit: 'ud', price: 0.45, step: 4, par: 8 });
    expect(rows[4]!.values).toEqual({ service: 'whatsapp', contact: '+34 600 777 888', unit: 'kg', price: 1.85, par: 6.5 });
    // A row with more cells than the header is an error naming its row, in Spanish, with what to do.
    expect(rows[5]!.issues).toEqual([
      {
        field: 'row',
        message:
          'La fila 7 tiene 11 celdas, más que las 10 columnas del encabezado: pon entre comillas el texto que lleve «;», o quita las celdas de más.',
      },
    ]);
    expect(rows[6]!.issues).toEqual([
      { field: 'price', message: 'Fila 8, columna «Coste (€)»: «uno» no es un número. Escríbelo como 14,90.' },
    ]);
    expect(data.counts).toEqual({
      newSuppliers: 1,
      newProducts: 2,
      new: 2,
      updated: 1,
      unchanged: 1,
      conflicts: 0,
      errors: 2,
      ignored: 1,
      lines: 7,
    });
    expectCountsAddUp(data.counts);
    // With errors, apply writes nothing and says so in Spanish.
    const applied = await importCsv(shop.owner.token, { csv: EXCEL, apply: true });
    expectFailure(applied, 400, 'BAD_REQUEST');
    expect(applied.body.message).toBe(
      'La fila 7 tiene 11 celdas, más que las 10 columnas del encabezado: pon entre comillas el texto que lleve «;», o quita las celdas de más. No se ha importado nada.',
    );
    expect(applied.body.error.issues.map((i: { path: string }) => i.path)).toEqual(['rows.7.row', 'rows.8.price']);
    expect(Object.keys(await products(shop.owner.token, shop.supplier.orderId))).toEqual(['Huevos', 'Leche']);
  });

  it('maps an ignored column to a field with `columns`, then imports it; blank cells keep the current values', async () => {
    const shop = await eggShop();
    const fixed = EXCEL.replace(';;de más', ';').replace(';uno;', ';1,10;');
    const columns = { 'Comentario cocina': 'note', Familia: null };
    const preview = await importCsv(shop.owner.token, { csv: fixed, columns });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.columns.slice(8)).toEqual([
      { header: 'Familia', field: null, mapped: true },
      { header: 'Comentario cocina', field: 'note', mapped: true },
    ]);
    const rows = preview.body.data.rows as Row[];
    expect(rows[0]!.fate).toBe('updated');
    expect(rows[0]!.changes).toEqual([{ field: 'note', before: '', after: 'Los de corral' }]);
    expect(preview.body.data.counts).toMatchObject({ new: 4, updated: 2, unchanged: 0, errors: 0, ignored: 1, lines: 7 });
    expectCountsAddUp(preview.body.data.counts);

    const applied = await importCsv(shop.owner.token, { csv: fixed, columns, apply: true });
    expect(applied.status, applied.text).toBe(200);
    expect(await products(shop.owner.token, shop.supplier.orderId)).toEqual({
      // The eggs' step, par and price stay: their cells were blank.
      Huevos: { unit: 'docena', par: 12, price: 14.9, step: 6, note: 'Los de corral' },
      Leche: { unit: 'l', par: null, price: 1.05, step: null, note: 'Entera' },
      Yogur: { unit: 'ud', par: 8, price: 0.45, step: 4, note: 'Natural' },
    });
    const suppliers = (await t.api.get('/api/suppliers', shop.owner.token)).body.data as { name: string; orderId: number }[];
    const ana = suppliers.find((s) => s.name === 'Verduras Ana')!;
    expect(await products(shop.owner.token, ana.orderId)).toEqual({
      Lechuga: { unit: 'ud', par: null, price: 0.8, step: null, note: '' },
      Pepino: { unit: 'ud', par: null, price: 1.1, step: null, note: '' },
      Tomates: { unit: 'kg', par: 6.5, price: 1.85, step: null, note: '' },
    });
  });

  it('refuses a mapping that names no column of the file, or two columns as one field, in Spanish', async () => {
    const shop = await eggShop();
    const missing = await importCsv(shop.owner.token, { csv: EXCEL, columns: { Color: 'note' } });
    expectFailure(missing, 400, 'BAD_REQUEST');
    expect(missing.body.message).toMatch(/^El archivo no tiene la columna «Color»: sus columnas son “Proveedor”, “Canal”/);
    expect(missing.body.error.issues[0].path).toBe('columns');
    const twice = await importCsv(shop.owner.token, { csv: EXCEL, columns: { Familia: 'note', 'Comentario cocina': 'note' } });
    expectFailure(twice, 400, 'BAD_REQUEST');
    expect(twice.body.message).toBe(
      'Las columnas «Familia» y «Comentario cocina» se leen las dos como Nota: elige otro campo para una de ellas, o ignórala.',
    );
    const badField = await importCsv(shop.owner.token, { csv: EXCEL, columns: { Familia: 'colour' } });
    expectFailure(badField, 400, 'BAD_REQUEST');
    expect(badField.body.error.issues[0].path).toBe('columns.Familia');
  });

  it('names a row whose quotes are out of place', async () => {
    const shop = await eggShop();
    const res = await importCsv(shop.owner.token, { csv: 'proveedor;producto;unidad\nGranja Paco;"Nata" fresca;ud\n' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.rows[0]).toMatchObject({ row: 2, fate: 'error' });
    expect(res.body.data.rows[0].issues[0].message).toMatch(/^Fila 2: unas comillas/);
    expectCountsAddUp(res.body.data.counts);
  });
});

describe('nothing newer is undone', () => {
  // An export of 2020: the price of the eggs in it is older than anything the supplier or the owner set since.
  const OLD_EXPORT = 'supplier;service;contact;product;unit;par;price;step;note\nGranja Paco;;;Huevos;docena;;14,90;;\n';

  it('keeps a price the supplier confirmed, shows the conflict, and takes the file’s only when asked', async () => {
    const shop = await eggShop();
    await supplierConfirmsPrice(shop, 15.9);
    const preview = await importCsv(shop.owner.token, { csv: OLD_EXPORT });
    expect(preview.status, preview.text).toBe(200);
    const [row] = preview.body.data.rows as Row[];
    expect(row).toMatchObject({
      row: 2,
      fate: 'conflict',
      values: { unit: 'docena', price: 14.9 },
      changes: [],
      conflict: { field: 'price', current: 15.9, file: 14.9, source: 'supplier', keep: 'current' },
    });
    expect(row!.conflict!.message).toMatch(/^El proveedor confirmó 15,90 € el \d{1,2} [a-z]{3}; el archivo dice 14,90 €\.$/);
    expect(preview.body.data.counts).toMatchObject({ conflicts: 1, updated: 0, lines: 1 });
    expectCountsAddUp(preview.body.data.counts);

    // Applied as it is: the confirmed price stays.
    expect((await importCsv(shop.owner.token, { csv: OLD_EXPORT, apply: true })).status).toBe(200);
    expect((await products(shop.owner.token, shop.supplier.orderId)).Huevos).toMatchObject({ price: 15.9, step: 6 });

    // The owner picks the file's price for that row.
    const taken = await importCsv(shop.owner.token, { csv: OLD_EXPORT, keep: { '2': 'file' } });
    expect((taken.body.data.rows as Row[])[0]).toMatchObject({
      fate: 'conflict',
      conflict: { keep: 'file' },
      changes: [{ field: 'price', before: 15.9, after: 14.9 }],
    });
    expect((await importCsv(shop.owner.token, { csv: OLD_EXPORT, keep: { '2': 'file' }, apply: true })).status).toBe(200);
    expect((await products(shop.owner.token, shop.supplier.orderId)).Huevos).toMatchObject({ price: 14.9, step: 6 });
    const history = (await t.api.get(`/api/products/${shop.eggs}/prices`, shop.owner.token)).body.data;
    expect(history.map((p: { price: number; source: string }) => [p.price, p.source])).toEqual([
      [14.9, 'owner'],
      [15.9, 'supplier'],
      [14.9, 'owner'],
    ]);
  });

  it('keeps a price changed after the date in the file’s name; without a date the file’s price is an update', async () => {
    const shop = await eggShop();
    const csv = OLD_EXPORT.replace('14,90', '13,50');
    const dated = await importCsv(shop.owner.token, { csv, fileName: 'catalogue-2020-01-01 (1).csv' });
    expect(dated.status, dated.text).toBe(200);
    const [row] = dated.body.data.rows as Row[];
    expect(row).toMatchObject({ fate: 'conflict', conflict: { current: 14.9, file: 13.5, source: 'owner', keep: 'current' } });
    expect(row!.conflict!.message).toMatch(
      /^El precio cambió a 14,90 € el \d{1,2} [a-z]{3}, después de la fecha del archivo; el archivo dice 13,50 €\.$/,
    );
    // A file dated after the change is no conflict; nor is a file without a date.
    const later = await importCsv(shop.owner.token, { csv, fileName: 'catalogue-2999-01-01.csv' });
    expect(later.body.data.rows[0]).toMatchObject({ fate: 'updated', changes: [{ field: 'price', before: 14.9, after: 13.5 }] });
    const undated = await importCsv(shop.owner.token, { csv, fileName: 'precios.csv' });
    expect(undated.body.data.rows[0].fate).toBe('updated');
  });
});

describe('bounded', () => {
  const header = 'supplier,service,product,unit,price';
  const rows = (count: number, suppliers = 10) =>
    Array.from({ length: count }, (_, i) => `Proveedor ${i % suppliers},other,Producto ${i},ud,${(i % 90) + 1}.5`);

  it('previews 5,000 rows, and refuses 5,001 rows and a file over 2 MB with a 400 that says so', async () => {
    const { token } = await t.api.register({ language: 'es' });
    const most = await importCsv(token, { csv: [header, ...rows(5000)].join('\n') });
    expect(most.status, most.text.slice(0, 300)).toBe(200);
    expect(most.body.data.counts).toMatchObject({ new: 5000, newSuppliers: 10, newProducts: 5000, errors: 0, lines: 5000 });

    const tooMany = await importCsv(token, { csv: [header, ...rows(5001)].join('\n') });
    expectFailure(tooMany, 400, 'BAD_REQUEST');
    expect(tooMany.body.message).toBe(
      'El archivo tiene más de 5000 filas: una importación admite como máximo 5000. Divídelo en archivos más pequeños, por ejemplo uno por proveedor.',
    );
    expect(tooMany.body.error.issues).toEqual([{ path: 'csv', message: tooMany.body.message }]);

    const wide = `${header},note\n${rows(3000)
      .map((line) => `${line},${'x'.repeat(700)}`)
      .join('\n')}`;
    expect(Buffer.byteLength(wide)).toBeGreaterThan(2 * 1024 * 1024);
    const tooLarge = await importCsv(token, { csv: wide });
    expectFailure(tooLarge, 400, 'BAD_REQUEST');
    expect(tooLarge.body.message).toMatch(/^El archivo ocupa 2,\d MB: una importación admite como máximo 2 MB\./);
    expect((await t.api.get('/api/suppliers', token)).body.data).toEqual([]);
  });

  it('refuses the 104,147-row file of the security probe at once, reading only its first rows', async () => {
    const { token } = await t.api.register();
    const csv = ['supplier,product', ...Array.from({ length: 104147 }, (_, i) => `S${i % 50},P${i}`)].join('\n');
    expect(Buffer.byteLength(csv)).toBeLessThan(2 * 1024 * 1024);
    const started = performance.now();
    const res = await importCsv(token, { csv });
    expectFailure(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toMatch(/^The file has more than 5,000 rows/);
    // Was 31.7 s; reading stops at row 5,001 (generous for a loaded machine).
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('through tRPC', () => {
  it('takes columns, keep and fileName, and answers the same preview and errors', async () => {
    const shop = await eggShop();
    await supplierConfirmsPrice(shop, 15.9);
    const client = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${t.url}/api/trpc`, headers: () => ({ authorization: `Bearer ${shop.owner.token}` }) })],
    });
    const csv = 'Proveedor;Artículo;Precio;Cocina\nGranja Paco;Huevos;14,90;Frescos\nGranja Paco;Leche;0,95;;x\n';
    const preview = await client.catalogue.import.mutate({ csv, columns: { Cocina: 'note' }, fileName: 'catalogue-2020-01-01.csv' });
    expect(preview.columns.map((c) => [c.header, c.field])).toEqual([
      ['Proveedor', 'supplier'],
      ['Artículo', 'product'],
      ['Precio', 'price'],
      ['Cocina', 'note'],
    ]);
    expect(preview.rows.map((r) => [r.row, r.fate])).toEqual([
      [2, 'conflict'],
      [3, 'error'],
    ]);
    expect(preview.rows[0]!.changes).toEqual([{ field: 'note', before: '', after: 'Frescos' }]);
    expect(preview.rows[1]!.issues[0]!.message).toMatch(/^La fila 3 tiene 5 celdas, más que las 4 columnas/);
    expect(preview.counts).toMatchObject({ conflicts: 1, errors: 1, lines: 2 });

    const error = await client.catalogue.import
      .mutate({ csv, columns: { Cocina: 'note' }, keep: { '2': 'file' }, apply: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.issues).toEqual([
      { path: 'rows.3.row', message: expect.stringMatching(/^La fila 3 tiene 5 celdas/) },
    ]);
    const applied = await client.catalogue.import.mutate({
      csv: csv.replace(';;x', ';'),
      columns: { Cocina: 'note' },
      keep: { '2': 'file' },
      apply: true,
    });
    expect(applied.applied).toBe(true);
    expect((await products(shop.owner.token, shop.supplier.orderId)).Huevos).toMatchObject({ price: 14.9, note: 'Frescos', step: 6 });
  });
});
