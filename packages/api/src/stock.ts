import type { ProductRow } from '@reorder/db';

/**
 * A product row's stock columns as the API shows them (docs/decisions.md §6.1): on a
 * Product (products/) and on each product of an Order (orders/).
 */
export function toStock(row: Pick<ProductRow, 'par' | 'on_hand' | 'counted_at' | 'usual'>) {
  return { par: row.par, onHand: row.on_hand, countedAt: row.counted_at?.toISOString() ?? null, usual: row.usual };
}
