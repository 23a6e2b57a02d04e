import { type FacebookStandIn, type GoogleStandIn, startFacebookStandIn, startGoogleStandIn } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openPage, startApp } from './app.ts';
import type { Recorded } from './recorded.ts';

// The providers' SDK addresses, answered in the page by small stand-ins that
// call our real callbacks with tokens the local providers signed.
const GOOGLE_SDK = 'https://accounts.google.com/gsi/client';
const FACEBOOK_SDK = 'https://connect.facebook.net/en_US/sdk.js';

const googleSdk = (credential: string) => `
  window.__signedOut = window.__signedOut || [];
  window.google = { accounts: { id: {
    initialize(config) { window.__gisConfig = config; },
    prompt() { setTimeout(() => window.__gisConfig.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn' }), 10); },
    disableAutoSelect() { window.__signedOut.push('google'); },
  } } };`;

const facebookSdk = (accessToken: string) => `
  window.__signedOut = window.__signedOut || [];
  window.FB = {
    init(config) { window.__fbConfig = config; },
    login(callback, options) { window.__fbScope = options && options.scope; setTimeout(() => callback({ status: 'connected', authResponse: { accessToken: ${JSON.stringify(accessToken)}, userID: '1' } }), 10); },
    logout() { window.__signedOut.push('facebook'); },
  };
  if (window.fbAsyncInit) window.fbAsyncInit();`;

let google: GoogleStandIn;
let facebook: FacebookStandIn;
let configured: AppUnderTest;
let plain: AppUnderTest;
beforeAll(async () => {
  google = await startGoogleStandIn();
  facebook = await startFacebookStandIn({ appId: '4242424242', appSecret: 'stand-in-app-secret' });
  configured = await startApp({
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    FACEBOOK_APP_ID: facebook.appId,
    FACEBOOK_APP_SECRET: 'stand-in-app-secret',
    FACEBOOK_GRAPH_URL: facebook.graphUrl,
  });
  plain = await startApp();
});
afterAll(async () => {
  await configured?.close();
  await plain?.close();
  await google?.close();
  await facebook?.close();
});

/** Counts requests to the providers' SDKs, so the test can tell when they were loaded. */
function sdkRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(GOOGLE_SDK) || r.url().startsWith(FACEBOOK_SDK)) seen.push(r.url());
  });
  return seen;
}

describe('sign in with a provider', () => {
  it('Google: the button signs in (creating the account), and sign-out also signs out of Google', async () => {
    const email = `ana.${Date.now()}@gmail.com`;
    const credential = await google.idToken({ email, name: 'Ana Google' });
    const { page, context, errors } = await openPage(configured);
    const sdk = sdkRequests(page);
    await page.route(`${GOOGLE_SDK}**`, (route) => route.fulfill({ contentType: 'application/javascript', body: googleSdk(credential) }));

    await page.goto('/orders');
    await page.waitForURL(/\/login\?redirectFrom=/);
    expect(sdk).toEqual([]);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // A new account has no business name yet: the owner is asked for it first.
    await page.waitForURL('**/profile/me');
    // Worded from the sign-in page's own texts, which hold no profile screen's (route-texts.test.ts).
    await page.getByText('Welcome! Add the name of your business to finish.').waitFor();
    expect(sdk).toEqual([GOOGLE_SDK]);
    expect(await page.evaluate(() => (window as Recorded).__gisConfig.client_id)).toBe(google.clientId);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'))).toMatchObject({
      email,
      fullName: 'Ana Google',
      businessName: '',
    });

    await page.getByLabel('Business name').fill('Panadería Google');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => (window as Recorded).__signedOut)).toEqual(['google']);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // All of it under the Content-Security-Policy, which let the SDK in and blocked nothing.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Facebook: the button signs into the existing account with that email and honours redirectFrom', async () => {
    const owner = await configured.t.api.register({ businessName: 'Bar Facebook' });
    const token = facebook.addUser({ token: `fb-${Date.now()}`, id: String(Date.now()), name: 'Owner FB', email: owner.email });
    const supplier = await configured.t.api.createSupplier(owner.token, { name: 'Pescados Mar' });
    const { page, context, errors } = await openPage(configured);
    await page.route(`${FACEBOOK_SDK}**`, (route) => route.fulfill({ contentType: 'application/javascript', body: facebookSdk(token) }));

    await page.goto(`/orders/${supplier.id}`);
    await page.waitForURL(/\/login\?redirectFrom=/);
    await page.getByRole('button', { name: 'Continue with Facebook' }).click();
    await page.waitForURL(`**/orders/${supplier.id}`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id)).toBe(owner.user.id);
    expect(await page.evaluate(() => (window as Recorded).__fbConfig.appId)).toBe(facebook.appId);
    expect(await page.evaluate(() => (window as Recorded).__fbScope)).toContain('email');

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => (window as Recorded).__signedOut)).toEqual(['facebook']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs under a Content-Security-Policy that names the SDK hosts and blocks injected scripts', async () => {
    const { page, context, errors } = await openPage(configured);
    const response = await page.goto('/login');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain('https://accounts.google.com/gsi/client');
    expect(csp).toContain('https://connect.facebook.net');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as Recorded).__injected)).toBeUndefined();
    await expect.poll(() => errors.some((e) => /Content Security Policy/.test(e))).toBe(true);
    await context.close();
  });

  it('says so, in Spanish too, when the provider refuses the token', async () => {
    const expired = await google.idToken({ exp: Math.floor(Date.now() / 1000) - 3600 });
    const { page, context } = await openPage(configured, { language: 'es' });
    await page.route(`${GOOGLE_SDK}**`, (route) => route.fulfill({ contentType: 'application/javascript', body: googleSdk(expired) }));
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Se ha producido un error al iniciar sesión en tu cuenta' }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('shows no provider button, and loads no SDK, when nothing is configured', async () => {
    const { page, context } = await openPage(plain);
    const sdk = sdkRequests(page);
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /Continue with/ }).count()).toBe(0);
    }
    expect(sdk).toEqual([]);
    await context.close();
  });
});
