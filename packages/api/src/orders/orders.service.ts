import {
  confirmationLine,
  formatOrderText,
  LANGUAGES,
  LIMITS,
  steppedQuantity,
  type TFillResult,
  type TMessageService,
  type TOrder,
  type TReorderMode,
  type TSentLineInput,
  type TSentOrder,
} from '@reorder/schemas';
import { lockBusinessForWriting } from '../businesses/write-lock.ts';
import { DAY_MS, nowOf } from '../context.ts';
import { AppError, found, notFound } from '../errors.ts';
import { emitEvent } from '../events/emit.ts';
import { clearQuantities, setQuantity } from '../quantities.ts';
import type { BusinessContext, SignedInContext } from '../sessions/require-user.ts';
import { confirmLinks, newConfirmNonce } from './confirm-links.ts';
import {
  findOrderById,
  type LoadedOrder,
  loadOrder,
  type OrderReading,
  orderExists,
  renewConfirmNonce,
  setIntroduce,
} from './orders.repository.ts';
import { fillQuantities, refreshUsual } from './quantities.repository.ts';
import { findSentOrder, insertSentOrder } from './sent-orders.repository.ts';

type OrdersContext = Pick<BusinessContext, 'db' | 'user' | 'business' | 'tokens' | 'settings' | 'clock'>;

/** How a signed-in call reads orders: in the owner's language, with the server's links. */
export function orderReading(
  ctx: Pick<SignedInContext, 'user' | 'tokens' | 'settings'> & Partial<Pick<SignedInContext, 'clock'>>,
): OrderReading {
  return { language: ctx.user.language, links: confirmLinks(ctx), timeZone: ctx.user.time_zone, now: nowOf(ctx) };
}

export const NOTHING_TO_SEND = 'There is nothing in this order to send: set a quantity first.';
export const ORDER_CHANGED_MESSAGE = 'The order changed while it was being sent. Check it and send it again.';

/** What a send records: the text (without its confirmation line), the message and the lines. */
interface SentContent {
  text: string;
  introduce: string;
  lines: TSentLineInput[];
}

/**
 * Records that the order was sent (docs/decisions.md §3, §8.1).
 *
 * With `lines` (what the owner's device opened in the supplier's app), those
 * lines and that message are recorded exactly, whatever the order holds by
 * now; `text` must be what they make, with or without the line of a
 * confirmation link (400 otherwise). Such a send is never refused for being
 * late or for a changed order: it already reached the supplier.
 *
 * Without `lines`, the order is recorded as it stands: an order with nothing
 * in it cannot be sent, and with `text` the order must still make exactly
 * that text (409 otherwise), so the history never differs from what the
 * supplier got.
 *
 * When the supplier is asked to confirm (§6.4) and the order goes by a written
 * channel (not a phone call), the sent text ends with a blank line and a line
 * inviting the supplier to confirm at the order's `confirmUrl`, valid 14 days
 * from when the server records it, and the order gets a new link for its next
 * send. See `linkOfSend` for a text whose link was already taken.
 */
export async function sendOrder(
  ctx: OrdersContext,
  options: {
    orderId: number;
    channel?: TMessageService | undefined;
    text?: string | undefined;
    sentAt?: string | undefined;
    introduce?: string | undefined;
    lines?: TSentLineInput[] | undefined;
  },
): Promise<TSentOrder> {
  const recorded = options.lines !== undefined;
  const sentAt = sendTime(ctx, options.sentAt);
  const reading = orderReading(ctx);
  const loaded = found(await loadOrder(ctx.db, ctx.business.id, { id: options.orderId }, reading), 'Order');
  const { order } = loaded;
  const channel = options.channel ?? loaded.channel;
  const content: SentContent = recorded
    ? sentContent(options.introduce ?? '', options.lines ?? [], loaded, options.text)
    : {
        text: order.text,
        introduce: order.introduce,
        lines: order.products
          .filter((p) => p.quantity > 0)
          .map(({ productId, name, unit, quantity, price }) => ({ productId, name, unit, quantity, price })),
      };
  if (content.lines.length === 0) throw new AppError('BAD_REQUEST', NOTHING_TO_SEND);
  const link = linkOfSend(reading, loaded, channel, content.text, options.text, recorded);
  return ctx.db.transaction().execute(async (tx) => {
    let confirm = link.kind === 'next' ? link : null;
    if (confirm && !(await renewConfirmNonce(tx, ctx.business.id, order.id, confirm.nonce, newConfirmNonce(), reading.links))) {
      // Another send took this link first. A send the device already made is kept, without a live link of its own.
      if (!recorded) throw new AppError('CONFLICT', ORDER_CHANGED_MESSAGE);
      confirm = null;
    }
    const sent = await insertSentOrder(
      tx,
      ctx.business.id,
      {
        orderId: order.id,
        supplierId: order.supplierId,
        channel,
        // With a live link the stored text ends before its line (made again from the nonce); else it is the whole text.
        text: confirm ? content.text : link.kind === 'taken' ? link.text : content.text,
        introduce: content.introduce,
        sentAt,
        lines: content.lines,
        by: { id: ctx.user.id, fullName: ctx.user.full_name },
        currency: order.currency,
        confirm: confirm
          ? { nonce: confirm.nonce, language: confirm.language, expiresAt: new Date(nowOf(ctx) + LIMITS.confirmationDays * DAY_MS) }
          : null,
      },
      reading.links,
    );
    await refreshUsual(
      tx,
      ctx.business.id,
      order.id,
      content.lines.map((line) => line.productId),
    );
    // In the send's transaction: a send recorded is a send told (docs/decisions.md §8.5), a later-recorded one too.
    await emitEvent(tx, ctx.business.id, 'order.sent', sent, nowOf(ctx));
    return sent;
  });
}

/**
 * The lines a device sent, above 0, with the price each went with (the
 * product's price now when the device left it out), and the text they make.
 * The device wrote the text in the language and with or without prices as it
 * knew them, which may have changed since: of the ways the text can be
 * written, the one `text` starts with is the one made (else the owner's
 * current way, which `linkOfSend` then finds does not match).
 */
function sentContent(introduce: string, lines: readonly TSentLineInput[], loaded: LoadedOrder, text: string | undefined): SentContent {
  const priceNow = new Map(loaded.order.products.map((p) => [p.productId, p.price]));
  const kept = lines
    .filter((line) => line.quantity > 0)
    .map(({ productId, name, unit, quantity, price }) => ({
      productId,
      name,
      unit,
      quantity,
      price: price === undefined ? (priceNow.get(productId) ?? null) : price,
    }));
  const { style } = loaded;
  const ways = [
    style,
    ...LANGUAGES.flatMap((language) => [
      { language, prices: null },
      { language, prices: loaded.order.currency },
    ]),
  ];
  const made = ways
    .map((way) => formatOrderText(introduce, kept, way))
    .find((candidate) => text === undefined || text === candidate || text.startsWith(`${candidate}\n\n`));
  return { text: made ?? formatOrderText(introduce, kept, style), introduce, lines: kept };
}

export const TEXT_NOT_FROM_LINES = 'Text must be the text that introduce and lines make (with or without its confirmation line)';

/**
 * Which confirmation link a send carries:
 * - `next`: the order's link for its next send (renewed once recorded), in
 *   the language of the line the text was opened with;
 * - `taken`: the text ends with a link the order no longer holds (another
 *   device's send took it meanwhile, or it was never this order's): the text
 *   is kept whole, and the send has no link of its own;
 * - `none`: no link (a phone call, or the supplier is not asked to confirm).
 *
 * A text that does not match what the order (or the sent lines) make is a
 * 409 for a send of the order as it stands, and a 400 for sent lines.
 */
function linkOfSend(
  reading: OrderReading,
  loaded: LoadedOrder,
  channel: TMessageService,
  made: string,
  text: string | undefined,
  recorded: boolean,
): { kind: 'next'; nonce: string; language: 'en' | 'es' } | { kind: 'taken'; text: string } | { kind: 'none' } {
  const mismatch = () =>
    recorded
      ? new AppError('BAD_REQUEST', TEXT_NOT_FROM_LINES, { issues: [{ path: 'text', message: TEXT_NOT_FROM_LINES }] })
      : new AppError('CONFLICT', ORDER_CHANGED_MESSAGE);
  const written = channel !== 'phone';
  const next = written && loaded.confirmNonce !== null ? loaded.confirmNonce : null;
  // Sent lines with the bare text: the supplier got no link, and the record says so.
  if (text === made && recorded) return { kind: 'none' };
  if (text === undefined || text === made) {
    return next === null ? { kind: 'none' } : { kind: 'next', nonce: next, language: reading.language };
  }
  const tail = text.startsWith(`${made}\n\n`) ? text.slice(made.length + 2) : undefined;
  if (tail === undefined || !written) throw mismatch();
  // The device words the line in the language it knew, and its link is the one it was shown.
  const nonce = recorded ? loaded.nextNonce : next;
  for (const language of LANGUAGES) {
    if (nonce !== null && tail === confirmationLine(language, reading.links.url(nonce))) return { kind: 'next', nonce, language };
    if (recorded && isLinkLine(tail, language, reading.links.prefix)) return { kind: 'taken', text };
  }
  throw mismatch();
}

/** Whether `line` is the confirmation line in `language` for some link under `base` (`<PUBLIC_URL>/confirm/`). */
function isLinkLine(line: string, language: 'en' | 'es', base: string): boolean {
  const prefix = confirmationLine(language, base);
  return line.startsWith(prefix) && /^[A-Za-z0-9_-]{16,200}$/.test(line.slice(prefix.length));
}

export const SENT_AT_TOO_OLD = `Sent at must be within the last ${LIMITS.sentAtMaxAgeDays} days`;
export const SENT_AT_AHEAD = `Sent at must not be more than ${LIMITS.sentAtMaxAheadMinutes} minutes from now: check the device's clock`;

/**
 * When a send happened: now, or the time an app that was offline recorded
 * (docs/decisions.md §6.5, §8.1, §9.7): at most `sentAtMaxAgeDays` ago, with
 * or without its lines (the offline outbox sends within that), and at most
 * `sentAtMaxAheadMinutes` ahead, a device clock's usual drift, which is taken
 * as now. Anything else is a 400, so the history never holds a made-up time.
 */
function sendTime(ctx: OrdersContext, sentAt: string | undefined): Date {
  const now = nowOf(ctx);
  if (sentAt === undefined) return new Date(now);
  const at = Date.parse(sentAt);
  const refuse = (message: string) => new AppError('BAD_REQUEST', message, { issues: [{ path: 'sentAt', message }] });
  if (at < now - LIMITS.sentAtMaxAgeDays * DAY_MS) throw refuse(SENT_AT_TOO_OLD);
  if (at > now + LIMITS.sentAtMaxAheadMinutes * 60_000) throw refuse(SENT_AT_AHEAD);
  return new Date(Math.min(at, now));
}

/** "Fill to par" on the order, and the order as it is now (docs/decisions.md §6.1). */
export async function fillOrder(ctx: OrdersContext, orderId: number): Promise<TFillResult> {
  if (!(await orderExists(ctx.db, ctx.business.id, orderId))) throw notFound('Order');
  const counts = await fillQuantities(ctx.db, ctx.business.id, orderId);
  return { order: found(await findOrderById(ctx.db, ctx.business.id, orderId, orderReading(ctx)), 'Order'), ...counts };
}

/**
 * Puts a sent order back into the current order, in one transaction, for the
 * products that still exist and that the supplier did not say were
 * unavailable (docs/decisions.md §6.4, §8.1):
 * - `replace`: the order becomes the sent one, its message too; every other
 *   line goes to 0;
 * - `add`: the sent quantities are added to the current ones (`steppedQuantity`,
 *   as the order screen adds them: at most the largest quantity), and the
 *   current message stays unless it is empty.
 * Answers the order as it is now, for the owner to review.
 */
export async function reorder(
  ctx: OrdersContext,
  options: { orderId: number; sentOrderId: number; mode?: TReorderMode | undefined },
): Promise<TOrder> {
  const userId = ctx.business.id;
  const reading = orderReading(ctx);
  const sent = found(await findSentOrder(ctx.db, userId, options.orderId, options.sentOrderId, reading.links), 'Sent order');
  const unavailable = new Set(sent.confirmation?.unavailable ?? []);
  const lines = sent.lines.filter((line) => !unavailable.has(line.productId));
  await ctx.db.transaction().execute(async (tx) => {
    await lockBusinessForWriting(tx, userId);
    if (options.mode === 'add') {
      const current = found(await findOrderById(tx, userId, sent.orderId, reading), 'Order');
      if (!current.introduce.trim()) await setIntroduce(tx, userId, sent.orderId, sent.introduce);
      const now = new Map(current.products.map((p) => [p.productId, p.quantity]));
      for (const line of lines) {
        const before = now.get(line.productId);
        // Products deleted since are skipped.
        if (before === undefined) continue;
        await setQuantity(tx, userId, {
          productId: line.productId,
          orderId: sent.orderId,
          quantity: steppedQuantity(before, line.quantity),
        });
      }
      return;
    }
    await setIntroduce(tx, userId, sent.orderId, sent.introduce);
    await clearQuantities(tx, userId, sent.orderId);
    for (const line of lines) {
      // Products deleted since are skipped: setQuantity only touches products of this order.
      await setQuantity(tx, userId, { productId: line.productId, orderId: sent.orderId, quantity: line.quantity });
    }
  });
  return found(await findOrderById(ctx.db, userId, options.orderId, reading), 'Order');
}

/**
 * Sets the order to exactly this message and these quantities, in one
 * transaction: every other line goes to 0, and products deleted since are
 * skipped. The app's Undo after a re-order puts the order back this way.
 */
export async function restoreOrder(
  ctx: OrdersContext,
  options: { orderId: number; introduce: string; lines: { productId: number; quantity: number }[] },
): Promise<TOrder> {
  const userId = ctx.business.id;
  await ctx.db.transaction().execute(async (tx) => {
    await lockBusinessForWriting(tx, userId);
    if (!(await setIntroduce(tx, userId, options.orderId, options.introduce))) throw notFound('Order');
    await clearQuantities(tx, userId, options.orderId);
    for (const line of options.lines) {
      if (line.quantity > 0)
        await setQuantity(tx, userId, { productId: line.productId, orderId: options.orderId, quantity: line.quantity });
    }
  });
  return found(await findOrderById(ctx.db, userId, options.orderId, orderReading(ctx)), 'Order');
}

/** Sets the message above the order, and answers the order with its new text. */
export async function updateMessage(ctx: OrdersContext, options: { orderId: number; introduce: string }): Promise<TOrder> {
  if (!(await setIntroduce(ctx.db, ctx.business.id, options.orderId, options.introduce))) throw notFound('Order');
  return found(await findOrderById(ctx.db, ctx.business.id, options.orderId, orderReading(ctx)), 'Order');
}
