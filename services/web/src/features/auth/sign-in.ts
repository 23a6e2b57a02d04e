/**
 * What the sign-in page says to the server, through the typed API client alone (lib/api-client.ts),
 * without react-query's cache or the rest of the data layer (app/data.tsx): the page loads the form and
 * its texts, and the client, a chunk of its own, only when it first talks to the server
 * (docs/performance.md, "Web app"). The screens that sign in never read these answers from a cache.
 */
import type { TLoginInput, TPublicConfig, ZFacebookSignInInput, ZGoogleSignInInput } from '@reorder/schemas';
import type { z } from 'zod';

const client = () => import('../../lib/api-client.ts');

/** Starts loading the client (on the form's first key or tap), so a submit does not wait for its code. */
export function preloadApiClient() {
  void client();
}

/** The kind of a failed call's error (`apiErrorInfo` in lib/api-client.ts): `TOO_MANY_REQUESTS`, `UNAVAILABLE`… */
export async function errorKind(error: unknown): Promise<string> {
  return (await client()).apiErrorInfo(error).kind;
}

/** Signs in with email and password; the screen starts the session with the answer. */
export async function logIn(input: TLoginInput) {
  return (await client()).apiClient.auth.login.mutate(input);
}

/** Signs in (or up) with a Google credential. */
export async function googleSignIn(input: z.input<typeof ZGoogleSignInInput>) {
  return (await client()).apiClient.auth.google.mutate(input);
}

/** Signs in (or up) with a Facebook access token. */
export async function facebookSignIn(input: z.input<typeof ZFacebookSignInInput>) {
  return (await client()).apiClient.auth.facebook.mutate(input);
}

let config: Promise<TPublicConfig> | undefined;

/**
 * The sign-in providers the server has configured: asked once a visit, again after a failure. A plain
 * `GET /api/config` (its REST path, docs/decisions.md), so the page loads no API client to draw its
 * buttons: the client's chunk evaluating at load was one of the page's long tasks.
 */
export function socialConfig(): Promise<TPublicConfig> {
  config ??= fetch('/api/config', { headers: { accept: 'application/json' } })
    .then(async (response) => {
      const body = (await response.json()) as { code?: number; data?: TPublicConfig };
      if (!response.ok || body.code !== 1 || !body.data) throw new Error(`GET /api/config answered ${response.status}`);
      return body.data;
    })
    .catch((error: unknown) => {
      config = undefined;
      throw error;
    });
  return config;
}
