import { useCallback, useMemo } from 'react';
import { trpc } from '../../app/trpc.ts';
import { type MutationCallbacks, useSupplier } from '../suppliers/api.ts';

/** A supplier's current order, with every product of the supplier and the order text. */
export function useOrder(supplierId: number) {
  return trpc.orders.bySupplier.useQuery({ supplierId }, { retry: false });
}

/** Fetches the supplier's order again (after a save the screen does not apply by itself). */
export function useReloadOrder(supplierId: number) {
  const utils = trpc.useUtils();
  return useCallback(() => void utils.orders.bySupplier.invalidate({ supplierId }), [utils, supplierId]);
}

/**
 * A supplier and its order's history: the history is asked for by order id,
 * which comes with the supplier. `pending` is true until both are known.
 */
export function useSupplierHistory(supplierId: number) {
  const supplier = useSupplier(supplierId);
  const orderId = supplier.data?.orderId;
  const history = trpc.orders.history.useQuery({ id: orderId ?? 0 }, { enabled: orderId !== undefined, retry: false });
  return { supplier, history: { ...history, isPending: history.isPending && orderId !== undefined }, orderId };
}

/** One sent order of a supplier, found through the supplier's order. */
export function useSentOrder(supplierId: number, sentOrderId: number) {
  const supplier = useSupplier(supplierId);
  const orderId = supplier.data?.orderId;
  const sent = trpc.orders.sent.useQuery({ id: orderId ?? 0, sentOrderId }, { enabled: orderId !== undefined, retry: false });
  return { supplier, sent: { ...sent, isPending: sent.isPending && orderId !== undefined } };
}

/**
 * Puts a sent order back into the current order; the answer is the order
 * itself, so it is not fetched again. `onSuccess` gets how many lines were
 * left out because the supplier said they were unavailable (docs/decisions.md §6).
 */
export function useReorder(supplierId: number, callbacks: MutationCallbacks<number>) {
  const utils = trpc.useUtils();
  return trpc.orders.reorder.useMutation({
    onSuccess(order, { id, sentOrderId }) {
      utils.orders.bySupplier.setData({ supplierId }, order);
      const sent =
        utils.orders.history.getData({ id })?.find((s) => s.id === sentOrderId) ?? utils.orders.sent.getData({ id, sentOrderId });
      const unavailable = sent?.confirmation?.unavailable ?? [];
      callbacks.onSuccess?.(order.products.filter((p) => unavailable.includes(p.productId)).length);
    },
    onError: callbacks.onError,
  });
}

/** Sets every quantity of the order to 0; the products stay. */
export function useClearOrder(supplierId: number, callbacks: MutationCallbacks<unknown>) {
  const utils = trpc.useUtils();
  return trpc.products.clear.useMutation({
    async onSuccess(result) {
      await Promise.all([utils.orders.bySupplier.invalidate({ supplierId }), utils.products.invalidate()]);
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}

/** Each supplier's current order at a glance (line count, last send), by supplier id; always fresh on opening. */
export function useOrderSummaries() {
  const query = trpc.orders.list.useQuery(undefined, { refetchOnMount: 'always' });
  const bySupplier = useMemo(() => new Map((query.data ?? []).map((summary) => [summary.supplierId, summary])), [query.data]);
  return { ...query, bySupplier };
}
