import {
  LIMITS,
  ZCreateSupplierInput,
  ZDeletedResult,
  ZSupplier,
  ZSupplierIdInput,
  ZSupplierListInput,
  ZUpdateSupplierInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { authedProcedure } from '../auth/require-user.ts';
import { AppError, found, notFound } from '../errors.ts';
import { router } from '../trpc.ts';
import {
  deleteSupplier,
  findSupplier,
  insertSupplier,
  listSuppliers,
  lockAndCountSuppliers,
  updateSupplier,
} from './suppliers.repository.ts';

const tags = ['suppliers'];

export const suppliersRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/suppliers',
        tags,
        summary: 'List suppliers',
        description: 'Sorted by name; `q` searches name, contact name and contact info.',
      },
      message: 'Suppliers loaded',
    })
    .input(ZSupplierListInput)
    .output(z.array(ZSupplier))
    .query(({ ctx, input }) => listSuppliers(ctx.db, ctx.user.id, input.q)),

  byId: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/suppliers/{id}', tags, summary: 'Get a supplier' }, message: 'Supplier loaded' })
    .input(ZSupplierIdInput)
    .output(ZSupplier)
    .query(async ({ ctx, input }) => found(await findSupplier(ctx.db, ctx.user.id, input.id), 'Supplier')),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/suppliers',
        tags,
        summary: 'Create a supplier',
        description: 'Also creates its empty current order. At most 1,000 suppliers per account.',
      },
      message: 'Congrats, we made it happen!',
    })
    .input(ZCreateSupplierInput)
    .output(ZSupplier)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (tx) => {
        if ((await lockAndCountSuppliers(tx, ctx.user.id)) >= LIMITS.suppliersPerAccount) {
          throw new AppError(
            'BAD_REQUEST',
            `You have reached the limit of ${LIMITS.suppliersPerAccount} suppliers. Delete one to add another.`,
          );
        }
        return insertSupplier(tx, ctx.user.id, input);
      }),
    ),

  update: authedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/suppliers/{id}', tags, summary: 'Update a supplier' },
      message: 'Success! Supplier updated!',
    })
    .input(ZUpdateSupplierInput)
    .output(ZSupplier)
    .mutation(async ({ ctx, input: { id, ...fields } }) => found(await updateSupplier(ctx.db, ctx.user.id, id, fields), 'Supplier')),

  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/suppliers/{id}',
        tags,
        summary: 'Delete a supplier',
        description: 'Deletes its order, products and quantities too.',
      },
      message: 'Supplier deleted successfully!',
    })
    .input(ZSupplierIdInput)
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteSupplier(ctx.db, ctx.user.id, input.id))) throw notFound('Supplier');
      return { id: input.id };
    }),
});
