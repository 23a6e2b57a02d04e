import type { Database, Db, SentLine, SentOrderRow } from '@reorder/db';
import { lineTotal, orderTotals, sentText, type TMessageService, type TSentOrder } from '@reorder/schemas';
import type { ExpressionBuilder } from 'kysely';
import type { ConfirmLinks } from './confirm-links.ts';

const COLUMNS = [
  'id',
  'order_id',
  'supplier_id',
  'channel',
  'text',
  'introduce',
  'lines',
  'sent_at',
  'confirm_nonce',
  'confirm_language',
  'confirmation',
  'sent_by',
  'by_standing_order',
  'total',
  'unpriced_lines',
  'currency',
] as const;

/** The business's currency, for sends from before prices (whose row has none). */
const businessCurrency = (eb: ExpressionBuilder<Database, 'sent_orders'>) =>
  eb
    .selectFrom('businesses')
    .select('businesses.currency')
    .whereRef('businesses.id', '=', 'sent_orders.business_id')
    .as('business_currency');

/** Who sent it, by name (null when they are gone): a column beside COLUMNS in every read. */
const sentByName = (eb: ExpressionBuilder<Database, 'sent_orders'>) =>
  eb.selectFrom('users').select('users.full_name').whereRef('users.id', '=', 'sent_orders.sent_by').as('sent_by_name');

/** The lines of a sent order as answered: its quantities read as numbers, whatever the driver gave. */
export function toSentLines(lines: readonly SentLine[]): TSentOrder['lines'] {
  return lines.map((l) => {
    const quantity = Number(l.quantity);
    const price = l.price ?? null;
    return { productId: l.productId, name: l.name, unit: l.unit, quantity, price, lineTotal: lineTotal(quantity, price) };
  });
}

/**
 * A sent order as answered. Its stored text ends before the confirmation
 * line, which is made again from the nonce (the token is never stored), so
 * `text` is exactly what was sent.
 */
export function toSentOrder(
  row: Pick<SentOrderRow, (typeof COLUMNS)[number]> & { sent_by_name: string | null; business_currency: string | null },
  links: ConfirmLinks,
): TSentOrder {
  const confirmUrl = row.confirm_nonce === null ? null : links.url(row.confirm_nonce);
  return {
    id: row.id,
    orderId: row.order_id,
    supplierId: row.supplier_id,
    channel: row.channel as TMessageService,
    text: sentText(row.text, confirmUrl === null ? null : { url: confirmUrl, language: row.confirm_language ?? 'en' }),
    introduce: row.introduce,
    lines: toSentLines(row.lines),
    total: Number(row.total),
    unpricedLines: row.unpriced_lines,
    currency: row.currency ?? row.business_currency ?? 'EUR',
    sentAt: row.sent_at.toISOString(),
    confirmUrl,
    confirmation: row.confirmation && { ...row.confirmation, lines: row.confirmation.lines ?? [] },
    sentBy: row.sent_by === null || row.sent_by_name === null ? null : { userId: row.sent_by, fullName: row.sent_by_name },
    byStandingOrder: row.by_standing_order,
  };
}

/** The confirmation link a send carries: its nonce, the language of its line and when it stops working. */
export interface SentConfirmLink {
  nonce: string;
  language: 'en' | 'es';
  expiresAt: Date;
}

/** Keeps a sent order: the exact text (without its confirmation line, kept as its link), the message and the lines as they were sent. */
export async function insertSentOrder(
  db: Db,
  businessId: number,
  sent: {
    orderId: number;
    supplierId: number;
    channel: TMessageService;
    text: string;
    introduce: string;
    lines: SentLine[];
    /** When it was sent (now, or a later-recorded send's own time). */
    sentAt: Date;
    confirm: SentConfirmLink | null;
    /** The member who sent it, or null when the standing order sent it by itself (docs/decisions.md §9.5). */
    by: { id: number; fullName: string } | null;
    /** The business's currency now, which its prices are in. */
    currency: string;
  },
  links: ConfirmLinks,
): Promise<TSentOrder> {
  const row = await db
    .insertInto('sent_orders')
    .values({
      business_id: businessId,
      order_id: sent.orderId,
      supplier_id: sent.supplierId,
      channel: sent.channel,
      text: sent.text,
      introduce: sent.introduce,
      lines: JSON.stringify(sent.lines),
      ...sentTotals(sent.lines),
      currency: sent.currency,
      sent_at: sent.sentAt,
      sent_by: sent.by?.id ?? null,
      by_standing_order: sent.by === null,
      ...(sent.confirm
        ? {
            confirm_nonce: sent.confirm.nonce,
            confirm_token_hash: links.tokenHash(sent.confirm.nonce),
            confirm_language: sent.confirm.language,
            confirm_expires_at: sent.confirm.expiresAt,
          }
        : {}),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toSentOrder({ ...row, sent_by_name: sent.by?.fullName ?? null, business_currency: sent.currency }, links);
}

/** What a send's row keeps of its lines' money: the total and how many lines had no price. */
function sentTotals(lines: readonly SentLine[]): { total: string; unpriced_lines: number } {
  const { total, unpricedLines } = orderTotals(lines.map((line) => ({ quantity: line.quantity, price: line.price ?? null })));
  return { total: total.toFixed(4), unpriced_lines: unpricedLines };
}

/** The sent orders of one of the business's orders, each row with what a SentOrder is made of. */
function sentOrdersOf(db: Db, businessId: number, orderId: number) {
  return db
    .selectFrom('sent_orders')
    .select(COLUMNS)
    .select([sentByName, businessCurrency])
    .where('business_id', '=', businessId)
    .where('order_id', '=', orderId);
}

/** The order's sent orders, newest first (at most `limit`; every one with `null`). */
export async function listSentOrders(
  db: Db,
  businessId: number,
  orderId: number,
  links: ConfirmLinks,
  limit: number | null = 100,
): Promise<TSentOrder[]> {
  let query = sentOrdersOf(db, businessId, orderId).orderBy('sent_at', 'desc').orderBy('id', 'desc');
  if (limit !== null) query = query.limit(limit);
  return (await query.execute()).map((row) => toSentOrder(row, links));
}

export async function findSentOrder(
  db: Db,
  businessId: number,
  orderId: number,
  sentOrderId: number,
  links: ConfirmLinks,
): Promise<TSentOrder | undefined> {
  const row = await sentOrdersOf(db, businessId, orderId).where('id', '=', sentOrderId).executeTakeFirst();
  return row && toSentOrder(row, links);
}
