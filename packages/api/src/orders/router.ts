import {
  ZFillOrderInput,
  ZFillResult,
  ZOrder,
  ZOrderBySupplierInput,
  ZOrderHistoryInput,
  ZOrderSummary,
  ZReorderInput,
  ZRestoreOrderInput,
  ZSendOrderInput,
  ZSentOrder,
  ZSentOrderInput,
  ZUpdateOrderInput,
  zId,
  zNoInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { nowOf } from '../context.ts';
import { found, notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { memberProcedure } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';
import { findOrderBySupplier, listOrderSummaries, orderExists } from './orders.repository.ts';
import {
  fillOrder,
  NOTHING_TO_SEND,
  ORDER_CHANGED_MESSAGE,
  orderReading,
  reorder,
  restoreOrder,
  sendOrder,
  updateMessage,
} from './orders.service.ts';
import { announceReady } from './ready.ts';
import { findSentOrder, listSentOrders } from './sent-orders.repository.ts';

const tags = ['orders'];

export const ordersRouter = router({
  list: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/orders',
        tags,
        summary: "Each supplier's current order at a glance",
        description:
          'How many products each order has above 0, when it was last sent, what the supplier answered, and whether a member said it is ready to send. The orders themselves are at /orders/supplier/{supplierId}.',
      },
      message: 'Orders loaded',
      errors: SIGNED_IN_ERRORS,
    })
    .input(zNoInput)
    .output(z.array(ZOrderSummary))
    .query(({ ctx }) => listOrderSummaries(ctx.db, ctx.business.id, nowOf(ctx))),

  bySupplier: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/orders/supplier/{supplierId}',
        tags,
        summary: "Get a supplier's current order",
        description: 'With every product of the supplier and the order text.',
      },
      message: 'Order loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Order not found' },
    })
    .input(ZOrderBySupplierInput)
    .output(ZOrder)
    .query(async ({ ctx, input }) =>
      found(await findOrderBySupplier(ctx.db, ctx.business.id, input.supplierId, orderReading(ctx)), 'Order'),
    ),

  update: memberProcedure
    .meta({
      role: 'staff',
      openapi: { method: 'PUT', path: '/orders/{id}', tags, summary: 'Set the message above the order' },
      message: 'Success! Order updated!',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Message must be at most 300 characters', NOT_FOUND: 'Order not found' },
    })
    .input(ZUpdateOrderInput)
    .output(ZOrder)
    .mutation(({ ctx, input }) => updateMessage(ctx, { orderId: input.id, introduce: input.introduce })),

  send: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'POST',
        path: '/orders/{id}/send',
        tags,
        summary: 'Record that the order is being sent',
        description:
          "Keeps the exact text, the message and the lines above 0 in the order's history. With `lines` (and `introduce`), what the device actually sent is recorded exactly, whatever the order holds by now, and `text` must be what they make (400 otherwise); such a send is never refused for a changed order. Without `lines`, the order is recorded as it stands: an order with nothing in it cannot be sent (400), and with `text` the order must still make exactly that text, with or without its confirmation line (409 otherwise, and nothing is recorded). When the supplier is asked to confirm, the sent text ends with the order's `confirmUrl` (valid 14 days) and the order gets a new link for its next send. An app that was offline records the send later with `sentAt`, the time it really happened: at most 30 days ago and 5 minutes ahead (400 otherwise).",
      },
      message: 'Order sent',
      errors: {
        ...SIGNED_IN_ERRORS,
        BAD_REQUEST: NOTHING_TO_SEND,
        NOT_FOUND: 'Order not found',
        CONFLICT: ORDER_CHANGED_MESSAGE,
      },
    })
    .input(ZSendOrderInput)
    .output(ZSentOrder)
    .mutation(({ ctx, input }) => {
      const { id, ...send } = input;
      return sendOrder(ctx, { orderId: id, ...send });
    }),

  history: memberProcedure
    .meta({
      role: 'staff',
      openapi: { method: 'GET', path: '/orders/{id}/history', tags, summary: 'Orders sent to this supplier, newest first' },
      message: 'History loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Order not found' },
    })
    .input(ZOrderHistoryInput)
    .output(z.array(ZSentOrder))
    .query(async ({ ctx, input }) => {
      if (!(await orderExists(ctx.db, ctx.business.id, input.id))) throw notFound('Order');
      return listSentOrders(ctx.db, ctx.business.id, input.id, orderReading(ctx).links);
    }),

  sent: memberProcedure
    .meta({
      role: 'staff',
      openapi: { method: 'GET', path: '/orders/{id}/history/{sentOrderId}', tags, summary: 'One sent order' },
      message: 'Sent order loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Sent order not found' },
    })
    .input(ZSentOrderInput)
    .output(ZSentOrder)
    .query(async ({ ctx, input }) =>
      found(await findSentOrder(ctx.db, ctx.business.id, input.id, input.sentOrderId, orderReading(ctx).links), 'Sent order'),
    ),

  fill: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/orders/{id}/fill',
        tags,
        summary: 'Fill the order to par',
        description:
          'Every product with a par and a count gets quantity = max(0, par − onHand); products without a par or without a count are left alone. Answers the order and how many were filled and left alone.',
      },
      message: 'Order filled to par',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Order not found' },
    })
    .input(ZFillOrderInput)
    .output(ZFillResult)
    .mutation(({ ctx, input }) => fillOrder(ctx, input.id)),

  reorder: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/orders/{id}/reorder',
        tags,
        summary: 'Put a sent order back into the current order',
        description:
          'For the products that still exist and that the supplier did not mark unavailable. `mode: "replace"` (the default) restores its message and its quantities, every other line going to 0; `mode: "add"` adds its quantities to the current ones and keeps the current message unless it is empty. Answers the current order for review.',
      },
      message: 'Order restored: review it and send it',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Sent order not found' },
    })
    .input(ZReorderInput)
    .output(ZOrder)
    .mutation(({ ctx, input }) => reorder(ctx, { orderId: input.id, sentOrderId: input.sentOrderId, mode: input.mode })),

  ready: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/orders/{id}/ready',
        tags,
        summary: 'Tell the managers an order is ready to send',
        description:
          'Any member: the business\'s owners and managers (but you) get an email in their language and a push, e.g. "Marta prepared the order for Frutas Ruiz", and the order carries `ready` (you, now) on GET /orders/supplier/{supplierId} and GET /orders until it is sent or changed (a quantity or the message). Answers how many were told.',
      },
      message: 'Managers told: the order is ready to send',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Order not found', TOO_MANY_REQUESTS: 'Too many notices. Please try again later.' },
    })
    .input(z.object({ id: zId('Order id').describe('Order id') }))
    .output(
      z.object({
        orderId: z.number().int().describe('Order id'),
        notified: z.number().int().describe('How many owners and managers were told'),
      }),
    )
    .mutation(({ ctx, input }) => announceReady(ctx, input.id)),

  restore: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/orders/{id}/restore',
        tags,
        summary: 'Set the whole order at once',
        description:
          'Sets the message and these quantities; every other line goes to 0, and products deleted since are skipped. The app uses it to undo a re-order. Answers the order.',
      },
      message: 'Success! Order updated!',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Message must be at most 300 characters', NOT_FOUND: 'Order not found' },
    })
    .input(ZRestoreOrderInput)
    .output(ZOrder)
    .mutation(({ ctx, input }) => restoreOrder(ctx, { orderId: input.id, introduce: input.introduce, lines: input.lines })),
});
