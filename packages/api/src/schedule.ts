import { DateTime } from 'luxon';

/** What a supplier's schedule is made of (docs/decisions.md §6.2). */
export interface Schedule {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  deliveryDays: readonly number[];
  /** "HH:MM" in the owner's time zone, or null. */
  cutoffTime: string | null;
  /** Days between the cut-off and the delivery. */
  leadDays: number;
}

/** The next delivery and the moment its order must be sent by. */
export interface NextDelivery {
  /** The delivery day, "2026-12-01". */
  nextDelivery: string;
  /** The cut-off with the owner's offset ("2026-11-30T14:00:00+01:00"), or null without a cut-off time. */
  orderBy: string | null;
  /** The same moment in epoch milliseconds (for sorting and reminders), or null. */
  orderByMs: number | null;
}

/**
 * The cut-off of the delivery on `deliveryDay` (an ISO date in `timeZone`):
 * `leadDays` before it, at `cutoffTime` on the wall clock there. Luxon reads
 * the wall time through Intl: a time that does not exist (the hour skipped in
 * spring) moves forward by the gap, and a time that happens twice (the hour
 * repeated in autumn) is the first of the two.
 */
export function cutoffOf(deliveryDay: string, schedule: Schedule, timeZone: string): DateTime | null {
  if (schedule.cutoffTime === null) return null;
  const [hour, minute] = schedule.cutoffTime.split(':').map(Number);
  return DateTime.fromISO(deliveryDay, { zone: timeZone })
    .minus({ days: schedule.leadDays })
    .set({ hour, minute, second: 0, millisecond: 0 });
}

/**
 * The next delivery of a schedule seen at `now` by an owner in `timeZone`:
 * the first delivery day whose cut-off day is today or later (so a cut-off
 * passed today still shows, as missed, until the day ends), with that
 * cut-off. Undefined without delivery days. Seven days from the first
 * possible delivery day hold every weekday once, so the search ends there.
 */
export function nextDelivery(schedule: Schedule, timeZone: string, now: number): NextDelivery | undefined {
  if (schedule.deliveryDays.length === 0) return undefined;
  const today = DateTime.fromMillis(now, { zone: timeZone }).startOf('day');
  for (let offset = schedule.leadDays; offset < schedule.leadDays + 7; offset++) {
    const day = today.plus({ days: offset });
    if (!schedule.deliveryDays.includes(day.weekday)) continue;
    const date = day.toISODate() as string;
    const cutoff = cutoffOf(date, schedule, timeZone);
    return {
      nextDelivery: date,
      orderBy: cutoff === null ? null : (cutoff.toISO({ suppressMilliseconds: true }) as string),
      orderByMs: cutoff === null ? null : cutoff.toMillis(),
    };
  }
  return undefined;
}

/** The cut-offs of a schedule from `fromMs` on (strictly after it), soonest first, as long as `untilMs`. */
export function cutoffsAfter(
  schedule: Schedule,
  timeZone: string,
  fromMs: number,
  untilMs: number,
): { deliveryDay: string; at: DateTime }[] {
  if (schedule.deliveryDays.length === 0 || schedule.cutoffTime === null) return [];
  const found: { deliveryDay: string; at: DateTime }[] = [];
  let day = DateTime.fromMillis(fromMs, { zone: timeZone })
    .startOf('day')
    .plus({ days: schedule.leadDays - 1 });
  for (;;) {
    if (schedule.deliveryDays.includes(day.weekday)) {
      const deliveryDay = day.toISODate() as string;
      const at = cutoffOf(deliveryDay, schedule, timeZone) as DateTime;
      if (at.toMillis() > untilMs) return found;
      if (at.toMillis() > fromMs) found.push({ deliveryDay, at });
    }
    day = day.plus({ days: 1 });
  }
}
