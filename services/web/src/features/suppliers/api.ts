import type { TSupplier } from '@reorder/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';

/** What a screen does once a change is saved or refused (a toast, a navigation); the cache is the hook's job. */
export interface MutationCallbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: unknown) => void;
}

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
  const queryClient = useQueryClient();
  return useMutation(
    trpc.suppliers.create.mutationOptions({
      async onSuccess(supplier) {
        await queryClient.invalidateQueries(trpc.suppliers.list.queryFilter());
        callbacks.onSuccess?.(supplier);
      },
      onError: callbacks.onError,
    }),
  );
}

/** Saves a supplier; its order's text may change with it (the name is in the email subject). */
export function useUpdateSupplier(callbacks: MutationCallbacks<TSupplier>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.suppliers.update.mutationOptions({
      async onSuccess(supplier) {
        await Promise.all([
          queryClient.invalidateQueries(trpc.suppliers.pathFilter()),
          queryClient.invalidateQueries(trpc.orders.bySupplier.queryFilter()),
        ]);
        callbacks.onSuccess?.(supplier);
      },
      onError: callbacks.onError,
    }),
  );
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
