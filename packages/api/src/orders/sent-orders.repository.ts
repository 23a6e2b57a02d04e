import type { Db, SentLine, SentOrderRow } from '@reorder/db';
import type { TMessageService, TSentOrder } from '@reorder/schemas';

function toSentOrder(row: Pick<SentOrderRow, (typeof COLUMNS)[number]>): TSentOrder {
  return {
    id: row.id,
    orderId: row.order_id,
    supplierId: row.supplier_id,
    channel: row.channel as TMessageService,
    text: row.text,
    introduce: row.introduce,
    lines: row.lines.map((l) => ({ productId: l.productId, name: l.name, unit: l.unit, quantity: Number(l.quantity) })),
    sentAt: row.sent_at.toISOString(),
  };
}

const COLUMNS = ['id', 'order_id', 'supplier_id', 'channel', 'text', 'introduce', 'lines', 'sent_at'] as const;

/** Keeps a sent order: the exact text, the message and the lines as they were sent. */
export async function insertSentOrder(
  db: Db,
  userId: number,
  sent: { orderId: number; supplierId: number; channel: TMessageService; text: string; introduce: string; lines: SentLine[] },
): Promise<TSentOrder> {
  const row = await db
    .insertInto('sent_orders')
    .values({
      user_id: userId,
      order_id: sent.orderId,
      supplier_id: sent.supplierId,
      channel: sent.channel,
      text: sent.text,
      introduce: sent.introduce,
      lines: JSON.stringify(sent.lines),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toSentOrder(row);
}

/** The order's sent orders, newest first (at most `limit`; every one with `null`). */
export async function listSentOrders(db: Db, userId: number, orderId: number, limit: number | null = 100): Promise<TSentOrder[]> {
  let query = db
    .selectFrom('sent_orders')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc');
  if (limit !== null) query = query.limit(limit);
  return (await query.execute()).map(toSentOrder);
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
