import type { AppRouter } from '@reorder/api';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { sessionStore } from '../lib/session.ts';
import { OFFLINE_MAX_AGE_MS } from './offline-cache.ts';

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
        // Kept as long as the offline copy keeps them (app/offline-cache.ts), so what was opened reads offline.
        gcTime: OFFLINE_MAX_AGE_MS,
        retry: (count, error) => count < 2 && ['UNAVAILABLE', 'INTERNAL'].includes(apiErrorInfo(error).kind),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The server's limit of calls in one batch (docs/decisions.md §4). */
const MAX_BATCH = 10;

/** The links every client sends through. */
function apiLinks() {
  // A call may carry its own token in its context (sign-out sends the one it is ending).
  const bearer = (token: unknown) => {
    const value = typeof token === 'string' ? token : sessionStore.get()?.token;
    return value ? { authorization: `Bearer ${value}` } : {};
  };
  return [
    // Sign-in, email change and feedback calls go one per request: the server refuses them in batches (UNBATCHABLE, app.ts).
    splitLink<AppRouter>({
      condition: (op) => /^(auth\.|feedback\.|users\.updateMe$)/.test(op.path),
      true: httpLink({ url: '/api/trpc', headers: ({ op }) => bearer(op.context.token) }),
      false: httpBatchLink({ url: '/api/trpc', headers: () => bearer(undefined), maxItems: MAX_BATCH }),
    }),
  ];
}

/** The client of the screens' hooks (`trpc.Provider`). */
export function createTrpcClient() {
  return trpc.createClient({ links: apiLinks() });
}

/** The same API outside React: the offline outbox sends its changes with it. */
export function createApiClient() {
  return createTRPCClient<AppRouter>({ links: apiLinks() });
}

/**
 * Whether a call failed for want of a connection (fetch itself failed: no
 * answer at all), rather than by an answer, even a proxy's 503.
 */
export function isUnreachable(error: unknown): boolean {
  if (!navigator.onLine) return true;
  const cause = error instanceof TRPCClientError ? error.cause : error;
  return cause instanceof TypeError;
}
