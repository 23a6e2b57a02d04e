import { type Db, preparedQuery } from '@reorder/db';
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

/** The order's last sends, newest first: read with every order, so compiled once (docs/performance.md). */
const lastSends = preparedQuery(['businessId', 'orderId'], (db, values: { businessId: number; orderId: number }) =>
  db
    .selectFrom('sent_orders')
    .select(['id', 'sent_at', 'lines', sql<string | null>`confirmation->>'deliveryDate'`.as('confirmed')])
    .where('business_id', '=', values.businessId)
    .where('order_id', '=', values.orderId)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(USUAL_HISTORY_SENDS),
);

/**
 * Every product's usual for the order's current delivery weekday, in one
 * round trip whatever the number of products: the order's newest sends with
 * their lines, read newest first. A product never sent is absent (its usual
 * is null).
 */
export async function weekdayUsuals(
  db: Db,
  businessId: number,
  orderId: number,
  schedule: Schedule,
  timeZone: string,
  now: number,
): Promise<Map<number, NonNullable<TUsual>>> {
  const sends = await lastSends(db, { businessId, orderId });
  const weekday = currentDeliveryWeekday(schedule, timeZone, now);
  // Newest first: each product's quantities of its sends for that weekday (at most 6) and of any day (at most 4).
  const sameDay = new Map<number, number[]>();
  const anyDay = new Map<number, number[]>();
  const keep = (into: Map<number, number[]>, productId: number, quantity: number, most: number) => {
    const kept = into.get(productId);
    if (kept === undefined) into.set(productId, [quantity]);
    else if (kept.length < most) kept.push(quantity);
  };
  for (const send of sends) {
    const day = weekday === null ? null : deliveryWeekdayOfSend(send.confirmed, new Date(send.sent_at).getTime(), schedule, timeZone);
    for (const line of send.lines) {
      const quantity = Number(line.quantity);
      if (!(quantity > 0)) continue;
      keep(anyDay, line.productId, quantity, ANY_DAY);
      if (day !== null && day === weekday) keep(sameDay, line.productId, quantity, BY_DAY);
    }
  }
  const usuals = new Map<number, NonNullable<TUsual>>();
  for (const [productId, quantities] of anyDay) {
    const byDay = sameDay.get(productId);
    usuals.set(productId, byDay !== undefined && byDay.length >= BY_DAY_MIN ? summary(byDay, weekday) : summary(quantities, null));
  }
  return usuals;
}

/** The median (the middle two averaged, 3 decimals), lowest and highest of some quantities. */
function summary(quantities: number[], weekday: number | null): NonNullable<TUsual> {
  const sorted = [...quantities].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return {
    quantity: Math.round(median * 1000) / 1000,
    low: sorted[0] as number,
    high: sorted.at(-1) as number,
    weekday,
    basedOn: sorted.length,
  };
}
