import type { RegisteredUser } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, DESKTOP, expectAccessible, openPage, PHONE, screenshot, startApp, trackRequests } from './app.ts';

let app: AppUnderTest;
let user: RegisteredUser;
let supplierId: number;
let productId: number;
let sentOrderId: number;
beforeAll(async () => {
  app = await startApp();
  user = await app.t.api.register({ businessName: 'Café Luna', fullName: 'Ana García' });
  const { supplier, products } = await app.t.api.seedOrder(
    user.token,
    { name: 'Frutas Pepe', contactName: 'Pepe', note: 'Delivers Monday and Thursday' },
    [
      { name: 'Tomates', unit: 'Kg', quantity: 2.5 },
      { name: 'Jamón ibérico', unit: 'ud' },
    ],
  );
  supplierId = supplier.id;
  productId = products[0]!.id;
  await app.t.api.put(`/api/orders/${supplier.orderId}`, { introduce: 'Hola Pepe, para mañana:' }, user.token);
  sentOrderId = (await app.t.api.post(`/api/orders/${supplier.orderId}/send`, {}, user.token)).body.data.id;
  await app.t.api.createSupplier(user.token, { name: 'Lácteos Ñandú', messageService: 'email', contactInfo: 'pedidos@lacteos.es' });
});
afterAll(() => app?.close());

const PUBLIC = [
  '/',
  '/privacy',
  '/terms',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/not-a-real-token',
  '/invitations/not-a-real-token',
  '/404',
];
const signedIn = () => [
  '/orders',
  `/orders/${supplierId}`,
  `/orders/${supplierId}/products/new`,
  `/orders/${supplierId}/products/${productId}/update`,
  `/orders/${supplierId}/products/${productId}/delete`,
  `/orders/${supplierId}/products/clear`,
  `/orders/${supplierId}/products/paste`,
  `/orders/${supplierId}/history`,
  `/orders/${supplierId}/history/${sentOrderId}`,
  '/suppliers',
  '/suppliers/new',
  '/suppliers/import',
  '/spend',
  '/bills',
  '/bills/new',
  `/suppliers/${supplierId}`,
  `/suppliers/${supplierId}/delete`,
  '/profile',
  '/profile/me',
  '/profile/business',
  '/profile/integrations',
  '/profile/delete',
  '/feedback',
];

describe('every screen', () => {
  for (const language of ['en', 'es'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`renders without errors and passes axe, its screenshot saved outside CI (${language}, ${size})`, async () => {
        const visitor = await openPage(app, { viewport, language });
        const owner = await openPage(app, { viewport, language, user });
        for (const [{ page, errors }, paths] of [
          [visitor, PUBLIC],
          [owner, signedIn()],
        ] as const) {
          const requests = trackRequests(page);
          for (const path of paths) {
            await page.goto(path);
            await expect.poll(() => page.locator('h1').first().isVisible(), { timeout: 10_000 }).toBe(true);
            await requests.settled();
            expect(new URL(page.url()).pathname, `${path} stays put`).toBe(path);
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
            // axe once per screen and language is enough; it runs on the phone layout, the one most used.
            if (size === 'phone') await expectAccessible(page, `${path} (${language})`);
            await screenshot(page, `${language}-${size}${path.replace(/\//g, '_').replace(/_$/, '') || '_home'}`);
            expect(errors, `${path}: page errors`).toEqual([]);
          }
        }
        await visitor.context.close();
        await owner.context.close();
      }, 120_000);
    }
  }
});

describe('language', () => {
  it('switches to Spanish, keeps it across reloads, and shows Spanish texts', async () => {
    const { page, context } = await openPage(app, { language: 'en' });
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'GET STARTED' }).isVisible()).toBe(true);
    await page.getByLabel('Language').selectOption('es');
    await expect.poll(() => page.getByRole('link', { name: 'EMPEZAR' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'EMPEZAR' }).isVisible()).toBe(true);
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Iniciar sesión' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await context.close();
  });

  it("follows the browser's language when none was chosen, else English", async () => {
    const spanish = await app.browser.newContext({ locale: 'es-MX', baseURL: app.t.url });
    const page = await spanish.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'EMPEZAR' }).isVisible()).toBe(true);
    await spanish.close();
    const german = await app.browser.newContext({ locale: 'de-DE', baseURL: app.t.url });
    const other = await german.newPage();
    await other.goto('/');
    await expect.poll(() => other.getByRole('link', { name: 'GET STARTED' }).isVisible()).toBe(true);
    await german.close();
  });
});

describe('the page-timeout screen', () => {
  it('reloads the page when the server answers the ping', async () => {
    const { page, context } = await openPage(app, { user });
    // The screen's code fails to load until the app has asked the server whether the connection works
    // (every request before that: the preload of the chunk and its import alike).
    let loads = 0;
    let pings = 0;
    await page.route('**/assets/Order-*.js', (route) => {
      loads++;
      return pings === 0 ? route.abort() : route.continue();
    });
    page.on('request', (request) => {
      if (request.url().endsWith('/api/ping') && request.method() === 'HEAD') pings++;
    });
    await page.goto(`/orders/${supplierId}`);
    await expect.poll(() => page.getByTestId('order-text').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(loads).toBeGreaterThanOrEqual(2);
    expect(pings).toBe(1);
    await context.close();
  });

  it('says the connection seems lost when the ping fails too', async () => {
    const { page, context } = await openPage(app, { user });
    await page.route('**/assets/Order-*.js', (route) => route.abort());
    await page.route('**/api/ping', (route) => route.abort());
    await page.goto(`/orders/${supplierId}`);
    await expect
      .poll(() => page.getByText("The page timed out while loading. Are you sure you're still connected to the Internet?").isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await context.close();
  });
});
