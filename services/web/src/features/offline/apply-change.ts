import type { TOrder } from '@reorder/schemas';
import { withProducts, withSavedQuantity, withSavedStock } from '../orders/order-drafts.ts';
import type { OutboxChange } from './outbox.ts';

/**
 * "Fill to par" as the server does it (docs/decisions.md §6): each product
 * with a par and a count gets par − count (0 when the count is above par),
 * the others keep their quantity.
 */
export function withFilledToPar(order: TOrder): TOrder {
  const products = order.products.map((p) =>
    p.par === null || p.onHand === null ? p : { ...p, quantity: Math.max(0, Math.round((p.par - p.onHand) * 1000) / 1000) },
  );
  return withProducts(order, order.introduce, products);
}

/** A change kept for later (features/offline/outbox.ts) shown on the order, as the server will make it. */
export function withChange(order: TOrder, change: OutboxChange, now: Date): TOrder {
  if ('orderId' in change && change.orderId !== order.id) return order;
  switch (change.kind) {
    case 'quantity':
      return withSavedQuantity(order, change.productId, change.quantity);
    case 'message':
      return withProducts(order, change.introduce, order.products);
    case 'stock':
      return withSavedStock(order, change.productId, {
        onHand: change.onHand,
        countedAt: change.onHand === null ? null : now.toISOString(),
      });
    case 'fill':
      return withFilledToPar(order);
    case 'send':
      return order;
  }
}
