/** Who may open a route: anyone, only visitors (signed-in users go home), or only signed-in users. */
export type Access = 'public' | 'guest' | 'auth';

/**
 * Where a route of `access` sends a visitor instead of showing it: sign-in without a session, home
 * with one; nowhere when the route is theirs to see. App.tsx's Guard and the first screen main.tsx
 * loads (app/routes.ts, `firstRouteAt`) both follow it.
 */
export function sentAway(access: Access, signedIn: boolean): 'login' | 'home' | undefined {
  if (access === 'auth' && !signedIn) return 'login';
  if (access === 'guest' && signedIn) return 'home';
  return undefined;
}
