import type { Db, ReceiptOutcome, SentLine, StoredConfirmation } from '@reorder/db';
import {
  MISSING_OUTCOMES,
  RECEIPT_REOPEN_DAYS,
  STOCKED_OUTCOMES,
  steppedQuantity,
  type TOrder,
  type TReceipt,
  type TReceiptLine,
  type TReceiptLineInput,
} from '@reorder/schemas';
import { sql } from 'kysely';
import { lockBusinessForWriting } from '../businesses/write-lock.ts';
import { DAY_MS, nowOf } from '../context.ts';
import { AppError, found, notFound } from '../errors.ts';
import { emitEvent } from '../events/emit.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import { orderReading } from '../orders/orders.service.ts';
import { setQuantity } from '../quantities.ts';
import type { BusinessContext } from '../sessions/require-user.ts';

export type ReceiptsContext = Pick<BusinessContext, 'db' | 'user' | 'business' | 'clock' | 'tokens' | 'settings'>;

export const RECEIPT_DONE = 'This delivery is closed: reopen it to change it.';
export const LINES_PENDING = 'Some lines are not checked yet: check them (or tap "All good") before closing.';
export const REOPEN_TOO_LATE = `A delivery can be reopened only for ${RECEIPT_REOPEN_DAYS} days after it was closed.`;
export const EXTRA_ONLY = 'Only an extra line may name a product not in the order';
export const NO_SUCH_PRODUCT = 'Product id must name a product of the business';
export const NOT_MISSING = 'Product ids must name short, damaged, wrong or refused lines of this delivery';

const RECEIPT_COLUMNS = [
  'receipts.id',
  'receipts.sent_order_id',
  'receipts.supplier_id',
  'receipts.status',
  'receipts.received_by',
  'receipts.started_at',
  'receipts.done_at',
  'receipts.delivery_note',
  'receipts.stocked',
] as const;

function receiptRows(db: Db, businessId: number) {
  return db
    .selectFrom('receipts')
    .leftJoin('users', 'users.id', 'receipts.received_by')
    .select([...RECEIPT_COLUMNS, 'users.full_name as received_by_name'])
    .where('receipts.business_id', '=', businessId);
}
type ReceiptRow = Awaited<ReturnType<ReturnType<typeof receiptRows>['executeTakeFirstOrThrow']>>;

/** The lines of the given receipts of the business, or of every one of them (`'all'`), by receipt. */
async function linesOf(db: Db, businessId: number, receiptIds: readonly number[] | 'all'): Promise<Map<number, TReceiptLine[]>> {
  const byReceipt = new Map<number, TReceiptLine[]>();
  if (receiptIds !== 'all' && receiptIds.length === 0) return byReceipt;
  let query = db.selectFrom('receipt_lines').selectAll().where('business_id', '=', businessId);
  if (receiptIds !== 'all') query = query.where('receipt_id', 'in', [...receiptIds]);
  const rows = await query.orderBy('receipt_id').orderBy('position').execute();
  for (const row of rows) {
    const lines = byReceipt.get(row.receipt_id) ?? [];
    lines.push({
      productId: row.product_id,
      name: row.name,
      unit: row.unit,
      expected: Number(row.expected),
      received: row.received === null ? null : Number(row.received),
      outcome: row.outcome,
      expectedPrice: row.expected_price === null ? null : Number(row.expected_price),
      chargedPrice: row.charged_price === null ? null : Number(row.charged_price),
      note: row.note,
    });
    byReceipt.set(row.receipt_id, lines);
  }
  return byReceipt;
}

function toReceipt(row: ReceiptRow, lines: TReceiptLine[]): TReceipt {
  return {
    id: row.id,
    sentOrderId: row.sent_order_id,
    supplierId: row.supplier_id,
    status: row.status,
    receivedBy:
      row.received_by === null || row.received_by_name === null ? null : { userId: row.received_by, fullName: row.received_by_name },
    startedAt: row.started_at.toISOString(),
    doneAt: row.done_at ? row.done_at.toISOString() : null,
    deliveryNote: row.delivery_note,
    lines,
  };
}

/** A receipt of the business with its lines; undefined when there is none (or it is another business's). */
export async function findReceipt(
  db: Db,
  businessId: number,
  id: number,
): Promise<(TReceipt & { stocked: Record<string, number> | null }) | undefined> {
  const row = await receiptRows(db, businessId).where('receipts.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const lines = await linesOf(db, businessId, [row.id]);
  return { ...toReceipt(row, lines.get(row.id) ?? []), stocked: row.stocked };
}

/** `GET /receipts/{id}`. */
export async function getReceipt(ctx: ReceiptsContext, id: number): Promise<TReceipt> {
  const { stocked: _, ...receipt } = found(await findReceipt(ctx.db, ctx.business.id, id), 'Receipt');
  return receipt;
}

/** `GET /receipts?status=&from=&to=`: newest first, at most 200; `from` and `to` are UTC days, both included. */
export async function listReceipts(
  ctx: ReceiptsContext,
  input: { status?: 'checking' | 'done' | undefined; from?: string | undefined; to?: string | undefined },
): Promise<TReceipt[]> {
  let query = receiptRows(ctx.db, ctx.business.id);
  if (input.status) query = query.where('receipts.status', '=', input.status);
  if (input.from) query = query.where('receipts.started_at', '>=', new Date(`${input.from}T00:00:00Z`));
  if (input.to) query = query.where('receipts.started_at', '<', new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS));
  const rows = await query.orderBy('receipts.started_at', 'desc').orderBy('receipts.id', 'desc').limit(200).execute();
  const lines = await linesOf(
    ctx.db,
    ctx.business.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toReceipt(row, lines.get(row.id) ?? []));
}

/** Every receipt of the business with its lines, oldest first: for the owner's export (docs/decisions.md §7). */
export async function receiptsForExport(db: Db, businessId: number): Promise<TReceipt[]> {
  const rows = await receiptRows(db, businessId).orderBy('receipts.started_at').orderBy('receipts.id').execute();
  const lines = await linesOf(db, businessId, 'all');
  return rows.map((row) => toReceipt(row, lines.get(row.id) ?? []));
}

/**
 * What should arrive, line by line (docs/decisions.md §9.4): the supplier's
 * confirmed quantity and price when they answered (0 for a line they cannot
 * deliver), else what was sent.
 */
export function expectedLines(sent: readonly SentLine[], confirmation: StoredConfirmation | null) {
  return sent.map((line, position) => {
    const answered = confirmation?.lines?.find((l) => l.productId === line.productId);
    const unavailable = confirmation?.unavailable.includes(line.productId) ?? false;
    const expected = unavailable ? 0 : answered ? Number(answered.quantity) : Number(line.quantity);
    const price = answered?.price ?? line.price ?? null;
    return {
      productId: line.productId,
      name: line.name,
      unit: line.unit,
      position,
      expected,
      price: price === null ? null : Number(price),
    };
  });
}

/**
 * `POST /sent-orders/{id}/receipt`: the one receipt of a sent order, started
 * by the caller with every line pending and its expected quantity and price,
 * or the one already started (whoever did). Two devices starting it at once
 * get the same one.
 */
export async function startReceipt(ctx: ReceiptsContext, sentOrderId: number, deliveryNote: string | undefined): Promise<TReceipt> {
  const businessId = ctx.business.id;
  const sent = await ctx.db
    .selectFrom('sent_orders')
    .select(['id', 'supplier_id', 'lines', 'confirmation'])
    .where('business_id', '=', businessId)
    .where('id', '=', sentOrderId)
    .executeTakeFirst();
  if (!sent) throw notFound('Sent order');
  const id = await ctx.db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('receipts')
      .values({
        business_id: businessId,
        sent_order_id: sent.id,
        supplier_id: sent.supplier_id,
        received_by: ctx.user.id,
        started_at: new Date(nowOf(ctx)),
        delivery_note: deliveryNote ?? '',
      })
      .onConflict((oc) => oc.column('sent_order_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await tx
        .selectFrom('receipts')
        .select(['id', 'status'])
        .where('sent_order_id', '=', sent.id)
        .executeTakeFirstOrThrow();
      if (deliveryNote !== undefined && existing.status === 'checking') {
        await tx.updateTable('receipts').set({ delivery_note: deliveryNote }).where('id', '=', existing.id).execute();
      }
      return existing.id;
    }
    const lines = expectedLines(sent.lines, sent.confirmation);
    if (lines.length > 0) {
      await tx
        .insertInto('receipt_lines')
        .values(
          lines.map((line) => ({
            receipt_id: inserted.id,
            business_id: businessId,
            product_id: line.productId,
            position: line.position,
            name: line.name,
            unit: line.unit,
            expected: line.expected.toFixed(3),
            expected_price: line.price === null ? null : line.price.toFixed(4),
          })),
        )
        .execute();
    }
    return inserted.id;
  });
  return getReceipt(ctx, id);
}

/** The receipt, which must still be checking (409 once closed). */
async function checking(ctx: ReceiptsContext, id: number) {
  const receipt = found(await findReceipt(ctx.db, ctx.business.id, id), 'Receipt');
  if (receipt.status === 'done') throw new AppError('CONFLICT', RECEIPT_DONE);
  return receipt;
}

/**
 * `PUT /receipts/{id}/lines/{productId}`: what arrived of a line, how it
 * turned out, the price charged and a note. Left out, the outcome is ok when
 * the received quantity reaches the expected one, short when it does not,
 * extra for a product not in the order; only an extra line may name one,
 * and it must be a product of the business.
 */
export async function setReceiptLine(ctx: ReceiptsContext, input: TReceiptLineInput): Promise<TReceipt> {
  const receipt = await checking(ctx, input.id);
  const line = receipt.lines.find((l) => l.productId === input.productId);
  const received = input.received.toFixed(3);
  const optional = {
    ...(input.chargedPrice !== undefined ? { charged_price: input.chargedPrice === null ? null : input.chargedPrice.toFixed(4) } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
  };
  if (line) {
    const outcome: ReceiptOutcome = input.outcome ?? (input.received >= line.expected ? 'ok' : 'short');
    await ctx.db
      .updateTable('receipt_lines')
      .set({ received, outcome, ...optional })
      .where('receipt_id', '=', receipt.id)
      .where('product_id', '=', input.productId)
      .execute();
    return getReceipt(ctx, receipt.id);
  }
  if (input.outcome !== undefined && input.outcome !== 'extra') {
    throw new AppError('BAD_REQUEST', EXTRA_ONLY, { issues: [{ path: 'outcome', message: EXTRA_ONLY }] });
  }
  const product = await ctx.db
    .selectFrom('products')
    .select(['name', 'unit', 'price'])
    .where('business_id', '=', ctx.business.id)
    .where('id', '=', input.productId)
    .executeTakeFirst();
  if (!product) throw new AppError('BAD_REQUEST', NO_SUCH_PRODUCT, { issues: [{ path: 'productId', message: NO_SUCH_PRODUCT }] });
  await ctx.db
    .insertInto('receipt_lines')
    .values({
      receipt_id: receipt.id,
      business_id: ctx.business.id,
      product_id: input.productId,
      position: receipt.lines.length === 0 ? 0 : receipt.lines.length,
      name: product.name,
      unit: product.unit,
      expected: '0',
      received,
      outcome: 'extra',
      expected_price: product.price === null ? null : Number(product.price).toFixed(4),
      ...optional,
    })
    .onConflict((oc) => oc.columns(['receipt_id', 'product_id']).doUpdateSet({ received, outcome: 'extra', ...optional }))
    .execute();
  return getReceipt(ctx, receipt.id);
}

/** `POST /receipts/{id}/all-good`: every pending line is ok, with what was expected. */
export async function allGood(ctx: ReceiptsContext, id: number): Promise<TReceipt> {
  const receipt = await checking(ctx, id);
  await ctx.db
    .updateTable('receipt_lines')
    .set((eb) => ({ received: eb.ref('expected'), outcome: 'ok' }))
    .where('receipt_id', '=', receipt.id)
    .where('outcome', '=', 'pending')
    .execute();
  return getReceipt(ctx, receipt.id);
}

/**
 * `POST /receipts/{id}/done`: closes the receipt, adding what arrived usable
 * (the received quantity of each ok, short, substituted and extra line) to
 * each product's count where it has one, at most 99999, and keeping what it
 * added so a reopen takes it back. Closing a closed receipt answers it as is
 * (a device's outbox may send it twice); a pending line is a 409.
 */
export async function closeReceipt(ctx: ReceiptsContext, id: number): Promise<TReceipt> {
  const businessId = ctx.business.id;
  const closed = await ctx.db.transaction().execute(async (tx) => {
    const locked = await tx
      .selectFrom('receipts')
      .select(['status'])
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw notFound('Receipt');
    if (locked.status === 'done') return false;
    const receipt = found(await findReceipt(tx, businessId, id), 'Receipt');
    if (receipt.lines.some((line) => line.outcome === 'pending')) throw new AppError('CONFLICT', LINES_PENDING);
    const arrived = new Map<number, number>();
    for (const line of receipt.lines) {
      if (STOCKED_OUTCOMES.includes(line.outcome) && (line.received ?? 0) > 0) {
        arrived.set(line.productId, (arrived.get(line.productId) ?? 0) + (line.received ?? 0));
      }
    }
    const stocked: Record<string, number> = {};
    for (const [productId, quantity] of arrived) {
      const row = await tx
        .updateTable('products')
        .set({ on_hand: sql`least(99999, on_hand + ${quantity.toFixed(3)}::numeric)` })
        .where('business_id', '=', businessId)
        .where('id', '=', productId)
        .where('on_hand', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      if (row) stocked[String(productId)] = quantity;
    }
    await tx
      .updateTable('receipts')
      .set({ status: 'done', done_at: new Date(nowOf(ctx)), stocked: JSON.stringify(stocked) })
      .where('id', '=', id)
      .execute();
    const { stocked: _, ...done } = found(await findReceipt(tx, businessId, id), 'Receipt');
    // In the close's transaction: a receipt closed is a receipt told (docs/decisions.md §8.5).
    await emitEvent(tx, businessId, 'receipt.done', done, nowOf(ctx));
    return true;
  });
  void closed;
  return getReceipt(ctx, id);
}

/**
 * `POST /receipts/{id}/reopen`: for 7 days after it was closed, the receipt
 * is checking again and what its close added to the counts is taken back
 * (not below 0). Reopening one that is checking answers it as is.
 */
export async function reopenReceipt(ctx: ReceiptsContext, id: number): Promise<TReceipt> {
  const businessId = ctx.business.id;
  await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('receipts')
      .select(['status', 'done_at', 'stocked'])
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Receipt');
    if (row.status === 'checking') return;
    if (row.done_at && row.done_at.getTime() + RECEIPT_REOPEN_DAYS * DAY_MS < nowOf(ctx)) throw new AppError('CONFLICT', REOPEN_TOO_LATE);
    for (const [productId, quantity] of Object.entries(row.stocked ?? {})) {
      await tx
        .updateTable('products')
        .set({ on_hand: sql`greatest(0, on_hand - ${Number(quantity).toFixed(3)}::numeric)` })
        .where('business_id', '=', businessId)
        .where('id', '=', Number(productId))
        .where('on_hand', 'is not', null)
        .execute();
    }
    await tx.updateTable('receipts').set({ status: 'checking', done_at: null, stocked: null }).where('id', '=', id).execute();
  });
  return getReceipt(ctx, id);
}

/** The missing quantity of a line: expected − received, for a short, damaged, wrong or refused line. */
export function missingOf(line: TReceiptLine): number {
  if (!MISSING_OUTCOMES.includes(line.outcome)) return 0;
  return Math.max(0, Math.round((line.expected - (line.received ?? 0)) * 1000) / 1000);
}

/**
 * `POST /receipts/{id}/bring-next-time`: adds the missing quantity of each
 * chosen short, damaged, wrong or refused line (every one when none are
 * chosen) to the supplier's current order, as the order screen adds
 * (`steppedQuantity`); products no longer in the order are skipped. Answers
 * the current order.
 */
export async function bringNextTime(ctx: ReceiptsContext, id: number, productIds: number[] | undefined): Promise<TOrder> {
  const businessId = ctx.business.id;
  const receipt = found(await findReceipt(ctx.db, businessId, id), 'Receipt');
  const missing = receipt.lines.filter((line) => missingOf(line) > 0);
  if (productIds?.some((productId) => !missing.some((line) => line.productId === productId))) {
    throw new AppError('BAD_REQUEST', NOT_MISSING, { issues: [{ path: 'productIds', message: NOT_MISSING }] });
  }
  const chosen = productIds ? missing.filter((line) => productIds.includes(line.productId)) : missing;
  const sent = await ctx.db
    .selectFrom('sent_orders')
    .select('order_id')
    .where('business_id', '=', businessId)
    .where('id', '=', receipt.sentOrderId)
    .executeTakeFirstOrThrow();
  const reading = orderReading(ctx);
  await ctx.db.transaction().execute(async (tx) => {
    await lockBusinessForWriting(tx, businessId);
    const current = found(await findOrderById(tx, businessId, sent.order_id, reading), 'Order');
    const now = new Map(current.products.map((p) => [p.productId, p.quantity]));
    for (const line of chosen) {
      const before = now.get(line.productId);
      if (before === undefined) continue;
      await setQuantity(tx, businessId, {
        productId: line.productId,
        orderId: sent.order_id,
        quantity: steppedQuantity(before, missingOf(line)),
      });
    }
  });
  return found(await findOrderById(ctx.db, businessId, sent.order_id, reading), 'Order');
}
