import { LIMITS } from './limits.ts';

/**
 * The arithmetic of an order's quantities that the server and the order
 * screen both do: one definition, so the screen shows a change (online or
 * offline) exactly as the server will make it. No zod, so the order screen
 * does not download it.
 */

/** A quantity kept to the allowed decimals, without floating point noise (0.1 + 0.2 is 0.3). */
const toDecimals = (quantity: number) => {
  const scale = 10 ** LIMITS.quantityDecimals;
  return Math.round(quantity * scale) / scale;
};

/**
 * A quantity changed by `by`, within 0 and the maximum: a + or − tap, and
 * re-order's "add" (the sent quantity added to the current one,
 * docs/decisions.md §6.4).
 */
export function steppedQuantity(quantity: number, by: number): number {
  return Math.min(LIMITS.quantityMax, Math.max(0, toDecimals(quantity + by)));
}

/**
 * "Fill to par" for one product (docs/decisions.md §6.1): par − the count, 0
 * when the count is above par; undefined, for a product left alone, when it
 * has no par or no count. The server does the same in SQL
 * (packages/api/src/orders/quantities.repository.ts, `fillQuantities`), and
 * quantities.test.ts beside it checks that the two agree.
 */
export function filledToPar(par: number | null, onHand: number | null): number | undefined {
  if (par === null || onHand === null) return undefined;
  return Math.max(0, toDecimals(par - onHand));
}
