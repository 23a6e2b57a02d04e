import type { TReceipt } from '@reorder/schemas';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiClient, trpc } from '../../lib/trpc.ts';
import { useShownReceipt } from '../orders/outbox-runtime.ts';
import { loadRuntime } from '../orders/outbox-sync.ts';
import { receiptKey } from './receipt-changes.ts';

/**
 * The receipt of a sent order as the check-in screen shows it (docs/decisions.md
 * §9.4): the server's, asked for by starting it (`POST /sent-orders/{id}/receipt`
 * answers the one there is, whoever started it), kept offline like every query,
 * with every receiving change still on its way applied. Changes are made with
 * the outbox's `enqueue`, never by writing this cache.
 */
export function useReceipt(sentOrderId: number) {
  useEffect(() => {
    void loadRuntime().catch(() => {});
  }, []);
  const query = useQuery({
    queryKey: receiptKey(sentOrderId),
    queryFn: (): Promise<TReceipt> => apiClient.receipts.start.mutate({ id: sentOrderId }),
    retry: false,
  });
  const data = useShownReceipt(sentOrderId, query.data);
  return { ...query, data };
}

/** The receipts of the business, newest first (at most 200): the desktop's table, the phone's list. */
export function useReceipts() {
  return useQuery(trpc.receipts.list.queryOptions(undefined, { retry: false }));
}

/**
 * What the latest closed receipt of a supplier says of each product: how much
 * arrived and when ("Recibido 12 · hoy 10:42" on the order line).
 */
export function useLastReceived(supplierId: number) {
  const query = useQuery(trpc.receipts.list.queryOptions({ status: 'done' }, { retry: false }));
  return useMemo(() => {
    const received = new Map<number, { quantity: number; at: string }>();
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
