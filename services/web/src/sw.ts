/// <reference lib="webworker" />
// The service worker (docs/architecture.md, "Offline"), built by vite-plugin-pwa
// into /sw.js with the list of the build's files. It keeps the app shell and
// every screen's code, so the app opens without a connection; the API is never
// cached here (the app keeps what it read, see lib/offline-cache.ts). It also
// shows the reminders' and confirmations' Web Push messages (docs/decisions.md §6.3, §6.4).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every screen's address opens the app shell; the API, the supplier's confirmation page and
// files that are not the app's (API docs, robots.txt) go to the network as always.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/confirm\//, /\.[a-z0-9]+$/i],
  }),
);

// A new version waits until the owner presses "Update" (the page asks for it): it never
// takes over a page in the middle of typing. The first version takes the open pages at once.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The path of a message's link, on this site; the orders list when there is none. */
function ownPath(url: string): string {
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.pathname + parsed.search;
  } catch {
    return '/orders';
  }
}

interface PushMessage {
  title?: string;
  body?: string;
  tag?: string;
  url?: string;
}

self.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    message = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Reorder', {
      body: message.body || '',
      ...(message.tag ? { tag: message.tag } : {}),
      icon: '/icons/icon-192.png',
      data: { path: ownPath(message.url || '/orders') },
    }),
  );
});

/** Shows `path` of this site: in a window already open (navigated there and focused), else in a new one. */
async function openOwnPath(path: string): Promise<unknown> {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    try {
      const navigated = await client.navigate(target);
      // Focusing needs the click's user activation; the window has gone to the order either way.
      if (navigated) return navigated.focus().catch(() => navigated);
    } catch {
      // Not controlled by this worker: open a window instead.
    }
  }
  return self.clients.openWindow(target);
}

// The click handler's own function, reachable from DevTools and the browser tests: no browser
// automation clicks a system notification.
(self as unknown as { openOwnPath: typeof openOwnPath }).openOwnPath = openOwnPath;

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { path?: string } | null)?.path || '/orders';
  event.waitUntil(openOwnPath(path));
});
