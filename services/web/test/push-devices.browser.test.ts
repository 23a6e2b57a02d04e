import { newBrowserKeys, type RegisteredUser } from '@reorder/testing';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, openPage, PHONE, screenshot, useApp } from './app.ts';

/**
 * The browsers that receive the account's notifications, on the profile
 * (docs/decisions.md §9.7): each named, with since when, and turned off one
 * by one; in Spanish on a phone and in English on a desktop.
 */
const app = useApp();

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const keys = newBrowserKeys();

/** A device of `user` that allowed notifications: a sign-in from `userAgent`, and its subscription. */
async function allowOn(user: RegisteredUser, userAgent: string, endpoint: string) {
  const headers = { 'user-agent': userAgent };
  const login = await app.t.api.request('POST', '/api/auth/login', { body: { email: user.email, password: user.password }, headers });
  const res = await app.t.api.request('POST', '/api/push/subscriptions', {
    token: login.body.data.token,
    headers,
    body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  expect(res.status, res.text).toBe(200);
}

describe('devices with notifications on the profile', () => {
  for (const [language, size, viewport] of [
    ['es', 'phone', PHONE],
    ['en', 'desktop', DESKTOP],
  ] as const) {
    it(`lists each with its browser and date, and turns one off (${language}, ${size})`, async () => {
      const user = await app.t.api.register({ language });
      await app.t.confirmEmail(user.email, user.token);
      await allowOn(user, ANDROID, `https://8.8.8.8/push/android-${user.user.id}`);
      await allowOn(user, MAC, `https://8.8.8.8/push/mac-${user.user.id}`);
      const { page, context, errors } = await openPage(app, { user, language, viewport });
      await page.goto('/profile');
      const en = language === 'en';
      const devices = page.getByRole('list', { name: en ? 'Notifications on' : 'Notificaciones en' });
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
      const since = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(new Date());
      await expectVisible(page, en ? 'Chrome on Android' : 'Chrome en Android');
      await expectVisible(page, en ? `since ${since}` : `desde el ${since}`);
      await devices.getByRole('listitem').first().scrollIntoViewIfNeeded();
      await screenshot(page, `${language}-${size}_profile-push-devices`);
      await expectAccessible(page, 'profile with push devices');

      await page
        .getByRole('button', {
          name: en ? 'Turn off notifications on Chrome on Android' : 'Desactivar las notificaciones en Chrome en Android',
        })
        .click();
      await expectVisible(
        page,
        en ? 'Notifications are off for that device.' : 'Las notificaciones están desactivadas en ese dispositivo.',
      );
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
      const left = await app.t.server.deps.db
        .selectFrom('push_subscriptions')
        .select('user_agent')
        .where('user_id', '=', user.user.id)
        .execute();
      expect(left).toEqual([{ user_agent: MAC }]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
