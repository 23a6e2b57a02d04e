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
  if (wanted?.startsWith('/') && !wanted.startsWith('//') && !wanted.startsWith('/\\')) return wanted;
  return fallback;
}
