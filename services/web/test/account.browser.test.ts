import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectVisible, openPage, useApp } from './app.ts';

const app = useApp();

const visible = (page: Page, text: string) => expectVisible(page, text, { exact: true });

/** The reset link of the newest email in the outbox (no SMTP_URL: mail is written there). */
async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(app.t.config.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const files = (() => {
      try {
        return readdirSync(outbox).sort();
      } catch {
        return [];
      }
    })();
    for (const file of files.reverse()) {
      const raw = readFileSync(path.join(outbox, file), 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      const unfolded = raw.replace(/=\r?\n/g, '');
      const match = /http:\/\/app\.test\/reset-password\/[A-Za-z0-9_-]+/.exec(unfolded);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no reset email in the outbox');
}

describe('forgot and reset password', () => {
  it('emails a link that sets a new password, then the owner signs in with it', async () => {
    const user = await app.t.api.register();
    const { page, context } = await openPage(app);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await visible(page, 'We just emailed you!');

    const link = await resetLinkFor(user.email);
    await page.goto(new URL(link).pathname);
    await page.getByLabel('New password').fill('a brand new password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('a brand new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/orders');

    // The link worked once; a second use says it is no longer valid.
    await page.evaluate(() => localStorage.clear());
    await page.goto(new URL(link).pathname);
    await page.getByLabel('New password').fill('yet another password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await visible(page, 'This reset link is invalid or has expired. Please ask for a new one.');
    await context.close();
  });
});

describe('profile', () => {
  it('edits the profile, sets Spanish for the account and keeps the session after a password change', async () => {
    const user = await app.t.api.register({ businessName: 'Bar Manolo' });
    const elsewhere = (await app.t.api.post('/api/auth/login', { email: user.email, password: user.password })).body.data.token;
    const { page, context } = await openPage(app, { user });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL('**/profile/me');
    await page.getByLabel('Business name').fill('Bar Manolo e Hijos');
    await page.getByLabel('Language').selectOption('es');
    // The current password is asked for as soon as a new one is typed.
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.getByLabel('New password').fill('my new long password');
    await page.getByLabel('Current password').fill('not my password');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'Your current password is not right.');
    expect(page.url()).toMatch(/\/profile\/me$/);
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page, '¡Hecho! ¡Perfil actualizado!');
    await page.waitForURL('**/profile');
    await visible(page, 'Bar Manolo e Hijos');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');

    // Still signed in with the same session; the other device is signed out.
    await page.goto('/suppliers');
    await expect.poll(() => page.getByRole('heading', { name: 'Proveedores' }).isVisible()).toBe(true);
    expect((await app.t.api.get('/api/users/me', elsewhere)).status).toBe(401);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBe(user.token);
    expect((await app.t.api.get('/api/users/me', token ?? '')).body.data).toMatchObject({
      businessName: 'Bar Manolo e Hijos',
      language: 'es',
    });
    await context.close();
  });

  it('sends feedback prefilled from the user', async () => {
    const user = await app.t.api.register({ fullName: 'Rosa Díaz' });
    const { page, context } = await openPage(app, { user });
    await page.goto('/feedback');
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Rosa Díaz');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(user.email);
    await page.getByLabel('Your feedback').fill('Please add a dark mode.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await visible(page, 'Thanks, your feedback was successful');
    await page.waitForURL('**/profile');
    await context.close();
  });
});
