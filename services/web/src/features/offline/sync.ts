import { get } from 'idb-keyval';
import { appStore, outboxKey } from '../../app/offline-cache.ts';
import { sessionStore } from '../../app/session.ts';
import { isUnreachable } from '../../app/trpc.ts';
import { useValue, valueStore } from '../../app/value-store.ts';
import type { OutboxChange, OutboxState } from './outbox.ts';
import type { Shown, SyncDeps } from './outbox-runtime.ts';

export type { Rejection } from './outbox-runtime.ts';

/**
 * What the app knows of the outbox of changes made offline (outbox.ts), and
 * the way in. The outbox itself (outbox-runtime.ts) is a chunk of its own,
 * loaded only when it is needed: a change could not reach the server, the
 * device went offline, or changes were left waiting by an earlier visit. A
 * visit that never loses the connection downloads none of it.
 * docs/architecture.md, "Offline".
 */

const IDLE: OutboxState = { waiting: 0, sending: false };
const shown = valueStore<Shown>({ state: IDLE, rejections: [] });

function show(next: Partial<Shown>): void {
  shown.set({ ...shown.get(), ...next });
}

let deps: SyncDeps | undefined;
let runtime: Promise<typeof import('./outbox-runtime.ts')> | undefined;

/** Loads the outbox (from the service worker's copy when offline) and starts it for the signed-in account. */
function loadRuntime() {
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

/** Whether a change should wait in the outbox: offline, or changes before it still wait (they go first). */
function shouldQueue(): boolean {
  return !navigator.onLine || shown.get().state.waiting > 0;
}

/**
 * Keeps a change for later and shows it now: the order in the cache (and so
 * the screen, the text and the copy kept for offline) takes it at once.
 */
async function queueChange(change: OutboxChange): Promise<void> {
  const module = await loadRuntime();
  await module.queueChange(change);
}

/**
 * The order screen's way to save: `save` now, or `change` kept for later when
 * the device is offline, when changes before it still wait, or when the call
 * finds no connection. Answers what `save` answered, or undefined when the
 * change was kept (it is on screen already). A refusal, or a failure to keep
 * it, throws as a failed save does.
 */
export async function saveOrKeep<T extends object>(change: OutboxChange, save: () => Promise<T>): Promise<T | undefined> {
  if (!shouldQueue()) {
    try {
      return await save();
    } catch (error) {
      if (!isUnreachable(error)) throw error;
    }
  }
  await queueChange(change);
  return undefined;
}

export function dismissRejection(id: number): void {
  show({ rejections: shown.get().rejections.filter((r) => r.id !== id) });
}

/** What the offline bar shows: what waits, and what was refused. */
export function useSync(): Shown {
  return useValue(shown);
}
