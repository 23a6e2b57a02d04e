import type { TFillResult, TMessageService, TOrder, TSentOrder } from '@reorder/schemas';
import { AppError, found, notFound } from '../errors.ts';
import type { SignedInContext } from '../sessions/require-user.ts';
import { findOrderById, orderExists, setIntroduce, supplierChannel } from './orders.repository.ts';
import { clearQuantities, fillQuantities, refreshUsual, setQuantity } from './quantities.repository.ts';
import { findSentOrder, insertSentOrder } from './sent-orders.repository.ts';

type OrdersContext = Pick<SignedInContext, 'db' | 'user'>;

export const NOTHING_TO_SEND = 'There is nothing in this order to send: set a quantity first.';
export const ORDER_CHANGED_MESSAGE = 'The order changed while it was being sent. Check it and send it again.';

/**
 * Records that the order was sent (docs/decisions.md §3): its exact text, its
 * message and the lines above 0 as they are now. An order with nothing in it
 * cannot be sent. With `text` (the text the owner's app opened), the order
 * must make exactly that text, so the history never differs from what the
 * supplier got.
 */
export async function sendOrder(
  ctx: OrdersContext,
  options: { orderId: number; channel?: TMessageService | undefined; text?: string | undefined },
): Promise<TSentOrder> {
  const order = found(await findOrderById(ctx.db, ctx.user.id, options.orderId), 'Order');
  const lines = order.products.filter((p) => p.quantity > 0);
  if (lines.length === 0) throw new AppError('BAD_REQUEST', NOTHING_TO_SEND);
  if (options.text !== undefined && options.text !== order.text) throw new AppError('CONFLICT', ORDER_CHANGED_MESSAGE);
  const channel = options.channel ?? (await supplierChannel(ctx.db, ctx.user.id, order.supplierId));
  return ctx.db.transaction().execute(async (tx) => {
    const sent = await insertSentOrder(tx, ctx.user.id, {
      orderId: order.id,
      supplierId: order.supplierId,
      channel,
      text: order.text,
      introduce: order.introduce,
      // The line as it was sent; what the owner knew of the stock stays on the product.
      lines: lines.map(({ productId, name, unit, quantity }) => ({ productId, name, unit, quantity })),
    });
    await refreshUsual(
      tx,
      ctx.user.id,
      order.id,
      lines.map((line) => line.productId),
    );
    return sent;
  });
}

/** "Fill to par" on the order, and the order as it is now (docs/decisions.md §6). */
export async function fillOrder(ctx: OrdersContext, orderId: number): Promise<TFillResult> {
  if (!(await orderExists(ctx.db, ctx.user.id, orderId))) throw notFound('Order');
  const counts = await fillQuantities(ctx.db, ctx.user.id, orderId);
  return { order: found(await findOrderById(ctx.db, ctx.user.id, orderId), 'Order'), ...counts };
}

/**
 * Puts a sent order back into the current order, in one transaction: its
 * message, and its quantities for the products that still exist (every other
 * line to 0). Answers the order as it is now, for the owner to review.
 */
export async function reorder(ctx: OrdersContext, options: { orderId: number; sentOrderId: number }): Promise<TOrder> {
  const userId = ctx.user.id;
  const sent = found(await findSentOrder(ctx.db, userId, options.orderId, options.sentOrderId), 'Sent order');
  await ctx.db.transaction().execute(async (tx) => {
    await setIntroduce(tx, userId, sent.orderId, sent.introduce);
    await clearQuantities(tx, userId, sent.orderId);
    for (const line of sent.lines) {
      // Products deleted since are skipped: setQuantity only touches products of this order.
      await setQuantity(tx, userId, { productId: line.productId, orderId: sent.orderId, quantity: line.quantity });
    }
  });
  return found(await findOrderById(ctx.db, userId, options.orderId), 'Order');
}

/** Sets the message above the order, and answers the order with its new text. */
export async function updateMessage(ctx: OrdersContext, options: { orderId: number; introduce: string }): Promise<TOrder> {
  if (!(await setIntroduce(ctx.db, ctx.user.id, options.orderId, options.introduce))) throw notFound('Order');
  return found(await findOrderById(ctx.db, ctx.user.id, options.orderId), 'Order');
}
