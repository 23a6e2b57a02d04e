import {
  ZCreateSupplierInput,
  ZDeletedResult,
  ZSupplier,
  ZSupplierIdInput,
  ZSupplierListInput,
  ZUpdateSupplierInput,
  zOptionalInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { found, notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { memberProcedure } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';
import { deleteSupplier, findSupplier, listSuppliers, readingTime, updateSupplier } from './suppliers.repository.ts';
import { createSupplier } from './suppliers.service.ts';

const tags = ['suppliers'];

export const suppliersRouter = router({
  list: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/suppliers',
        tags,
        summary: 'List suppliers',
        description:
          'Sorted by name, or with `sort=orderBy` by the soonest cut-off (suppliers without a schedule last); `q` searches name, contact name and contact info.',
      },
      message: 'Suppliers loaded',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Search must be at most 100 characters' },
    })
    .input(zOptionalInput(ZSupplierListInput))
    .output(z.array(ZSupplier))
    .query(({ ctx, input }) => listSuppliers(ctx.db, ctx.business.id, readingTime(ctx), input)),

  byId: memberProcedure
    .meta({
      role: 'staff',
      openapi: { method: 'GET', path: '/suppliers/{id}', tags, summary: 'Get a supplier' },
      message: 'Supplier loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Supplier not found' },
    })
    .input(ZSupplierIdInput)
    .output(ZSupplier)
    .query(async ({ ctx, input }) => found(await findSupplier(ctx.db, ctx.business.id, input.id, readingTime(ctx)), 'Supplier')),

  create: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'POST',
        path: '/suppliers',
        tags,
        summary: 'Create a supplier',
        description: 'Also creates its empty current order. At most 1,000 suppliers per account.',
      },
      message: 'Congrats, we made it happen!',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Supplier name is required' },
    })
    .input(ZCreateSupplierInput)
    .output(ZSupplier)
    .mutation(({ ctx, input }) => createSupplier(ctx, input)),

  update: memberProcedure
    .meta({
      role: 'manager',
      openapi: { method: 'PUT', path: '/suppliers/{id}', tags, summary: 'Update a supplier' },
      message: 'Success! Supplier updated!',
      errors: {
        ...SIGNED_IN_ERRORS,
        BAD_REQUEST: 'Contact info must be a phone number for whatsapp (digits, spaces, +, -, parentheses)',
        NOT_FOUND: 'Supplier not found',
      },
    })
    .input(ZUpdateSupplierInput)
    .output(ZSupplier)
    .mutation(async ({ ctx, input: { id, ...fields } }) =>
      found(await updateSupplier(ctx.db, ctx.business.id, id, fields, readingTime(ctx)), 'Supplier'),
    ),

  delete: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'DELETE',
        path: '/suppliers/{id}',
        tags,
        summary: 'Delete a supplier',
        description: 'Deletes its order, products and quantities too.',
      },
      message: 'Supplier deleted successfully!',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Supplier not found' },
    })
    .input(ZSupplierIdInput)
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteSupplier(ctx.db, ctx.business.id, input.id))) throw notFound('Supplier');
      return { id: input.id };
    }),
});
