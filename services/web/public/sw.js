// The service worker of reminders (docs/decisions.md §6): it shows each Web
// Push message as a notification and opens the order it names on a click.
// Only a path of this site is ever opened, whatever the message says.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The path of a message's link, on this site; the orders list when there is none. */
function ownPath(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.pathname + parsed.search;
  } catch {
    return '/orders';
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Reorder', {
      body: message.body || '',
      tag: message.tag,
      icon: '/favicon.svg',
      data: { path: ownPath(message.url || '/orders') },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.path || '/orders', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        try {
          const navigated = await client.navigate(target);
          if (navigated) return navigated.focus();
        } catch {
          // Not controlled by this worker: open a window instead.
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
