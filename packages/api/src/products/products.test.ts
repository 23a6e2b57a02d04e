import { LIMITS } from '@reorder/schemas';
import { businessIdOf, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LIMIT_MESSAGE } from './products.service.ts';

/** The rules of each supplier's catalogue (docs/decisions.md §3), through the procedures in-process. */
const t = useDomain();

async function newSupplier() {
  return t.owner.api.suppliers.create({ name: 'Huerta', contactName: '', messageService: 'other', contactInfo: '', note: '' });
}
const newOrder = async () => (await newSupplier()).orderId;

describe('products', () => {
  it('list by name, accents and case aside, with their quantity in the order (0 when not ordered)', async () => {
    const orderId = await newOrder();
    const [leche, aceite] = [
      await t.owner.api.products.create({ orderId, name: 'leche', unit: 'l' }),
      await t.owner.api.products.create({ orderId, name: 'Aceite', unit: 'l' }),
    ];
    await t.owner.api.products.create({ orderId, name: 'Ñoras', unit: 'kg' });
    await t.owner.api.products.setQuantity({ productId: leche!.id, orderId, quantity: 2.5 });
    const list = await t.owner.api.products.list({ orderId });
    expect(list.map((p) => [p.name, p.quantity])).toEqual([
      ['Aceite', 0],
      ['leche', 2.5],
      ['Ñoras', 0],
    ]);
    expect((await t.owner.api.products.list({ orderId, q: 'ACEITE' })).map((p) => p.id)).toEqual([aceite!.id]);
    expect((await t.owner.api.products.list({ orderId, q: 'noras' })).map((p) => p.name)).toEqual(['Ñoras']);
  });

  it('page with limit and offset', async () => {
    const orderId = await newOrder();
    for (const name of ['a', 'b', 'c', 'd']) await t.owner.api.products.create({ orderId, name, unit: 'ud' });
    expect((await t.owner.api.products.list({ orderId, limit: 2, offset: 1 })).map((p) => p.name)).toEqual(['b', 'c']);
  });

  it('stop at the per-supplier limit, even for additions at the same moment', async () => {
    const orderId = await newOrder();
    const businessId = await businessIdOf(t.domain.deps.db, t.owner.user.id);
    await sql`INSERT INTO products (business_id, order_id, name, unit, search_text, sort_key)
      SELECT ${businessId}, ${orderId}, 'P' || n, 'ud', 'p' || n, 'p' || n FROM generate_series(1, ${LIMITS.productsPerSupplier - 1}) AS n`.execute(
      t.domain.deps.db,
    );
    const results = await Promise.allSettled(['x', 'y', 'z'].map((name) => t.owner.api.products.create({ orderId, name, unit: 'ud' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([
      PRODUCT_LIMIT_MESSAGE,
      PRODUCT_LIMIT_MESSAGE,
    ]);
  });

  it("are the owner's alone: another owner's order or product is not found", async () => {
    const orderId = await newOrder();
    const product = await t.owner.api.products.create({ orderId, name: 'Sal', unit: 'kg' });
    const { api: stranger } = await t.domain.owner();
    await expect(stranger.products.create({ orderId, name: 'Intruder', unit: 'ud' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.products.list({ orderId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.products.update({ id: product.id, name: 'Mine now', unit: 'ud' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.products.delete({ id: product.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.owner.api.products.byId({ id: product.id })).toMatchObject({ name: 'Sal', unit: 'kg' });
  });

  it('take their quantity with them when deleted', async () => {
    const { id: supplierId, orderId } = await newSupplier();
    const product = await t.owner.api.products.create({ orderId, name: 'Harina', unit: 'kg' });
    await t.owner.api.products.setQuantity({ productId: product.id, orderId, quantity: 5 });
    expect((await t.owner.api.orders.bySupplier({ supplierId })).text).toBe('5 x kg: Harina');
    await t.owner.api.products.delete({ id: product.id });
    expect((await t.owner.api.orders.bySupplier({ supplierId })).text).toBe('');
    const left = await sql<{ n: number }>`SELECT count(*) AS n FROM order_quantities WHERE product_id = ${product.id}`.execute(
      t.domain.deps.db,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
