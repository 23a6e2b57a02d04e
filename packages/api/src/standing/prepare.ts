import type { Db } from '@reorder/db';
import { standingDayOf } from '@reorder/schemas';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { cutoffOf } from '../schedule.ts';
import { type ClaimedRun, firstOwnerTimeZone, scheduleOf } from './runs.ts';

/** What preparing a delivery came to: filled, left alone (the order had products), or nothing to do and why. */
export type PrepareOutcome =
  | { kind: 'prepared'; lines: number }
  | { kind: 'not empty'; lines: number }
  | { kind: 'closed'; outcome: string };

/**
 * Prepares one delivery (docs/decisions.md §9.5), in one transaction that
 * holds the run's row: a run another process prepared meanwhile is left
 * alone, so the order is filled once. Nothing is done when the standing
 * order is off, the date is paused, the cut-off has passed or moved (the
 * schedule changed), or it has no quantity for that weekday. An order with
 * a quantity above 0 is left as it is ("not empty"); an empty one gets that
 * weekday's quantities of the products still in it.
 */
export async function prepareRun(db: Db, run: ClaimedRun, now: number): Promise<PrepareOutcome | undefined> {
  return db.transaction().execute(async (tx) => {
    const locked = await tx
      .selectFrom('standing_runs')
      .select(['prepared_at', 'done_at'])
      .where('id', '=', run.id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked || locked.prepared_at !== null || locked.done_at !== null) return undefined;
    const outcome = await decide(tx, run, now);
    if (outcome.kind === 'closed') {
      await tx
        .updateTable('standing_runs')
        .set({ done_at: new Date(now), outcome: outcome.outcome, claimed_until: null })
        .where('id', '=', run.id)
        .execute();
    } else {
      await tx
        .updateTable('standing_runs')
        .set({ prepared_at: new Date(now), outcome: outcome.kind })
        .where('id', '=', run.id)
        .execute();
    }
    return outcome;
  });
}

async function decide(tx: Db, run: ClaimedRun, now: number): Promise<PrepareOutcome> {
  const row = await tx
    .selectFrom('standing_orders')
    .innerJoin('suppliers', 'suppliers.id', 'standing_orders.supplier_id')
    .innerJoin('orders', 'orders.supplier_id', 'suppliers.id')
    .select([
      'standing_orders.enabled',
      'standing_orders.lines',
      'standing_orders.paused_dates',
      'suppliers.business_id',
      'suppliers.delivery_days',
      'suppliers.cutoff_time',
      'suppliers.lead_days',
      'orders.id as order_id',
      firstOwnerTimeZone.as('time_zone'),
    ])
    .where('standing_orders.supplier_id', '=', run.supplier_id)
    .executeTakeFirst();
  if (!row || row.time_zone === null) return { kind: 'closed', outcome: 'supplier gone' };
  if (!row.enabled) return { kind: 'closed', outcome: 'off' };
  if (run.cutoff_at.getTime() <= now) return { kind: 'closed', outcome: 'too late' };
  const schedule = scheduleOf(row);
  const cutoff = cutoffOf(run.delivery_day, schedule, row.time_zone);
  const weekday = DateTime.fromISO(run.delivery_day, { zone: 'UTC' }).weekday;
  if (!schedule.deliveryDays.includes(weekday) || cutoff?.toMillis() !== run.cutoff_at.getTime()) {
    return { kind: 'closed', outcome: 'schedule changed' };
  }
  if (row.paused_dates.includes(run.delivery_day)) return { kind: 'closed', outcome: 'paused' };
  const day = standingDayOf(weekday);
  const wanted = row.lines.flatMap((line) => {
    const quantity = line.quantities[day];
    return quantity !== undefined && quantity > 0 ? [{ productId: line.productId, quantity }] : [];
  });
  if (wanted.length === 0) return { kind: 'closed', outcome: 'nothing that day' };
  // The order's rows are written under its lock, as every change of its quantities.
  await tx.selectFrom('orders').select('id').where('id', '=', row.order_id).forUpdate().executeTakeFirst();
  const inOrder = await tx
    .selectFrom('order_quantities')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('order_id', '=', row.order_id)
    .where('quantity', '>', 0)
    .executeTakeFirstOrThrow();
  if (Number(inOrder.n) > 0) return { kind: 'not empty', lines: Number(inOrder.n) };
  const filled = await sql<{ product_id: number }>`
    INSERT INTO order_quantities (order_id, product_id, business_id, quantity)
    SELECT p.order_id, p.id, p.business_id, w.quantity
    FROM unnest(${sql.val(wanted.map((w) => w.productId))}::int[], ${sql.val(wanted.map((w) => w.quantity.toFixed(3)))}::numeric[])
      AS w(product_id, quantity)
    JOIN products p ON p.id = w.product_id AND p.order_id = ${row.order_id} AND p.business_id = ${row.business_id}
    ON CONFLICT (order_id, product_id) DO UPDATE SET quantity = excluded.quantity, updated_at = now()
    RETURNING product_id`.execute(tx);
  if (filled.rows.length === 0) return { kind: 'closed', outcome: 'nothing that day' };
  return { kind: 'prepared', lines: filled.rows.length };
}
