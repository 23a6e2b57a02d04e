import { describe, expect, it } from 'vitest';
import { lineTotal, orderTotals, steppedQuantity, stepQuantity } from './quantities.ts';

// filledToPar's table is in packages/api/src/orders/quantities.test.ts, where the SQL is checked against it.
describe('steppedQuantity', () => {
  it.each([
    [0, 1, 1],
    [0, -1, 0],
    [2.5, 1, 3.5],
    [0.1, 0.2, 0.3],
    [99999, 1, 99999],
    [99998, 2.5, 99999],
  ])('%d + %d is %d', (quantity, by, expected) => {
    expect(steppedQuantity(quantity, by)).toBe(expected);
  });
});

describe('stepQuantity: + and − by the step the supplier sells by', () => {
  it.each([
    [0, 1, 6, 6],
    [6, 1, 6, 12],
    [12, -1, 6, 6],
    [6, -1, 6, 0],
    [0, -1, 6, 0],
    // Off the step (typed, or from before the step): back onto it.
    [4, 1, 6, 6],
    [4, -1, 6, 0],
    [7, -1, 6, 6],
    [0.5, 1, 0.25, 0.75],
    [0.3, 1, 0.1, 0.4],
    // Never past the largest multiple a quantity may be.
    [99_990, 1, 10, 99_990],
    // Without a step: by 1.
    [2.5, 1, null, 3.5],
    [0.5, -1, null, 0],
  ] as const)('%j %j with step %j gives %j', (quantity, direction, step, expected) => {
    expect(stepQuantity(quantity, direction, step)).toBe(expected);
  });
});

describe('orderTotals and lineTotal', () => {
  it('add the priced lines in the order and count the unpriced ones, without floating point noise', () => {
    expect(
      orderTotals([
        { quantity: 3, price: 0.1 },
        { quantity: 2.5, price: 1.85 },
        { quantity: 1, price: null },
        { quantity: 0, price: 99 },
        { quantity: 0, price: null },
      ]),
    ).toEqual({ total: 4.925, unpricedLines: 1 });
    expect(orderTotals([])).toEqual({ total: 0, unpricedLines: 0 });
    expect(lineTotal(3, 0.1)).toBe(0.3);
    expect(lineTotal(2, null)).toBeNull();
  });
});
