import type { Db } from '@reorder/db';
import type { TUsual } from '@reorder/schemas';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { nextDelivery, type Schedule } from '../schedule.ts';

/** How many of the order's newest sends the usuals are read from (docs/decisions.md §9.5): bounds the read of a big order. */
export const USUAL_HISTORY_SENDS = 60;
/** The weekday's usual: its last 6 sends with the product, at least 2 of them; else the last 4 whatever the day. */
const BY_DAY = 6;
const BY_DAY_MIN = 2;
const ANY_DAY = 4;

/** The ISO weekday of an ISO date. */
const weekdayOfDate = (date: string): number => DateTime.fromISO(date, { zone: 'UTC' }).weekday;

/**
 * The delivery weekday of a send (docs/decisions.md §9.5): the day the
 * supplier confirmed, else the schedule's first delivery after it was sent
 * (as the order screen showed it then, in `timeZone`); null without either.
 */
export function deliveryWeekdayOfSend(confirmed: string | null, sentAt: number, schedule: Schedule, timeZone: string): number | null {
  if (confirmed) return weekdayOfDate(confirmed);
  const next = nextDelivery(schedule, timeZone, sentAt);
  return next ? weekdayOfDate(next.nextDelivery) : null;
}

/** The delivery weekday of the current order: its supplier's next delivery, or null without delivery days. */
export function currentDeliveryWeekday(schedule: Schedule, timeZone: string, now: number): number | null {
  const next = nextDelivery(schedule, timeZone, now);
  return next ? weekdayOfDate(next.nextDelivery) : null;
}

/**
 * Every product's usual for the order's current delivery weekday, in two
 * round trips whatever the number of products: the newest sends' delivery
 * days, then one aggregate over their lines. A product never sent is absent
 * (its usual is null).
 */
export async function weekdayUsuals(
  db: Db,
  businessId: number,
  orderId: number,
  schedule: Schedule,
  timeZone: string,
  now: number,
): Promise<Map<number, NonNullable<TUsual>>> {
  const sends = await db
    .selectFrom('sent_orders')
    .select(['id', 'sent_at', sql<string | null>`confirmation->>'deliveryDate'`.as('confirmed')])
    .where('business_id', '=', businessId)
    .where('order_id', '=', orderId)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(USUAL_HISTORY_SENDS)
    .execute();
  const usuals = new Map<number, NonNullable<TUsual>>();
  if (sends.length === 0) return usuals;
  const weekday = currentDeliveryWeekday(schedule, timeZone, now);
  const ids = sends.map((send) => send.id);
  const weekdays = sends.map((send) => deliveryWeekdayOfSend(send.confirmed, new Date(send.sent_at).getTime(), schedule, timeZone));
  const rows = await sql<{ product_id: number; by_day: boolean; quantity: number; low: number; high: number; based_on: number }>`
    WITH sends AS (
      SELECT * FROM unnest(${sql.val(ids)}::int[], ${sql.val(weekdays)}::int[]) AS s(id, weekday)
    ), lines AS (
      SELECT (line->>'productId')::int AS product_id, (line->>'quantity')::numeric AS quantity,
             so.sent_at, so.id, (sends.weekday IS NOT DISTINCT FROM ${weekday}::int AND ${weekday}::int IS NOT NULL) AS same_day
      FROM sent_orders so JOIN sends ON sends.id = so.id CROSS JOIN LATERAL jsonb_array_elements(so.lines) AS line
      WHERE so.business_id = ${businessId} AND (line->>'quantity')::numeric > 0
    ), ranked AS (
      SELECT product_id, quantity, same_day,
             row_number() OVER (PARTITION BY product_id ORDER BY sent_at DESC, id DESC) AS n_any,
             row_number() OVER (PARTITION BY product_id, same_day ORDER BY sent_at DESC, id DESC) AS n_day
      FROM lines
    )
    SELECT product_id, true AS by_day, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY quantity)::numeric, 3) AS quantity,
           min(quantity) AS low, max(quantity) AS high, count(*)::int AS based_on
    FROM ranked WHERE same_day AND n_day <= ${BY_DAY} GROUP BY product_id
    UNION ALL
    SELECT product_id, false, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY quantity)::numeric, 3),
           min(quantity), max(quantity), count(*)::int
    FROM ranked WHERE n_any <= ${ANY_DAY} GROUP BY product_id`.execute(db);
  const byDay = new Map<number, NonNullable<TUsual>>();
  for (const row of rows.rows) {
    const usual = {
      quantity: Number(row.quantity),
      low: Number(row.low),
      high: Number(row.high),
      weekday: row.by_day ? weekday : null,
      basedOn: Number(row.based_on),
    };
    if (row.by_day) {
      if (usual.basedOn >= BY_DAY_MIN) byDay.set(row.product_id, usual);
    } else usuals.set(row.product_id, usual);
  }
  for (const [productId, usual] of byDay) usuals.set(productId, usual);
  return usuals;
}
