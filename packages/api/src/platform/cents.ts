/**
 * Money to the cent, exactly (docs/decisions.md §9.4, §9.6): quantities have
 * at most 3 decimals and prices 4, so their product is a whole number of
 * 10⁻⁷ in BigInt, rounded half up to cents once per line. Claims, bills and
 * Spend's billed sum all count with it.
 */
const thousandths = (quantity: number) => BigInt(Math.round(quantity * 1000));
const tenThousandths = (price: number) => BigInt(Math.round(price * 10_000));

/** quantity × price in cents, half up (both 0 or more). */
export function cents(quantity: number, price: number): bigint {
  const units = thousandths(quantity) * tenThousandths(price); // 10⁻⁷
  return (units + 50_000n) / 100_000n;
}

/** Cents as the API answers money: a number with at most 2 decimals. */
export const money = (value: bigint) => Number(value) / 100;
