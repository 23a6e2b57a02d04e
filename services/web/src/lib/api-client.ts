import type { AppRouter } from '@reorder/api';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
import { businessStore } from './business.ts';
import { clockedFetch } from './server-clock.ts';
import { sessionStore } from './session.ts';

// The typed API client alone, without react-query's cache (lib/trpc.ts adds that): a chunk of its own,
// so the sign-in form loads it only when it talks to the server (features/auth/sign-in.ts).

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

/** The server's limit of calls in one batch (docs/decisions.md §4). */
const MAX_BATCH = 10;

/**
 * The links every client sends through. `businessOf` names the business a
 * call acts in (`X-Business-Id`); by default the one chosen on this device.
 */
function apiLinks(businessOf: () => number | undefined) {
  // A call may carry its own token (sign-out sends the one it is ending) and its own business in its context.
  const headers = (context: { token?: unknown; businessId?: unknown }) => {
    const value = typeof context.token === 'string' ? context.token : sessionStore.get()?.token;
    if (!value) return {};
    const business = typeof context.businessId === 'number' ? context.businessId : businessOf();
    return { authorization: `Bearer ${value}`, ...(business === undefined ? {} : { 'x-business-id': String(business) }) };
  };
  return [
    // Sign-in, email change and feedback calls go one per request: the server refuses them in batches
    // (UNBATCHABLE, services/server/src/app/trpc-handlers.ts). So does a call in a business of its own
    // (`context.businessId`): a batch has one set of headers. And an export: alone, the server writes its
    // large answer in turns of its event loop (docs/decisions.md §9.7).
    splitLink<AppRouter>({
      condition: (op) =>
        /^(auth\.|feedback\.|users\.updateMe$|users\.export$|catalogue\.export$|bills\.exportCsv$)/.test(op.path) ||
        op.context.businessId !== undefined,
      true: httpLink({ url: '/api/trpc', fetch: clockedFetch, headers: ({ op }) => headers(op.context) }),
      false: httpBatchLink({ url: '/api/trpc', fetch: clockedFetch, headers: () => headers({}), maxItems: MAX_BATCH }),
    }),
  ];
}

/** The business chosen on this device by whoever is signed in. */
export const chosenBusiness = () => businessStore.get(sessionStore.get()?.user.id);

/**
 * The same API outside React: the offline outbox sends its changes with it,
 * each in the business it was made in (`businessOf`).
 */
export function createApiClient(businessOf: () => number | undefined = chosenBusiness) {
  return createTRPCClient<AppRouter>({ links: apiLinks(businessOf) });
}

/** The one client of the visit (lib/trpc.ts's cache calls through it too). */
export const apiClient = createApiClient();

/**
 * Whether a call failed for want of a connection (fetch itself failed: no
 * answer at all), rather than by an answer, even a proxy's 503.
 */
export function isUnreachable(error: unknown): boolean {
  if (!navigator.onLine) return true;
  const cause = error instanceof TRPCClientError ? error.cause : error;
  return cause instanceof TypeError;
}
