/**
 * The server's clock as this device last saw it. A send records when it went
 * out (`sentAt`), and the server refuses one more than 5 minutes ahead of its
 * own clock (docs/decisions.md §9.7): a phone whose clock runs fast would see
 * its offline sends refused, and dropped from the history. Every answer's
 * `Date` header tells the offset; a device within 30 seconds of the server
 * keeps its own clock, so ordinary sends keep the very second they went out.
 */
const TRUSTED_SKEW_MS = 30_000;
let offsetMs = 0;

/** Notes an answer's `Date` header, the request having left at `sentAt` and answered at `receivedAt` (device time, ms). */
export function noteServerDate(date: string | null, sentAt: number, receivedAt: number): void {
  const server = date ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(server)) return;
  // The header has whole seconds: the server's clock read somewhere in that second, mid-way through the round trip.
  const skew = server + 500 - (sentAt + receivedAt) / 2;
  offsetMs = Math.abs(skew) > TRUSTED_SKEW_MS ? skew : 0;
}

/** Now, by the server's clock as last seen (the device's own when they agree within 30 s). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** `fetch`, noting each answer's `Date` header. */
export const clockedFetch: typeof fetch = async (input, init) => {
  const sentAt = Date.now();
  const response = await fetch(input, init);
  noteServerDate(response.headers.get('date'), sentAt, Date.now());
  return response;
};
