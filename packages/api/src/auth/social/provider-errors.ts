import { AppError } from '../../errors.ts';

/** How long a provider may take before we give up (issue 4: 5 s). */
export const PROVIDER_TIMEOUT_MS = 5000;

export type ProviderName = 'Google' | 'Facebook';

export const providerUnreachable = (provider: ProviderName, cause?: unknown) =>
  new AppError('UNAVAILABLE', `${provider} is not reachable, please try again.`, { cause });

export const providerRejected = (provider: ProviderName, why: string) => new AppError('UNAUTHORIZED', `${provider} sign-in failed: ${why}`);

export const providerNotConfigured = (provider: ProviderName) =>
  new AppError('BAD_REQUEST', `${provider} sign-in is not available on this server.`);

/**
 * fetch within the provider time limit (by default 5 s for this call; pass one
 * `signal` to share the 5 s across several calls); network failures and
 * timeouts become a 503.
 */
export async function fetchFromProvider(
  provider: ProviderName,
  url: string,
  signal = AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
): Promise<Response> {
  try {
    return await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    throw providerUnreachable(provider, error);
  }
}

/** The verified identity a provider vouches for. */
export interface ProviderProfile {
  providerId: string;
  email: string | undefined;
  name: string | undefined;
}
