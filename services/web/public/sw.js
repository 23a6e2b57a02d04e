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

/** Shows `path` of this site: in a window already open (navigated there and focused), else in a new one. */
async function openOwnPath(path) {
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

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openOwnPath(event.notification.data?.path || '/orders'));
});
