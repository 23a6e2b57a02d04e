import type { TClaim } from '@reorder/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type MutationCallbacks, useRefreshing } from '../../lib/mutations.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Claims are the owners' and managers' (docs/decisions.md §9.4). The supplier
 * answers on a page of their own, so what the app holds may be behind: the
 * claims are read again on opening and when the window comes back.
 */
const FRESH = { refetchOnMount: 'always', refetchOnWindowFocus: true } as const;

/** The business's claims, newest first; `status` narrows them. */
export function useClaims(status?: TClaim['status'], enabled = true) {
  return useQuery(trpc.claims.list.queryOptions(status ? { status } : {}, { ...FRESH, enabled }));
}

/** One claim. */
export function useClaim(id: number) {
  return useQuery(trpc.claims.get.queryOptions({ id }, { ...FRESH, retry: false }));
}

/** The receipt a claim was made from: its lines carry the products' names and units. */
export function useClaimReceipt(receiptId: number | undefined) {
  return useQuery(trpc.receipts.get.queryOptions({ id: receiptId ?? 0 }, { enabled: receiptId !== undefined, retry: false }));
}

/** The closed receipts (at most 200, newest first): when each claim's delivery was checked. */
export function useClosedReceipts(enabled: boolean) {
  return useQuery(trpc.receipts.list.queryOptions({ status: 'done' }, { enabled }));
}

/** What the claims changed: the claims themselves and the orders list's "owed". */
const stale = () => [trpc.claims.pathFilter(), trpc.orders.list.queryFilter()];

/** Makes (or answers the one already made) the claim of a closed receipt: its amount, text and link. */
export function useMakeClaim(callbacks: MutationCallbacks<TClaim>) {
  return useMutation(trpc.receipts.claim.mutationOptions(useRefreshing(stale(), callbacks)));
}

/** Closes a claim, whatever the supplier answered. */
export function useCloseClaim(callbacks: MutationCallbacks<TClaim>) {
  return useMutation(trpc.claims.close.mutationOptions(useRefreshing(stale(), callbacks)));
}
