import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { lastVisited } from '../../app/history.ts';
import { signOutOfProviders } from '../../app/providers.ts';
import { sessionStore } from '../../app/session.ts';

/**
 * Ends the session (and the provider's, where its SDK is loaded), then goes
 * home if the previous screen needed a session, else back to it (spec §2).
 */
export default function Logout() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  useLayoutEffect(() => {
    const previous = lastVisited();
    sessionStore.clear();
    signOutOfProviders();
    queryClient.clear();
    navigate(previous && previous.access !== 'auth' ? previous.path : '/', { replace: true });
  }, [navigate, queryClient]);
  return null;
}
