import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { VerifyEmailBanner } from '../features/account/VerifyEmailBanner.tsx';
import { useActiveBusiness } from '../features/businesses/api.ts';
import { BusinessSwitcher } from '../features/businesses/BusinessSwitcher.tsx';
import { startSync, useSync } from '../features/orders/outbox-sync.ts';
import { createOfflinePersister, keepOffline, OFFLINE_MAX_AGE_MS } from '../lib/offline-cache.ts';
import { useOnline } from '../lib/online.ts';
import { loginRedirect } from '../lib/redirect.ts';
import { sessionStore } from '../lib/session.ts';
import { queryClient, setUnauthorizedHandler, trpc } from '../lib/trpc.ts';
import { ScreenBanner, ScreenBusiness, ScreenRole } from '../ui/Screen.tsx';

// react-query assumes a page starts online and then follows the online/offline events: a page
// opened offline (from the service worker) must wait for the connection, not fail its queries.
onlineManager.setOnline(navigator.onLine);

// One cache for the whole visit (lib/trpc.ts): every screen that talks to the API
// mounts these providers, and they all share it. The cache's own life
// is wired here, outside any feature (cache-writes.test.ts allows this file):
// it is emptied when the account changes and read again once the offline copy
// is back. Those writes concern the whole cache, not one feature's data, and
// run once per page outside React; every change of data and the cache
// updates that follow it are hooks in features/<area>/api.ts.
const persister = createOfflinePersister();
let unauthorized = () => sessionStore.clear();

// The copy kept for offline is the signed-in account's: signing out (here or in another tab) forgets it.
let signedIn = sessionStore.get()?.user.id;
sessionStore.subscribe(() => {
  const user = sessionStore.get()?.user.id;
  if (user === signedIn) return;
  if (signedIn !== undefined) {
    queryClient.clear();
    void persister.forget(signedIn);
  }
  signedIn = user;
});
// What the app read last time comes back first (once per page), then every answer is kept.
const persistence = {
  queryClient,
  persister,
  maxAge: OFFLINE_MAX_AGE_MS,
  dehydrateOptions: { shouldDehydrateQuery: keepOffline, shouldDehydrateMutation: () => false },
};
// What comes back may be older than the server's (the last second before a reload is not kept):
// it shows at once, and is read again from the server whenever there is a connection.
// Answers that came while the device's storage was being read (a slow IndexedDB, a busy
// phone) raise no event once the subscription starts: they are kept right away, or the
// copy would wait for the next change.
void persistQueryClientRestore(persistence)
  .then(() => queryClient.invalidateQueries())
  .finally(() => {
    persistQueryClientSubscribe(persistence);
    void persistQueryClientSave(persistence);
  });
// Changes made offline wait on the device and go to the server when it can be reached (features/orders/outbox-sync.ts).
startSync({ queryClient, onUnauthorized: () => unauthorized() });

/**
 * The offline bar comes with the first time there is something to say
 * (offline, changes waiting or refused). Offline before the service worker
 * kept it, it cannot come: the screen goes on without it rather than failing.
 */
const OfflineBar = lazy(() => import('../features/orders/OfflineBar.tsx').catch(() => ({ default: () => null })));
function OfflineNotice() {
  const online = useOnline();
  const { state, rejections } = useSync();
  if (online && !state.held && rejections.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <OfflineBar supplierName={supplierName} />
    </Suspense>
  );
}

/** A supplier's name from what the cache holds, for the offline bar's words. */
function supplierName(supplierId: number): string {
  const one = queryClient.getQueryData(trpc.suppliers.byId.queryKey({ id: supplierId }));
  if (one) return one.name;
  for (const [, list] of queryClient.getQueriesData<{ id: number; name: string }[]>(trpc.suppliers.list.queryFilter())) {
    const found = list?.find((s) => s.id === supplierId);
    if (found) return found.name;
  }
  return `#${supplierId}`;
}

/**
 * The API for the screens that use it: react-query's cache of the typed tRPC
 * client (kept for offline use), the refused-token handler, the offline bar
 * and the verify-email banner. A chunk of its own, so home, privacy and terms
 * download none of it (docs/architecture.md).
 */
/** The active business's role, for the menu's entries (ui/Screen.tsx). */
function MenuRole({ children }: { children: ReactNode }) {
  return <ScreenRole.Provider value={useActiveBusiness()?.role}>{children}</ScreenRole.Provider>;
}

export function DataProviders({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  // A token the server refuses (expired early, revoked) ends the session like an expired one.
  useEffect(() => {
    unauthorized = () => {
      sessionStore.clear();
      navigate(loginRedirect(window.location.pathname, window.location.search.slice(1)), { replace: true });
    };
    setUnauthorizedHandler(unauthorized);
  }, [navigate]);
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineNotice />
      <ScreenBusiness.Provider value={<BusinessSwitcher />}>
        <ScreenBanner.Provider value={<VerifyEmailBanner />}>
          <MenuRole>{children}</MenuRole>
        </ScreenBanner.Provider>
      </ScreenBusiness.Provider>
    </QueryClientProvider>
  );
}
