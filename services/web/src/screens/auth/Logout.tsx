import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { signOutOfProviders } from '../../app/providers.ts';
import { trpc } from '../../app/trpc.ts';
import { lastVisited } from '../../app/visits.ts';
import { href } from '../../lib/paths.ts';
import { sessionStore } from '../../lib/session.ts';

/**
 * Ends the session on the server (its token stops working at once) and here,
 * and the provider's where its SDK is loaded, then goes home if the previous
 * screen needed a session, else back to it (docs/product.md §2). Signing out here never
 * waits for the server: without a connection the token is still forgotten.
 */
export default function Logout() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { client } = trpc.useUtils();
  useLayoutEffect(() => {
    const previous = lastVisited();
    const token = sessionStore.get()?.token;
    if (token) client.auth.logout.mutate({}, { context: { token } }).catch((error) => console.error('Server sign-out failed', error));
    sessionStore.clear();
    signOutOfProviders();
    queryClient.clear();
    navigate(previous && previous.access !== 'auth' ? previous.path : href('home'), { replace: true });
  }, [navigate, queryClient, client]);
  return null;
}
