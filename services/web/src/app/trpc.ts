import type { AppRouter } from '@reorder/api';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { sessionStore } from './session.ts';

/** The typed API: `trpc.suppliers.list.useQuery(...)` and friends. */
export const trpc = createTRPCReact<AppRouter>();

/** What the server says went wrong: its kind and per-field issues (see the API's error shape). */
export interface ApiErrorInfo {
  kind: string;
  message: string;
  issues: { path: string; message: string }[];
}

export function apiErrorInfo(error: unknown): ApiErrorInfo {
  if (error instanceof TRPCClientError) {
    const data = (error.data ?? {}) as { kind?: string; issues?: ApiErrorInfo['issues'] };
    return { kind: data.kind ?? 'UNAVAILABLE', message: error.message, issues: data.issues ?? [] };
  }
  return { kind: 'INTERNAL', message: error instanceof Error ? error.message : String(error), issues: [] };
}

/** Called when the server refuses the token: the app clears the session and goes to login. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

function handleError(error: unknown) {
  if (apiErrorInfo(error).kind === 'UNAUTHORIZED' && sessionStore.get()) onUnauthorized();
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, error) => count < 2 && ['UNAVAILABLE', 'INTERNAL'].includes(apiErrorInfo(error).kind),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/api/trpc',
        headers() {
          const session = sessionStore.get();
          return session ? { authorization: `Bearer ${session.token}` } : {};
        },
      }),
    ],
  });
}
