import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, openPage, PHONE, screenshot, useApp } from './app.ts';

/**
 * Issue 14 in the browser: the profile's "Your data" card downloads a copy of
 * everything in the account, and deletes the account after the password, in
 * English and Spanish, on a phone and a desktop.
 */
const app = useApp();

const TEXT = {
  en: {
    download: 'Download my data',
    downloaded: 'Your data has been downloaded.',
    delete: 'Delete my account',
    title: 'Delete your account',
    password: 'Current password',
    confirm: 'Delete everything',
    wrong: 'Your current password is not right.',
    deleted: 'Your account has been deleted.',
  },
  es: {
    download: 'Descargar mis datos',
    downloaded: 'Tus datos se han descargado.',
    delete: 'Eliminar mi cuenta',
    title: 'Eliminar tu cuenta',
    password: 'Contraseña actual',
    confirm: 'Eliminarlo todo',
    wrong: 'Tu contraseña actual no es correcta.',
    deleted: 'Tu cuenta se ha eliminado.',
  },
} as const;

describe('your data', () => {
  for (const [language, viewport, size] of [
    ['en', DESKTOP, 'desktop'],
    ['es', PHONE, 'phone'],
  ] as const) {
    it(`downloads everything in the account as one JSON file (${language}, ${size})`, async () => {
      const text = TEXT[language];
      const user = await app.t.api.register({ language });
      const supplier = await app.t.api.createSupplier(user.token, { name: 'Panadería Sol' });
      await app.t.api.createProduct(user.token, supplier.orderId, 'Barra', 'ud');
      const { page, context, errors } = await openPage(app, { user, language, viewport });
      await page.goto('/profile');
      const button = page.getByRole('button', { name: text.download });
      await button.waitFor();
      await expectAccessible(page, `profile with data card (${language})`);
      await screenshot(page, `profile-data-${language}-${size}`);
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^reorder-${user.user.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
      const saved = JSON.parse(await readFile(await download.path(), 'utf8'));
      expect(saved.profile.email).toBe(user.email);
      expect(saved.suppliers.map((s: { name: string }) => s.name)).toEqual(['Panadería Sol']);
      expect(saved.suppliers[0].order.products.map((p: { name: string }) => p.name)).toEqual(['Barra']);
      expect(JSON.stringify(saved)).not.toMatch(/password|argon2/i);
      await expectVisible(page, text.downloaded);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`deletes the account only with the right password, then signs out here (${language}, ${size})`, async () => {
      const text = TEXT[language];
      const user = await app.t.api.register({ language });
      await app.t.api.createSupplier(user.token);
      const { page, context, errors } = await openPage(app, { user, language, viewport });
      await page.goto('/profile');
      await page.getByRole('link', { name: text.delete }).click();
      await page.waitForURL('**/profile/delete');
      await expectVisible(page, text.title);
      await expectAccessible(page, `delete account (${language})`);
      await screenshot(page, `account-delete-${language}-${size}`);

      await page.getByLabel(text.password).fill('not my password');
      await page.getByRole('button', { name: text.confirm }).click();
      await expectVisible(page, text.wrong);
      expect((await app.t.api.get('/api/users/me', user.token)).status).toBe(200);

      await page.getByLabel(text.password).fill(user.password);
      await page.getByRole('button', { name: text.confirm }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expectVisible(page, text.deleted);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect((await app.t.api.get('/api/users/me', user.token)).status).toBe(401);
      const login = await app.t.api.post('/api/auth/login', { email: user.email, password: user.password });
      expect(login.status).toBe(401);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
