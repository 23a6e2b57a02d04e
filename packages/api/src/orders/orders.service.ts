import { LANGUAGES, LIMITS, sentText, type TFillResult, type TMessageService, type TOrder, type TSentOrder } from '@reorder/schemas';
import { DAY_MS, nowOf } from '../context.ts';
import { AppError, found, notFound } from '../errors.ts';
import type { SignedInContext } from '../sessions/require-user.ts';
import { confirmLinks, newConfirmNonce } from './confirm-links.ts';
import { findOrderById, loadOrder, type OrderReading, orderExists, renewConfirmNonce, setIntroduce } from './orders.repository.ts';
import { clearQuantities, fillQuantities, refreshUsual, setQuantity } from './quantities.repository.ts';
import { findSentOrder, insertSentOrder } from './sent-orders.repository.ts';

type OrdersContext = Pick<SignedInContext, 'db' | 'user' | 'tokens' | 'settings' | 'clock'>;

/** How a signed-in call reads orders: in the owner's language, with the server's links. */
export function orderReading(ctx: Pick<SignedInContext, 'user' | 'tokens' | 'settings'>): OrderReading {
  return { language: ctx.user.language, links: confirmLinks(ctx) };
}

export const NOTHING_TO_SEND = 'There is nothing in this order to send: set a quantity first.';
export const ORDER_CHANGED_MESSAGE = 'The order changed while it was being sent. Check it and send it again.';

/**
 * Records that the order was sent (docs/decisions.md §3): its exact text, its
 * message and the lines above 0 as they are now. An order with nothing in it
 * cannot be sent. With `text` (the text the owner's app opened), the order
 * must make exactly that text, so the history never differs from what the
 * supplier got.
 *
 * When the supplier is asked to confirm (§6) and the order goes by a written
 * channel (not a phone call), the sent text ends with a blank line and a line
 * inviting the supplier to confirm at the order's `confirmUrl`, valid 14
 * days, and the order gets a new link for its next send; of two sends racing
 * for one link, the second is a 409. `text` may be given with that line (what
 * the owner's app opens) or without it (a script using the order's `text`).
 */
export async function sendOrder(
  ctx: OrdersContext,
  options: { orderId: number; channel?: TMessageService | undefined; text?: string | undefined; sentAt?: string | undefined },
): Promise<TSentOrder> {
  const sentAt = sendTime(ctx, options.sentAt);
  const reading = orderReading(ctx);
  const loaded = found(await loadOrder(ctx.db, ctx.user.id, { id: options.orderId }, reading), 'Order');
  const { order } = loaded;
  const lines = order.products.filter((p) => p.quantity > 0);
  if (lines.length === 0) throw new AppError('BAD_REQUEST', NOTHING_TO_SEND);
  const channel = options.channel ?? loaded.channel;
  const confirmNonce = channel === 'phone' ? null : loaded.confirmNonce;
  // The line in the account's language; a device that has not yet seen a language change words it
  // in the other one, and what it opened is what the supplier got: that is recorded.
  let language = reading.language;
  if (options.text !== undefined && options.text !== order.text) {
    const url = confirmNonce === null ? null : reading.links.url(confirmNonce);
    const opened = url === null ? undefined : LANGUAGES.find((l) => options.text === sentText(order.text, { language: l, url }));
    if (opened === undefined) throw new AppError('CONFLICT', ORDER_CHANGED_MESSAGE);
    language = opened;
  }
  return ctx.db.transaction().execute(async (tx) => {
    if (confirmNonce !== null && !(await renewConfirmNonce(tx, ctx.user.id, order.id, confirmNonce, newConfirmNonce()))) {
      throw new AppError('CONFLICT', ORDER_CHANGED_MESSAGE);
    }
    const sent = await insertSentOrder(
      tx,
      ctx.user.id,
      {
        orderId: order.id,
        supplierId: order.supplierId,
        channel,
        text: order.text,
        introduce: order.introduce,
        sentAt,
        // The line as it was sent; what the owner knew of the stock stays on the product.
        lines: lines.map(({ productId, name, unit, quantity }) => ({ productId, name, unit, quantity })),
        confirm:
          confirmNonce === null
            ? null
            : { nonce: confirmNonce, language, expiresAt: new Date(sentAt.getTime() + LIMITS.confirmationDays * DAY_MS) },
      },
      reading.links,
    );
    await refreshUsual(
      tx,
      ctx.user.id,
      order.id,
      lines.map((line) => line.productId),
    );
    return sent;
  });
}

export const SENT_AT_TOO_OLD = `Sent at must be within the last ${LIMITS.sentAtMaxAgeDays} days`;

/**
 * When a send happened: now, or the time an app that was offline recorded
 * (docs/decisions.md §6): at most `sentAtMaxAgeDays` ago, and never after now
 * (a device clock ahead of the server's is taken as now).
 */
function sendTime(ctx: OrdersContext, sentAt: string | undefined): Date {
  const now = nowOf(ctx);
  if (sentAt === undefined) return new Date(now);
  const at = Date.parse(sentAt);
  if (at < now - LIMITS.sentAtMaxAgeDays * DAY_MS) {
    throw new AppError('BAD_REQUEST', SENT_AT_TOO_OLD, { issues: [{ path: 'sentAt', message: SENT_AT_TOO_OLD }] });
  }
  return new Date(Math.min(at, now));
}

/** "Fill to par" on the order, and the order as it is now (docs/decisions.md §6). */
export async function fillOrder(ctx: OrdersContext, orderId: number): Promise<TFillResult> {
  if (!(await orderExists(ctx.db, ctx.user.id, orderId))) throw notFound('Order');
  const counts = await fillQuantities(ctx.db, ctx.user.id, orderId);
  return { order: found(await findOrderById(ctx.db, ctx.user.id, orderId, orderReading(ctx)), 'Order'), ...counts };
}

/**
 * Puts a sent order back into the current order, in one transaction: its
 * message, and its quantities for the products that still exist and that the
 * supplier did not say were unavailable (every other line to 0). Answers the
 * order as it is now, for the owner to review.
 */
export async function reorder(ctx: OrdersContext, options: { orderId: number; sentOrderId: number }): Promise<TOrder> {
  const userId = ctx.user.id;
  const reading = orderReading(ctx);
  const sent = found(await findSentOrder(ctx.db, userId, options.orderId, options.sentOrderId, reading.links), 'Sent order');
  const unavailable = new Set(sent.confirmation?.unavailable ?? []);
  await ctx.db.transaction().execute(async (tx) => {
    await setIntroduce(tx, userId, sent.orderId, sent.introduce);
    await clearQuantities(tx, userId, sent.orderId);
    for (const line of sent.lines) {
      if (unavailable.has(line.productId)) continue;
      // Products deleted since are skipped: setQuantity only touches products of this order.
      await setQuantity(tx, userId, { productId: line.productId, orderId: sent.orderId, quantity: line.quantity });
    }
  });
  return found(await findOrderById(ctx.db, userId, options.orderId, reading), 'Order');
}

/** Sets the message above the order, and answers the order with its new text. */
export async function updateMessage(ctx: OrdersContext, options: { orderId: number; introduce: string }): Promise<TOrder> {
  if (!(await setIntroduce(ctx.db, ctx.user.id, options.orderId, options.introduce))) throw notFound('Order');
  return found(await findOrderById(ctx.db, ctx.user.id, options.orderId, orderReading(ctx)), 'Order');
}
