import type { StoredAnsweredLine, StoredConfirmation } from '@reorder/db';
import { translate } from '@reorder/i18n';
import {
  confirmationStatus,
  formatAmount,
  formatMoney,
  percentChange,
  type TAnswerConfirmationInput,
  type TConfirmation,
  type TPublicConfirmation,
} from '@reorder/schemas';
import { href } from '@reorder/schemas/web-paths';
import { DateTime } from 'luxon';
import { type Context, DAY_MS, nowOf } from '../context.ts';
import { AppError } from '../errors.ts';
import { emitEvent } from '../events/emit.ts';
import { confirmationEmail } from '../mail/messages.ts';
import { notifyOwner } from '../mail/notify-owner.ts';
import { toSentLines } from '../orders/sent-orders.repository.ts';
import { hashSecretToken } from '../platform/secret-tokens.ts';
import { isFlaggedRise, setSupplierPrices } from '../products/prices.ts';
import {
  findLiveConfirmation,
  isLinkAwaitingSend,
  type LiveConfirmation,
  productNotes,
  saveConfirmation,
} from './confirmations.repository.ts';

export const CONFIRMATION_NOT_FOUND = 'This confirmation link does not exist or has expired.';
export const CONFIRMATION_NOT_YET = 'This order has not reached us yet: open the link again in a few minutes.';
/** The `Retry-After` (seconds) of a link whose send has not reached the server: about how long a phone takes to sync once back online. */
export const CONFIRMATION_NOT_YET_RETRY_AFTER = 120;
export const UNAVAILABLE_NOT_IN_ORDER = 'Unavailable must list only products of this order';
export const LINE_NOT_IN_ORDER = 'Lines must list only products of this order';
export const PRICES_NOT_ASKED = 'This order does not share prices: answer without a price';
export const DELIVERY_DATE_OUT_OF_RANGE = 'Delivery date must be between the day the order was sent and a year later';

/**
 * The sent order behind a link, counted against the caller's IP first (every
 * look, found or not, so tokens cannot be guessed quickly). Unknown, expired
 * and revoked (order or supplier deleted) links are one and the same 404. A
 * link an order still holds for its next send was made by a device whose
 * send has not reached the server yet (an offline send): a 409 with
 * `Retry-After`, so the page says "not yet", never "withdrawn" (§9.3).
 */
async function liveLink(ctx: Context, token: string): Promise<{ row: LiveConfirmation; tokenHash: string }> {
  await ctx.rateLimiter.hit(ctx.rateRules.confirmationPerIp, ctx.request.ip);
  const tokenHash = hashSecretToken(token);
  const row = await findLiveConfirmation(ctx.db, tokenHash, nowOf(ctx));
  if (row) return { row, tokenHash };
  if (await isLinkAwaitingSend(ctx.db, tokenHash)) {
    throw new AppError('CONFLICT', CONFIRMATION_NOT_YET, { retryAfter: CONFIRMATION_NOT_YET_RETRY_AFTER });
  }
  throw new AppError('NOT_FOUND', CONFIRMATION_NOT_FOUND);
}

async function toPublic(ctx: Context, row: LiveConfirmation, confirmation: TConfirmation | null): Promise<TPublicConfirmation> {
  const notes = await productNotes(
    ctx.db,
    row.business_id,
    row.lines.map((line) => line.productId),
  );
  const lines = toSentLines(row.lines).map((line) => ({ ...line, note: notes.get(line.productId) ?? '' }));
  return {
    businessName: row.business_name,
    supplierName: row.supplier_name,
    introduce: row.introduce,
    // The supplier sees the prices it was sent with only when the business shares them.
    lines: row.show_prices ? lines : lines.map((line) => ({ ...line, price: null, lineTotal: null })),
    showPrices: row.show_prices,
    currency: row.currency ?? row.business_currency,
    sentAt: row.sent_at.toISOString(),
    expiresAt: (row.confirm_expires_at ?? row.sent_at).toISOString(),
    confirmation,
  };
}

/** What the supplier's page shows for a link (docs/decisions.md §6.4). */
export async function viewConfirmation(ctx: Context, token: string): Promise<TPublicConfirmation> {
  const { row } = await liveLink(ctx, token);
  return toPublic(ctx, row, row.confirmation && { ...row.confirmation, lines: row.confirmation.lines ?? [] });
}

/**
 * Keeps the supplier's answer (a first one or a change, until the link
 * expires; at most 10 an hour) and tells the owner, by email and push, after
 * the answer is written, at most once per 5 minutes per link. The status follows the lines: none unavailable is confirmed, all
 * declined, else partial.
 */
export async function answerConfirmation(ctx: Context, input: TAnswerConfirmationInput): Promise<TPublicConfirmation> {
  const { row, tokenHash } = await liveLink(ctx, input.token);
  await ctx.rateLimiter.hit(ctx.rateRules.confirmationAnswersPerLink, tokenHash);
  const ordered = row.lines.map((line) => line.productId);
  if (input.unavailable.some((id) => !ordered.includes(id))) {
    throw new AppError('BAD_REQUEST', UNAVAILABLE_NOT_IN_ORDER, { issues: [{ path: 'unavailable', message: UNAVAILABLE_NOT_IN_ORDER }] });
  }
  if (input.deliveryDate !== null) {
    // Time zones apart, the supplier's "today" may be the day before the send in UTC.
    const day = Date.parse(`${input.deliveryDate}T00:00:00Z`);
    const sent = row.sent_at.getTime();
    if (day < sent - 2 * DAY_MS || day > sent + 366 * DAY_MS) {
      throw new AppError('BAD_REQUEST', DELIVERY_DATE_OUT_OF_RANGE, {
        issues: [{ path: 'deliveryDate', message: DELIVERY_DATE_OUT_OF_RANGE }],
      });
    }
  }
  const answered = answeredLines(row, input.lines ?? []);
  const unavailable = ordered.filter(
    (id) => input.unavailable.includes(id) || answered.some((line) => line.productId === id && line.quantity === 0),
  );
  const answer: StoredConfirmation = {
    status: confirmationStatus(unavailable.length, ordered.length),
    respondedAt: new Date(nowOf(ctx)).toISOString(),
    note: input.note,
    deliveryDate: input.deliveryDate,
    unavailable,
    lines: answered,
  };
  const saved = await ctx.db.transaction().execute(async (tx) => {
    if (!(await saveConfirmation(tx, row.id, tokenHash, answer, nowOf(ctx)))) return false;
    // A price the supplier confirms becomes the product's price (docs/decisions.md §8.4).
    const prices = answered.flatMap((line) => (line.price === null ? [] : [{ productId: line.productId, price: line.price }]));
    await setSupplierPrices(tx, row.business_id, prices, nowOf(ctx));
    // Scripts hear of every answer, a changed one too (docs/decisions.md §8.5); `confirmation.status` tells a partial one.
    await emitEvent(
      tx,
      row.business_id,
      'order.confirmed',
      {
        sentOrderId: row.id,
        orderId: row.order_id,
        supplierId: row.supplier_id,
        changed: row.confirmation !== null,
        confirmation: { ...answer, lines: answered },
      },
      nowOf(ctx),
    );
    return true;
  });
  if (!saved) throw new AppError('NOT_FOUND', CONFIRMATION_NOT_FOUND);
  const changed = row.confirmation !== null;
  // The owner hears of a link at most once per 5 minutes (docs/decisions.md §8.6); later answers are on the order's history.
  if (await ctx.rateLimiter.once(ctx.rateRules.confirmationNoticePerLink, tokenHash)) {
    ctx.background.run('confirmation notice', () => tellOwnerOfAnswer(ctx, row, answer, changed));
  }
  return toPublic(ctx, row, { ...answer, lines: answered });
}

/**
 * The lines the supplier answered differently from what was sent: another
 * quantity, a price other than the one sent, or a substitute. A line of
 * another order, or a price when the order does not share prices, is a 400.
 */
function answeredLines(row: LiveConfirmation, lines: NonNullable<TAnswerConfirmationInput['lines']>): StoredAnsweredLine[] {
  const sent = new Map(toSentLines(row.lines).map((line) => [line.productId, line]));
  return lines.flatMap((line, index) => {
    const was = sent.get(line.productId);
    if (!was) {
      throw new AppError('BAD_REQUEST', LINE_NOT_IN_ORDER, { issues: [{ path: `lines.${index}.productId`, message: LINE_NOT_IN_ORDER }] });
    }
    const price = line.price ?? null;
    if (price !== null && !row.show_prices) {
      throw new AppError('BAD_REQUEST', PRICES_NOT_ASKED, { issues: [{ path: `lines.${index}.price`, message: PRICES_NOT_ASKED }] });
    }
    const newPrice = price !== null && price !== was.price;
    if (line.quantity === was.quantity && !newPrice && !line.substitute) return [];
    return [
      {
        productId: line.productId,
        quantity: line.quantity,
        price: newPrice ? price : null,
        substitute: line.substitute,
        priceBefore: was.price,
        rise: newPrice && isFlaggedRise(was.price, price),
      },
    ];
  });
}

/**
 * Each line the supplier answered differently, as the owner reads it: what
 * changed of the quantity (a line now unavailable is told apart), the price
 * per unit with a flag on a rise of 5% or more, and the substitute.
 */
function changedLines(row: LiveConfirmation, answer: StoredConfirmation, locale: 'en' | 'es'): string[] {
  const currency = row.currency ?? row.business_currency;
  const sent = new Map(toSentLines(row.lines).map((line) => [line.productId, line]));
  return (answer.lines ?? []).flatMap((line) => {
    const was = sent.get(line.productId);
    if (!was) return [];
    const parts: string[] = [];
    if (line.quantity !== was.quantity && line.quantity > 0) {
      parts.push(
        translate(locale, 'mail.confirmation.quantity', {
          quantity: formatAmount(line.quantity, locale),
          sent: formatAmount(was.quantity, locale),
        }),
      );
    }
    if (line.price !== null) {
      const price = formatMoney(line.price, currency, locale);
      const percent = line.priceBefore ? formatAmount(percentChange(line.priceBefore, line.price), locale) : '';
      parts.push(translate(locale, line.rise ? 'mail.confirmation.rise' : 'mail.confirmation.price', { price, unit: was.unit, percent }));
    }
    if (line.substitute) parts.push(translate(locale, 'mail.confirmation.substitute', { substitute: line.substitute }));
    return parts.length === 0 ? [] : [`${was.name}: ${parts.join(', ')}`];
  });
}

/** The owner's email and push when the supplier answers or changes the answer. */
async function tellOwnerOfAnswer(ctx: Context, row: LiveConfirmation, answer: StoredConfirmation, changed: boolean): Promise<void> {
  const locale = row.language;
  const link = `${ctx.settings.publicUrl}${href('orders.sentOrder', { supplierId: row.supplier_id, sentOrderId: row.id })}`;
  const sent = DateTime.fromJSDate(row.sent_at, { zone: row.time_zone }).setLocale(locale).toLocaleString(DateTime.DATETIME_MED);
  const delivery = answer.deliveryDate ? DateTime.fromISO(answer.deliveryDate).setLocale(locale).toLocaleString(DateTime.DATE_HUGE) : null;
  const unavailable = row.lines
    .filter((line) => answer.unavailable.includes(line.productId))
    .map((line) => `${line.name} (${formatAmount(Number(line.quantity), locale)} ${line.unit})`);
  const mail = confirmationEmail({
    locale,
    name: row.full_name,
    supplier: row.supplier_name,
    status: answer.status,
    changed,
    sent,
    unavailable,
    changes: changedLines(row, answer, locale),
    delivery,
    note: answer.note,
    link,
  });
  await notifyOwner(
    ctx,
    { userId: row.user_id, email: row.email },
    {
      mail,
      push: {
        title: mail.subject,
        body: [
          unavailable.length > 0
            ? translate(locale, 'mail.confirmation.unavailable', { items: unavailable.join(', ') })
            : translate(locale, 'mail.confirmation.allAvailable'),
          answer.note,
        ]
          .filter(Boolean)
          .join(' '),
        url: link,
        tag: `confirmation-${row.id}`,
      },
    },
  );
}
