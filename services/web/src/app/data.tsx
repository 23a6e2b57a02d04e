import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { VerifyEmailBanner } from '../features/account/VerifyEmailBanner.tsx';
import { ScreenBanner } from '../ui/Screen.tsx';
import { loginRedirect } from './redirect.ts';
import { sessionStore } from './session.ts';
import { createQueryClient, createTrpcClient, setUnauthorizedHandler, trpc } from './trpc.ts';

// One cache for the whole visit: every screen that talks to the API mounts
// these providers, and they all share the same clients.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

/**
 * The API for the screens that use it: the typed tRPC client, react-query's
 * cache, the refused-token handler and the verify-email banner. A chunk of its
 * own, so home, privacy and terms download none of it (docs/architecture.md).
 */
export function DataProviders({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  // A token the server refuses (expired early, revoked) ends the session like an expired one.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      sessionStore.clear();
      navigate(loginRedirect(window.location.pathname, window.location.search.slice(1)), { replace: true });
    });
  }, [navigate]);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ScreenBanner.Provider value={<VerifyEmailBanner />}>{children}</ScreenBanner.Provider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
