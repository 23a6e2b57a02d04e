import type { TStandingOrder } from '@reorder/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type MutationCallbacks, useRefreshing } from '../../lib/mutations.ts';
import { trpc } from '../../lib/trpc.ts';

/** A supplier's standing order (docs/decisions.md §9.5): `GET /suppliers/{id}/standing`. */
export function useStanding(supplierId: number) {
  return useQuery(trpc.standing.get.queryOptions({ id: supplierId }, { retry: false }));
}

/** Saves the whole standing order (`PUT /suppliers/{id}/standing`). */
export function useSaveStanding(callbacks: MutationCallbacks<TStandingOrder>) {
  return useMutation(trpc.standing.put.mutationOptions(useRefreshing([trpc.standing.get.queryFilter()], callbacks)));
}

/** "Saltar": the delivery date joins the paused dates; the order may have changed with it. */
export function useSkipStanding(callbacks: MutationCallbacks<TStandingOrder>) {
  const refreshing = useRefreshing([trpc.standing.get.queryFilter(), trpc.orders.bySupplier.queryFilter()], callbacks);
  return useMutation(trpc.standing.skip.mutationOptions(refreshing));
}
