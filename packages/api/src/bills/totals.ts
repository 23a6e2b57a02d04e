import type { StoredBillLine } from '@reorder/db';
import type { TBillTotals } from '@reorder/schemas';
import { cents, money } from '../platform/cents.ts';

/**
 * A bill's totals to the cent, exactly (docs/decisions.md §9.6), with the
 * BigInt money of the receipts (platform/cents.ts): each line is quantity ×
 * unit price rounded half up to cents; a rate's base is the sum of its
 * lines, its tax that base × the rate rounded half up once (as a Spanish
 * invoice states its cuota per rate); the total is base + tax.
 */

/** A rate in hundredths of a percent: 21 → 2100, 5.5 → 550. */
export const rateHundredths = (rate: number) => BigInt(Math.round(rate * 100));

/** base × rate, in cents, half up: cents × hundredths of a percent / 10,000. */
export function taxCents(baseCents: bigint, rate: number): bigint {
  return (baseCents * rateHundredths(rate) + 5_000n) / 10_000n;
}

export interface RateTotals {
  rate: number;
  base: bigint;
  tax: bigint;
}

/** Each rate's base and tax in cents, lowest rate first. */
export function totalsByRate(lines: readonly Pick<StoredBillLine, 'quantity' | 'unitPrice' | 'taxRate'>[]): RateTotals[] {
  const bases = new Map<bigint, { rate: number; base: bigint }>();
  for (const line of lines) {
    const key = rateHundredths(line.taxRate);
    const entry = bases.get(key) ?? { rate: Number(key) / 100, base: 0n };
    entry.base += cents(line.quantity, line.unitPrice);
    bases.set(key, entry);
  }
  return [...bases.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, { rate, base }]) => ({ rate, base, tax: taxCents(base, rate) }));
}

/** `Bill.totals`: base, tax and total, and per rate, to the cent. */
export function billTotals(lines: readonly Pick<StoredBillLine, 'quantity' | 'unitPrice' | 'taxRate'>[]): TBillTotals {
  const rates = totalsByRate(lines);
  const base = rates.reduce((sum, rate) => sum + rate.base, 0n);
  const tax = rates.reduce((sum, rate) => sum + rate.tax, 0n);
  return {
    base: money(base),
    tax: money(tax),
    total: money(base + tax),
    byRate: rates.map((rate) => ({ rate: rate.rate, base: money(rate.base), tax: money(rate.tax) })),
  };
}
