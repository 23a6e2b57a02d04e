import type { TReceipt } from '@reorder/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient, trpc } from '../../lib/trpc.ts';
import { useShownReceipt } from '../orders/outbox-runtime.ts';
import { loadRuntime } from '../orders/outbox-sync.ts';
import { receiptKey } from '../orders/receipt-changes.ts';

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
