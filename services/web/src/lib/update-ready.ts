import { useValue, valueStore } from './value-store.ts';

/**
 * A new version of the app waiting for "Update" (lib/service-worker.ts finds
 * it): all the first screen needs of the service worker, so the registration
 * itself loads after the first paint.
 */
const waiting = valueStore<ServiceWorker | null>(null);

/** Offers a worker that finished installing while another one controls the page. */
export function offerUpdate(worker: ServiceWorker | null) {
  if (!worker || !navigator.serviceWorker.controller) return;
  waiting.set(worker);
}

/** The worker waiting for "Update", if any. */
export function waitingWorker(): ServiceWorker | null {
  return waiting.get();
}

/** Puts the offer away until the next version (or the next visit). */
export function dismissUpdate(): void {
  waiting.set(null);
}

/** Whether a new version waits for "Update". */
export function useUpdateReady(): boolean {
  return useValue(waiting) !== null;
}
