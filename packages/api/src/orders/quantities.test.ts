import { filledToPar } from '@reorder/schemas';
import { useDomain } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * "Fill to par" is written twice on purpose (docs/decisions.md §6.1): in SQL,
 * one statement over the whole order (`fillQuantities`), and in TypeScript
 * (`filledToPar` in @reorder/schemas), which the order screen applies before
 * the server answers, offline too. The two must agree on every case, or the
 * screen shows one quantity and the server keeps another.
 */
const t = useDomain();

/** [par, count, quantity before the fill, quantity after it, the product's step] */
const CASES: [par: number | null, onHand: number | null, before: number, after: number, step?: number][] = [
  [6, 2.5, 0, 3.5],
  [6, 2.5, 9, 3.5],
  // A count above par, and at par: 0, whatever the quantity was.
  [3, 5, 4, 0],
  [3, 3, 2, 0],
  [0, 0, 5, 0],
  // No par, no count, or neither: left alone.
  [null, 2, 1, 1],
  [4, null, 1.5, 1.5],
  [null, null, 0, 0],
  [null, 0, 99_999, 99_999],
  // Decimals, without floating point noise (0.3 − 0.1 is 0.19999999999999998 in JavaScript).
  [0.3, 0.1, 0, 0.2],
  [2.125, 0.001, 0, 2.124],
  [1.5, 0.75, 0.5, 0.75],
  [0.001, 0, 0, 0.001],
  // The ends of the range.
  [99_999, 0, 7, 99_999],
  [10, 0, 99_999, 10],
  [99_999, 99_998.999, 0, 0.001],
  // Rounded up to the step the supplier sells by (docs/decisions.md §8.4): no "3.5 x bolsa".
  [6, 2.5, 0, 6, 6],
  [12, 1, 0, 12, 6],
  [7, 1, 6, 6, 6],
  [3, 5, 6, 0, 6],
  [2.5, 0, 0, 2.5, 0.5],
  [1, 0.3, 0, 0.75, 0.25],
  [0.3, 0.1, 0, 0.3, 0.3],
  [null, 2, 6, 6, 6],
  // Never past the largest multiple of the step a quantity may be.
  [99_999, 0, 0, 99_990, 10],
];

describe('"Fill to par": the SQL and filledToPar agree', () => {
  it.each(CASES)('par %j, count %j, quantity %j: filledToPar gives %j (step %j)', (par, onHand, before, after, step) => {
    expect(filledToPar(par, onHand, step ?? null) ?? before).toBe(after);
  });

  it('the server fills every case of the table as filledToPar does, in one call, and counts them alike', async () => {
    const api = t.owner.api;
    const supplier = await api.suppliers.create({
      name: 'Stock',
      contactName: 'Eva',
      messageService: 'email',
      contactInfo: 'stock@example.com',
      note: '',
    });
    const orderId = supplier.orderId;
    const products = [];
    for (const [n, [par, onHand, before, , step]] of CASES.entries()) {
      const product = await api.products.create({ orderId, name: `Case ${n}`, unit: 'u', par, step: step ?? null });
      if (onHand !== null) await api.products.setStock({ productId: product.id, orderId, onHand });
      await api.products.setQuantity({ productId: product.id, orderId, quantity: before });
      products.push(product.id);
    }

    const result = await api.orders.fill({ id: orderId });

    const quantityOf = new Map(result.order.products.map((p) => [p.productId, p.quantity]));
    const server = products.map((id) => quantityOf.get(id));
    expect(server).toEqual(CASES.map(([par, onHand, before, , step]) => filledToPar(par, onHand, step ?? null) ?? before));
    expect(server).toEqual(CASES.map(([, , , after]) => after));
    const filled = CASES.filter(([par, onHand]) => filledToPar(par, onHand) !== undefined).length;
    expect({ filled: result.filled, skipped: result.skipped }).toEqual({ filled, skipped: CASES.length - filled });
  });
});
