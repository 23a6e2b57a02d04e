import type { RegisteredUser } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppUnderTest,
  expectAccessible,
  expectVisible,
  opened,
  openPage,
  PHONE,
  recordExits,
  screenshot,
  seedProducts,
  startApp,
} from './app.ts';

/*
 * Issue 45's desktop: at 1,280 × 800 and 1,440 × 900, Send in view on a long
 * order, product names and prices whole, the keyboard alone from the orders
 * list to a sent order, and every screen using the width (axe on each).
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
/** 30 characters: the longest name the issue asks to show whole. */
const LONG_NAME = 'Queso manchego curado 12 meses';

let app: AppUnderTest;
let owner: RegisteredUser;
let supplierId: number;
let productId: number;

beforeAll(async () => {
  app = await startApp();
  owner = await app.t.api.register({ businessName: 'Bar Desk' });
  const supplier = await app.t.api.createSupplier(owner.token, { name: 'Frutas Pepe', askConfirmation: false });
  supplierId = supplier.id;
  const long = await app.t.api.createProduct(owner.token, supplier.orderId, LONG_NAME, 'Kg');
  productId = long.id;
  await app.t.server.deps.db.updateTable('products').set({ price: '1234.5' }).where('id', '=', long.id).execute();
  // 39 more, priced, some ordered: an order of 40 products.
  const ids = await seedProducts(app, owner, supplier.orderId, 39, { digits: 2, extra: (i) => ({ price: String(0.95 + i), par: '6' }) });
  for (const id of ids.slice(0, 5)) await app.t.api.setQuantity(owner.token, supplier.orderId, id, 2);
});
afterAll(() => app?.close());

describe.each(SIZES)('at $width × $height', (size) => {
  it('keeps Send in view on an order of 40 products, with names and prices whole', async () => {
    const { page, context } = await openPage(app, { user: owner, viewport: size });
    await page.goto(`/orders/${supplierId}`);
    await expectVisible(page, LONG_NAME);
    expect(await page.locator('.order-line').count()).toBe(40);
    const send = page.getByRole('button', { name: /^Send via/ });
    await send.waitFor();
    const inView = async () => {
      const box = await send.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= size.height;
    };
    expect(await inView()).toBe(true);
    await screenshot(page, `desktop-order-${size.width}`);
    // Still there once the owner scrolls down the products.
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await inView()).toBe(true);
    // Nothing of a name or a price is cut: each shows all it holds.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.order-line__name, .order-line__price')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );
    expect(cut).toEqual([]);
    const nameBox = await page.getByText(LONG_NAME, { exact: true }).boundingBox();
    expect(nameBox?.height).toBeLessThan(30);
    // What the owner sees, scrolled down: the viewport alone.
    await screenshot(page, `desktop-order-scrolled-${size.width}`, { view: true });
    await context.close();
  });

  it.each(['en', 'es'] as const)('lays every signed-in screen out across the width, with no serious axe issue (%s)', async (language) => {
    const screens = [
      ['orders', '/orders'],
      ['order', `/orders/${supplierId}`],
      ['history', `/orders/${supplierId}/history`],
      ['product-new', `/orders/${supplierId}/products/new`],
      ['product-edit', `/orders/${supplierId}/products/${productId}/update`],
      ['paste', `/orders/${supplierId}/products/paste`],
      ['suppliers', '/suppliers'],
      ['supplier-new', '/suppliers/new'],
      ['supplier-edit', `/suppliers/${supplierId}`],
      ['import', '/suppliers/import'],
      ['spend', '/spend'],
      ['profile', '/profile'],
      ['profile-me', '/profile/me'],
      ['business', '/profile/business'],
      ['integrations', '/profile/integrations'],
      ['feedback', '/feedback'],
    ] as const;
    const { page, context } = await openPage(app, { user: owner, viewport: size, language });
    for (const [name, url] of screens) {
      await page.goto(url);
      await page.locator('main').waitFor();
      await expect.poll(() => page.locator('main .spinner, main [aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
      const width = await page.evaluate(() => document.querySelector('main')?.getBoundingClientRect().width ?? 0);
      expect(width, `${name}: main's width`).toBeGreaterThan(720);
      // The sidebar stands in for the bottom menu.
      const menu = await page.getByRole('navigation', { name: language === 'en' ? 'Main menu' : 'Menú principal' }).boundingBox();
      expect(menu && menu.height > menu.width, `${name}: a sidebar`).toBe(true);
      await expectAccessible(page, `${name} (${language}, ${size.width})`);
      if (size.width === 1280) await screenshot(page, `desktop-${name}-${language}`);
    }
    await context.close();
  });
});

it('follows the window across the desktop width without a reload', async () => {
  // useMediaQuery keeps one MediaQueryList per query: its change event, not a new list per render, moves the layout.
  const { page, context } = await openPage(app, { user: owner, viewport: PHONE });
  await page.goto('/orders');
  await expectVisible(page, 'Frutas Pepe');
  const pickOne = page.getByText('Choose a supplier on the left: its order opens here.');
  expect(await pickOne.isVisible()).toBe(false);
  await page.setViewportSize(SIZES[0]);
  await pickOne.waitFor({ state: 'visible', timeout: 10_000 });
  await page.setViewportSize(PHONE);
  await pickOne.waitFor({ state: 'detached', timeout: 10_000 });
  await expectVisible(page, 'Frutas Pepe');
  await context.close();
});

describe('the keyboard alone', () => {
  it('takes a new owner from the orders list to a sent order', async () => {
    const fresh = await app.t.api.register({ businessName: 'Bar Teclado' });
    const { supplier } = await app.t.api.seedOrder(fresh.token, { name: 'Aceites Sur', askConfirmation: false }, [
      { name: 'Aceite de oliva', unit: 'L' },
      { name: 'Vinagre', unit: 'L' },
    ]);
    const { page, context } = await openPage(app, { user: fresh, viewport: SIZES[0] });
    await recordExits(context);
    await page.goto('/orders');
    await expectVisible(page, 'Aceites Sur');
    // `?` lists the shortcuts; Esc closes the sheet.
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await screenshot(page, 'desktop-shortcuts-en');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.isVisible()).toBe(false);
    // `/` to the search, ↓ into the list, Enter opens.
    await page.keyboard.press('/');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('search');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Aceites Sur/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toMatch(/\/orders\/\d+$/);
    await expectVisible(page, 'Aceite de oliva');
    // The first quantity is two keys away: `/` then ↓.
    await page.keyboard.press('/');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('stepper__input'))).toBe(true);
    await page.keyboard.type('3');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    const send = page.getByRole('button', { name: /^Send via/ });
    expect(await send.getAttribute('aria-keyshortcuts')).toBe('Control+Enter');
    await expect.poll(() => send.isEnabled()).toBe(true);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => opened(page)).toHaveLength(1);
    expect((await opened(page))[0]?.url).toMatch(/3%20x%20L%3A%20Aceite%20de%20oliva/);
    await expect.poll(async () => (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, fresh.token)).body.data.length).toBe(1);
    // Esc leaves the field, then goes back to the list.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/orders');
    await context.close();
  });

  it('moves through the suppliers and a sortable catalogue, in Spanish', async () => {
    const { page, context } = await openPage(app, { user: owner, viewport: SIZES[0], language: 'es' });
    await page.goto('/suppliers');
    await expectVisible(page, 'Frutas Pepe');
    await page.getByRole('searchbox').first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Frutas Pepe/);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/suppliers/${supplierId}`);
    const table = page.getByRole('table', { name: 'Catálogo' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(40);
    const firstName = () => table.locator('tbody tr').first().locator('td').first().textContent();
    expect(await firstName()).toBe('Producto 01');
    // Every column fits in the card: nothing to scroll sideways to.
    expect(await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0) + 1)).toBe(true);
    // Sorted by price, highest first on the second press: the 1.234,50 € cheese.
    await table.getByRole('button', { name: 'Precio' }).click();
    await table.getByRole('button', { name: 'Precio' }).click();
    expect(await table.getByRole('columnheader', { name: 'Precio' }).getAttribute('aria-sort')).toBe('descending');
    expect(await firstName()).toBe(LONG_NAME);
    await screenshot(page, 'desktop-catalogue-sorted-es');
    await context.close();
  });
});
