import type { AppRouter } from '@reorder/api';
import { expectFailure, useTestServer } from '@reorder/testing';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';

/**
 * "An import that never surprises" (docs/decisions.md §9.2) over REST and
 * tRPC: the import path's larger body, and `columns`, `keep` and `fileName`
 * through tRPC with the same preview and errors. The rules themselves
 * (columns by meaning, blank cells, conflicts, every line counted, the
 * limits) are packages/api/src/catalogue/catalogue.test.ts, in-process.
 */

const t = useTestServer();
// The first call warms the server up; on a loaded machine that alone took 20 s.
vi.setConfig({ testTimeout: 90_000 });

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

/** An owner reading Spanish, with eggs sold by 6 at 14,90 € from a supplier that confirms with prices. */
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

describe('the import path', () => {
  it('takes a request body over 2 MB (up to 6 MB), so a file too large is told by the import, not refused as a body', async () => {
    const { token } = await t.api.register({ language: 'es' });
    const rows = Array.from({ length: 3000 }, (_, i) => `Proveedor ${i % 10},other,Producto ${i},ud,${(i % 90) + 1}.5,${'x'.repeat(700)}`);
    const wide = ['supplier,service,product,unit,price,note', ...rows].join('\n');
    expect(Buffer.byteLength(wide)).toBeGreaterThan(2 * 1024 * 1024);
    const tooLarge = await importCsv(token, { csv: wide });
    expectFailure(tooLarge, 400, 'BAD_REQUEST');
    expect(tooLarge.body.message).toMatch(/^El archivo ocupa 2,\d MB: una importación admite como máximo 2 MB\./);
    expect(tooLarge.body.error.issues).toEqual([{ path: 'csv', message: tooLarge.body.message }]);
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
