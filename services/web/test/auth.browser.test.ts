import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, useApp } from './app.ts';

const app = useApp();

const PROTECTED = [
  '/orders',
  '/orders/1',
  '/orders/1/products/new',
  '/orders/1/products/2/update',
  '/orders/1/products/2/delete',
  '/orders/1/products/clear',
  '/suppliers',
  '/suppliers/new',
  '/suppliers/1',
  '/suppliers/1/delete',
  '/profile',
  '/profile/me',
  '/feedback',
  '/logout',
];

describe('signing up and in', () => {
  it('registers a visitor and lands signed in', async () => {
    const { page, context } = await openPage(app);
    await page.goto('/register');
    await page.getByLabel('Business name').fill('Panadería Sol');
    await page.getByLabel('Full name').fill('Lucía Martín');
    await page.getByLabel('Email').fill(`lucia.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/suppliers');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').businessName)).toBe('Panadería Sol');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
    await context.close();
  });

  it('shows the field rules before sending anything', async () => {
    const { page, context } = await openPage(app);
    await page.goto('/register');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect.poll(() => page.getByText('Enter a valid email address').isVisible()).toBe(true);
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Password').press('t');
    await expect.poll(() => page.getByText('Use at least 8 characters').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('This field is required').count()).toBeGreaterThanOrEqual(2);
    expect(page.url()).toMatch(/\/register$/);
    await context.close();
  });

  it('says when the email or password is wrong', async () => {
    const user = await app.t.api.register();
    const { page, context } = await openPage(app);
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'There was an error logging in to your account' }).isVisible())
      .toBe(true);
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });
});

describe('protected routes', () => {
  it('send a visitor to login with redirectFrom carrying the full path', async () => {
    const { page, context } = await openPage(app);
    for (const path of PROTECTED) {
      await page.goto(`${path}?q=x`);
      await page.waitForURL(/\/login\?redirectFrom=/);
      const url = new URL(page.url());
      expect(url.pathname, path).toBe('/login');
      expect(url.searchParams.get('redirectFrom'), path).toBe(`${path}?q=x`);
    }
    await context.close();
  });

  it('come back to the wanted screen after signing in', async () => {
    const user = await app.t.api.register();
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Carnes Rubén' });
    const { page, context } = await openPage(app, { viewport: DESKTOP });
    await page.goto(`/suppliers/${supplier.id}`);
    await page.waitForURL(/\/login\?redirectFrom=/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/suppliers/${supplier.id}`);
    await expect.poll(() => page.getByLabel('Supplier name').inputValue()).toBe('Carnes Rubén');
    await context.close();
  });

  it('send a user whose token has expired to login, and clear the session', async () => {
    const user = await app.t.api.register();
    const header = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: String(user.user.id), ver: 0, exp: Math.floor(Date.now() / 1000) - 60 })).toString(
      'base64url',
    );
    const expired = { ...user, token: `${header}.${payload}.signature` };
    const { page, context } = await openPage(app, { user: expired });
    await page.goto('/orders');
    await page.waitForURL(/\/login\?redirectFrom=%2Forders$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await context.close();
  });

  it('send a signed-in user away from the sign-in screens to home', async () => {
    const user = await app.t.api.register();
    const { page, context } = await openPage(app, { user });
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password/abc']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await context.close();
  });
});

describe('signing out', () => {
  it('goes home when the previous screen needed a session', async () => {
    const user = await app.t.api.register();
    const { page, context } = await openPage(app, { user });
    await page.goto('/orders');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('stays on the public screen it was opened from', async () => {
    const user = await app.t.api.register();
    const { page, context } = await openPage(app, { user });
    await page.goto('/privacy');
    await page.waitForLoadState('networkidle');
    // An in-app navigation to /logout, as a link would do.
    await page.evaluate(() => history.pushState(null, '', '/logout'));
    await page.waitForURL('**/privacy');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});

describe('unknown paths', () => {
  it('go to /404, which says 404 and Not Found', async () => {
    const { page, context } = await openPage(app);
    await page.goto('/nonsense/path');
    await page.waitForURL('**/404');
    await expect.poll(() => page.getByText('Not Found').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('404').first().isVisible()).toBe(true);
    await page.goto('/404?resource=Supplier');
    await expect.poll(() => page.getByText('Supplier not found').isVisible()).toBe(true);
    await context.close();
  });
});
