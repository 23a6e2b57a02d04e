import type { TProduct } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { suggestUnits } from '@reorder/schemas/paste-list';
import { useMemo } from 'react';
import { currentLanguage } from '../../lib/i18n.ts';
import { trpc } from '../../lib/trpc.ts';
import type { MutationCallbacks } from '../suppliers/api.ts';

export function useProduct(id: number) {
  return trpc.products.byId.useQuery({ id }, { retry: false });
}

/** Adds a product to the supplier's order: the order and every product list are stale. */
/** The last 50 prices of a product, newest first, and who set each (docs/decisions.md §8.4). */
export function usePriceHistory(id: number) {
  return trpc.products.prices.useQuery({ id }, { staleTime: 30_000 });
}

export function useCreateProduct(supplierId: number, callbacks: MutationCallbacks<TProduct>) {
  const utils = trpc.useUtils();
  return trpc.products.create.useMutation({
    async onSuccess(product) {
      await Promise.all([utils.orders.bySupplier.invalidate({ supplierId }), utils.products.invalidate()]);
      callbacks.onSuccess?.(product);
    },
    onError: callbacks.onError,
  });
}

export function useUpdateProduct(supplierId: number, callbacks: MutationCallbacks<TProduct>) {
  const utils = trpc.useUtils();
  return trpc.products.update.useMutation({
    async onSuccess(product) {
      utils.products.byId.setData({ id: product.id }, product);
      await Promise.all([utils.orders.bySupplier.invalidate({ supplierId }), utils.products.list.invalidate()]);
      callbacks.onSuccess?.(product);
    },
    onError: callbacks.onError,
  });
}

/** Deletes a product; it is marked stale but not fetched again, as the screen still shows it until it closes. */
export function useDeleteProduct(supplierId: number, callbacks: MutationCallbacks<unknown>) {
  const utils = trpc.useUtils();
  return trpc.products.delete.useMutation({
    async onSuccess(result) {
      await Promise.all([
        utils.orders.bySupplier.invalidate({ supplierId }),
        utils.products.invalidate(undefined, { refetchType: 'none' }),
      ]);
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}

/** Adds or updates many products of the supplier at once (POST /products/bulk); the order and every list are stale after. */
export function useBulkProducts(supplierId: number, callbacks: MutationCallbacks<{ created: number; updated: number }>) {
  const utils = trpc.useUtils();
  return trpc.products.bulk.useMutation({
    async onSuccess(result) {
      await Promise.all([utils.orders.bySupplier.invalidate({ supplierId }), utils.products.invalidate(), utils.orders.list.invalidate()]);
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}

/**
 * The units to offer for a product: the business's own, most used first (from
 * its products, read once and kept), then the common ones of the language.
 */
export function useUnitSuggestions(): string[] {
  const language = currentLanguage();
  const products = trpc.products.list.useQuery({ limit: LIMITS.productsPerSupplier }, { staleTime: 5 * 60_000 });
  return useMemo(
    () =>
      suggestUnits(
        (products.data ?? []).map((product) => product.unit),
        language,
      ),
    [products.data, language],
  );
}
