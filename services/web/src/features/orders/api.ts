import { useMutation, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { MutationCallbacks } from '../../lib/mutations.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSupplier } from '../suppliers/api.ts';
import { useShownOrder } from './outbox-runtime.ts';
import { loadRuntime } from './outbox-sync.ts';

/**
 * A supplier's current order, with every product of the supplier and the
 * order text, as the screens show it: the server's, with every change still
 * on its way applied (changes.ts). Changes are made with `enqueue`, never by
 * writing this cache.
 */
export function useOrder(supplierId: number) {
  // The outbox comes with the screens that show an order, and settles the server's answers into this cache.
  useEffect(() => {
    void loadRuntime().catch(() => {});
  }, []);
  const query = useQuery(trpc.orders.bySupplier.queryOptions({ supplierId }, { retry: false }));
  const data = useShownOrder(query.data);
  return { ...query, data };
}

/**
 * A supplier and its order's history: the history is asked for by order id,
 * which comes with the supplier. `pending` is true until both are known.
 */
export function useSupplierHistory(supplierId: number) {
  const supplier = useSupplier(supplierId);
  const orderId = supplier.data?.orderId;
  const history = useQuery(trpc.orders.history.queryOptions({ id: orderId ?? 0 }, { enabled: orderId !== undefined, retry: false }));
  return { supplier, history: { ...history, isPending: history.isPending && orderId !== undefined }, orderId };
}

/** One sent order of a supplier, found through the supplier's order. */
export function useSentOrder(supplierId: number, sentOrderId: number) {
  const supplier = useSupplier(supplierId);
  const orderId = supplier.data?.orderId;
  const sent = useQuery(trpc.orders.sent.queryOptions({ id: orderId ?? 0, sentOrderId }, { enabled: orderId !== undefined, retry: false }));
  return { supplier, sent: { ...sent, isPending: sent.isPending && orderId !== undefined } };
}

/** Each supplier's current order at a glance (line count, last send), by supplier id; always fresh on opening. */
export function useOrderSummaries() {
  const query = useQuery(trpc.orders.list.queryOptions(undefined, { refetchOnMount: 'always' }));
  const bySupplier = useMemo(() => new Map((query.data ?? []).map((summary) => [summary.supplierId, summary])), [query.data]);
  return { ...query, bySupplier };
}

/** "Ready to send": tells the business's owners and managers (email and push) that the order is prepared. */
export function useMarkReady(callbacks: MutationCallbacks<{ notified: number }>) {
  return useMutation(trpc.orders.ready.mutationOptions({ onSuccess: callbacks.onSuccess, onError: callbacks.onError }));
}

/** How much of a product the supplier's latest closed delivery brought, and when. */
export interface LastReceived {
  quantity: number;
  at: string;
}

/**
 * What the latest closed receipt of a supplier says of each product: how much
 * arrived and when ("Recibido 12 · hoy 10:42" on the order line).
 */
export function useLastReceived(supplierId: number): ReadonlyMap<number, LastReceived> {
  const query = useQuery(trpc.receipts.list.queryOptions({ status: 'done' }, { retry: false }));
  return useMemo(() => {
    const received = new Map<number, LastReceived>();
    const latest = (query.data ?? [])
      .filter((r) => r.supplierId === supplierId && r.doneAt !== null)
      .sort((a, b) => (b.doneAt ?? '').localeCompare(a.doneAt ?? ''))[0];
    for (const line of latest?.lines ?? []) {
      if (line.received !== null && latest?.doneAt) received.set(line.productId, { quantity: line.received, at: latest.doneAt });
    }
    return received;
  }, [query.data, supplierId]);
}

/**
 * What the check-in of a supplier's last send needs, loaded while the orders
 * list shows "The order has arrived": the supplier and the sent order, so the
 * delivery can be checked in the cellar without a connection.
 */
export function usePrefetchArrival(supplierId: number, orderId: number, sentOrderId: number) {
  usePrefetchQuery(trpc.suppliers.byId.queryOptions({ id: supplierId }, { retry: false }));
  usePrefetchQuery(trpc.orders.sent.queryOptions({ id: orderId, sentOrderId }, { retry: false }));
}
