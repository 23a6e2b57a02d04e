import { href } from './paths.ts';

/** Where an unauthenticated visitor is sent: login, remembering the whole path they wanted. */
export function loginRedirect(location: string, search: string) {
  const wanted = `${location}${search ? `?${search}` : ''}`;
  return `${href('login')}?redirectFrom=${encodeURIComponent(wanted)}`;
}

/** Where to go after signing in: `redirectFrom` when it is a path of this app, else the orders. */
export function afterLoginPath(search: string, fallback = href('orders')): string {
  const wanted = new URLSearchParams(search).get('redirectFrom');
  // Only same-app paths: "/orders/3" yes; "//evil.example" or "https://..." no.
  return isAppPath(wanted) ? wanted : fallback;
}

/** Whether `path` is a path of this app ("/orders/3"), not another site's ("//evil.example", "https://..."). */
function isAppPath(path: string | null | undefined): path is string {
  return Boolean(path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'));
}

/**
 * A form's address that remembers where the owner opened it from (issue 45):
 * `/suppliers/3?from=%2Forders%2F3`. The form goes back there (`returnPath`).
 */
export function withReturn(path: string, from: string): string {
  return `${path}?from=${encodeURIComponent(from)}`;
}

/** Where a form goes back to, on saving or with its back arrow: `from` when it is a path of this app, else `fallback`. */
export function returnPath(search: string, fallback: string): string {
  const from = new URLSearchParams(search).get('from');
  return isAppPath(from) ? from : fallback;
}
