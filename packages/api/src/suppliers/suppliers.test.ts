import { LIMITS } from '@reorder/schemas';
import { businessIdOf, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SUPPLIER_LIMIT_MESSAGE } from './suppliers.service.ts';

/** The rules of suppliers (docs/decisions.md §3), through the procedures in-process. */
const t = useDomain();

const fields = { contactName: 'Pepe', messageService: 'email' as const, contactInfo: 'pepe@example.com', note: '' };

describe('suppliers', () => {
  it('come with an empty current order, and list sorted by name, accents and case aside', async () => {
    const { api } = await t.domain.owner();
    const names = ['zumos Ñu', 'Álvaro Pan', 'aceites', 'Bebidas'];
    for (const name of names) await api.suppliers.create({ name, ...fields });
    const list = await api.suppliers.list({});
    expect(list.map((s) => s.name)).toEqual(['aceites', 'Álvaro Pan', 'Bebidas', 'zumos Ñu']);
    const order = await api.orders.bySupplier({ supplierId: list[0]!.id });
    expect(order).toMatchObject({ id: list[0]!.orderId, introduce: '', products: [], text: '' });
  });

  it('search name, contact name and contact info, without accents or case', async () => {
    const { api } = await t.domain.owner();
    await api.suppliers.create({ name: 'Panadería Sol', ...fields, contactName: 'María' });
    await api.suppliers.create({ name: 'Frutas', ...fields, contactInfo: 'ventas@huerta.example' });
    expect((await api.suppliers.list({ q: 'PANADERIA' })).map((s) => s.name)).toEqual(['Panadería Sol']);
    expect((await api.suppliers.list({ q: 'maria' })).map((s) => s.name)).toEqual(['Panadería Sol']);
    expect((await api.suppliers.list({ q: 'huerta' })).map((s) => s.name)).toEqual(['Frutas']);
    expect(await api.suppliers.list({ q: '%' })).toEqual([]);
  });

  it('stop at the per-account limit, even for additions at the same moment', async () => {
    const { api, user } = await t.domain.owner();
    // Seeded below the limit with SQL: the rule is what is under test, not a thousand calls.
    const businessId = await businessIdOf(t.domain.deps.db, user.id);
    await sql`INSERT INTO suppliers (business_id, name, contact_name, message_service, contact_info, note, search_text, sort_key)
      SELECT ${businessId}, 'S' || n, '', 'other', '', '', 's' || n, 's' || n FROM generate_series(1, ${LIMITS.suppliersPerAccount - 2}) AS n`.execute(
      t.domain.deps.db,
    );
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => api.suppliers.create({ name: `Late ${n}`, ...fields })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ message: SUPPLIER_LIMIT_MESSAGE });
    }
  });

  it("are the owner's alone: another owner's id is not found, and stays untouched", async () => {
    const theirs = await t.owner.api.suppliers.create({ name: 'Mine', ...fields });
    const { api: stranger } = await t.domain.owner();
    await expect(stranger.suppliers.byId({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.suppliers.update({ id: theirs.id, name: 'Taken', ...fields })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.suppliers.delete({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.owner.api.suppliers.byId({ id: theirs.id })).name).toBe('Mine');
  });

  it('take their order, products and quantities with them when deleted', async () => {
    const supplier = await t.owner.api.suppliers.create({ name: 'Short-lived', ...fields });
    const product = await t.owner.api.products.create({ orderId: supplier.orderId, name: 'Pan', unit: 'ud' });
    await t.owner.api.products.setQuantity({ productId: product.id, orderId: supplier.orderId, quantity: 3 });
    await t.owner.api.suppliers.delete({ id: supplier.id });
    const left = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM orders WHERE id = ${supplier.orderId})
           + (SELECT count(*) FROM products WHERE order_id = ${supplier.orderId})
           + (SELECT count(*) FROM order_quantities WHERE order_id = ${supplier.orderId}) AS n`.execute(t.domain.deps.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
