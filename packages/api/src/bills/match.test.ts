import type { StoredBillLine } from '@reorder/db';
import { describe, expect, it } from 'vitest';
import { matchBill, matchStatus, priceDiffers, type SentSource } from './match.ts';
import { billTotals, taxCents } from './totals.ts';

/**
 * The match and the totals of docs/decisions.md §9.6, as pure functions:
 * every flag, at and around the 1 % tolerance; quantities exactly; totals
 * per rate to the cent, rounded half up once per line and once per rate.
 */

/** A sent order of 10 kg of lemons (id 1) at 2.00 and 4 bags of onions (id 2) at 5.00, with a closed receipt when `received` is given. */
function source(received?: Record<number, number>, confirmation: SentSource['confirmation'] = null): SentSource {
  return {
    sentOrderId: 31,
    lines: [
      { productId: 1, name: 'Lemons', unit: 'Kg', quantity: 10, price: 2 },
      { productId: 2, name: 'Onions', unit: 'Bag', quantity: 4, price: 5 },
    ],
    confirmation,
    receipt: received
      ? Object.entries(received).map(([id, quantity]) => ({
          productId: Number(id),
          name: id === '1' ? 'Lemons' : id === '2' ? 'Onions' : 'Extra',
          received: quantity,
          expectedPrice: id === '1' ? 2 : id === '2' ? 5 : 1,
          chargedPrice: null,
        }))
      : null,
  };
}
const line = (productId: number | null, quantity: number, unitPrice: number, taxRate = 10): StoredBillLine => ({
  productId,
  description: productId === null ? 'Transport' : `Product ${productId}`,
  quantity,
  unitPrice,
  taxRate,
});
const flags = (lines: StoredBillLine[], sources: SentSource[]) => matchBill(lines, sources).lines.map((l) => [l.productId, l.flag]);

describe('the price tolerance', () => {
  it('matches within 1 % of the expected price, either way, and flags beyond', () => {
    expect(priceDiffers(2.02, 2)).toBe(false);
    expect(priceDiffers(1.98, 2)).toBe(false);
    expect(priceDiffers(2.0201, 2)).toBe(true);
    expect(priceDiffers(1.9799, 2)).toBe(true);
    expect(priceDiffers(3.232, 3.2)).toBe(false);
    expect(priceDiffers(3.2321, 3.2)).toBe(true);
    expect(priceDiffers(3.168, 3.2)).toBe(false);
    expect(priceDiffers(3.1679, 3.2)).toBe(true);
    // 0.1 + 0.2 is not 0.3 in binary: the comparison is in ten-thousandths, not floats.
    expect(priceDiffers(0.30300000000000005, 0.3)).toBe(false);
    expect(priceDiffers(0, 0)).toBe(false);
    expect(priceDiffers(0.0001, 0)).toBe(true);
  });

  it('flags a bill line at 1 % over as matched, and one ten-thousandth more as "price"', () => {
    const sources = [source({ 1: 10, 2: 4 })];
    expect(flags([line(1, 10, 2.02), line(2, 4, 4.95)], sources)).toEqual([
      [1, null],
      [2, null],
    ]);
    expect(flags([line(1, 10, 2.0201), line(2, 4, 4.9499)], sources)).toEqual([
      [1, 'price'],
      [2, 'price'],
    ]);
  });
});

describe('the flags', () => {
  it('match quantities exactly against what arrived', () => {
    const sources = [source({ 1: 9.5, 2: 4 })];
    expect(flags([line(1, 9.5, 2), line(2, 4, 5)], sources)).toEqual([
      [1, null],
      [2, null],
    ]);
    expect(flags([line(1, 9.501, 2), line(2, 3.999, 5)], sources)).toEqual([
      [1, 'quantity'],
      [2, 'quantity'],
    ]);
    // Billed what was ordered, not what arrived.
    expect(flags([line(1, 10, 2), line(2, 4, 5)], sources)).toEqual([
      [1, 'quantity'],
      [2, null],
    ]);
  });

  it('say "not_received" for a product billed that never came, and "not_ordered" for one no order had', () => {
    const sources = [source({ 1: 0, 2: 4, 9: 2 })];
    expect(flags([line(1, 10, 2), line(2, 4, 5), line(7, 1, 1), line(9, 2, 1), line(null, 1, 12)], sources)).toEqual([
      [1, 'not_received'],
      [2, null],
      [7, 'not_ordered'],
      // An extra line of the delivery was not ordered either.
      [9, 'not_ordered'],
      [null, 'not_ordered'],
    ]);
  });

  it("count the supplier's confirmation while nothing is received, and list what arrived but is not billed", () => {
    const confirmed = source(undefined, {
      status: 'partial',
      respondedAt: '2026-11-27T10:00:00.000Z',
      note: '',
      deliveryDate: null,
      unavailable: [2],
      lines: [{ productId: 1, quantity: 8, price: 2.1, substitute: '', priceBefore: 2, rise: true }],
    });
    const match = matchBill([line(1, 8, 2.1), line(2, 4, 5)], [confirmed]);
    expect(match.lines).toEqual([
      { productId: 1, ordered: 10, received: null, billed: 8, expectedPrice: 2.1, billedPrice: 2.1, flag: null },
      { productId: 2, ordered: 4, received: null, billed: 4, expectedPrice: 5, billedPrice: 5, flag: 'not_received' },
    ]);
    const unbilled = matchBill([line(1, 10, 2)], [source({ 1: 10, 2: 4 })]);
    expect(unbilled.lines[1]).toEqual({
      productId: 2,
      ordered: 4,
      received: 4,
      billed: 0,
      expectedPrice: 5,
      billedPrice: null,
      flag: 'quantity',
    });
    expect(unbilled.difference).toBe(-20);
    expect(matchStatus(unbilled)).toBe('mismatch');
  });

  it('sum several orders of the bill, and give the status', () => {
    const two = [source({ 1: 10, 2: 4 }), { ...source({ 1: 5 }), sentOrderId: 32 }];
    const match = matchBill([line(1, 15, 2), line(2, 4, 5)], two);
    expect(match.lines.map((l) => [l.ordered, l.received, l.flag])).toEqual([
      [20, 15, null],
      [8, 4, null],
    ]);
    expect(match.difference).toBe(0);
    expect(matchStatus(match)).toBe('matched');
    expect(matchStatus(null)).toBe('draft');
  });
});

describe('the totals', () => {
  it("round each line half up to the cent, and each rate's tax half up once", () => {
    // 0.333 × 1.5 = 0.4995 → 0.50; 3 × 0.335 = 1.005 → 1.01 (not 1.00, as floats would have it).
    expect(billTotals([line(1, 0.333, 1.5, 21), line(2, 3, 0.335, 21)])).toEqual({
      base: 1.51,
      tax: 0.32,
      total: 1.83,
      byRate: [{ rate: 21, base: 1.51, tax: 0.32 }],
    });
    expect(taxCents(50n, 21)).toBe(11n); // 0.105 → 0.11
    expect(taxCents(50n, 10)).toBe(5n);
    expect(taxCents(1n, 4)).toBe(0n);
    expect(taxCents(13n, 4)).toBe(1n); // 0.0052 → 0.01
  });

  it('give each rate, lowest first, and add up exactly over many lines', () => {
    const lines = [...Array.from({ length: 1000 }, (_, i) => line(i + 1, 1, 0.1, i % 2 ? 10 : 4)), line(null, 1, 0.01, 5.5)];
    expect(billTotals(lines)).toEqual({
      base: 100.01,
      tax: 7.0,
      total: 107.01,
      byRate: [
        { rate: 4, base: 50, tax: 2 },
        { rate: 5.5, base: 0.01, tax: 0 },
        { rate: 10, base: 50, tax: 5 },
      ],
    });
    expect(billTotals([])).toEqual({ base: 0, tax: 0, total: 0, byRate: [] });
  });
});
