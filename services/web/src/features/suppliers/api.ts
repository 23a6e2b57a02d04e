import type { TSupplier } from '@reorder/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MutationCallbacks, useRefreshing } from '../../lib/mutations.ts';
import { trpc } from '../../lib/trpc.ts';

/** The owner's suppliers, those matching `q` when given, by name or by the soonest cut-off; the previous list stays while a search loads. */
export function useSuppliers(q: string, sort: 'name' | 'orderBy' = 'name') {
  return useQuery(
    trpc.suppliers.list.queryOptions(
      { q: q || undefined, sort: sort === 'name' ? undefined : sort },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function useSupplier(id: number) {
  return useQuery(trpc.suppliers.byId.queryOptions({ id }, { retry: false }));
}

export function useCreateSupplier(callbacks: MutationCallbacks<TSupplier>) {
  return useMutation(trpc.suppliers.create.mutationOptions(useRefreshing([trpc.suppliers.list.queryFilter()], callbacks)));
}

/** Saves a supplier; its order's text may change with it (the name is in the email subject). */
export function useUpdateSupplier(callbacks: MutationCallbacks<TSupplier>) {
  const refreshing = useRefreshing([trpc.suppliers.pathFilter(), trpc.orders.bySupplier.queryFilter()], callbacks);
  return useMutation(trpc.suppliers.update.mutationOptions(refreshing));
}

/** Deletes a supplier; the screen still open on it does not fetch it again. */
export function useDeleteSupplier(id: number, callbacks: MutationCallbacks<unknown>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.suppliers.delete.mutationOptions({
      async onSuccess(result) {
        await queryClient.invalidateQueries(trpc.suppliers.list.queryFilter());
        void queryClient.invalidateQueries({ ...trpc.suppliers.byId.queryFilter({ id }), refetchType: 'none' });
        queryClient.setQueryData(trpc.orders.bySupplier.queryKey({ supplierId: id }), undefined);
        callbacks.onSuccess?.(result);
      },
      onError: callbacks.onError,
    }),
  );
}
