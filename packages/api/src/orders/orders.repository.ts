import { type Db, preparedQuery, type SentLine, type StoredConfirmation } from '@reorder/db';
import {
  formatOrderText,
  lineTotal,
  orderTotals,
  type TMessageService,
  type TOrder,
  type TOrderReady,
  type TOrderSummary,
  type TTextStyle,
} from '@reorder/schemas';
import { sql } from 'kysely';
import { STOCK_AND_CATALOGUE_COLUMNS, toCatalogue, toStock } from '../stock.ts';
import type { ConfirmLinks } from './confirm-links.ts';
import { weekdayUsuals } from './usuals.ts';

/** How an order's confirmation link is read: the owner's language (of the line a send ends with) and the links (docs/decisions.md §6.4). */
export interface OrderReading {
  language: 'en' | 'es';
  links: ConfirmLinks;
  /** The reader's time zone and now: the current order's delivery weekday, for its usuals (docs/decisions.md §9.5); UTC and the clock when left out. */
  timeZone?: string;
  now?: number;
}

/**
 * An order, the nonce of the link its next send carries (null when the
 * supplier is not asked to confirm), and how the supplier takes orders.
 */
export interface LoadedOrder {
  order: TOrder;
  confirmNonce: string | null;
  /** The nonce the order holds for its next link, whether or not the supplier is asked to confirm now. */
  nextNonce: string;
  channel: TMessageService;
  /** How its text is written (and a send's text made again). */
  style: TTextStyle;
}

/**
 * The order's columns on its first row only (NULL on the others): an order
 * of 200 products sent them 200 times, and pg parsed each of them again on
 * every row, the integer array of delivery days too (docs/performance.md).
 * The window's order is the query's (`IN_NAME_ORDER`, both), so PostgreSQL
 * sorts once and the first row it answers is the one that carries them.
 */
const IN_NAME_ORDER = sql`products.sort_key COLLATE "C", products.id`;
const FIRST_ROW = sql<boolean>`row_number() OVER (ORDER BY ${IN_NAME_ORDER}) = 1`;
const onFirstRow = <T>(column: string) => sql<T>`CASE WHEN ${FIRST_ROW} THEN ${sql.ref(column)} END`;

/** An order's rows, in its products' name order: the order's columns on the first (`onFirstRow`); one row with nulls without products. */
function orderRows(db: Db, businessId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('suppliers', 'suppliers.id', 'orders.supplier_id')
    .innerJoin('businesses', 'businesses.id', 'orders.business_id')
    .leftJoin('products', (join) =>
      join.onRef('products.order_id', '=', 'orders.id').onRef('products.business_id', '=', 'orders.business_id'),
    )
    .leftJoin('order_quantities as oq', (join) =>
      join.onRef('oq.order_id', '=', 'products.order_id').onRef('oq.product_id', '=', 'products.id'),
    )
    .leftJoin('users as counter', 'counter.id', 'products.counted_by')
    .leftJoin('users as readier', 'readier.id', 'orders.ready_by')
    .select([
      onFirstRow<number>('orders.id').as('order_id'),
      onFirstRow<number>('orders.supplier_id').as('supplier_id'),
      onFirstRow<string>('orders.introduce').as('introduce'),
      onFirstRow<string>('orders.confirm_nonce').as('confirm_nonce'),
      onFirstRow<string | null>('orders.confirm_token_hash').as('confirm_token_hash'),
      onFirstRow<boolean>('suppliers.ask_confirmation').as('ask_confirmation'),
      onFirstRow<string>('suppliers.message_service').as('message_service'),
      onFirstRow<boolean>('suppliers.show_prices').as('show_prices'),
      onFirstRow<number[]>('suppliers.delivery_days').as('delivery_days'),
      onFirstRow<string | null>('suppliers.cutoff_time').as('cutoff_time'),
      onFirstRow<number>('suppliers.lead_days').as('lead_days'),
      onFirstRow<string>('businesses.currency').as('currency'),
      'products.id',
      'products.name',
      'products.unit',
      ...STOCK_AND_CATALOGUE_COLUMNS,
      'counter.full_name as counted_by_name',
      'oq.quantity',
      onFirstRow<Date | null>('orders.ready_at').as('ready_at'),
      onFirstRow<number | null>('readier.id').as('ready_by'),
      onFirstRow<string | null>('readier.full_name').as('ready_by_name'),
    ])
    .where('orders.business_id', '=', businessId);
}

/** The order read by one of its keys (its id, its supplier's), in its products' name order: each compiled once (docs/performance.md). */
const orderBy = (column: 'orders.id' | 'orders.supplier_id') =>
  preparedQuery(['businessId', 'key'], (db, values: { businessId: number; key: number }) =>
    orderRows(db, values.businessId).where(column, '=', values.key).orderBy(IN_NAME_ORDER),
  );
const orderById = orderBy('orders.id');
const orderBySupplier = orderBy('orders.supplier_id');

/**
 * An order with every product of its supplier (sorted by name, quantity 0 when
 * not ordered) and its text, in one round trip: the order's row comes on
 * every product's row (once, with nulls, when it has no products).
 */
export async function loadOrder(
  db: Db,
  businessId: number,
  where: { id: number } | { supplierId: number },
  reading: OrderReading,
): Promise<LoadedOrder | undefined> {
  const rows =
    'id' in where ? await orderById(db, { businessId, key: where.id }) : await orderBySupplier(db, { businessId, key: where.supplierId });
  const order = rows[0];
  if (!order) return undefined;
  const schedule = { deliveryDays: order.delivery_days.map(Number), cutoffTime: order.cutoff_time, leadDays: Number(order.lead_days) };
  const usuals = await weekdayUsuals(db, businessId, order.order_id, schedule, reading.timeZone ?? 'UTC', reading.now ?? Date.now());
  const products = rows.flatMap((r) =>
    r.id === null || r.name === null || r.unit === null
      ? []
      : [
          {
            productId: r.id,
            name: r.name,
            unit: r.unit,
            quantity: r.quantity ?? 0,
            ...toStock(r),
            usual: usuals.get(r.id) ?? null,
            ...toCatalogue(r),
            lineTotal: lineTotal(r.quantity ?? 0, r.price),
          },
        ],
  );
  const style = textStyle(reading.language, order.show_prices, order.currency);
  const confirmNonce = order.ask_confirmation ? order.confirm_nonce : null;
  const confirmUrl = confirmNonce === null ? null : reading.links.url(confirmNonce);
  if (confirmNonce !== null && order.confirm_token_hash === null) await keepLinkHash(db, order.order_id, confirmNonce, reading.links);
  return {
    order: {
      id: order.order_id,
      supplierId: order.supplier_id,
      introduce: order.introduce,
      products,
      text: formatOrderText(order.introduce, products, style),
      ...orderTotals(products),
      currency: order.currency,
      showPrices: order.show_prices,
      confirmUrl,
      ready: readyOf(order),
    },
    confirmNonce,
    nextNonce: order.confirm_nonce,
    channel: order.message_service as TMessageService,
    style,
  };
}

/** "Ready to send" as an order's row holds it (docs/decisions.md §9.3): null when not, or once the member who said it is gone. */
function readyOf(row: { ready_at: Date | string | null; ready_by: number | null; ready_by_name: string | null }): TOrderReady {
  if (row.ready_at === null || row.ready_by === null || row.ready_by_name === null) return null;
  return { by: { userId: row.ready_by, fullName: row.ready_by_name }, at: new Date(row.ready_at).toISOString() };
}

/** How an order's text is written: in the owner's language, with prices when the supplier takes them in the text. */
export function textStyle(language: 'en' | 'es', showPrices: boolean, currency: string): TTextStyle {
  return { language, prices: showPrices ? currency : null };
}

export async function findOrderById(db: Db, businessId: number, id: number, reading: OrderReading): Promise<TOrder | undefined> {
  return (await loadOrder(db, businessId, { id }, reading))?.order;
}

export async function findOrderBySupplier(
  db: Db,
  businessId: number,
  supplierId: number,
  reading: OrderReading,
): Promise<TOrder | undefined> {
  return (await loadOrder(db, businessId, { supplierId }, reading))?.order;
}

/**
 * Keeps the hash of the token an order's next link carries, the first time
 * that link is shown (orders from before the hash was kept, and new ones,
 * whose nonce the database makes). A device only ever holds a link made
 * here, so the supplier's page can tell a link whose send has not reached
 * the server yet from one that never was or was withdrawn (docs/decisions.md §9.3).
 */
async function keepLinkHash(db: Db, orderId: number, nonce: string, links: ConfirmLinks): Promise<void> {
  await db
    .updateTable('orders')
    .set({ confirm_token_hash: links.tokenHash(nonce) })
    .where('id', '=', orderId)
    .where('confirm_nonce', '=', nonce)
    .execute();
}

/**
 * Gives the order a new nonce for its next link, with its token's hash, if it
 * still has `used`: false when another send took that link first.
 */
export async function renewConfirmNonce(
  db: Db,
  businessId: number,
  id: number,
  used: string,
  next: string,
  links: ConfirmLinks,
): Promise<boolean> {
  const row = await db
    .updateTable('orders')
    .set({ confirm_nonce: next, confirm_token_hash: links.tokenHash(next) })
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .where('confirm_nonce', '=', used)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets the message above the order; false when the order is not the user's. */
export async function setIntroduce(db: Db, businessId: number, id: number, introduce: string): Promise<boolean> {
  const row = await db
    .updateTable('orders')
    .set({ introduce, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function orderExists(db: Db, businessId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('id', '=', id).where('business_id', '=', businessId).executeTakeFirst();
  return row !== undefined;
}

/** Every current order of the business with its summary's columns, compiled once (docs/performance.md). */
const orderSummaries = preparedQuery(['businessId'], (db, { businessId }: { businessId: number }) =>
  db
    .selectFrom('orders as o')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('sent_orders as so')
          .select(['so.id', 'so.sent_at', 'so.lines', 'so.confirmation', 'so.confirm_nonce', 'so.confirm_expires_at'])
          .whereRef('so.order_id', '=', 'o.id')
          .where('so.business_id', '=', businessId)
          .orderBy('so.sent_at', 'desc')
          .orderBy('so.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .leftJoin('users as readier', 'readier.id', 'o.ready_by')
    // The last send's receipt, if it was checked (docs/decisions.md §9.4, "Our answers": "Ha llegado el pedido" on the orders list).
    .leftJoin('receipts as rc', 'rc.sent_order_id', 'last.id')
    .select((eb) => [
      'o.id',
      'last.id as sent_order_id',
      'rc.id as receipt_id',
      'rc.status as receipt_status',
      'o.supplier_id',
      eb
        .selectFrom('order_quantities as oq')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('oq.order_id', '=', 'o.id')
        .where('oq.business_id', '=', businessId)
        .where('oq.quantity', '>', 0)
        .as('lines'),
      'last.sent_at',
      'last.lines as sent_lines',
      'last.confirmation',
      'last.confirm_nonce',
      'last.confirm_expires_at',
      'o.ready_at',
      'readier.id as ready_by',
      'readier.full_name as ready_by_name',
      // The claims to the supplier not closed yet, and what they owe on those open or credited (docs/decisions.md §9.4).
      eb
        .selectFrom('claims as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.supplier_id', '=', 'o.supplier_id')
        .where('c.business_id', '=', businessId)
        .where('c.status', '<>', 'closed')
        .as('open_claims'),
      eb
        .selectFrom('claims as c')
        .select(sql<number>`coalesce(sum(c.amount), 0)`.as('owed'))
        .whereRef('c.supplier_id', '=', 'o.supplier_id')
        .where('c.business_id', '=', businessId)
        .where('c.status', 'in', ['open', 'credited'])
        .as('owed'),
    ])
    .where('o.business_id', '=', businessId)
    .orderBy('o.id'),
);

/**
 * Every current order of the business, with its line count, when it was last
 * sent and what the supplier answered to that send, in one round trip.
 */
export async function listOrderSummaries(db: Db, businessId: number, now: number): Promise<TOrderSummary[]> {
  const rows = await orderSummaries(db, { businessId });
  return rows.map((r) => ({
    id: r.id,
    supplierId: r.supplier_id,
    lines: Number(r.lines ?? 0),
    lastSentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    lastAnswer: lastAnswerOf(r, now),
    lastSentOrderId: r.sent_order_id ?? null,
    lastReceipt: r.receipt_id != null && r.receipt_status ? { id: r.receipt_id, status: r.receipt_status } : null,
    ready: readyOf(r),
    claims: { open: Number(r.open_claims ?? 0), owed: Number(r.owed ?? 0) },
  }));
}

/** What the supplier answered to a send (`OrderSummary.lastAnswer`): its status, the names it cannot deliver, the lines it changed. */
function lastAnswerOf(
  row: {
    sent_lines: SentLine[] | null;
    confirmation: StoredConfirmation | null;
    confirm_nonce: string | null;
    confirm_expires_at: Date | string | null;
  },
  now: number,
): TOrderSummary['lastAnswer'] {
  const answer = row.confirmation;
  if (answer) {
    const missing = (row.sent_lines ?? []).filter((line) => answer.unavailable.includes(line.productId)).map((line) => line.name);
    return { status: answer.status, missing, changed: answer.lines?.length ?? 0 };
  }
  if (row.confirm_nonce === null || row.confirm_expires_at === null) return null;
  return { status: new Date(row.confirm_expires_at).getTime() > now ? 'pending' : 'unanswered', missing: [], changed: 0 };
}
