/** A date and time as people of the current language write it ("22 Nov 2026, 09:15"). */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A date as people of the current language write it ("22 Nov 2026"). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A date in few characters ("23 Nov", "23 nov"; with the year when it is not this year's). */
export function formatShortDate(iso: string, language: string): string {
  const date = new Date(iso);
  const year = date.getFullYear() === new Date().getFullYear() ? undefined : 'numeric';
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year }).format(date);
}

/** A calendar date ("2026-12-05") with its weekday, whatever the device's time zone: "Sat, 5 Dec", "sáb, 5 dic". */
export function formatDay(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}
