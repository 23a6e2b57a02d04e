import type { AppRouter } from '@reorder/api';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
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

/**
 * A refused token ends the session. A 401 that names a field (a wrong
 * current password on the profile form) is the form's business, not the
 * session's.
 */
function handleError(error: unknown) {
  const info = apiErrorInfo(error);
  if (info.kind === 'UNAUTHORIZED' && info.issues.length === 0 && sessionStore.get()) onUnauthorized();
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

/** The server's limit of calls in one batch (docs/decisions.md §4). */
const MAX_BATCH = 10;

export function createTrpcClient() {
  // A call may carry its own token in its context (sign-out sends the one it is ending).
  const bearer = (token: unknown) => {
    const value = typeof token === 'string' ? token : sessionStore.get()?.token;
    return value ? { authorization: `Bearer ${value}` } : {};
  };
  return trpc.createClient({
    links: [
      // Sign-in, account and feedback calls go one per request: the server refuses them in batches.
      splitLink({
        condition: (op) => /^(auth|feedback)\./.test(op.path),
        true: httpLink({ url: '/api/trpc', headers: ({ op }) => bearer(op.context.token) }),
        false: httpBatchLink({ url: '/api/trpc', headers: () => bearer(undefined), maxItems: MAX_BATCH }),
      }),
    ],
  });
}
