import { canonicalTimeZone } from '@reorder/schemas/limits';

/**
 * How a supplier's next cut-off reads on the orders list (docs/decisions.md
 * §6.2): "Order by Mon 14:00 for Tue", "Due today 14:00" (missed when it has
 * passed), or the delivery day alone without a cut-off time. Times are shown
 * in the owner's time zone, whatever the device's.
 */
export type CutoffLabel =
  | { kind: 'orderBy'; when: string; delivery: string; past: false }
  | { kind: 'today'; time: string; past: boolean }
  | { kind: 'delivery'; delivery: string };

const dayKey = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/** The weekday of an ISO date ("2026-12-01") in few letters ("Tue", "mar"). */
export function shortWeekday(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${isoDate}T12:00:00Z`));
}

/** The weekday names of the language, Monday first ("Mon", "lun"; "Monday", "lunes"): ISO weekday `day` 1 to 7. */
export function weekdayNames(language: string, width: 'short' | 'long'): { day: number; name: string }[] {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, name: format.format(new Date(Date.UTC(2024, 0, day))) }));
}

/** An ISO weekday's name (1 = Monday), capitalised as it starts a label: "Sat", "Sáb". */
export function weekdayLabel(day: number, language: string, width: 'short' | 'long' = 'short'): string {
  const name = weekdayNames(language, width)[day - 1]?.name ?? '';
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

export function cutoffLabel(
  supplier: { nextDelivery: string | null; orderBy: string | null },
  timeZone: string,
  language: string,
  now = Date.now(),
): CutoffLabel | undefined {
  if (!supplier.nextDelivery) return undefined;
  const delivery = shortWeekday(supplier.nextDelivery, language);
  if (!supplier.orderBy) return { kind: 'delivery', delivery };
  const at = new Date(supplier.orderBy);
  const time = new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  if (dayKey(at, timeZone) === dayKey(new Date(now), timeZone)) return { kind: 'today', time, past: at.getTime() <= now };
  const day = new Intl.DateTimeFormat(language, { timeZone, weekday: 'short' }).format(at);
  return { kind: 'orderBy', when: `${day} ${time}`, delivery, past: false };
}

/** The device's IANA time zone, the account's at sign-up; undefined (the server's UTC) when the device names none the API takes. */
export function browserTimeZone(): string | undefined {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return undefined;
  }
}
