import { offerUpdate, waitingWorker } from './update-ready.ts';

/**
 * Registers the service worker (src/sw.ts, built to /sw.js) once the first
 * screen has painted, and tells the app when a new version is waiting. The
 * new version takes over only when the owner presses "Update" (never in the
 * middle of typing). docs/architecture.md, "Offline".
 *
 * The app's own few lines rather than workbox-window, which every first
 * visit would load, against a tight home budget (docs/performance.md);
 * main.tsx loads this module after the first render (lib/update-ready.ts is
 * what the first screen needs of it).
 */
const CHECK_EVERY_MS = 60 * 60 * 1000;

function watch(registration: ServiceWorkerRegistration) {
  offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerUpdate(installing);
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

/** Registers /sw.js (main.tsx calls it once the page has loaded and the browser is idle); nothing in development. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(watch)
    .catch((error: unknown) => console.warn('The service worker could not be registered', error));
}

/** Loads the new version: the waiting worker takes over, and the page reloads once it has. */
export function applyUpdate(): void {
  const worker = waitingWorker();
  if (!worker || worker.state === 'activated' || worker.state === 'redundant') {
    // Another tab already let it in: this page only needs to reload.
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
