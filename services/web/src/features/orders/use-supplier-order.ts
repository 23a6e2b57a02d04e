import { useParams } from 'wouter';
import { href } from '../../lib/paths.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { useOrder } from './api.ts';

/**
 * What the screens under /orders/:supplierId start from: the supplier's id
 * from the path, its current order (pre-loaded, so `ready` says when to
 * show the screen) and the way back to the order screen.
 */
export function useSupplierOrder() {
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const order = useOrder(id);
  const ready = usePreload(order, 'order');
  return { supplierId: id, order, ready, back: href('orders.order', { supplierId: id }) };
}
