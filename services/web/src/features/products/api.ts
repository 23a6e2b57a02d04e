import type { TProduct } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { suggestUnits } from '@reorder/schemas/paste-list';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { currentLanguage } from '../../lib/i18n.ts';
import { type MutationCallbacks, useRefreshing } from '../../lib/mutations.ts';
import { trpc } from '../../lib/trpc.ts';

export function useProduct(id: number) {
  return useQuery(trpc.products.byId.queryOptions({ id }, { retry: false }));
}

/** Adds a product to the supplier's order: the order and every product list are stale. */
/** The last 50 prices of a product, newest first, and who set each (docs/decisions.md §8.4). */
export function usePriceHistory(id: number) {
  return useQuery(trpc.products.prices.queryOptions({ id }, { staleTime: 30_000 }));
}

export function useCreateProduct(supplierId: number, callbacks: MutationCallbacks<TProduct>) {
  const refreshing = useRefreshing([trpc.orders.bySupplier.queryFilter({ supplierId }), trpc.products.pathFilter()], callbacks);
  return useMutation(trpc.products.create.mutationOptions(refreshing));
}

export function useUpdateProduct(supplierId: number, callbacks: MutationCallbacks<TProduct>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.products.update.mutationOptions({
      async onSuccess(product) {
        queryClient.setQueryData(trpc.products.byId.queryKey({ id: product.id }), product);
        await Promise.all([
          queryClient.invalidateQueries(trpc.orders.bySupplier.queryFilter({ supplierId })),
          queryClient.invalidateQueries(trpc.products.list.queryFilter()),
        ]);
        callbacks.onSuccess?.(product);
      },
      onError: callbacks.onError,
    }),
  );
}

/** Deletes a product; it is marked stale but not fetched again, as the screen still shows it until it closes. */
export function useDeleteProduct(supplierId: number, callbacks: MutationCallbacks<unknown>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.products.delete.mutationOptions({
      async onSuccess(result) {
        await Promise.all([
          queryClient.invalidateQueries(trpc.orders.bySupplier.queryFilter({ supplierId })),
          queryClient.invalidateQueries({ ...trpc.products.pathFilter(), refetchType: 'none' }),
        ]);
        callbacks.onSuccess?.(result);
      },
      onError: callbacks.onError,
    }),
  );
}

/** Adds or updates many products of the supplier at once (POST /products/bulk); the order and every list are stale after. */
export function useBulkProducts(supplierId: number, callbacks: MutationCallbacks<{ created: number; updated: number }>) {
  const stale = [trpc.orders.bySupplier.queryFilter({ supplierId }), trpc.products.pathFilter(), trpc.orders.list.queryFilter()];
  return useMutation(trpc.products.bulk.mutationOptions(useRefreshing(stale, callbacks)));
}

/**
 * The units to offer for a product: the business's own, most used first (from
 * its products, read once and kept), then the common ones of the language.
 */
export function useUnitSuggestions(): string[] {
  const language = currentLanguage();
  const products = useQuery(trpc.products.list.queryOptions({ limit: LIMITS.productsPerSupplier }, { staleTime: 5 * 60_000 }));
  return useMemo(
    () =>
      suggestUnits(
        (products.data ?? []).map((product) => product.unit),
        language,
      ),
    [products.data, language],
  );
}
