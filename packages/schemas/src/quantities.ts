import { hasAllowedDecimals, isMultipleOfStep, LIMITS, readTypedNumber } from './limits.ts';
import { formatQuantity } from './order-text.ts';

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
 * A + or − tap on a product sold by `step` (docs/decisions.md §8.4): the
 * next multiple of the step above (`direction` 1) or below (−1) the
 * quantity, so a quantity off the step lands back on it; a tap of 1 without
 * a step.
 */
export function stepQuantity(quantity: number, direction: 1 | -1, step: number | null): number {
  if (step === null) return steppedQuantity(quantity, direction);
  const scale = 10 ** LIMITS.quantityDecimals;
  const stepUnits = Math.round(step * scale);
  const units = Math.round(quantity * scale);
  const next = direction === 1 ? (Math.floor(units / stepUnits) + 1) * stepUnits : (Math.ceil(units / stepUnits) - 1) * stepUnits;
  const largest = Math.floor((LIMITS.quantityMax * scale) / stepUnits) * stepUnits;
  return Math.min(largest, Math.max(0, next)) / scale;
}

/**
 * "Fill to par" for one product (docs/decisions.md §6.1, §8.4): par − the
 * count, 0 when the count is above par, rounded up to a whole number of the
 * product's `step` when it has one (never past the largest multiple of the
 * step a quantity may be); undefined, for a product left alone, when it has
 * no par or no count. The server does the same in SQL
 * (packages/api/src/orders/quantities.repository.ts, `fillQuantities`), and
 * quantities.test.ts beside it checks that the two agree.
 */
export function filledToPar(par: number | null, onHand: number | null, step: number | null = null): number | undefined {
  if (par === null || onHand === null) return undefined;
  const need = Math.max(0, toDecimals(par - onHand));
  if (step === null || need === 0) return need;
  const scale = 10 ** LIMITS.quantityDecimals;
  const stepUnits = Math.round(step * scale);
  const units = Math.ceil(Math.round(need * scale) / stepUnits) * stepUnits;
  const largest = Math.floor((LIMITS.quantityMax * scale) / stepUnits) * stepUnits;
  return Math.min(units, largest) / scale;
}

/** Why a quantity off the product's step is refused, wherever quantities are set (one row, or a bulk). */
export function offStepMessage(step: number): string {
  return `Quantity must be a multiple of ${formatQuantity(step)}`;
}

/**
 * Why a quantity cannot be a product's in an order (docs/decisions.md §8.4,
 * §9.1): below 0, above the maximum, more decimals than allowed, or off the
 * product's step. The server refuses exactly these (`zQuantity` for the first
 * three, the step in `setQuantity`'s SQL); the order screen asks this before
 * a change is queued, so a quantity the server would refuse never leaves the
 * device.
 */
export type TQuantityIssue =
  | { kind: 'negative' }
  | { kind: 'tooLarge'; max: number }
  | { kind: 'decimals'; decimals: number }
  | { kind: 'offStep'; step: number };

/** What is wrong with `quantity` for a product sold by `step` (null: any amount), or undefined when the server takes it. */
export function quantityIssue(quantity: number, step: number | null): TQuantityIssue | undefined {
  if (quantity < 0) return { kind: 'negative' };
  if (!Number.isFinite(quantity) || quantity > LIMITS.quantityMax) return { kind: 'tooLarge', max: LIMITS.quantityMax };
  if (!hasAllowedDecimals(quantity)) return { kind: 'decimals', decimals: LIMITS.quantityDecimals };
  if (!isMultipleOfStep(quantity, step)) return { kind: 'offStep', step: step as number };
  return undefined;
}

/**
 * The allowed quantities nearest to a refused one, to offer as one-tap
 * choices: the multiples of the step (thousandths without one) just below and
 * just above it. Below one step only the step (0 would take the product out
 * of the order, which is not what was typed); below 0, 0; above the maximum,
 * the largest allowed.
 */
export function nearestQuantities(quantity: number, step: number | null): number[] {
  const scale = 10 ** LIMITS.quantityDecimals;
  const unit = step === null ? 1 : Math.round(step * scale);
  const largest = Math.floor((LIMITS.quantityMax * scale) / unit) * unit;
  if (Number.isNaN(quantity) || quantity < 0) return [0];
  let units = quantity * scale;
  // 0.7 × 1000 may come out a hair off 700: a whole number of thousandths is one.
  if (Math.abs(units - Math.round(units)) < 1e-6) units = Math.round(units);
  if (units >= largest) return [largest / scale];
  const below = Math.floor(units / unit) * unit;
  const above = Math.min(largest, Math.ceil(units / unit) * unit);
  if (below === above) return [below / scale];
  return below === 0 ? [above / scale] : [below / scale, above / scale];
}

/** A quantity field's text read by the rule above: the quantity, nothing (blank), or what is wrong and the nearest choices. */
export type TTypedQuantity =
  | { quantity: number }
  | { blank: true }
  | { issue: TQuantityIssue | { kind: 'notNumber'; max: number }; choices: number[] };

/**
 * A quantity as typed ("7", "2,5", "-6") checked for a product sold by
 * `step`: what the order screen does before it queues a change.
 */
export function readTypedQuantity(text: string, step: number | null): TTypedQuantity {
  if (text.trim() === '') return { blank: true };
  const negative = /^\s*[-−]/.exec(text);
  const read = readTypedNumber(negative ? text.slice(negative[0].length) : text);
  if (read === undefined) return { issue: { kind: 'notNumber', max: LIMITS.quantityMax }, choices: [] };
  const quantity = negative && read > 0 ? -read : read;
  const issue = quantityIssue(quantity, step);
  return issue ? { issue, choices: nearestQuantities(quantity, step) } : { quantity };
}

/** An amount of money kept to 4 decimals, without floating point noise. */
const toMoney = (amount: number) => Math.round(amount * 10_000) / 10_000;

/** A line's total (docs/decisions.md §8.4): quantity × price, or null for a line without a price. */
export function lineTotal(quantity: number, price: number | null): number | null {
  return price === null ? null : toMoney(quantity * price);
}

/**
 * An order's total over its priced lines, and how many lines in the order
 * (quantity above 0) have no price: "31,20 € · 2 without price".
 */
export function orderTotals(lines: readonly { quantity: number; price: number | null }[]): { total: number; unpricedLines: number } {
  let total = 0;
  let unpricedLines = 0;
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    if (line.price === null) unpricedLines++;
    else total += line.quantity * line.price;
  }
  return { total: toMoney(total), unpricedLines };
}

/**
 * How much a price moved, in percent with one decimal and a sign (+6.3 for
 * 3.20 → 3.40, −11.5 for a drop), halves rounded away from zero after
 * binary noise is taken off.
 */
export function percentChange(from: number, to: number): number {
  const percent = Number((((to - from) / from) * 100).toFixed(6));
  return (Math.sign(percent) * Math.round(Math.abs(percent) * 10)) / 10;
}
