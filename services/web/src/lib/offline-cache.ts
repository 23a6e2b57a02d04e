import type { Query } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { sessionStore } from './session.ts';

/** The app's IndexedDB database: react-query's copy here, the outbox of changes made offline (features/orders/outbox-sync.ts). */
export const appStore = createStore('reorder', 'data');

/** The key of an account's changes waiting to be sent (features/offline/outbox.ts). */
export const outboxKey = (userId: number) => `outbox:${userId}`;

const keyOf = (userId: number) => `query-cache:${userId}`;
/** Writes are gathered: one IndexedDB write every half second at most, and at once when the page is hidden or left. */
const WRITE_EVERY_MS = 500;
/** What was read longer ago than this is not kept (and queries stay in memory as long: gcTime). */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * react-query's cache kept in IndexedDB (with @tanstack/react-query-persist-client),
 * so every supplier, order and product the owner opened reads offline, after
 * a reload too (docs/architecture.md, "Offline"). One copy per account, of
 * the account signed in; deleted on sign-out (app/data.tsx).
 */
export function createOfflinePersister(): Persister & { forget(userId: number): Promise<void> } {
  let latest: { client: PersistedClient; userId: number } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const pending = latest;
    latest = undefined;
    if (pending) {
      set(keyOf(pending.userId), pending.client, appStore).catch((error: unknown) =>
        console.warn('The offline copy could not be stored', error),
      );
    }
  };
  const forget = async (userId: number) => {
    if (latest?.userId === userId) latest = undefined;
    await del(keyOf(userId), appStore);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') write();
  });
  window.addEventListener('pagehide', write);
  return {
    persistClient(client) {
      const userId = sessionStore.get()?.user.id;
      if (userId === undefined) return;
      latest = { client, userId };
      timer ??= setTimeout(write, WRITE_EVERY_MS);
    },
    async restoreClient() {
      const userId = sessionStore.get()?.user.id;
      return userId === undefined ? undefined : get<PersistedClient>(keyOf(userId), appStore);
    },
    async removeClient() {
      const userId = sessionStore.get()?.user.id;
      if (userId !== undefined) await forget(userId);
    },
    forget,
  };
}

/** Only answers the server gave are kept: nothing pending or failed. */
export function keepOffline(query: Query): boolean {
  return query.state.status === 'success';
}
