import type { Db, StoredStandingLine } from '@reorder/db';
import {
  STANDING_DAYS,
  STANDING_PAUSED_MAX,
  STANDING_PREPARE_DEFAULT,
  type TPutStanding,
  type TStandingOrder,
  type TStandingQuantities,
} from '@reorder/schemas';
import { sql } from 'kysely';
import { lockBusinessForWriting } from '../businesses/write-lock.ts';
import { nowOf } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import type { BusinessContext } from '../sessions/require-user.ts';

export type StandingContext = Pick<BusinessContext, 'db' | 'user' | 'business' | 'clock'>;

export const AUTO_SEND_EMAIL_ONLY = 'autoSend is for email suppliers only: the order goes out by email';
export const NOT_THIS_SUPPLIERS = "Product id must name a product of this supplier's order";
export const TOO_MANY_PAUSED = `Paused dates must be at most ${STANDING_PAUSED_MAX}`;

/** The standing order of a supplier nobody set one for. */
function emptyStanding(supplierId: number): TStandingOrder {
  return {
    supplierId,
    enabled: false,
    lines: [],
    prepareHoursBefore: STANDING_PREPARE_DEFAULT,
    autoSend: false,
    pausedDates: [],
    updatedAt: null,
  };
}

/** A line's quantities as kept: the days above 0 only, Monday first. */
function keptQuantities(quantities: TStandingQuantities): StoredStandingLine['quantities'] {
  const kept: StoredStandingLine['quantities'] = {};
  for (const day of STANDING_DAYS) {
    const value = quantities[day];
    if (value !== undefined && value > 0) kept[day] = value;
  }
  return kept;
}

/** The supplier of the business, with how it takes orders and its order; undefined for another business's. */
async function supplierOf(db: Db, businessId: number, supplierId: number) {
  return db
    .selectFrom('suppliers')
    .innerJoin('orders', 'orders.supplier_id', 'suppliers.id')
    .select(['suppliers.id', 'suppliers.message_service', 'orders.id as order_id'])
    .where('suppliers.id', '=', supplierId)
    .where('suppliers.business_id', '=', businessId)
    .executeTakeFirst();
}

/**
 * The supplier's standing order (docs/decisions.md §9.5): its lines are those
 * of products still in the supplier's order, in the order's product order.
 */
export async function readStanding(db: Db, businessId: number, supplierId: number): Promise<TStandingOrder | undefined> {
  const supplier = await supplierOf(db, businessId, supplierId);
  if (!supplier) return undefined;
  const row = await db
    .selectFrom('standing_orders')
    .selectAll()
    .where('supplier_id', '=', supplierId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!row) return emptyStanding(supplierId);
  const products = await db
    .selectFrom('products')
    .select('id')
    .where('order_id', '=', supplier.order_id)
    .where('business_id', '=', businessId)
    .orderBy(sql`sort_key COLLATE "C"`)
    .orderBy('id')
    .execute();
  const byProduct = new Map(row.lines.map((line) => [line.productId, line]));
  return {
    supplierId,
    enabled: row.enabled,
    lines: products.flatMap((p) => {
      const line = byProduct.get(p.id);
      return line ? [{ productId: p.id, quantities: line.quantities }] : [];
    }),
    prepareHoursBefore: row.prepare_hours_before,
    autoSend: row.auto_send,
    pausedDates: [...row.paused_dates].sort(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The standing orders the business has set (enabled or not), by supplier name: for the owner's export (docs/decisions.md §7). */
export async function standingOrdersForExport(db: Db, businessId: number): Promise<TStandingOrder[]> {
  const rows = await db
    .selectFrom('standing_orders')
    .innerJoin('suppliers', 'suppliers.id', 'standing_orders.supplier_id')
    .select('standing_orders.supplier_id')
    .where('standing_orders.business_id', '=', businessId)
    .orderBy(sql`suppliers.sort_key COLLATE "C"`)
    .orderBy('suppliers.id')
    .execute();
  const standing = [];
  for (const row of rows) {
    const one = await readStanding(db, businessId, row.supplier_id);
    if (one) standing.push(one);
  }
  return standing;
}

export async function getStanding(ctx: StandingContext, supplierId: number): Promise<TStandingOrder> {
  const standing = await readStanding(ctx.db, ctx.business.id, supplierId);
  if (!standing) throw notFound('Supplier');
  return standing;
}

/**
 * Saves the whole standing order. `autoSend` only for an email supplier (400
 * at `autoSend`); each line's product must be one of the supplier's order
 * (400 at `lines.N.productId`). A line with no day above 0 is not kept. The
 * schedule picks the change up at its next round: a delivery whose prepare
 * moment has passed but whose cut-off has not is prepared then (§9.5).
 */
export async function putStanding(ctx: StandingContext, body: TPutStanding): Promise<TStandingOrder> {
  const businessId = ctx.business.id;
  await ctx.db.transaction().execute(async (tx) => {
    await lockBusinessForWriting(tx, businessId);
    const supplier = await supplierOf(tx, businessId, body.id);
    if (!supplier) throw notFound('Supplier');
    if (body.autoSend && supplier.message_service !== 'email') {
      throw new AppError('BAD_REQUEST', AUTO_SEND_EMAIL_ONLY, { issues: [{ path: 'autoSend', message: AUTO_SEND_EMAIL_ONLY }] });
    }
    const ids = body.lines.map((line) => line.productId);
    const known = new Set(
      ids.length === 0
        ? []
        : (
            await tx
              .selectFrom('products')
              .select('id')
              .where('order_id', '=', supplier.order_id)
              .where('business_id', '=', businessId)
              .where('id', 'in', ids)
              .execute()
          ).map((p) => p.id),
    );
    const issues = body.lines.flatMap((line, index) =>
      known.has(line.productId) ? [] : [{ path: `lines.${index}.productId`, message: NOT_THIS_SUPPLIERS }],
    );
    if (issues.length > 0) throw new AppError('BAD_REQUEST', NOT_THIS_SUPPLIERS, { issues });
    const lines = body.lines
      .map((line) => ({ productId: line.productId, quantities: keptQuantities(line.quantities) }))
      .filter((line) => Object.keys(line.quantities).length > 0);
    const values = {
      enabled: body.enabled,
      lines: JSON.stringify(lines),
      prepare_hours_before: body.prepareHoursBefore,
      auto_send: body.autoSend,
      paused_dates: body.pausedDates,
      updated_at: new Date(),
    };
    await tx
      .insertInto('standing_orders')
      .values({ supplier_id: body.id, business_id: businessId, ...values })
      .onConflict((oc) => oc.column('supplier_id').doUpdateSet(values))
      .execute();
    // A delivery closed unprepared (off, paused, nothing that day) whose cut-off is ahead is looked at again.
    await tx
      .updateTable('standing_runs')
      .set({ done_at: null, outcome: null, claimed_until: null })
      .where('supplier_id', '=', body.id)
      .where('prepared_at', 'is', null)
      .where('done_at', 'is not', null)
      .where('cutoff_at', '>', new Date(nowOf(ctx)))
      .execute();
  });
  return (await readStanding(ctx.db, businessId, body.id)) as TStandingOrder;
}

/**
 * "Saltar" (docs/decisions.md §9.5): adds the delivery date to `pausedDates`
 * (kept once), so that delivery is not prepared, and a prepared one is not
 * auto-sent. A supplier without a standing order gets one, off, with that
 * date. 400 when it would hold more than 60 dates.
 */
export async function skipStanding(ctx: StandingContext, supplierId: number, date: string): Promise<TStandingOrder> {
  const businessId = ctx.business.id;
  await ctx.db.transaction().execute(async (tx) => {
    await lockBusinessForWriting(tx, businessId);
    if (!(await supplierOf(tx, businessId, supplierId))) throw notFound('Supplier');
    const row = await tx
      .selectFrom('standing_orders')
      .select('paused_dates')
      .where('supplier_id', '=', supplierId)
      .forUpdate()
      .executeTakeFirst();
    const dates = [...new Set([...(row?.paused_dates ?? []), date])].sort();
    if (dates.length > STANDING_PAUSED_MAX) {
      throw new AppError('BAD_REQUEST', TOO_MANY_PAUSED, { issues: [{ path: 'date', message: TOO_MANY_PAUSED }] });
    }
    await tx
      .insertInto('standing_orders')
      .values({ supplier_id: supplierId, business_id: businessId, paused_dates: dates, updated_at: new Date() })
      .onConflict((oc) => oc.column('supplier_id').doUpdateSet({ paused_dates: dates, updated_at: new Date() }))
      .execute();
  });
  return (await readStanding(ctx.db, businessId, supplierId)) as TStandingOrder;
}
