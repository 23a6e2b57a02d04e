/**
 * When a delivery was received, in the member's time zone: "today 10:42"
 * (worded by the caller) when it was today, else the day and the time
 * ("27 nov, 10:42").
 */
export function receivedTime(
  iso: string,
  timeZone: string | undefined,
  language: string,
  now = Date.now(),
): { today: boolean; text: string } {
  const at = new Date(iso);
  const day = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const today = day(at) === day(new Date(now));
  const options: Intl.DateTimeFormatOptions = today ? { timeZone, ...time } : { timeZone, day: 'numeric', month: 'short', ...time };
  return { today, text: new Intl.DateTimeFormat(language, options).format(at) };
}
