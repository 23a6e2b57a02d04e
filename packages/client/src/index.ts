/**
 * @reorder/client: what a developer outside this repository needs to call the
 * Reorder API with types end to end.
 *
 * - `createReorderClient`: a typed tRPC client (`client.orders.bySupplier.query(...)`).
 * - `AppRouter`, `RouterInputs`, `RouterOutputs`: the types of every procedure.
 * - `paths`, `components`, `operations`: the REST surface's types, for openapi-fetch.
 */
import type { AppRouter } from '@reorder/api';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCClient } from '@trpc/client';

export type { AppRouter, RouterInputs, RouterOutputs } from '@reorder/api';
export type { components, operations, paths } from './rest.gen.ts';

/** The server's limit of calls in one batch. */
const MAX_BATCH = 10;

export interface ReorderClientOptions {
  /** Where the server is, e.g. `https://orders.example.com` (the client adds `/api/trpc`). */
  baseUrl: string;
  /** A personal API token (`rpat_…`) or a session token, or a function that returns the current one. */
  token?: string | (() => string | undefined);
  /** Another fetch (tests, older runtimes). */
  fetch?: typeof globalThis.fetch;
}

/**
 * A typed tRPC client of the Reorder API. Calls made together go in one
 * request (at most 10 at a time); sign-in, account and feedback calls go one
 * by one, as the server asks.
 */
export function createReorderClient(options: ReorderClientOptions): TRPCClient<AppRouter> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/api/trpc`;
  const headers = () => {
    const token = typeof options.token === 'function' ? options.token() : options.token;
    return token ? { authorization: `Bearer ${token}` } : {};
  };
  const fetch = options.fetch;
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => /^(auth|feedback)\./.test(op.path),
        true: httpLink({ url, headers, ...(fetch ? { fetch } : {}) }),
        false: httpBatchLink({ url, headers, maxItems: MAX_BATCH, ...(fetch ? { fetch } : {}) }),
      }),
    ],
  });
}
