import { get } from 'idb-keyval';
import { appStore, outboxKey } from '../../lib/offline-cache.ts';
import { sessionStore } from '../../lib/session.ts';
import { useValue, valueStore } from '../../lib/value-store.ts';
import type { OutboxState } from '../offline/outbox.ts';
import type { Shown, SyncDeps } from './outbox-runtime.ts';

export type { Rejection } from './outbox-runtime.ts';

/**
 * What the app knows of the order outbox (features/offline/outbox.ts, run
 * with the order's changes): what waits, what was refused. The outbox
 * itself (outbox-runtime.ts) comes with the order screens, which make every
 * change through it, and is loaded on any other screen only when needed:
 * the device went offline, or changes were left waiting by an earlier
 * visit. docs/architecture.md, "One save path".
 */

const IDLE: OutboxState = { waiting: 0, sending: false, held: false };
const shown = valueStore<Shown>({ state: IDLE, rejections: [] });

function show(next: Partial<Shown>): void {
  shown.set({ ...shown.get(), ...next });
}

let deps: SyncDeps | undefined;
let runtime: Promise<typeof import('./outbox-runtime.ts')> | undefined;

/** Loads the outbox (from the service worker's copy when offline) and starts it for the signed-in account. */
export function loadRuntime() {
  runtime ??= import('./outbox-runtime.ts').then((module) => {
    if (deps) module.startRuntime({ ...deps, show, rejections: () => shown.get().rejections });
    return module;
  });
  runtime.catch(() => {
    // Not loaded (offline before the service worker kept it): tried again on the next need.
    runtime = undefined;
  });
  return runtime;
}

/** Loads the outbox when the signed-in account has changes left waiting on this device. */
async function resumeWaiting() {
  const userId = sessionStore.get()?.user.id;
  if (userId === undefined) return;
  const waiting = await get<unknown[]>(outboxKey(userId), appStore).catch(() => undefined);
  if (waiting?.length) await loadRuntime();
}

/** Follows sign-in and sign-out, and loads the outbox when the connection drops. */
export function startSync(options: SyncDeps): void {
  deps = options;
  void resumeWaiting();
  sessionStore.subscribe(() => {
    if (runtime) void runtime.then((module) => module.followSession());
    else void resumeWaiting();
  });
  window.addEventListener('offline', () => void loadRuntime().catch(() => {}));
}

export function dismissRejection(id: number): void {
  show({ rejections: shown.get().rejections.filter((r) => r.id !== id) });
}

/** What the offline bar shows: what waits, and what was refused. */
export function useSync(): Shown {
  return useValue(shown);
}
