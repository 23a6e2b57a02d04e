import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, openPage, PHONE, screenshot, useApp } from './app.ts';

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

/**
 * axe's `label-content-name-mismatch` (WCAG 2.5.3, "label in name"): a control's
 * accessible name holds its visible text. An experimental rule, so
 * `expectAccessible` does not run it; these screens are checked for it here.
 */
async function nameMismatches(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: { nodes: { target: string[] }[] }[] }> };
      }
    ).axe
      .run(document, { runOnly: { type: 'rule', values: ['label-content-name-mismatch'] } })
      .then((results) => results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))),
  );
}

describe('the profile and its Integrations screen', () => {
  const cases = [
    {
      language: 'es',
      size: 'phone',
      viewport: PHONE,
      devices: 'Dispositivos con sesión iniciada',
      endSession: 'Cerrar sesión en Chrome en Android',
      integrations: 'Integraciones',
      tokens: 'Tokens de API',
      tokenName: '¿Para qué es?',
      webhooks: 'Avisos por webhook',
      back: 'Volver',
    },
    {
      language: 'en',
      size: 'desktop',
      viewport: DESKTOP,
      devices: 'Signed-in devices',
      endSession: 'Sign out Chrome on Android',
      integrations: 'Integrations',
      tokens: 'API tokens',
      tokenName: 'What is it for?',
      webhooks: 'Webhooks',
      back: 'Back',
    },
  ] as const;
  for (const c of cases) {
    it(`keeps the everyday settings, and tokens and webhooks one row away (${c.language}, ${c.size})`, async () => {
      const user = await app.t.api.register({ language: c.language });
      await app.t.confirmEmail(user.email, user.token);
      user.user = { ...user.user, emailVerified: true };
      await app.t.api.request('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36' },
      });
      const { page, context, errors } = await openPage(app, { user, language: c.language, viewport: c.viewport });
      await page.goto('/profile');
      await expect.poll(() => page.getByRole('list', { name: c.devices }).getByRole('listitem').count()).toBe(2);
      // The sign-out buttons say what they show: "Cerrar sesión" is in the name of the device's button.
      expect(await page.getByRole('button', { name: c.endSession, exact: true }).count()).toBe(1);
      await expectAccessible(page, `profile (${c.language}, ${c.size})`);
      expect(await nameMismatches(page), 'label-content-name-mismatch on the profile').toEqual([]);
      // Tokens and webhooks are not on the profile any more.
      expect(await page.getByRole('heading', { name: c.tokens }).count()).toBe(0);
      expect(await page.getByLabel(c.tokenName).count()).toBe(0);
      await screenshot(page, `${c.language}-${c.size}_profile`);

      await page.getByRole('link', { name: c.integrations, exact: true }).click();
      await page.waitForURL('**/profile/integrations');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: c.integrations }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: c.tokens }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: c.webhooks }).isVisible()).toBe(true);
      expect(await page.getByLabel(c.tokenName).count()).toBe(1);
      await expectAccessible(page, `integrations (${c.language}, ${c.size})`);
      expect(await nameMismatches(page), 'label-content-name-mismatch on Integrations').toEqual([]);
      await screenshot(page, `${c.language}-${c.size}_profile-integrations`);
      await page.getByRole('link', { name: c.back }).click();
      await page.waitForURL('**/profile');

      // The webhooks' old address (and the failing-webhook email's link) opens their part of Integrations.
      await page.goto('/profile/webhooks');
      await page.waitForURL('**/profile/integrations#webhooks');
      await expect.poll(() => page.getByRole('heading', { name: c.webhooks }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows Integrations by role: a manager gets tokens only, staff neither', async () => {
    const owner = await app.t.api.register();
    // Only a confirmed address invites (docs/decisions.md §8.2).
    await app.t.confirmEmail(owner.email, owner.token);
    const businessId = (await app.t.api.get('/api/businesses', owner.token)).body.data[0].id as number;
    const visit = async (role: 'manager' | 'staff') => {
      const member = await app.t.joinBusiness(owner, role);
      const opened = await openPage(app, { user: { ...member, user: { ...member.user, emailVerified: true } } });
      await opened.page.goto('/profile');
      // Acting in the owner's business, as after choosing it in the menu.
      await opened.page.evaluate((chosen) => localStorage.setItem('business', JSON.stringify(chosen)), {
        userId: member.user.id,
        businessId,
      });
      await opened.page.reload();
      await expect.poll(() => opened.page.getByRole('link', { name: 'Edit profile' }).isVisible()).toBe(true);
      return opened;
    };

    const manager = await visit('manager');
    await manager.page.getByRole('link', { name: 'Integrations', exact: true }).click();
    await manager.page.waitForURL('**/profile/integrations');
    await expect.poll(() => manager.page.getByRole('heading', { name: 'API tokens' }).isVisible()).toBe(true);
    expect(await manager.page.getByRole('heading', { name: 'Webhooks' }).count()).toBe(0);
    await manager.page.goto('/profile/webhooks');
    await expect.poll(() => manager.page.getByRole('heading', { level: 1, name: 'Not for your role' }).isVisible()).toBe(true);
    expect(manager.errors).toEqual([]);
    await manager.context.close();

    const staff = await visit('staff');
    expect(await staff.page.getByRole('link', { name: 'Integrations', exact: true }).count()).toBe(0);
    await staff.page.goto('/profile/integrations');
    await expect.poll(() => staff.page.getByRole('heading', { level: 1, name: 'Not for your role' }).isVisible()).toBe(true);
    expect(await staff.page.getByRole('heading', { name: 'API tokens' }).count()).toBe(0);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });
});
