import { LIMITS, type TCreateProductInput, type TProduct } from '@reorder/schemas';
import { nowOf } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import type { BusinessContext } from '../sessions/require-user.ts';
import { insertProduct, lockOrderAndCountProducts } from './products.repository.ts';

export const PRODUCT_LIMIT_MESSAGE = `This supplier has reached the limit of ${LIMITS.productsPerSupplier} products. Delete one to add another.`;

/**
 * Adds a product to a supplier's catalogue, within the per-supplier limit
 * (docs/decisions.md §3): the order is locked while its products are counted,
 * so concurrent additions cannot pass the limit together.
 */
export function createProduct(ctx: Pick<BusinessContext, 'db' | 'business' | 'clock'>, fields: TCreateProductInput): Promise<TProduct> {
  return ctx.db.transaction().execute(async (tx) => {
    const count = await lockOrderAndCountProducts(tx, ctx.business.id, fields.orderId);
    if (count === undefined) throw notFound('Order');
    if (count >= LIMITS.productsPerSupplier) throw new AppError('BAD_REQUEST', PRODUCT_LIMIT_MESSAGE);
    return insertProduct(tx, ctx.business.id, fields, nowOf(ctx));
  });
}
