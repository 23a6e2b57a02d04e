import type { TUser } from '@reorder/schemas';
import { useSyncExternalStore } from 'react';

/** The signed-in session as kept in localStorage (docs/product.md §4: the user and the token). */
export interface Session {
  token: string;
  /** Milliseconds since the epoch; from the token's `exp`. */
  expiresAt: number;
  user: TUser;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

/** The `exp` of a JWT in milliseconds, without verifying it (the server does that). */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function read(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const user = localStorage.getItem(USER_KEY);
    if (!token || !user) return null;
    const expiresAt = tokenExpiry(token);
    if (expiresAt === undefined) return null;
    return { token, expiresAt, user: JSON.parse(user) as TUser };
  } catch {
    return null;
  }
}

let current: Session | null = read();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) {
      current = read();
      emit();
    }
  });
}

export const sessionStore = {
  get: (): Session | null => current,
  /** Stores a session from a login, registration or social sign-in answer. */
  set(token: string, user: TUser) {
    const expiresAt = tokenExpiry(token) ?? Date.now();
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    current = { token, expiresAt, user };
    emit();
  },
  /** Replaces the user (after a profile update), keeping the token. */
  setUser(user: TUser) {
    if (!current) return;
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    current = { ...current, user };
    emit();
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    current = null;
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** True while the session exists and its token has not expired (docs/product.md §4: judged by expiry only). */
export function isSessionValid(session: Session | null = current, now = Date.now()): session is Session {
  return session !== null && session.expiresAt > now;
}

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The owner's time zone, in which delivery days and cut-offs are read (UTC until the account says). */
export function useOwnerTimeZone(): string {
  return useSession()?.user.timeZone ?? 'UTC';
}
