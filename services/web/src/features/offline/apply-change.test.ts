import type { TOrder } from '@reorder/schemas';
import { describe, expect, it } from 'vitest';
import { filledCounts } from '../orders/order-drafts.ts';
import { withChange, withFilledToPar } from './apply-change.ts';

const stock = { par: null, onHand: null, countedAt: null, usual: null };
const order: TOrder = {
  id: 1,
  supplierId: 2,
  introduce: 'Hola',
  products: [
    { productId: 10, name: 'Leche', unit: 'l', quantity: 0, ...stock, par: 6, onHand: 2.5 },
    { productId: 11, name: 'Pan', unit: 'ud', quantity: 4, ...stock, par: 3, onHand: 5 },
    { productId: 12, name: 'Sal', unit: 'kg', quantity: 1, ...stock },
  ],
  text: 'Hola\n4 x ud: Pan\n1 x kg: Sal',
  confirmUrl: null,
};
const at = new Date('2026-11-25T10:00:00.000Z');

describe('a change kept offline, shown on the order as the server will make it', () => {
  it('sets a quantity and writes the text again', () => {
    const changed = withChange(order, { kind: 'quantity', supplierId: 2, orderId: 1, productId: 10, name: 'Leche', quantity: 2 }, at);
    expect(changed.products[0]?.quantity).toBe(2);
    expect(changed.text).toBe('Hola\n2 x l: Leche\n4 x ud: Pan\n1 x kg: Sal');
  });

  it('sets the message above the lines', () => {
    const changed = withChange(order, { kind: 'message', supplierId: 2, orderId: 1, introduce: 'Buenos días' }, at);
    expect([changed.introduce, changed.text]).toEqual(['Buenos días', 'Buenos días\n4 x ud: Pan\n1 x kg: Sal']);
  });

  it('keeps a count with the time it was made, and forgets one with null', () => {
    const counted = withChange(order, { kind: 'stock', supplierId: 2, orderId: 1, productId: 12, name: 'Sal', onHand: 0.5 }, at);
    expect(counted.products[2]).toMatchObject({ onHand: 0.5, countedAt: at.toISOString() });
    expect(counted.text).toBe(order.text);
    const forgotten = withChange(counted, { kind: 'stock', supplierId: 2, orderId: 1, productId: 12, name: 'Sal', onHand: null }, at);
    expect(forgotten.products[2]).toMatchObject({ onHand: null, countedAt: null });
  });

  it('fills to par: par − count, 0 above par, and leaves products without a par or a count alone', () => {
    const filled = withFilledToPar(order);
    expect(filled.products.map((p) => p.quantity)).toEqual([3.5, 0, 1]);
    expect(filled.text).toBe('Hola\n3.5 x l: Leche\n1 x kg: Sal');
    expect(filledCounts(order)).toEqual({ filled: 2, skipped: 1 });
    expect(withChange(order, { kind: 'fill', supplierId: 2, orderId: 1 }, at)).toEqual(filled);
  });

  it('leaves the order alone for a send, and for a change of another order', () => {
    const send = { kind: 'send', supplierId: 2, orderId: 1, channel: 'whatsapp', text: order.text, sentAt: at.toISOString() } as const;
    expect(withChange(order, send, at)).toBe(order);
    expect(withChange(order, { kind: 'message', supplierId: 9, orderId: 9, introduce: 'x' }, at)).toBe(order);
  });
});
