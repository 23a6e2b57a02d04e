/**
 * This browser's Web Push subscription for reminders (docs/decisions.md §6.3):
 * the service worker at /sw.js shows them. Each step says why it stopped:
 * the browser cannot, the owner (or the browser's settings) refused, or the
 * push service failed.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export class PushUnavailable extends Error {
  constructor(readonly reason: 'unsupported' | 'blocked') {
    super(reason);
  }
}

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The server's VAPID key (base64url) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether this browser can, may, and does receive reminders. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks for permission, registers the worker and subscribes; the subscription to send to the server. */
export async function subscribe(vapidPublicKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> {
  if (!supported()) throw new PushUnavailable('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailable('blocked');
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** Ends this browser's subscription; its endpoint, for the server to forget, or undefined when there was none. */
export async function unsubscribe(): Promise<string | undefined> {
  if (!supported()) return undefined;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
