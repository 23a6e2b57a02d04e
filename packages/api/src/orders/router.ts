import {
  ZOrder,
  ZOrderBySupplierInput,
  ZOrderHistoryInput,
  ZReorderInput,
  ZSendOrderInput,
  ZSentOrder,
  ZSentOrderInput,
  ZUpdateOrderInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { authedProcedure } from '../auth/require-user.ts';
import { found, notFound } from '../errors.ts';
import { router } from '../trpc.ts';
import { findOrderById, findOrderBySupplier, updateIntroduce } from './orders.repository.ts';
import { findSentOrder, listSentOrders, recordSend, restoreSentOrder } from './sent-orders.repository.ts';

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

  send: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/{id}/send',
        tags,
        summary: 'Record that the order is being sent',
        description:
          "Keeps the exact text, the message and the lines above 0 in the order's history. An order with nothing in it cannot be sent (400).",
      },
      message: 'Order sent',
    })
    .input(ZSendOrderInput)
    .output(ZSentOrder)
    .mutation(async ({ ctx, input }) => found(await recordSend(ctx.db, ctx.user.id, input.id, input.channel), 'Order')),

  history: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/orders/{id}/history', tags, summary: 'Orders sent to this supplier, newest first' },
      message: 'History loaded',
    })
    .input(ZOrderHistoryInput)
    .output(z.array(ZSentOrder))
    .query(async ({ ctx, input }) => {
      if (!(await findOrderById(ctx.db, ctx.user.id, input.id))) throw notFound('Order');
      return listSentOrders(ctx.db, ctx.user.id, input.id);
    }),

  sent: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/orders/{id}/history/{sentOrderId}', tags, summary: 'One sent order' },
      message: 'Sent order loaded',
    })
    .input(ZSentOrderInput)
    .output(ZSentOrder)
    .query(async ({ ctx, input }) => found(await findSentOrder(ctx.db, ctx.user.id, input.id, input.sentOrderId), 'Sent order')),

  reorder: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/{id}/reorder',
        tags,
        summary: 'Put a sent order back into the current order',
        description:
          'Restores its message and its quantities for the products that still exist; every other line goes to 0. Answers the current order for review.',
      },
      message: 'Order restored: review it and send it',
    })
    .input(ZReorderInput)
    .output(ZOrder)
    .mutation(async ({ ctx, input }) => {
      const sent = found(await findSentOrder(ctx.db, ctx.user.id, input.id, input.sentOrderId), 'Sent order');
      await ctx.db.transaction().execute((tx) => restoreSentOrder(tx, ctx.user.id, sent));
      return found(await findOrderById(ctx.db, ctx.user.id, input.id), 'Order');
    }),
});
