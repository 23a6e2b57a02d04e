/**
 * Google Identity Services and the Facebook JavaScript SDK, loaded only when
 * the user presses their button (never on other screens, never when the
 * server has not configured them).
 */

export const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_SCRIPT = 'https://connect.facebook.net/en_US/sdk.js';
const SCRIPT_TIMEOUT_MS = 10_000;

interface GoogleId {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
  }): void;
  prompt(listener?: (notification: { isNotDisplayed?: () => boolean; isSkippedMoment?: () => boolean }) => void): void;
  disableAutoSelect(): void;
}
interface FacebookSdk {
  init(config: { appId: string; cookie?: boolean; xfbml?: boolean; version: string }): void;
  login(
    callback: (response: { authResponse?: { accessToken?: string } | null; status?: string }) => void,
    options?: { scope: string },
  ): void;
  logout(callback?: () => void): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds a script tag once; rejects when it fails or takes over 10 s. */
function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.defer = true;
      const timer = setTimeout(() => reject(new Error(`${src} did not load`)), SCRIPT_TIMEOUT_MS);
      script.onload = () => {
        clearTimeout(timer);
        resolve();
      };
      script.onerror = () => {
        clearTimeout(timer);
        loading.delete(src);
        reject(new Error(`${src} failed to load`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/** Asks Google for an ID token (the One Tap / FedCM prompt); resolves with the credential. */
export async function googleCredential(clientId: string): Promise<string> {
  await loadScript(GOOGLE_SCRIPT);
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('Google Identity Services did not start');
  return new Promise<string>((resolve, reject) => {
    id.initialize({
      client_id: clientId,
      auto_select: false,
      cancel_on_tap_outside: true,
      callback: (response) => (response.credential ? resolve(response.credential) : reject(new Error('Google gave no credential'))),
    });
    id.prompt((notification) => {
      if (notification.isNotDisplayed?.() || notification.isSkippedMoment?.()) reject(new Error('Google sign-in was not shown'));
    });
  });
}

/** Asks Facebook for a user access token (its login dialog); resolves with the token. */
export async function facebookAccessToken(appId: string): Promise<string> {
  if (!window.FB) {
    const ready = new Promise<void>((resolve) => {
      window.fbAsyncInit = () => resolve();
    });
    await loadScript(FACEBOOK_SCRIPT);
    if (!window.FB) await ready;
  }
  const fb = window.FB;
  if (!fb) throw new Error('The Facebook SDK did not start');
  fb.init({ appId, cookie: false, xfbml: false, version: 'v21.0' });
  return new Promise<string>((resolve, reject) => {
    fb.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        if (token) resolve(token);
        else reject(new Error('Facebook sign-in was cancelled'));
      },
      { scope: 'public_profile,email' },
    );
  });
}

/** On sign-out, also end the provider's session where its SDK is loaded on this page. */
export function signOutOfProviders(): void {
  try {
    window.google?.accounts?.id?.disableAutoSelect();
  } catch (error) {
    console.error('Google sign-out failed', error);
  }
  try {
    window.FB?.logout();
  } catch (error) {
    console.error('Facebook sign-out failed', error);
  }
}
