import type { TOrder } from '@reorder/schemas';
import { NEW_LINE } from '@reorder/testing/fixtures';
import { describe, expect, it } from 'vitest';
import { applyChange, keyOfChange, type OrderChange, withFilledToPar, withPending } from './changes.ts';
import { filledCounts } from './order-drafts.ts';

const order: TOrder = {
  id: 1,
  supplierId: 2,
  introduce: 'Hola',
  products: [
    { productId: 10, name: 'Leche', unit: 'l', quantity: 0, ...NEW_LINE, par: 6, onHand: 2.5 },
    { productId: 11, name: 'Pan', unit: 'ud', quantity: 4, ...NEW_LINE, par: 3, onHand: 5 },
    { productId: 12, name: 'Sal', unit: 'kg', quantity: 1, ...NEW_LINE },
  ],
  text: 'Hola\n4 x ud: Pan\n1 x kg: Sal',
  total: 0,
  unpricedLines: 2,
  currency: 'EUR',
  showPrices: false,
  confirmUrl: null,
  ready: null,
};
const at = new Date('2026-11-25T10:00:00.000Z');

describe('a change shown on the order before the server answers, as the server will make it', () => {
  it('sets a quantity and writes the text again', () => {
    const changed = applyChange(order, { kind: 'quantity', supplierId: 2, orderId: 1, productId: 10, name: 'Leche', quantity: 2 }, at);
    expect(changed.products[0]?.quantity).toBe(2);
    expect(changed.text).toBe('Hola\n2 x l: Leche\n4 x ud: Pan\n1 x kg: Sal');
  });

  it('sets the message above the lines', () => {
    const changed = applyChange(order, { kind: 'message', supplierId: 2, orderId: 1, introduce: 'Buenos días' }, at);
    expect([changed.introduce, changed.text]).toEqual(['Buenos días', 'Buenos días\n4 x ud: Pan\n1 x kg: Sal']);
  });

  it('keeps a count with the time it was made and who made it, and forgets one with null', () => {
    const by = { userId: 7, fullName: 'Marta' };
    const counted = applyChange(order, { kind: 'stock', supplierId: 2, orderId: 1, productId: 12, name: 'Sal', onHand: 0.5, by }, at);
    expect(counted.products[2]).toMatchObject({ onHand: 0.5, countedAt: at.toISOString(), countedBy: by });
    expect(counted.text).toBe(order.text);
    const forgotten = applyChange(counted, { kind: 'stock', supplierId: 2, orderId: 1, productId: 12, name: 'Sal', onHand: null }, at);
    expect(forgotten.products[2]).toMatchObject({ onHand: null, countedAt: null, countedBy: null });
  });

  it('fills to par: par − count, 0 above par, and leaves products without a par or a count alone', () => {
    const filled = withFilledToPar(order);
    expect(filled.products.map((p) => p.quantity)).toEqual([3.5, 0, 1]);
    expect(filled.text).toBe('Hola\n3.5 x l: Leche\n1 x kg: Sal');
    expect(filledCounts(order)).toEqual({ filled: 2, skipped: 1 });
    expect(applyChange(order, { kind: 'fill', supplierId: 2, orderId: 1 }, at)).toEqual(filled);
  });

  it('leaves the order alone for a send, and for a change of another order', () => {
    const send: OrderChange = {
      kind: 'send',
      supplierId: 2,
      orderId: 1,
      channel: 'whatsapp',
      text: order.text,
      sentAt: at.toISOString(),
      introduce: 'Hola',
      lines: [],
    };
    expect(applyChange(order, send, at)).toBe(order);
    expect(applyChange(order, { kind: 'message', supplierId: 9, orderId: 9, introduce: 'x' }, at)).toBe(order);
  });

  it('ends "Ready to send" when a quantity or the message changes, or the order is sent, as the server does (§9.3)', () => {
    const ready = { ...order, ready: { by: { userId: 7, fullName: 'Javi' }, at: at.toISOString() } };
    const target = { supplierId: 2, orderId: 1 };
    expect(applyChange(ready, { kind: 'quantity', ...target, productId: 11, name: 'Pan', quantity: 4 }, at).ready).toEqual(ready.ready);
    expect(applyChange(ready, { kind: 'par', ...target, productId: 12, name: 'Sal', par: 2 }, at).ready).toEqual(ready.ready);
    expect(applyChange(ready, { kind: 'message', ...target, introduce: 'Hola' }, at).ready).toEqual(ready.ready);
    expect(applyChange(ready, { kind: 'quantity', ...target, productId: 11, name: 'Pan', quantity: 5 }, at).ready).toBeNull();
    expect(applyChange(ready, { kind: 'message', ...target, introduce: 'Buenos días' }, at).ready).toBeNull();
    expect(applyChange(ready, { kind: 'clear', ...target }, at).ready).toBeNull();
    const send: OrderChange = {
      kind: 'send',
      ...target,
      channel: 'whatsapp',
      text: order.text,
      sentAt: at.toISOString(),
      introduce: 'Hola',
      lines: [],
    };
    expect(applyChange(ready, send, at).ready).toBeNull();
  });

  it('sets a par alone, and clears every quantity while keeping the message', () => {
    const par = applyChange(order, { kind: 'par', supplierId: 2, orderId: 1, productId: 12, name: 'Sal', par: 2 }, at);
    expect(par.products[2]).toMatchObject({ par: 2, quantity: 1 });
    const cleared = applyChange(order, { kind: 'clear', supplierId: 2, orderId: 1 }, at);
    expect(cleared.products.map((p) => p.quantity)).toEqual([0, 0, 0]);
    expect(cleared.text).toBe('Hola');
  });

  it('re-orders: replace takes the sent lines and message; add sums (at most 99999) and keeps a non-empty message', () => {
    const sent = {
      supplierId: 2,
      orderId: 1,
      sentOrderId: 7,
      introduce: 'Para el martes',
      lines: [
        { productId: 10, quantity: 1 },
        { productId: 11, quantity: 99_998 },
      ],
    };
    const replaced = applyChange(order, { kind: 'reorder', mode: 'replace', ...sent }, at);
    expect(replaced.products.map((p) => p.quantity)).toEqual([1, 99_998, 0]);
    expect(replaced.introduce).toBe('Para el martes');
    const added = applyChange(order, { kind: 'reorder', mode: 'add', ...sent }, at);
    expect(added.products.map((p) => p.quantity)).toEqual([1, 99_999, 1]);
    expect(added.introduce).toBe('Hola');
    const onEmpty = applyChange({ ...order, introduce: ' ' }, { kind: 'reorder', mode: 'add', ...sent }, at);
    expect(onEmpty.introduce).toBe('Para el martes');
  });

  it('restores a whole order: these quantities, every other one 0, and its message', () => {
    const restored = applyChange(
      order,
      { kind: 'restore', supplierId: 2, orderId: 1, introduce: '', lines: [{ productId: 12, quantity: 3 }] },
      at,
    );
    expect(restored.products.map((p) => p.quantity)).toEqual([0, 0, 3]);
    expect(restored.text).toBe('3 x kg: Sal');
  });

  it('shows the server’s order with every change on its way applied in the order made', () => {
    const pending = [
      { change: { kind: 'clear', supplierId: 2, orderId: 1 } as OrderChange, madeAt: at.getTime() },
      {
        change: { kind: 'quantity', supplierId: 2, orderId: 1, productId: 10, name: 'Leche', quantity: 2 } as OrderChange,
        madeAt: at.getTime(),
      },
      {
        change: { kind: 'quantity', supplierId: 9, orderId: 9, productId: 10, name: 'Leche', quantity: 7 } as OrderChange,
        madeAt: at.getTime(),
      },
    ];
    expect(withPending(order, pending).text).toBe('Hola\n2 x l: Leche');
    expect(withPending(order, [])).toBe(order);
  });
});

describe('how repeated changes merge', () => {
  it('gives a key to changes of one thing, and none to those that read what came before', () => {
    const base = { supplierId: 2, orderId: 1 };
    expect(keyOfChange({ ...base, kind: 'quantity', productId: 10, name: 'Leche', quantity: 1 })).toBe('quantity:10');
    expect(keyOfChange({ ...base, kind: 'stock', productId: 10, name: 'Leche', onHand: 1 })).toBe('stock:10');
    expect(keyOfChange({ ...base, kind: 'par', productId: 10, name: 'Leche', par: 1 })).toBe('par:10');
    expect(keyOfChange({ ...base, kind: 'message', introduce: 'x' })).toBe('message:1');
    for (const change of [
      { ...base, kind: 'fill' },
      { ...base, kind: 'clear' },
      { ...base, kind: 'restore', introduce: '', lines: [] },
      { ...base, kind: 'reorder', sentOrderId: 3, mode: 'add', introduce: '', lines: [] },
    ] as OrderChange[]) {
      expect(keyOfChange(change), change.kind).toBeUndefined();
    }
  });
});
