import type { ProductRow } from '@reorder/db';

/**
 * A product row's stock columns as the API shows them (docs/decisions.md §6.1): on a
 * Product (products/) and on each product of an Order (orders/).
 */
export function toStock(row: StockRow) {
  return {
    par: row.par,
    onHand: row.on_hand,
    countedAt: row.counted_at?.toISOString() ?? null,
    countedBy: row.counted_by === null || row.counted_by_name === null ? null : { userId: row.counted_by, fullName: row.counted_by_name },
    usual: row.usual,
  };
}

/** The stock columns of a product row, with the name of who counted it (`counted_by_name`, from `users`). */
export type StockRow = Pick<ProductRow, 'par' | 'on_hand' | 'counted_at' | 'counted_by' | 'usual'> & { counted_by_name: string | null };

/**
 * A product row's catalogue columns as the API shows them (docs/decisions.md
 * §8.4): on a Product and on each line of an Order, like its stock.
 */
export function toCatalogue(row: Pick<ProductRow, 'price' | 'step' | 'note'>) {
  return { price: row.price, step: row.step, note: row.note ?? '' };
}
