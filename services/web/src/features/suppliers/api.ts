import type { TSupplier } from '@reorder/schemas';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';

/** What a screen does once a change is saved or refused (a toast, a navigation); the cache is the hook's job. */
export interface MutationCallbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: unknown) => void;
}

/** The owner's suppliers, those matching `q` when given, by name or by the soonest cut-off; the previous list stays while a search loads. */
export function useSuppliers(q: string, sort: 'name' | 'orderBy' = 'name') {
  return trpc.suppliers.list.useQuery(
    { q: q || undefined, sort: sort === 'name' ? undefined : sort },
    { placeholderData: keepPreviousData },
  );
}

export function useSupplier(id: number) {
  return trpc.suppliers.byId.useQuery({ id }, { retry: false });
}

export function useCreateSupplier(callbacks: MutationCallbacks<TSupplier>) {
  const utils = trpc.useUtils();
  return trpc.suppliers.create.useMutation({
    async onSuccess(supplier) {
      await utils.suppliers.list.invalidate();
      callbacks.onSuccess?.(supplier);
    },
    onError: callbacks.onError,
  });
}

/** Saves a supplier; its order's text may change with it (the name is in the email subject). */
export function useUpdateSupplier(callbacks: MutationCallbacks<TSupplier>) {
  const utils = trpc.useUtils();
  return trpc.suppliers.update.useMutation({
    async onSuccess(supplier) {
      await Promise.all([utils.suppliers.invalidate(), utils.orders.bySupplier.invalidate()]);
      callbacks.onSuccess?.(supplier);
    },
    onError: callbacks.onError,
  });
}

/** Deletes a supplier; the screen still open on it does not fetch it again. */
export function useDeleteSupplier(id: number, callbacks: MutationCallbacks<unknown>) {
  const utils = trpc.useUtils();
  return trpc.suppliers.delete.useMutation({
    async onSuccess(result) {
      await utils.suppliers.list.invalidate();
      void utils.suppliers.byId.invalidate({ id }, { refetchType: 'none' });
      utils.orders.bySupplier.setData({ supplierId: id }, undefined);
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}
