import type { TProduct } from '@reorder/schemas';
import { trpc } from '../../app/trpc.ts';
import type { MutationCallbacks } from '../suppliers/api.ts';

export function useProduct(id: number) {
  return trpc.products.byId.useQuery({ id }, { retry: false });
}

/** Adds a product to the supplier's order: the order and every product list are stale. */
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
