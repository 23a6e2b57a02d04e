import { LIMITS, type TCreateSupplierInput, type TSupplier } from '@reorder/schemas';
import { AppError } from '../errors.ts';
import type { BusinessContext } from '../sessions/require-user.ts';
import { insertSupplier, lockAndCountSuppliers, readingTime } from './suppliers.repository.ts';

export const SUPPLIER_LIMIT_MESSAGE = `You have reached the limit of ${LIMITS.suppliersPerAccount} suppliers. Delete one to add another.`;

/**
 * Adds a supplier with its empty current order, within the per-account limit
 * (docs/decisions.md §3): the account is locked while its suppliers are
 * counted, so concurrent additions cannot pass the limit together.
 */
export function createSupplier(
  ctx: Pick<BusinessContext, 'db' | 'user' | 'business' | 'clock'>,
  fields: TCreateSupplierInput,
): Promise<TSupplier> {
  return ctx.db.transaction().execute(async (tx) => {
    if ((await lockAndCountSuppliers(tx, ctx.business.id)) >= LIMITS.suppliersPerAccount) {
      throw new AppError('BAD_REQUEST', SUPPLIER_LIMIT_MESSAGE);
    }
    return insertSupplier(tx, ctx.business.id, fields, readingTime(ctx));
  });
}
