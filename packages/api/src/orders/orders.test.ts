import { confirmationLine } from '@reorder/schemas';
import { useDomain } from '@reorder/testing';
import { describe, expect, it } from 'vitest';
import { NOTHING_TO_SEND, ORDER_CHANGED_MESSAGE } from './orders.service.ts';

/** The rules of the current order, sending and re-ordering (docs/decisions.md §3), through the procedures in-process. */
const t = useDomain();

/** A supplier with bread and milk in its catalogue. */
async function bakery() {
  const supplier = await t.owner.api.suppliers.create({
    name: 'Horno',
    contactName: 'Luis',
    messageService: 'email',
    contactInfo: 'horno@example.com',
    note: '',
  });
  const bread = await t.owner.api.products.create({ orderId: supplier.orderId, name: 'Pan', unit: 'ud' });
  const milk = await t.owner.api.products.create({ orderId: supplier.orderId, name: 'Leche', unit: 'l' });
  const set = (productId: number, quantity: number) => t.owner.api.products.setQuantity({ productId, orderId: supplier.orderId, quantity });
  return { supplier, bread, milk, set };
}

describe('the current order', () => {
  it('has a text made of the message and the lines above 0, sorted by name', async () => {
    const { supplier, bread, milk, set } = await bakery();
    await set(bread.id, 12);
    await set(milk.id, 2.5);
    await t.owner.api.orders.update({ id: supplier.orderId, introduce: 'Hola Luis:' });
    await set(milk.id, 0);
    const order = await t.owner.api.orders.bySupplier({ supplierId: supplier.id });
    expect(order.text).toBe('Hola Luis:\n12 x ud: Pan');
    expect(order.products.map((p) => [p.name, p.quantity])).toEqual([
      ['Leche', 0],
      ['Pan', 12],
    ]);
  });

  it('sets a quantity only for a product of that order, and clears every line at once', async () => {
    const first = await bakery();
    const second = await bakery();
    await expect(
      t.owner.api.products.setQuantity({ productId: first.bread.id, orderId: second.supplier.orderId, quantity: 1 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await first.set(first.bread.id, 3);
    await first.set(first.milk.id, 1);
    expect(await t.owner.api.products.clear({ orderId: first.supplier.orderId })).toEqual({ orderId: first.supplier.orderId, cleared: 2 });
    expect((await t.owner.api.orders.bySupplier({ supplierId: first.supplier.id })).text).toBe('');
  });
});

describe('sending', () => {
  it('keeps the exact text, the message, the lines and the channel in the history, newest first', async () => {
    const { supplier, bread, set } = await bakery();
    await set(bread.id, 2);
    const first = await t.owner.api.orders.send({ id: supplier.orderId });
    await set(bread.id, 4);
    const second = await t.owner.api.orders.send({ id: supplier.orderId, channel: 'phone', text: '4 x ud: Pan' });
    // A written send ends with the supplier's confirmation link (docs/decisions.md §6.4); a phone call carries none.
    expect(first.confirmUrl).toMatch(/^http:\/\/app\.test\/confirm\/[A-Za-z0-9_-]{24}$/);
    expect(first).toMatchObject({
      channel: 'email',
      text: `2 x ud: Pan\n\n${confirmationLine('en', first.confirmUrl ?? '')}`,
      lines: [{ name: 'Pan', unit: 'ud', quantity: 2 }],
      confirmation: null,
    });
    expect(second).toMatchObject({ channel: 'phone', text: '4 x ud: Pan', confirmUrl: null });
    expect((await t.owner.api.orders.history({ id: supplier.orderId })).map((s) => s.id)).toEqual([second.id, first.id]);
  });

  it('refuses an empty order, and a text the order no longer makes, recording nothing', async () => {
    const { supplier, bread, set } = await bakery();
    await expect(t.owner.api.orders.send({ id: supplier.orderId })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NOTHING_TO_SEND,
    });
    await set(bread.id, 1);
    await expect(t.owner.api.orders.send({ id: supplier.orderId, text: '2 x ud: Pan' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: ORDER_CHANGED_MESSAGE,
    });
    expect(await t.owner.api.orders.history({ id: supplier.orderId })).toEqual([]);
  });
});

describe('re-ordering', () => {
  it('puts back the message and the quantities of a sent order, skipping products deleted since', async () => {
    const { supplier, bread, milk, set } = await bakery();
    await t.owner.api.orders.update({ id: supplier.orderId, introduce: 'Para el lunes' });
    await set(bread.id, 10);
    await set(milk.id, 3);
    const sent = await t.owner.api.orders.send({ id: supplier.orderId });
    await t.owner.api.products.clear({ orderId: supplier.orderId });
    await t.owner.api.orders.update({ id: supplier.orderId, introduce: '' });
    await t.owner.api.products.delete({ id: milk.id });
    const extra = await t.owner.api.products.create({ orderId: supplier.orderId, name: 'Bollos', unit: 'ud' });
    await set(extra.id, 6);

    const order = await t.owner.api.orders.reorder({ id: supplier.orderId, sentOrderId: sent.id });
    expect(order.introduce).toBe('Para el lunes');
    expect(order.text).toBe('Para el lunes\n10 x ud: Pan');
  });

  it("finds only the owner's sent orders", async () => {
    const { supplier, bread, set } = await bakery();
    await set(bread.id, 1);
    const sent = await t.owner.api.orders.send({ id: supplier.orderId });
    const { api: stranger } = await t.domain.owner();
    await expect(stranger.orders.reorder({ id: supplier.orderId, sentOrderId: sent.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.orders.sent({ id: supplier.orderId, sentOrderId: sent.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.orders.history({ id: supplier.orderId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
