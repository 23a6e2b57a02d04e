import { type Owner, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RANGE_BACKWARDS, RANGE_TOO_LONG } from './spend.service.ts';

/**
 * The rules of Spend and the accountant's CSV (docs/decisions.md §8.4),
 * through the procedures in-process: what was sent, from the prices it went
 * with, grouped in the business's time zone. services/server/test/spend.test.ts
 * keeps the REST and tRPC contract.
 */
const t = useDomain();

/**
 * An owner in Madrid with two suppliers and three sends placed in time by
 * SQL: 15 October, 23:30 UTC on 31 October (1 November in Madrid), and 3
 * November.
 */
async function shopWithHistory(language: 'en' | 'es' = 'en') {
  const owner: Owner = await t.domain.owner({ language, businessName: 'Café Luna' });
  const db = t.domain.deps.db;
  await sql`UPDATE users SET time_zone = 'Europe/Madrid' WHERE id = ${owner.user.id}`.execute(db);
  const supplier = (name: string) =>
    owner.api.suppliers.create({ name, contactName: '', messageService: 'email', contactInfo: 'x@example.com', note: '' });
  const fruit = await supplier('Frutas Pepe');
  const dairy = await supplier('=Lácteos');
  const send = async (orderId: number, at: string) => {
    const sent = await owner.api.orders.send({ id: orderId });
    await sql`UPDATE sent_orders SET sent_at = ${at} WHERE id = ${sent.id}`.execute(db);
  };
  await owner.api.products.bulk({
    orderId: fruit.orderId,
    products: [
      { name: 'Lemons', unit: 'Kg', price: 3.2, quantity: 2 },
      { name: 'Basil', unit: 'bunch', quantity: 1 },
    ],
  });
  await send(fruit.orderId, '2026-10-15T10:00:00Z'); // 6.40, 1 unpriced
  await send(fruit.orderId, '2026-10-31T23:30:00Z'); // 1 November in Madrid
  await owner.api.products.bulk({ orderId: dairy.orderId, products: [{ name: 'Milk', unit: 'l', price: 0.95, quantity: 12 }] });
  await send(dairy.orderId, '2026-11-03T09:00:00Z'); // 11.40
  return { owner, fruit, dairy };
}

describe('spend', () => {
  it("puts each send in the business's day, month and ISO week, every period of the range present", async () => {
    const { owner, fruit } = await shopWithHistory('es');
    const months = await owner.api.spend.get({ from: '2026-09-01', to: '2026-11-30' });
    expect(months.groups.map((g) => [g.key, g.label, g.total, g.orders])).toEqual([
      ['2026-09', 'septiembre de 2026', 0, 0],
      ['2026-10', 'octubre de 2026', 6.4, 1],
      ['2026-11', 'noviembre de 2026', 17.8, 2],
    ]);
    expect(months).toMatchObject({ total: 24.2, unpricedLines: 2, currency: 'EUR' });
    // Read in UTC, the send at 23:30 on 31 October would be October's.
    expect((await owner.api.spend.get({ from: '2026-10-01', to: '2026-10-31' })).total).toBe(6.4);
    const weeks = await owner.api.spend.get({ from: '2026-10-26', to: '2026-11-08', groupBy: 'week' });
    expect(weeks.groups.map((g) => [g.key, g.label, g.total])).toEqual([
      ['2026-W44', 'Semana del 26 oct 2026', 6.4],
      ['2026-W45', 'Semana del 2 nov 2026', 11.4],
    ]);
    expect(weeks.groups[0]?.suppliers).toEqual([{ key: String(fruit.id), label: 'Frutas Pepe', total: 6.4 }]);
  });

  it('sums suppliers and products largest first, products under their latest name', async () => {
    const { owner, fruit, dairy } = await shopWithHistory();
    const range = { from: '2026-10-01', to: '2026-11-30' };
    expect((await owner.api.spend.get({ ...range, groupBy: 'supplier' })).groups).toEqual([
      { key: String(fruit.id), label: 'Frutas Pepe', total: 12.8, orders: 2 },
      { key: String(dairy.id), label: '=Lácteos', total: 11.4, orders: 1 },
    ]);
    // The later send named the lemons otherwise: the product is listed under that name.
    await sql`UPDATE sent_orders SET lines = (
        SELECT jsonb_agg(CASE WHEN l->>'name' = 'Lemons' THEN jsonb_set(l, '{name}', '"Limones"') ELSE l END) FROM jsonb_array_elements(lines) l)
      WHERE sent_at = '2026-10-31T23:30:00Z' AND supplier_id = ${fruit.id}`.execute(t.domain.deps.db);
    const products = (await owner.api.spend.get({ ...range, groupBy: 'product' })).groups;
    expect(products.map((g) => [g.total, g.orders])).toEqual([
      [12.8, 2],
      [11.4, 1],
      [0, 2],
    ]);
    expect(products.map((g) => g.label)).toEqual(['Limones', 'Milk', 'Basil']);
  });

  it('reads the last 12 months by default, and refuses a backwards or too long range, naming the field', async () => {
    const { owner } = await shopWithHistory();
    const byDefault = await owner.api.spend.get({});
    expect(byDefault.groups).toHaveLength(12);
    expect(byDefault.from.endsWith('-01')).toBe(true);
    await expect(owner.api.spend.get({ from: '2026-11-02', to: '2026-11-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: RANGE_BACKWARDS,
    });
    await expect(owner.api.spend.get({ from: '2024-11-01', to: '2026-11-30' })).rejects.toMatchObject({ message: RANGE_TOO_LONG });
    expect((await owner.api.spend.get({ from: '2024-12-01', to: '2026-11-30' })).groups).toHaveLength(24);
  });

  it("reads the caller's business alone", async () => {
    await shopWithHistory();
    const stranger = await t.domain.owner();
    expect(await stranger.api.spend.get({ from: '2026-10-01', to: '2026-11-30' })).toMatchObject({ total: 0, unpricedLines: 0 });
  });
});

describe('the sent lines as CSV', () => {
  it("writes each line's answer as its status, in Spanish words with ';', decimal commas and formulas defused", async () => {
    const { owner, fruit } = await shopWithHistory('es');
    const [latest] = await owner.api.orders.history({ id: fruit.orderId });
    const lemons = latest?.lines.find((l) => l.name === 'Lemons');
    // The supplier answers through their own link: the lemons cannot come.
    const token = latest?.confirmUrl?.split('/confirm/')[1] ?? '';
    await t.domain.caller().confirmations.answer({ token, unavailable: [lemons?.productId ?? 0] });
    const file = await owner.api.spend.sentOrdersCsv({ from: '2026-10-01', to: '2026-11-30' });
    expect(file.filename).toBe('sent-orders-2026-10-01-to-2026-11-30.csv');
    const rows = file.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe('fecha;proveedor;producto;unidad;cantidad;precio;importe;moneda;enviado_por;estado');
    expect(rows).toContain('2026-10-15;Frutas Pepe;Lemons;Kg;2;3,2;6,4;EUR;Ana García;enviado');
    expect(rows).toContain('2026-11-01;Frutas Pepe;Lemons;Kg;2;3,2;6,4;EUR;Ana García;no_disponible');
    expect(rows).toContain('2026-11-01;Frutas Pepe;Basil;bunch;1;;;EUR;Ana García;confirmado');
    expect(rows).toContain("2026-11-03;'=Lácteos;Milk;l;12;0,95;11,4;EUR;Ana García;enviado");
  });

  it('rounds each line total to cents (halves up), the price as it was set, in both languages', async () => {
    for (const language of ['en', 'es'] as const) {
      const owner: Owner = await t.domain.owner({ language });
      const supplier = await owner.api.suppliers.create({
        name: 'Quesos Sierra',
        contactName: '',
        messageService: 'email',
        contactInfo: 'q@example.com',
        note: '',
      });
      await owner.api.products.bulk({
        orderId: supplier.orderId,
        products: [
          { name: 'Queso manchego curado', unit: 'kg', price: 1.85, quantity: 2.5 },
          { name: 'Membrillo', unit: 'ud', price: 0.3333, quantity: 3 },
        ],
      });
      await owner.api.orders.send({ id: supplier.orderId });
      const file = await owner.api.spend.sentOrdersCsv({});
      const rows = file.content.replace(/^\uFEFF/, '').split('\r\n');
      const cells = (name: string) => rows.find((row) => row.includes(name))?.split(language === 'es' ? ';' : ',');
      // 2.5 × 1.85 = 4.625 → 4.63; 3 × 0.3333 = 0.9999 → 1.
      expect(cells('Queso manchego curado')?.slice(4, 7)).toEqual(language === 'es' ? ['2,5', '1,85', '4,63'] : ['2.5', '1.85', '4.63']);
      expect(cells('Membrillo')?.slice(4, 7)).toEqual(language === 'es' ? ['3', '0,3333', '1'] : ['3', '0.3333', '1']);
      expect(rows[0]).toBe(
        language === 'es'
          ? 'fecha;proveedor;producto;unidad;cantidad;precio;importe;moneda;enviado_por;estado'
          : 'date,supplier,product,unit,quantity,price,line_total,currency,sent_by,status',
      );
    }
  });
});
