/**
 * The token of this browser's last sign-in to each account, sent back as
 * `deviceToken` with the next sign-in to that account (docs/decisions.md
 * §8.6): proof that this device signed in before, so other people's failed
 * guesses never lock it out. It stays after signing out, when its session
 * has ended and it opens nothing any more.
 */
const STORE_KEY = 'reorder.devices';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

const keyOf = (email: string) => email.trim().toLowerCase();

/** Keeps the device token of a sign-in to `email`. */
export function rememberDevice(email: string, token: string): void {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ ...read(), [keyOf(email)]: token }));
  } catch {
    // No storage (private mode): this device is then signed in as a new one each time.
  }
}

/** The device token of an earlier sign-in to `email` on this device, if any. */
export function deviceTokenFor(email: string): string | undefined {
  const token = read()[keyOf(email)];
  return typeof token === 'string' ? token : undefined;
}
