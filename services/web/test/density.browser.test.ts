import type { RegisteredUser } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, openPage, PHONE, screenshot, seedProducts, useApp } from './app.ts';

/**
 * Issue 32: made for the hand it is in. On a 390×844 phone in Spanish with
 * 25 products, opening an order shows at least 8 whole product rows (in Count
 * mode too), each at most 56 pixels high, with Edit and Delete in a row menu;
 * at 1280×800 the orders list and the order stand side by side, a sidebar
 * replaces the tab bar, and the keyboard steps through the rows.
 */
const app = useApp();

/** What the Spanish screens say (the row's menu and its items name the first product). */
const TEXT = { products: 'Productos', count: 'Contar', menu: 'Menú principal', search: 'Buscar productos' } as const;
const ROW = { menu: 'Más acciones para Producto 01', edit: 'Editar Producto 01', delete: 'Eliminar Producto 01' } as const;

/** A supplier with `count` products seeded with SQL, a par on each (Count mode shows them) and a usual on some. */
async function supplierWith(user: RegisteredUser, name: string, count: number) {
  const supplier = await app.t.api.createSupplier(user.token, {
    name,
    messageService: 'whatsapp',
    contactInfo: '+34 600 123 456',
    contactName: 'Pepe',
  });
  await seedProducts(app, user, supplier.orderId, count, {
    digits: count > 99 ? 4 : 2,
    extra: (i) => ({ unit: i % 3 === 0 ? 'Caja de 12' : 'Kg', par: String(4 + (i % 5)), price: i % 2 === 0 ? '3.25' : null }),
  });
  return supplier;
}

/** The rows of the products list wholly on screen and under nothing (the header, the Send bar, the menu). */
function wholeRows(page: Page) {
  return page
    .getByRole('list', { name: TEXT.products })
    .getByRole('listitem')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const box = row.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const mine = (y: number) => {
          const hit = document.elementFromPoint(x, y);
          return hit !== null && (hit === row || row.contains(hit));
        };
        const whole = box.top >= 0 && box.bottom <= window.innerHeight && mine(box.top + 2) && mine(box.bottom - 2);
        return { whole, height: box.height };
      }),
    );
}

const shot = (page: Page, name: string) => screenshot(page, name, { view: true });

describe('products first on a phone (es, 25 products)', () => {
  let user: RegisteredUser;
  let supplierId: number;
  beforeAll(async () => {
    user = await app.t.api.register({ language: 'es' });
    // An owner who confirmed the address long ago: no "confirm your email" notice above the order.
    await app.t.confirmEmail(user.email, user.token);
    user.user = { ...user.user, emailVerified: true };
    supplierId = (await supplierWith(user, 'Frutas Pepe', 25)).id;
  });

  it('shows 8 or more whole rows of at most 56 pixels, in Count mode too, with Edit and Delete in a row menu', async () => {
    const { page, errors } = await openPage(app, { user, language: 'es', viewport: PHONE });
    await page.goto(`/orders/${supplierId}`);
    await expect.poll(() => page.getByRole('list', { name: TEXT.products }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(25);
    await shot(page, 'es-phone_density_order');
    const rows = await wholeRows(page);
    expect(rows.filter((r) => r.whole).length, 'whole rows on opening').toBeGreaterThanOrEqual(8);
    expect(Math.max(...rows.map((r) => r.height)), 'the tallest row').toBeLessThanOrEqual(56);

    // Edit and Delete are not beside the stepper: a row menu holds them.
    await expect.poll(() => page.getByRole('link', { name: ROW.edit }).isVisible()).toBe(false);
    await page.getByRole('button', { name: ROW.menu }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: ROW.edit }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('menuitem', { name: ROW.delete }).isVisible()).toBe(true);
    await shot(page, 'es-phone_density_row-menu');
    await expectAccessible(page, 'row menu (es, phone)');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menuitem', { name: ROW.edit }).isVisible()).toBe(false);

    await page.getByRole('button', { name: TEXT.count, exact: true }).click();
    await expect.poll(() => page.locator('#count-1, [id^="count-"]').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'es-phone_density_count');
    const counting = await wholeRows(page);
    expect(counting.filter((r) => r.whole).length, 'whole rows in Count mode').toBeGreaterThanOrEqual(8);
    expect(Math.max(...counting.map((r) => r.height)), 'the tallest count row').toBeLessThanOrEqual(56);
    await expectAccessible(page, 'order (es, phone, count)');
    expect(errors).toEqual([]);
  });
});

describe('1,000 products, the most a supplier may have (es, phone)', () => {
  it('renders only the rows on screen, reaches the last one, and searches at once', async () => {
    const user = await app.t.api.register({ language: 'es' });
    await app.t.confirmEmail(user.email, user.token);
    user.user = { ...user.user, emailVerified: true };
    const supplier = await supplierWith(user, 'Mayorista Central', 1000);
    const { page, errors } = await openPage(app, { user, language: 'es', viewport: PHONE });
    await page.goto(`/orders/${supplier.id}`);
    const rows = page.getByRole('list', { name: TEXT.products }).getByRole('listitem');
    await expect.poll(() => rows.first().getAttribute('aria-setsize'), { timeout: 10_000 }).toBe('1000');
    const rendered = await rows.count();
    expect(rendered, 'rows in the page').toBeGreaterThan(8);
    expect(rendered, 'rows in the page').toBeLessThan(40);

    // The end of the list is where the page ends: the last product, its + working.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.getByRole('button', { name: 'Uno más de Producto 1000' });
    await expect.poll(() => last.isVisible(), { timeout: 10_000 }).toBe(true);
    await last.click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Cantidad de Producto 1000' }).inputValue()).toBe('1');
    expect(await rows.last().getAttribute('aria-posinset')).toBe('1000');
    expect(await rows.count()).toBeLessThan(40);

    // Search: one row, whole.
    await page.getByRole('searchbox', { name: TEXT.search }).fill('0500');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('aria-setsize')).toBeNull();
    expect(errors).toEqual([]);
  });
});

describe('a real desktop (es, 1280×800)', () => {
  let user: RegisteredUser;
  let fruit: { id: number };
  let dairy: { id: number };
  beforeAll(async () => {
    user = await app.t.api.register({ language: 'es' });
    await app.t.confirmEmail(user.email, user.token);
    user.user = { ...user.user, emailVerified: true };
    fruit = await supplierWith(user, 'Frutas Pepe', 25);
    dairy = await supplierWith(user, 'Lácteos Ana', 3);
  });

  it('shows the orders list beside the order, a sidebar for the menu, and steps with the keyboard', async () => {
    const { page, errors } = await openPage(app, { user, language: 'es', viewport: DESKTOP });
    await page.goto(`/orders/${fruit.id}`);
    const panes = page.getByRole('navigation', { name: 'Pedidos' });
    await expect
      .poll(() => panes.getByRole('link', { name: /Frutas Pepe/ }).getAttribute('aria-current'), { timeout: 10_000 })
      .toBe('page');
    await expect.poll(() => page.getByRole('list', { name: TEXT.products }).getByRole('listitem').count()).toBe(25);

    // The menu is a sidebar down the left edge, not a bar across the bottom.
    const menu = await page.getByRole('navigation', { name: TEXT.menu }).boundingBox();
    expect(menu!.x).toBe(0);
    expect(menu!.y).toBe(0);
    expect(menu!.height).toBe(DESKTOP.height);
    expect(menu!.width).toBeLessThan(120);
    // The list pane, then the products, then the order text: side by side, left to right.
    const list = await panes.boundingBox();
    const products = await page.getByRole('list', { name: TEXT.products }).boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(menu!.width);
    expect(products!.x).toBeGreaterThan(list!.x + list!.width);
    await shot(page, 'es-desktop_two-panes');
    await expectAccessible(page, 'order beside the orders list (es, desktop)');

    // + and − on the focused row, the arrows between rows.
    const quantity = (n: string) => page.getByRole('textbox', { name: `Cantidad de Producto ${n}` });
    await quantity('01').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(() => quantity('01').inputValue()).toBe('2');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => quantity('02').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('-');
    await expect.poll(() => quantity('02').inputValue()).toBe('1');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => quantity('01').evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByTestId('order-line-count').first().textContent()).toBe('2 productos');
    await expect
      .poll(async () => (await app.t.api.get(`/api/orders/supplier/${fruit.id}`, user.token)).body.data.text, { timeout: 10_000 })
      .toBe('2 x Caja de 12: Producto 01\n1 x Kg: Producto 02');

    // `/` from anywhere but a field goes to the search.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    await expect.poll(() => page.getByRole('searchbox', { name: TEXT.search }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('05');
    await expect.poll(() => page.getByRole('list', { name: TEXT.products }).getByRole('listitem').count()).toBe(1);

    // The other supplier opens beside the same list.
    await panes.getByRole('link', { name: /Lácteos Ana/ }).click();
    await page.waitForURL(`**/orders/${dairy.id}`);
    await expect.poll(() => page.getByRole('list', { name: TEXT.products }).getByRole('listitem').count()).toBe(3);
    expect(await panes.getByRole('link', { name: /Lácteos Ana/ }).getAttribute('aria-current')).toBe('page');
    expect(errors).toEqual([]);
  });

  it('shows the orders list with room for the order it opens', async () => {
    const { page, errors } = await openPage(app, { user, language: 'es', viewport: DESKTOP });
    await page.goto('/orders');
    await expectVisible(page, 'Elige un proveedor a la izquierda: su pedido se abre aquí.');
    await shot(page, 'es-desktop_orders');
    await expectAccessible(page, 'orders list (es, desktop)');
    expect(errors).toEqual([]);
  });
});
