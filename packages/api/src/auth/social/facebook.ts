import type { Logger } from '../../platform/logger.ts';
import { fetchFromProvider, PROVIDER_TIMEOUT_MS, type ProviderProfile, providerRejected, providerUnreachable } from './provider-errors.ts';

export interface FacebookVerifier {
  /** The Facebook user behind an access token; 401 for a bad one, 503 when the Graph API does not answer. */
  verify(accessToken: string): Promise<ProviderProfile>;
}

interface DebugToken {
  data?: { app_id?: string; is_valid?: boolean; expires_at?: number; user_id?: string };
  error?: { code?: number; type?: string };
}
interface Me {
  id?: string;
  name?: string;
  email?: string;
}

/**
 * Checks a Facebook user access token with the Graph API: `debug_token` with
 * our app token (`app_id|app_secret`) must say it is valid, issued for our app
 * and not expired; then `/me` gives the user's id, name and email.
 */
export function createFacebookVerifier(options: {
  appId: string;
  appSecret: string;
  graphUrl: string;
  now?: () => number;
  /** Told when Facebook refuses our own app token, so whoever runs the server learns the setting is wrong. */
  logger?: Logger;
}): FacebookVerifier {
  const now = options.now ?? Date.now;
  const base = options.graphUrl.replace(/\/+$/, '');

  async function json<T>(url: string, signal: AbortSignal): Promise<{ status: number; body: T }> {
    const response = await fetchFromProvider('Facebook', url, signal);
    if (response.status >= 500) throw providerUnreachable('Facebook', new Error(`Graph API answered ${response.status}`));
    try {
      return { status: response.status, body: (await response.json()) as T };
    } catch (error) {
      throw providerUnreachable('Facebook', error);
    }
  }

  return {
    async verify(accessToken) {
      // One 5 s limit for both Graph API calls together.
      const signal = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
      const appToken = `${options.appId}|${options.appSecret}`;
      const debug = await json<DebugToken>(
        `${base}/debug_token?${new URLSearchParams({ input_token: accessToken, access_token: appToken })}`,
        signal,
      );
      // A bad user token is `is_valid: false`; an error answer means our app token itself was refused.
      if (debug.status !== 200 && debug.body.error) {
        options.logger?.warn('Facebook refused the app token: check FACEBOOK_APP_ID and FACEBOOK_APP_SECRET', {
          errorCode: debug.body.error.code,
          errorType: debug.body.error.type,
        });
      }
      const data = debug.body.data;
      if (debug.status !== 200 || !data?.is_valid) throw providerRejected('Facebook', 'the token is not valid');
      if (String(data.app_id) !== options.appId) throw providerRejected('Facebook', 'the token was issued for another app');
      if (data.expires_at && data.expires_at * 1000 <= now()) throw providerRejected('Facebook', 'the token has expired');

      const me = await json<Me>(`${base}/me?${new URLSearchParams({ fields: 'id,name,email', access_token: accessToken })}`, signal);
      if (me.status !== 200 || !me.body.id) throw providerRejected('Facebook', 'the token is not valid');
      if (data.user_id && String(data.user_id) !== String(me.body.id))
        throw providerRejected('Facebook', 'the token does not match its user');
      return { providerId: String(me.body.id), email: me.body.email, name: me.body.name };
    },
  };
}
