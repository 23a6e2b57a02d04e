import { describe, expect, it } from 'vitest';
import { zQuantity } from './fields.ts';
import {
  lineTotal,
  nearestQuantities,
  orderTotals,
  quantityIssue,
  readTypedQuantity,
  steppedQuantity,
  stepQuantity,
} from './quantities.ts';

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

describe('quantityIssue: what the server refuses, asked on the device first (docs/decisions.md §9.1)', () => {
  it.each([
    [12, 6, undefined],
    [0, 6, undefined],
    [7, 6, { kind: 'offStep', step: 6 }],
    [1.5, 0.5, undefined],
    [0.7, 0.5, { kind: 'offStep', step: 0.5 }],
    [0.3, 0.1, undefined],
    [-6, 6, { kind: 'negative' }],
    [-0.001, null, { kind: 'negative' }],
    [100_000, null, { kind: 'tooLarge', max: 99_999 }],
    [100_002, 6, { kind: 'tooLarge', max: 99_999 }],
    [Number.POSITIVE_INFINITY, null, { kind: 'tooLarge', max: 99_999 }],
    [1e21, 6, { kind: 'tooLarge', max: 99_999 }],
    [1.2345, null, { kind: 'decimals', decimals: 3 }],
    [1.2345, 0.5, { kind: 'decimals', decimals: 3 }],
    [99_999, null, undefined],
    [99_996, 6, undefined],
  ] as const)('%j with step %j: %j', (quantity, step, expected) => {
    expect(quantityIssue(quantity, step)).toEqual(expected);
  });

  it('without a step, agrees with zQuantity, the server’s schema, number by number', () => {
    const numbers = [-1, -0.001, 0, 0.001, 0.0005, 1.2345, 2.5, 12.1 + 0.2, 99_999, 99_999.001, 100_000, 1e21, Number.NaN];
    for (const n of numbers) expect(quantityIssue(n, null) === undefined, String(n)).toBe(zQuantity.safeParse(n).success);
  });
});

describe('nearestQuantities: the one-tap choices for a refused quantity', () => {
  it.each([
    // Eggs by 6: the multiples just below and above.
    [7, 6, [6, 12]],
    [11, 6, [6, 12]],
    [13.5, 6, [12, 18]],
    // Below one step: the step only (0 would take the product out of the order).
    [1, 6, [6]],
    [0.2, 0.5, [0.5]],
    // Decimal steps, without binary noise.
    [0.7, 0.5, [0.5, 1]],
    [1.2, 0.25, [1, 1.25]],
    [0.35, 0.1, [0.3, 0.4]],
    // Too many decimals: the thousandths around it, or the step's multiples.
    [1.2345, null, [1.234, 1.235]],
    [1.2345, 0.5, [1, 1.5]],
    // Negative: 0.
    [-6, 6, [0]],
    [-0.5, null, [0]],
    // Past the maximum, however far: the largest allowed multiple.
    [100_000, null, [99_999]],
    [100_000, 6, [99_996]],
    [99_998, 6, [99_996]],
    [1e21, 6, [99_996]],
    [Number.POSITIVE_INFINITY, 0.5, [99_999]],
    // Between the last multiple and the maximum: only the one below.
    [99_997, 6, [99_996]],
  ] as const)('%j with step %j offers %j', (quantity, step, expected) => {
    expect(nearestQuantities(quantity, step)).toEqual(expected);
  });

  it('offers only quantities the rule accepts', () => {
    for (const step of [null, 6, 0.5, 0.125, 7, 0.001]) {
      for (const quantity of [0.0001, 0.3, 1, 5.5, 7, 13.37, 1234.5678, 99_998.5, 150_000, -3]) {
        for (const choice of nearestQuantities(quantity, step)) {
          expect(quantityIssue(choice, step), `${quantity} by ${step}: ${choice}`).toBeUndefined();
        }
      }
    }
  });
});

describe('readTypedQuantity: a quantity field checked before its change is queued', () => {
  it('reads what the server takes', () => {
    expect(readTypedQuantity('12', 6)).toEqual({ quantity: 12 });
    expect(readTypedQuantity(' 1,5 ', 0.5)).toEqual({ quantity: 1.5 });
    expect(readTypedQuantity('', 6)).toEqual({ blank: true });
  });

  it('says what is wrong with the rest, and what is near', () => {
    expect(readTypedQuantity('7', 6)).toEqual({ issue: { kind: 'offStep', step: 6 }, choices: [6, 12] });
    expect(readTypedQuantity('-6', 6)).toEqual({ issue: { kind: 'negative' }, choices: [0] });
    expect(readTypedQuantity('−2,5', null)).toEqual({ issue: { kind: 'negative' }, choices: [0] });
    expect(readTypedQuantity('1,2345', null)).toEqual({ issue: { kind: 'decimals', decimals: 3 }, choices: [1.234, 1.235] });
    expect(readTypedQuantity('123456', null)).toEqual({ issue: { kind: 'tooLarge', max: 99_999 }, choices: [99_999] });
    expect(readTypedQuantity('9'.repeat(400), 6)).toEqual({ issue: { kind: 'tooLarge', max: 99_999 }, choices: [99_996] });
    expect(readTypedQuantity('abc', 6)).toEqual({ issue: { kind: 'notNumber', max: 99_999 }, choices: [] });
    expect(readTypedQuantity('1e3', null)).toEqual({ issue: { kind: 'notNumber', max: 99_999 }, choices: [] });
  });
});
