import type { TBill, TBillMatchLine } from '@reorder/schemas';

/** The words of a flag (the keys under `bills.flags`): a price flag says which way the price is off. */
export type FlagText = 'priceHigher' | 'priceLower' | 'not_received' | 'not_ordered' | 'quantity';

/** How a match line's flag reads (docs/decisions.md §9.6), or undefined when the line matches. */
export function flagText(line: Pick<TBillMatchLine, 'flag' | 'billedPrice' | 'expectedPrice'>): FlagText | undefined {
  if (!line.flag) return undefined;
  if (line.flag !== 'price') return line.flag;
  return (line.billedPrice ?? 0) >= (line.expectedPrice ?? 0) ? 'priceHigher' : 'priceLower';
}

/**
 * Each bill line's match line, by position: a product's by its id, the
 * lines of their own (no product) in turn with the match's lines of no product.
 */
export function matchOfLines(bill: { lines: { productId: number | null }[]; match: TBill['match'] }): (TBillMatchLine | undefined)[] {
  const match = bill.match?.lines ?? [];
  const byProduct = new Map(match.filter((m) => m.productId !== null).map((m) => [m.productId, m]));
  const loose = match.filter((m) => m.productId === null);
  let next = 0;
  return bill.lines.map((line) => (line.productId === null ? loose[next++] : byProduct.get(line.productId)));
}

/** The flags of a bill's match, each worded once, in the order they first appear; their count with repeats. */
export function billFlags(bill: Pick<TBill, 'match'>): { texts: FlagText[]; count: number } {
  const texts: FlagText[] = [];
  let count = 0;
  for (const line of bill.match?.lines ?? []) {
    const text = flagText(line);
    if (!text) continue;
    count++;
    if (!texts.includes(text)) texts.push(text);
  }
  return { texts, count };
}

/** A day (YYYY-MM-DD) at noon in the device's time, so no time zone moves it to the day before. */
export const noonOf = (day: string) => `${day}T12:00:00`;
