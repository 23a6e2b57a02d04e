import { expectFailure, expectFieldError, useTestServer } from '@reorder/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

/**
 * The contract of Spend and the accountant's CSV over REST and tRPC (docs/decisions.md §8.4):
 * the rules themselves are checked in-process (packages/api/src/spend/spend.test.ts).
 */

const t = useTestServer();

/**
 * An owner in Madrid with two suppliers and three sends placed in time by
 * SQL: one at 23:30 UTC on 31 October (already 1 November in Madrid), one on
 * 15 October, one on 3 November.
 */
async function shopWithHistory(language: 'en' | 'es' = 'en') {
  const owner = await t.api.register({ language, businessName: 'Café Luna' });
  await sql`UPDATE users SET time_zone = 'Europe/Madrid' WHERE id = ${owner.user.id}`.execute(t.server.deps.db);
  const fruit = await t.api.createSupplier(owner.token, { name: 'Frutas Pepe' });
  const dairy = await t.api.createSupplier(owner.token, { name: '=Lácteos' });
  const add = async (orderId: number, products: Record<string, unknown>[]) => {
    const res = await t.api.post('/api/products/bulk', { orderId, products }, owner.token);
    expect(res.status, res.text).toBe(200);
    return res.body.data.products as { id: number; name: string }[];
  };
  const send = async (orderId: number, at: string) => {
    const res = await t.api.post(`/api/orders/${orderId}/send`, {}, owner.token);
    expect(res.status, res.text).toBe(200);
    await sql`UPDATE sent_orders SET sent_at = ${at} WHERE id = ${res.body.data.id}`.execute(t.server.deps.db);
    return res.body.data;
  };
  const [lemons] = await add(fruit.orderId, [
    { name: 'Lemons', unit: 'Kg', price: 3.2, quantity: 2 },
    { name: 'Basil', unit: 'bunch', quantity: 1 },
  ]);
  await send(fruit.orderId, '2026-10-15T10:00:00Z'); // 6.40, 1 unpriced
  await send(fruit.orderId, '2026-10-31T23:30:00Z'); // 1 November in Madrid: 6.40, 1 unpriced
  await add(dairy.orderId, [{ name: 'Milk', unit: 'l', price: 0.95, quantity: 12 }]);
  await send(dairy.orderId, '2026-11-03T09:00:00Z'); // 11.40
  const get = (query: string) => t.api.get(`/api/spend?${query}`, owner.token);
  return { owner, fruit, dairy, lemons, get };
}

describe('GET /spend', () => {
  it("groups by month in the owner's time zone, every month of the range, with totals per supplier", async () => {
    const shop = await shopWithHistory();
    const res = await shop.get('from=2026-09-01&to=2026-11-30&groupBy=month');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      currency: 'EUR',
      from: '2026-09-01',
      to: '2026-11-30',
      total: 24.2,
      unpricedLines: 2,
      credits: 0,
      net: 24.2,
      sent: 24.2,
      billed: 0,
      groups: [
        { key: '2026-09', label: 'September 2026', total: 0, orders: 0, suppliers: [] },
        {
          key: '2026-10',
          label: 'October 2026',
          total: 6.4,
          orders: 1,
          suppliers: [{ key: String(shop.fruit.id), label: 'Frutas Pepe', total: 6.4 }],
        },
        {
          key: '2026-11',
          label: 'November 2026',
          total: 17.8,
          orders: 2,
          suppliers: [
            { key: String(shop.dairy.id), label: '=Lácteos', total: 11.4 },
            { key: String(shop.fruit.id), label: 'Frutas Pepe', total: 6.4 },
          ],
        },
      ],
    });
    // Read in UTC the late October send would be October's: the day boundary is Madrid's.
    const october = await shop.get('from=2026-10-01&to=2026-10-31');
    expect(october.body.data.total).toBe(6.4);
  });

  it('refuses a bad range or date with a 400 naming the field (the rules: packages/api/src/spend/spend.test.ts)', async () => {
    const shop = await shopWithHistory();
    expectFieldError(await shop.get('from=2026-11-02&to=2026-11-01'), 'to');
    expectFieldError(await shop.get('from=2026-02-30'), 'from');
    expectFieldError(await shop.get('groupBy=day'), 'groupBy');
  });

  it('reads only the business of the caller, and the same through tRPC', async () => {
    const shop = await shopWithHistory();
    const stranger = await t.api.register();
    const theirs = await t.api.get('/api/spend?from=2026-10-01&to=2026-11-30', stranger.token);
    expect(theirs.body.data).toMatchObject({ total: 0, unpricedLines: 0 });
    const input = encodeURIComponent(JSON.stringify({ from: '2026-10-01', to: '2026-11-30', groupBy: 'supplier' }));
    const trpc = await t.api.get(`/api/trpc/spend.get?input=${input}`, shop.owner.token);
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.total).toBe(24.2);
  });
});

describe('GET /sent-orders.csv', () => {
  it('answers one row per sent line, oldest first, in the English convention', async () => {
    const shop = await shopWithHistory();
    const res = await fetch(`${t.url}/api/sent-orders.csv?from=2026-10-01&to=2026-11-30`, {
      headers: { authorization: `Bearer ${shop.owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sent-orders-2026-10-01-to-2026-11-30.csv"');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())).toBe(
      [
        '\uFEFFdate,supplier,product,unit,quantity,price,line_total,currency,sent_by,status',
        '2026-10-15,Frutas Pepe,Basil,bunch,1,,,EUR,Ana García,sent',
        '2026-10-15,Frutas Pepe,Lemons,Kg,2,3.2,6.4,EUR,Ana García,sent',
        '2026-11-01,Frutas Pepe,Basil,bunch,1,,,EUR,Ana García,sent',
        '2026-11-01,Frutas Pepe,Lemons,Kg,2,3.2,6.4,EUR,Ana García,sent',
        "2026-11-03,'=Lácteos,Milk,l,12,0.95,11.4,EUR,Ana García,sent",
        '',
      ].join('\r\n'),
    );
  });

  it('writes Spanish with ";", decimal commas, a Spanish header and each line\'s answer as its status', async () => {
    const shop = await shopWithHistory('es');
    const sent = await t.api.post(`/api/orders/${shop.fruit.orderId}/send`, { channel: 'other' }, shop.owner.token);
    await sql`UPDATE sent_orders SET sent_at = '2026-11-20T10:00:00Z' WHERE id = ${sent.body.data.id}`.execute(t.server.deps.db);
    await sql`UPDATE sent_orders SET confirmation = ${JSON.stringify({
      status: 'partial',
      respondedAt: '2026-11-20T11:00:00Z',
      note: '',
      deliveryDate: null,
      unavailable: [shop.lemons?.id],
      lines: [],
    })} WHERE id = ${sent.body.data.id}`.execute(t.server.deps.db);
    const res = await t.api.get('/api/sent-orders.csv?from=2026-11-20&to=2026-11-20', shop.owner.token);
    expect(
      res.text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 3),
    ).toEqual([
      'fecha;proveedor;producto;unidad;cantidad;precio;importe;moneda;enviado_por;estado',
      '2026-11-20;Frutas Pepe;Basil;bunch;1;;;EUR;Ana García;confirmado',
      '2026-11-20;Frutas Pepe;Lemons;Kg;2;3,2;6,4;EUR;Ana García;no_disponible',
    ]);
    // Over tRPC the same file, in the same words.
    const input = encodeURIComponent(JSON.stringify({ from: '2026-11-20', to: '2026-11-20' }));
    const trpc = await t.api.get(`/api/trpc/spend.sentOrdersCsv?input=${input}`, shop.owner.token);
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.content.split('\r\n')[0]).toBe(
      '\uFEFFfecha;proveedor;producto;unidad;cantidad;precio;importe;moneda;enviado_por;estado',
    );
    expectFailure(await t.api.get('/api/sent-orders.csv?from=2026-11-21&to=2026-11-20', shop.owner.token), 400, 'BAD_REQUEST');
  });

  it('rounds line totals to cents over REST and tRPC, in English and Spanish', async () => {
    for (const language of ['en', 'es'] as const) {
      const owner = await t.api.register({ language, businessName: 'Bar Sol' });
      const cheese = await t.api.createSupplier(owner.token, { name: 'Quesos Sierra' });
      const added = await t.api.post(
        '/api/products/bulk',
        { orderId: cheese.orderId, products: [{ name: 'Queso manchego curado', unit: 'kg', price: 1.85, quantity: 2.5 }] },
        owner.token,
      );
      expect(added.status, added.text).toBe(200);
      expect((await t.api.post(`/api/orders/${cheese.orderId}/send`, {}, owner.token)).status).toBe(200);
      const rest = await t.api.get('/api/sent-orders.csv', owner.token);
      expect(rest.status, rest.text).toBe(200);
      const trpc = await t.api.get('/api/trpc/spend.sentOrdersCsv', owner.token);
      expect(trpc.status, trpc.text).toBe(200);
      for (const text of [rest.text, trpc.body.result.data.content as string]) {
        const [header, row] = text.replace(/^\uFEFF/, '').split('\r\n');
        // 2.5 × 1.85 = 4.625: 4.63, not 4.625.
        if (language === 'es') {
          expect(header).toBe('fecha;proveedor;producto;unidad;cantidad;precio;importe;moneda;enviado_por;estado');
          expect(row).toMatch(/^\d{4}-\d{2}-\d{2};Quesos Sierra;Queso manchego curado;kg;2,5;1,85;4,63;EUR;[^;]*;enviado$/);
        } else {
          expect(header).toBe('date,supplier,product,unit,quantity,price,line_total,currency,sent_by,status');
          expect(row).toMatch(/^\d{4}-\d{2}-\d{2},Quesos Sierra,Queso manchego curado,kg,2.5,1.85,4.63,EUR,[^,]*,sent$/);
        }
      }
    }
  });
});
