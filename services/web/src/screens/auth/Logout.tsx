import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { useSignOut } from '../../features/auth/api.ts';
import { href } from '../../lib/paths.ts';
import { lastVisited } from '../../lib/visits.ts';

/**
 * Ends the session on the server (its token stops working at once) and here,
 * and the provider's where its SDK is loaded, then goes home if the previous
 * screen needed a session, else back to it (docs/product.md §2). Signing out here never
 * waits for the server: without a connection the token is still forgotten.
 */
export default function Logout() {
  const [, navigate] = useLocation();
  const signOut = useSignOut();
  useLayoutEffect(() => {
    const previous = lastVisited();
    signOut();
    navigate(previous && previous.access !== 'auth' ? previous.path : href('home'), { replace: true });
  }, [navigate, signOut]);
  return null;
}
