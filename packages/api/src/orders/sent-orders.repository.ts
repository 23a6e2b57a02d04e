import type { Database, SentLine } from '@reorder/db';
import type { TMessageService, TSentOrder } from '@reorder/schemas';
import { type Kysely, sql, type Transaction } from 'kysely';
import { AppError } from '../errors.ts';
import { setQuantity } from '../products/products.repository.ts';
import { findOrderById } from './orders.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

interface SentOrderRow {
  id: number;
  order_id: number;
  supplier_id: number;
  channel: string;
  text: string;
  introduce: string;
  lines: SentLine[] | string;
  sent_at: Date | string;
}

function toSentOrder(row: SentOrderRow): TSentOrder {
  const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as SentLine[]) : row.lines;
  return {
    id: row.id,
    orderId: row.order_id,
    supplierId: row.supplier_id,
    channel: row.channel as TMessageService,
    text: row.text,
    introduce: row.introduce,
    lines: lines.map((l) => ({ productId: l.productId, name: l.name, unit: l.unit, quantity: Number(l.quantity) })),
    sentAt: new Date(row.sent_at).toISOString(),
  };
}

const COLUMNS = ['id', 'order_id', 'supplier_id', 'channel', 'text', 'introduce', 'lines', 'sent_at'] as const;

/**
 * Records that the order was sent: its exact text, its message and the lines
 * above 0 as they are now. An order with nothing in it cannot be sent.
 * Undefined when the order is not the user's.
 */
export async function recordSend(
  db: Db,
  userId: number,
  orderId: number,
  channel: TMessageService | undefined,
): Promise<TSentOrder | undefined> {
  const order = await findOrderById(db, userId, orderId);
  if (!order) return undefined;
  const lines = order.products.filter((p) => p.quantity > 0);
  if (lines.length === 0) throw new AppError('BAD_REQUEST', 'There is nothing in this order to send: set a quantity first.');
  const supplier = await db
    .selectFrom('suppliers')
    .select('message_service')
    .where('id', '=', order.supplierId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('sent_orders')
    .values({
      user_id: userId,
      order_id: order.id,
      supplier_id: order.supplierId,
      channel: channel ?? supplier.message_service,
      text: order.text,
      introduce: order.introduce,
      lines: JSON.stringify(lines),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toSentOrder(row);
}

/** The order's sent orders, newest first (at most `limit`). */
export async function listSentOrders(db: Db, userId: number, orderId: number, limit = 100): Promise<TSentOrder[]> {
  const rows = await db
    .selectFrom('sent_orders')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSentOrder);
}

export async function findSentOrder(db: Db, userId: number, orderId: number, sentOrderId: number): Promise<TSentOrder | undefined> {
  const row = await db
    .selectFrom('sent_orders')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .where('id', '=', sentOrderId)
    .executeTakeFirst();
  return row && toSentOrder(row);
}

/**
 * Puts a sent order back into the current order: its message, and its
 * quantities for the products that still exist (every other line to 0), in
 * one transaction.
 */
export async function restoreSentOrder(tx: Transaction<Database>, userId: number, sent: TSentOrder): Promise<void> {
  await tx
    .updateTable('orders')
    .set({ introduce: sent.introduce, updated_at: sql`now()` })
    .where('id', '=', sent.orderId)
    .where('user_id', '=', userId)
    .execute();
  await tx
    .updateTable('order_quantities')
    .set({ quantity: 0, updated_at: sql`now()` })
    .where('order_id', '=', sent.orderId)
    .where('user_id', '=', userId)
    .execute();
  for (const line of sent.lines) {
    // Products deleted since are skipped: setQuantity only touches products of this order.
    await setQuantity(tx, userId, { productId: line.productId, orderId: sent.orderId, quantity: line.quantity });
  }
}
