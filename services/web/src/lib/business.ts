import { useSyncExternalStore } from 'react';

/**
 * The business this device acts in (docs/decisions.md §8.2): sent as
 * `X-Business-Id` with every call. Kept per user, so that another account
 * signing in on the device starts in its own first business; none chosen
 * means the server's default, the first business the user joined.
 */
const KEY = 'business';

interface Chosen {
  userId: number;
  businessId: number;
}

function read(): Chosen | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Chosen> | null;
    return value && Number.isInteger(value.userId) && Number.isInteger(value.businessId) ? (value as Chosen) : null;
  } catch {
    return null;
  }
}

let current: Chosen | null = typeof localStorage === 'undefined' ? null : read();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

// Another tab switching business switches this one too: both share the device's cache.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) {
      current = read();
      emit();
    }
  });
}

export const businessStore = {
  /** The business chosen by `userId` on this device, if any. */
  get: (userId: number | undefined): number | undefined =>
    current && userId !== undefined && current.userId === userId ? current.businessId : undefined,
  set(userId: number, businessId: number) {
    current = { userId, businessId };
    localStorage.setItem(KEY, JSON.stringify(current));
    emit();
  },
  /** Back to the server's default (the chosen business is gone: left, removed, erased). */
  clear() {
    current = null;
    localStorage.removeItem(KEY);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const snapshot = () => current;

/** The business chosen on this device by `userId` (undefined: the server's default). */
export function useChosenBusiness(userId: number | undefined): number | undefined {
  const chosen = useSyncExternalStore(businessStore.subscribe, snapshot, snapshot);
  return chosen && chosen.userId === userId ? chosen.businessId : undefined;
}
