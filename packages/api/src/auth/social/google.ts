import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from 'jose';
import { fetchFromProvider, type ProviderProfile, providerRejected, providerUnreachable } from './provider-errors.ts';

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
/** Used when the key set's answer says nothing about caching. */
const DEFAULT_MAX_AGE_S = 300;
/** A token signed by a key we do not know makes us refetch the keys at most this often. */
const REFETCH_COOLDOWN_MS = 30_000;

export interface GoogleVerifier {
  /** The Google account behind an ID token; 401 for a bad token, 503 when Google's keys cannot be fetched. */
  verify(idToken: string): Promise<ProviderProfile>;
}

/** Seconds from `Cache-Control: max-age=N` (or s-maxage), if present. */
function maxAgeOf(cacheControl: string | null): number | undefined {
  const match = /(?:^|,)\s*(?:s-)?max-age=(\d+)/i.exec(cacheControl ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * Verifies Google ID tokens with jose against the JSON Web Key Set at
 * `jwksUrl`: signature, issuer, audience (our client id), expiry, and a
 * verified email. The keys are cached for as long as the key set's
 * `Cache-Control: max-age` allows, and refetched early (at most every 30 s)
 * when a token names a key we do not have, as Google rotates them.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string; now?: () => number }): GoogleVerifier {
  const now = options.now ?? Date.now;
  let cached: { keys: ReturnType<typeof createLocalJWKSet>; expiresAt: number; fetchedAt: number } | undefined;
  let inFlight: Promise<ReturnType<typeof createLocalJWKSet>> | undefined;

  /** One fetch of the key set at a time: sign-ins arriving meanwhile wait for it. */
  function fetchKeys() {
    inFlight ??= fetchKeysNow().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  async function fetchKeysNow() {
    const response = await fetchFromProvider('Google', options.jwksUrl);
    if (!response.ok) throw providerUnreachable('Google', new Error(`key set answered ${response.status}`));
    let body: JSONWebKeySet;
    try {
      body = (await response.json()) as JSONWebKeySet;
    } catch (error) {
      throw providerUnreachable('Google', error);
    }
    const maxAge = maxAgeOf(response.headers.get('cache-control')) ?? DEFAULT_MAX_AGE_S;
    cached = { keys: createLocalJWKSet(body), expiresAt: now() + maxAge * 1000, fetchedAt: now() };
    return cached.keys;
  }

  async function keys(refresh: boolean) {
    if (!cached || cached.expiresAt <= now() || (refresh && now() - cached.fetchedAt > REFETCH_COOLDOWN_MS)) return fetchKeys();
    return cached.keys;
  }

  async function verifyWith(idToken: string, refresh: boolean) {
    return jwtVerify(idToken, await keys(refresh), {
      issuer: ISSUERS,
      audience: options.clientId,
      algorithms: ['RS256'],
      currentDate: new Date(now()),
      requiredClaims: ['sub', 'exp'],
    });
  }

  return {
    async verify(idToken) {
      let payload: Awaited<ReturnType<typeof verifyWith>>['payload'];
      try {
        try {
          ({ payload } = await verifyWith(idToken, false));
        } catch (error) {
          if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
          ({ payload } = await verifyWith(idToken, true));
        }
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw providerRejected('Google', 'the token has expired');
        if (error instanceof errors.JWTClaimValidationFailed) throw providerRejected('Google', `the token's ${error.claim} is not ours`);
        if (error instanceof errors.JOSEError) throw providerRejected('Google', 'the token is not valid');
        throw error;
      }
      if (payload.email_verified !== true && payload.email_verified !== 'true') {
        throw providerRejected('Google', 'the Google account has no verified email');
      }
      return {
        providerId: String(payload.sub),
        email: typeof payload.email === 'string' ? payload.email : undefined,
        name: typeof payload.name === 'string' ? payload.name : undefined,
      };
    },
  };
}
