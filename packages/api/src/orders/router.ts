import { ZOrder, ZOrderBySupplierInput, ZUpdateOrderInput } from '@reorder/schemas';
import { authedProcedure } from '../auth/require-user.ts';
import { found } from '../errors.ts';
import { router } from '../trpc.ts';
import { findOrderBySupplier, updateIntroduce } from './orders.repository.ts';

const tags = ['orders'];

export const ordersRouter = router({
  bySupplier: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders/supplier/{supplierId}',
        tags,
        summary: "Get a supplier's current order",
        description: 'With every product of the supplier and the order text.',
      },
      message: 'Order loaded',
    })
    .input(ZOrderBySupplierInput)
    .output(ZOrder)
    .query(async ({ ctx, input }) => found(await findOrderBySupplier(ctx.db, ctx.user.id, input.supplierId), 'Order')),

  update: authedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/orders/{id}', tags, summary: 'Set the message above the order' },
      message: 'Success! Order updated!',
    })
    .input(ZUpdateOrderInput)
    .output(ZOrder)
    .mutation(async ({ ctx, input }) => found(await updateIntroduce(ctx.db, ctx.user.id, input.id, input.introduce), 'Order')),
});
