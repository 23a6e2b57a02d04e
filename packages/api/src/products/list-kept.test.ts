import { businessIdOf, startDomain, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetKeptPages, listProductPage, pruneProductListChanges } from './list-kept.ts';

/**
 * A kept page of the product list is given again only while nothing it
 * shows changed (list-kept.ts, docs/decisions.md §9.8): every write below is
 * made by SQL on the database, as another process or an operator would make
 * it, so nothing in this process could have told the kept pages.
 */
const t = useDomain();
let businessId: number;
let orderId: number;
const page = (q?: string) => listProductPage(t.domain.deps.db, businessId, { q, limit: 1000, offset: 0 });
const run = (query: ReturnType<typeof sql>) => query.execute(t.domain.deps.db);

beforeAll(async () => {
  const supplier = await t.owner.api.suppliers.create({
    name: 'Granel',
    contactName: '',
    messageService: 'other',
    contactInfo: '',
    note: '',
  });
  orderId = supplier.orderId;
  businessId = await businessIdOf(t.domain.deps.db, t.owner.user.id);
  for (const name of ['Harina', 'Huevos', 'Leche']) await t.owner.api.products.create({ orderId, name, unit: 'ud' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a kept page of the product list', () => {
  it('is the same page again while nothing changed, and frozen', async () => {
    forgetKeptPages();
    const first = await page('e');
    expect(first.map((p) => p.name)).toEqual(['Huevos', 'Leche']);
    expect(await page('e')).toBe(first);
    expect(Object.isFrozen(first) && first.every((p) => Object.isFrozen(p))).toBe(true);
    expect(() => {
      (first[0] as { name: string }).name = 'Changed';
    }).toThrow(TypeError);
    // Another page (another word, limit or offset) is kept on its own.
    const all = await page();
    expect(all).not.toBe(first);
    expect(await page()).toBe(all);
  });

  it('is read again after any write to the products or quantities of the business, whoever made it', async () => {
    const before = await page();
    await run(sql`INSERT INTO order_quantities (order_id, product_id, business_id, quantity)
      SELECT order_id, id, business_id, 2.5 FROM products WHERE business_id = ${businessId} AND name = 'Leche'`);
    const quantity = await page();
    expect(quantity).not.toBe(before);
    expect(quantity.find((p) => p.name === 'Leche')?.quantity).toBe(2.5);

    await run(sql`UPDATE order_quantities SET quantity = 4 WHERE business_id = ${businessId}`);
    expect((await page()).find((p) => p.name === 'Leche')?.quantity).toBe(4);
    await run(sql`DELETE FROM order_quantities WHERE business_id = ${businessId}`);
    expect((await page()).find((p) => p.name === 'Leche')?.quantity).toBe(0);

    await run(
      sql`UPDATE products SET name = 'Leche entera', search_text = 'leche entera', sort_key = 'leche entera' WHERE business_id = ${businessId} AND name = 'Leche'`,
    );
    expect((await page()).map((p) => p.name)).toEqual(['Harina', 'Huevos', 'Leche entera']);
    await run(sql`INSERT INTO products (business_id, order_id, name, unit, search_text, sort_key, note)
      VALUES (${businessId}, ${orderId}, 'Azúcar', 'kg', 'azucar', 'azucar', '')`);
    expect((await page()).map((p) => p.name)).toEqual(['Azúcar', 'Harina', 'Huevos', 'Leche entera']);
    await run(sql`DELETE FROM products WHERE business_id = ${businessId} AND name = 'Azúcar'`);
    const last = await page();
    expect(last.map((p) => p.name)).toEqual(['Harina', 'Huevos', 'Leche entera']);
    expect(await page()).toBe(last);
  });

  it('keeps its page through another business’s writes', async () => {
    const other = await t.domain.owner();
    const theirs = await other.api.suppliers.create({ name: 'Otro', contactName: '', messageService: 'other', contactInfo: '', note: '' });
    const kept = await page();
    await other.api.products.create({ orderId: theirs.orderId, name: 'Harina ajena', unit: 'ud' });
    expect(await page()).toBe(kept);
  });

  it('shows who counted under their new name once they change it', async () => {
    const [harina] = await t.owner.api.products.list({ q: 'harina' });
    await t.owner.api.products.setStock({ productId: harina!.id, orderId, onHand: 3 });
    expect((await page('harina'))[0]?.countedBy?.fullName).toBe(t.owner.user.fullName);
    await run(sql`UPDATE users SET full_name = 'Ana Renamed' WHERE id = ${t.owner.user.id}`);
    expect((await page('harina'))[0]?.countedBy?.fullName).toBe('Ana Renamed');
    // A write that leaves the name as it was moves nothing.
    const kept = await page('harina');
    await run(sql`UPDATE users SET full_name = 'Ana Renamed' WHERE id = ${t.owner.user.id}`);
    expect(await page('harina')).toBe(kept);
  });

  it('stops showing a flagged price change when its 30 days are up', async () => {
    await run(sql`UPDATE products SET price = 2, price_change_from = 1, price_change_to = 2,
      price_change_at = now() - interval '30 days' + interval '1 hour' WHERE business_id = ${businessId} AND name = 'Huevos'`);
    const flagged = await page('huevos');
    expect(flagged[0]?.priceChange?.to).toBe(2);
    expect(await page('huevos')).toBe(flagged);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 3600 * 1000);
    expect((await page('huevos'))[0]?.priceChange).toBeNull();
  });

  it('is read again when pruning deleted a change made after it was read', async () => {
    const kept = await page();
    await run(sql`UPDATE products SET unit = 'caja' WHERE business_id = ${businessId} AND name = 'Huevos'`);
    expect(await pruneProductListChanges(t.domain.deps.db)).toBeGreaterThan(0);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM product_list_changes`.execute(t.domain.deps.db)).rows[0]?.n)).toBe(0);
    const again = await page();
    expect(again).not.toBe(kept);
    expect(again.find((p) => p.name === 'Huevos')?.unit).toBe('caja');
    // A page read after every change pruning deleted holds: pruning again (nothing to delete) keeps it too.
    expect(await page()).toBe(again);
    expect(await pruneProductListChanges(t.domain.deps.db)).toBe(0);
    expect(await page()).toBe(again);
  });

  it('is never given inside a transaction, which sees its own writes', async () => {
    const kept = await page();
    await t.domain.deps.db
      .transaction()
      .execute(async (tx) => {
        await sql`UPDATE products SET name = 'Harina integral' WHERE business_id = ${businessId} AND name = 'Harina'`.execute(tx);
        const inside = await listProductPage(tx, businessId, { limit: 1000, offset: 0 });
        expect(inside.map((p) => p.name)).toContain('Harina integral');
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(await page()).toBe(kept);
  });

  it('is never another database’s page of a business with the same id', async () => {
    const mine = await page();
    const second = await startDomain();
    try {
      const owner = await second.owner();
      const theirs = await businessIdOf(second.deps.db, owner.user.id);
      expect(theirs).toBe(businessId);
      const answer = await listProductPage(second.deps.db, theirs, { limit: 1000, offset: 0 });
      expect(answer).toEqual([]);
      expect(await page()).not.toBe(mine);
    } finally {
      await second.close();
    }
  });
});
