import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, openPage, PHONE, screenshot, useApp } from './app.ts';

/**
 * Issue 8 in the browser: sign-out ends the session on the server, the
 * signed-in devices on the profile, the email verification banner and link,
 * and the current password on the profile form; in English and Spanish.
 */
const app = useApp();

const meStatus = async (token: string) => (await app.t.api.get('/api/users/me', token)).status;

describe('signing out', () => {
  it('ends the session on the server: a copy of the token stops working', async () => {
    const user = await app.t.api.register();
    const { page, context } = await openPage(app, { user });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => meStatus(user.token)).toBe(401);
    await context.close();
  });

  it('lists the signed-in devices, signs one out, then every one', async () => {
    const user = await app.t.api.register();
    const phone = await app.t.api.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1' },
    });
    const laptop = await app.t.api.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/132.0' },
    });
    const { page, context, errors } = await openPage(app, { user });
    await page.goto('/profile');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(3);
    await expectVisible(page, 'This device');
    await expectAccessible(page, 'profile with devices');
    await page.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
    await expectVisible(page, 'That device is signed out.');
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
    expect(await meStatus(phone.body.data.token)).toBe(401);
    expect(await meStatus(laptop.body.data.token)).toBe(200);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/login');
    expect(await meStatus(laptop.body.data.token)).toBe(401);
    expect(await meStatus(user.token)).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('email verification', () => {
  for (const language of ['en', 'es'] as const) {
    it(`shows a banner until the email is confirmed, sends the link again, and the link confirms it (${language})`, async () => {
      const text =
        language === 'en'
          ? {
              banner: /Confirm your email address/,
              again: 'Send it again',
              sent: 'We just emailed you!',
              done: 'Your email address is confirmed.',
            }
          : {
              banner: /Confirma tu correo/,
              again: 'Enviarlo de nuevo',
              sent: '¡Te acabamos de enviar un correo!',
              done: 'Tu correo está confirmado.',
            };
      const user = await app.t.api.register({ language });
      const { page, context, errors } = await openPage(app, { user, language });
      await page.goto('/orders');
      await expectVisible(page, text.banner);
      await expectAccessible(page, `verification banner (${language})`);
      await screenshot(page, `${language}-phone_verify-banner`);
      await page.getByRole('button', { name: text.again }).click();
      await expectVisible(page, text.sent);

      // The owner opens the newest link from the mail (the second, once it is written), in the same browser.
      const linkMails = async () => (await app.t.outbox()).filter((m) => m.to.includes(user.email) && m.text.includes('/verify-email/'));
      await expect.poll(async () => (await linkMails()).length, { timeout: 10_000 }).toBe(2);
      const token = await app.t.linkToken(user.email, '/verify-email');
      await page.goto(`/verify-email/${token}`);
      await expectVisible(page, text.done);
      await screenshot(page, `${language}-phone_verify-email`);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').emailVerified)).toBe(true);
      await page.goto('/orders');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(await page.getByText(text.banner).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('says when a link is no longer valid', async () => {
    const { page, context } = await openPage(app, { language: 'es' });
    await page.goto(`/verify-email/${'A'.repeat(43)}`);
    await expectVisible(page, 'Este enlace no es válido o ha caducado. Pide otro desde tu perfil.');
    await expectAccessible(page, 'invalid verification link');
    await context.close();
  });
});

describe('the profile form', () => {
  it('asks for the current password to change the email, and says the change waits for the link', async () => {
    const user = await app.t.api.register();
    const { page, context } = await openPage(app, { user });
    await page.goto('/profile/me');
    const newAddress = `moved.${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(newAddress);
    await page.getByLabel('Current password').fill(user.password);
    await screenshot(page, 'en-phone_profile-me-current-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page, `Check ${newAddress}: your email changes when you open the link we sent there.`);
    await page.waitForURL('**/profile');
    // Still the old email until the link is opened.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(user.email);
    const token = await app.t.linkToken(newAddress, '/verify-email');
    await page.goto(`/verify-email/${token}`);
    await expectVisible(page, 'Your email address is confirmed.');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(newAddress);
    // This device stayed signed in.
    expect(await meStatus(user.token)).toBe(200);
    await context.close();
  });

  it('shows the server’s reason for a refused password, in Spanish', async () => {
    const user = await app.t.api.register({ language: 'es', businessName: 'Bar Pepe' });
    const { page, context } = await openPage(app, { user, language: 'es' });
    await page.goto('/profile/me');
    await page.getByLabel('Nueva contraseña').fill('12345678');
    await page.getByLabel('Contraseña actual').fill(user.password);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page, 'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.');
    await screenshot(page, 'es-phone_profile-me-password-refused');
    await context.close();
  });
});

describe('API tokens on the Integrations screen', () => {
  for (const language of ['en', 'es'] as const) {
    it(`makes a token shown once with a copy button, which a script can use, then revokes it (${language})`, async () => {
      const text =
        language === 'en'
          ? {
              name: 'What is it for?',
              expiry: 'Expires',
              make: 'Make a token',
              shown: 'Copy your token now: it will not be shown again.',
              copy: 'Copy token',
              done: 'Done',
              revoke: 'Revoke Stock script',
              revoked: 'Token revoked.',
              integrations: 'Integrations',
            }
          : {
              name: '¿Para qué es?',
              expiry: 'Caduca',
              make: 'Crear un token',
              shown: 'Copia tu token ahora: no se volverá a mostrar.',
              copy: 'Copiar token',
              done: 'Hecho',
              revoke: 'Revocar Stock script',
              revoked: 'Token revocado.',
              integrations: 'Integraciones',
            };
      const user = await app.t.api.register({ language });
      // Only a confirmed address makes API tokens (docs/decisions.md §8.6).
      await app.t.confirmEmail(user.email, user.token);
      user.user = { ...user.user, emailVerified: true };
      const { page, context, errors } = await openPage(app, { user, language });
      await page.goto('/profile');
      await page.getByRole('link', { name: text.integrations, exact: true }).click();
      await page.waitForURL('**/profile/integrations');
      await page.getByLabel(text.name).fill('Stock script');
      await page.getByLabel(text.expiry).selectOption('90');
      await page.getByRole('button', { name: text.make }).click();
      await expectVisible(page, text.shown);
      const token = await page.locator('#new-api-token').inputValue();
      expect(token).toMatch(/^rpat_/);
      await page.getByRole('button', { name: text.copy }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      await screenshot(page, `${language}-phone_profile-api-token`);
      await expectAccessible(page, `API token shown (${language})`);

      // A script uses it; it cannot manage the account.
      expect((await app.t.api.get('/api/suppliers', token)).status).toBe(200);
      expect((await app.t.api.get('/api/auth/sessions', token)).status).toBe(403);

      await page.getByRole('button', { name: text.done }).click();
      expect(await page.locator('#new-api-token').count()).toBe(0);
      await page.getByRole('button', { name: text.revoke }).click();
      await expectVisible(page, text.revoked);
      await expect.poll(async () => (await app.t.api.get('/api/suppliers', token)).status).toBe(401);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the account screens, photographed outside CI', () => {
  for (const language of ['en', 'es'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`profile with devices, and the form with the current password (${language}, ${size})`, async () => {
        const user = await app.t.api.register({ language });
        await app.t.api.request('POST', '/api/auth/login', {
          body: { email: user.email, password: user.password },
          headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36' },
        });
        const { page, context } = await openPage(app, { user, language, viewport });
        await page.goto('/profile');
        await expect
          .poll(() =>
            page
              .getByRole('list', { name: language === 'en' ? 'Signed-in devices' : 'Dispositivos con sesión iniciada' })
              .getByRole('listitem')
              .count(),
          )
          .toBe(2);
        await screenshot(page, `${language}-${size}_profile-devices`);
        await page.goto('/profile/me');
        await page.locator('#field-password').fill('a new long password');
        await screenshot(page, `${language}-${size}_profile-me-current-password`);
        await context.close();
      });
    }
  }
});

describe('the Content-Security-Policy', () => {
  it('is never violated by the app itself: sign-in, sign-up and a signed-in form, validating as the owner types', async () => {
    const user = await app.t.api.register();
    const { page, context } = await openPage(app, { user });
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
    await page.goto('/suppliers/new');
    await page.getByLabel('Supplier name').fill('No code');
    await page.getByLabel('Phone number').fill('600 123 456');
    await page.getByRole('button', { name: 'Add supplier' }).click();
    await expect.poll(() => page.getByText(/Add the country code/).isVisible()).toBe(true);
    const visitor = await app.browser.newContext({ baseURL: app.t.url, viewport: PHONE });
    const signedOut = await visitor.newPage();
    await signedOut.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await visitor.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
    for (const path of ['/', '/login', '/register']) {
      await signedOut.goto(path);
      await signedOut.waitForLoadState('networkidle');
    }
    await signedOut.getByLabel('Email').fill('not an email');
    await signedOut.getByRole('button', { name: 'Create account' }).click();
    await signedOut.waitForTimeout(300);
    expect(violations).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
