import { useValue, valueStore } from './value-store.ts';

/**
 * Registers the service worker (src/sw.ts, built to /sw.js) once the first
 * screen has painted, and tells the app when a new version is waiting. The
 * new version takes over only when the owner presses "Update" (never in the
 * middle of typing). docs/architecture.md, "Offline".
 *
 * The app's own few lines rather than workbox-window, which every first
 * visit would load, against a tight home budget (README, "Performance").
 */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** The new version's worker while it waits for "Update". */
const waiting = valueStore<ServiceWorker | null>(null);

/** Offers a worker that finished installing while another one controls the page. */
function offer(worker: ServiceWorker | null) {
  if (!worker || !navigator.serviceWorker.controller) return;
  waiting.set(worker);
}

function watch(registration: ServiceWorkerRegistration) {
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  // Look for a new version when the app comes back to the front or online, and hourly.
  const check = () => {
    if (document.visibilityState === 'visible' && navigator.onLine) registration.update().catch(() => {});
  };
  document.addEventListener('visibilitychange', check);
  window.addEventListener('online', check);
  setInterval(check, CHECK_EVERY_MS);
}

/** Registers /sw.js after the page has loaded and the browser is idle; nothing in development. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watch)
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
  };
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Loads the new version: the waiting worker takes over, and the page reloads once it has. */
export function applyUpdate(): void {
  const worker = waiting.get();
  if (!worker || worker.state === 'activated' || worker.state === 'redundant') {
    // Another tab already let it in: this page only needs to reload.
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** Puts the offer away until the next version (or the next visit). */
export function dismissUpdate(): void {
  waiting.set(null);
}

/** Whether a new version waits for "Update". */
export function useUpdateReady(): boolean {
  return useValue(waiting) !== null;
}
