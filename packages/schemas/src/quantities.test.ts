import { describe, expect, it } from 'vitest';
import { steppedQuantity } from './quantities.ts';

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
