import type { TOrder } from '@reorder/schemas';
import { useCallback, useRef } from 'react';
import { trpc } from '../../app/trpc.ts';
import { saveOrKeep } from '../offline/sync.ts';
import { filledCounts, type OrderProduct, withSavedStock } from './order-drafts.ts';

/**
 * Count mode's saves (docs/decisions.md §6): a count (PUT /products/stock),
 * a par (the product update, name and unit unchanged), and "fill to par",
 * which waits for the saves still on their way so it fills from what the
 * owner just typed. The order in the cache takes each answer.
 */
export function useStock(order: TOrder | undefined) {
  const utils = trpc.useUtils();
  const setStock = trpc.products.setStock.useMutation();
  const updateProduct = trpc.products.update.useMutation();
  const fill = trpc.orders.fill.useMutation();
  const inFlight = useRef(new Set<Promise<unknown>>());

  const track = useCallback(<T>(promise: Promise<T>): Promise<T> => {
    inFlight.current.add(promise);
    const done = () => inFlight.current.delete(promise);
    promise.then(done, done);
    return promise;
  }, []);

  const apply = useCallback(
    (product: OrderProduct, stock: Pick<OrderProduct, 'par' | 'onHand' | 'countedAt'>) => {
      if (!order) return;
      utils.orders.bySupplier.setData({ supplierId: order.supplierId }, (old) =>
        old ? withSavedStock(old, product.productId, stock) : old,
      );
    },
    [order, utils],
  );

  return {
    saveCount: (product: OrderProduct, onHand: number | null) => {
      if (!order) return Promise.resolve();
      const { supplierId, id: orderId } = order;
      // Offline, the count waits on the device and shows at once (features/offline/sync.ts).
      return track(
        saveOrKeep({ kind: 'stock', supplierId, orderId, productId: product.productId, name: product.name, onHand }, () =>
          setStock.mutateAsync({ productId: product.productId, orderId, onHand }),
        ).then((saved) => saved && apply(product, saved)),
      );
    },
    savePar: (product: OrderProduct, par: number | null) =>
      track(
        updateProduct
          .mutateAsync({ id: product.productId, name: product.name, unit: product.unit, par })
          .then((saved) => apply(product, saved)),
      ),
    /** Fills the order from par and count once every save under way has landed; how many were filled and left alone. */
    async fillToPar(): Promise<{ filled: number; skipped: number } | undefined> {
      if (!order) return undefined;
      await Promise.allSettled([...inFlight.current]);
      const result = await saveOrKeep({ kind: 'fill', supplierId: order.supplierId, orderId: order.id }, () =>
        fill.mutateAsync({ id: order.id }),
      );
      // Kept for later: filled on screen already, counted as the server will count it.
      if (!result) return filledCounts(utils.orders.bySupplier.getData({ supplierId: order.supplierId }) ?? order);
      utils.orders.bySupplier.setData({ supplierId: order.supplierId }, result.order);
      return { filled: result.filled, skipped: result.skipped };
    },
    filling: fill.isPending,
  };
}
