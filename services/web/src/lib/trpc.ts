import type { AppRouter } from '@reorder/api';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { apiClient, apiErrorInfo } from './api-client.ts';
import { OFFLINE_MAX_AGE_MS } from './offline-cache.ts';
import { sessionStore } from './session.ts';

export { type ApiErrorInfo, apiClient, apiErrorInfo, chosenBusiness, createApiClient, isUnreachable } from './api-client.ts';

/** Called when the server refuses the token: the app clears the session and goes to login. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/**
 * A refused token ends the session. A 401 that names a field (a wrong
 * current password on the profile form) is the form's business, not the
 * session's.
 */
function handleError(error: unknown) {
  const info = apiErrorInfo(error);
  if (info.kind === 'UNAUTHORIZED' && info.issues.length === 0 && sessionStore.get()) onUnauthorized();
}

function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Kept as long as the offline copy keeps them (lib/offline-cache.ts), so what was opened reads offline.
        gcTime: OFFLINE_MAX_AGE_MS,
        retry: (count, error) => count < 2 && ['UNAVAILABLE', 'INTERNAL'].includes(apiErrorInfo(error).kind),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * One cache and one client for the whole visit, made when the first screen that talks to the API
 * loads (app/data.tsx provides the cache to React and wires its life).
 */
export const queryClient = createQueryClient();

/**
 * The typed API as react-query's options and keys (tRPC's TanStack React Query integration):
 * `useQuery(trpc.suppliers.list.queryOptions(...))`, `useMutation(trpc.suppliers.create.mutationOptions(...))`,
 * `queryClient.invalidateQueries(trpc.suppliers.list.queryFilter())`.
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: apiClient, queryClient });
