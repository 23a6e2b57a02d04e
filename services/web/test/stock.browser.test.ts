import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectToast, expectVisible, openPage, PHONE, screenshot, useApp } from './app.ts';

/**
 * What to order (issue "Know what to order and when"), at phone size in
 * English and Spanish: Count mode counted with the keyboard only (type,
 * Enter, next), "Fill to par", and the order text that follows; and the
 * usual quantity one tap away beside the stepper.
 */
const app = useApp();

const TEXT = {
  en: {
    count: 'Count',
    fill: 'Fill to par',
    sheet: 'See the text',
    noPar: 'No par',
    filled: 'Filled 10 from par and count · 1 left alone',
  },
  es: {
    count: 'Contar',
    fill: 'Completar hasta el objetivo',
    sheet: 'Ver el texto',
    noPar: 'Sin objetivo',
    filled: 'Completados 10 según objetivo y recuento · 1 sin cambiar',
  },
} as const;

/** The order text as the screen shows it, from the sheet the send bar opens. */
async function shownText(page: Page, sheetLabel: string): Promise<string> {
  await page.getByRole('button', { name: sheetLabel }).click();
  const sheet = page.getByTestId('order-text-sheet');
  await expect.poll(() => sheet.isVisible()).toBe(true);
  const text = (await sheet.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

describe.each(['en', 'es'] as const)('stock tools (%s)', (language) => {
  const text = TEXT[language];

  // Behaviour, not words: once, in one language (the screens test renders both, and the server tests the texts of each).
  if (language === 'en') {
    it('counts 10 products with the keyboard only, fills to par, and the order text follows', async () => {
      const user = await app.t.api.register({ language });
      const supplier = await app.t.api.createSupplier(user.token, { name: 'Almacén Gómez' });
      // Pars 11..20; counts alternate under and over the par.
      const products = [];
      for (let i = 1; i <= 10; i++) {
        const name = `Producto ${String(i).padStart(2, '0')}`;
        const res = await app.t.api.post('/api/products', { name, unit: 'Kg', orderId: supplier.orderId, par: 10 + i }, user.token);
        expect(res.status, res.text).toBe(200);
        products.push({ id: res.body.data.id as number, name, par: 10 + i, count: i % 2 === 0 ? 10 + i + 5 : i });
      }
      // A product without a par keeps its quantity.
      const noPar = await app.t.api.createProduct(user.token, supplier.orderId, 'Sin par', 'Ud');
      await app.t.api.put('/api/products/quantity', { productId: noPar.id, orderId: supplier.orderId, quantity: 3 }, user.token);

      const { page, context, errors } = await openPage(app, { language, user, viewport: PHONE });
      await page.goto(`/orders/${supplier.id}`);
      await page.getByRole('button', { name: text.count, exact: true }).click();
      await expectVisible(page, text.noPar);
      // The cursor is in the first count: type each count and press Enter, down the list.
      for (const product of products) {
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`count-${product.id}`);
        await page.keyboard.type(String(product.count));
        await page.keyboard.press('Enter');
      }
      await page.keyboard.type('7');
      await page.keyboard.press('Enter');
      // After the last count, Enter lands on "Fill to par".
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fill-to-par');
      await expectAccessible(page, `count mode (${language})`);
      await page.getByRole('button', { name: text.count, exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, `count-${language}`);
      await expectToast(page, text.filled, () => page.keyboard.press('Enter'));

      const expected = [...products.filter((p) => p.par > p.count).map((p) => `${p.par - p.count} x Kg: ${p.name}`), '3 x Ud: Sin par'];
      // The toast follows the change on the device; the server has it once the outbox has sent it.
      const serverOrder = async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data;
      await expect
        .poll(async () => {
          const current = (await serverOrder()).text as string;
          return expected.filter((line) => !current.includes(line));
        })
        .toEqual([]);
      const server = await serverOrder();
      expect(server.products.find((p: { productId: number }) => p.productId === noPar.id)).toMatchObject({
        onHand: 7,
        par: null,
        quantity: 3,
      });
      const shown = await shownText(page, text.sheet);
      expect(shown).toBe(server.text);
      for (const product of products.filter((p) => p.par <= p.count)) expect(shown).not.toContain(product.name);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // Behaviour, not words: once, in one language (the screens test renders both, and the server tests the texts of each).
  if (language === 'es') {
    it('sets a product to its usual quantity in one tap', async () => {
      const user = await app.t.api.register({ language });
      const supplier = await app.t.api.createSupplier(user.token, { name: 'Harinas Paco' });
      const flour = await app.t.api.createProduct(user.token, supplier.orderId, 'Harina', 'Kg');
      // Three sends with 2, 4 and 6: the usual quantity is their median, 4.
      for (const quantity of [2, 6, 4]) {
        await app.t.api.put('/api/products/quantity', { productId: flour.id, orderId: supplier.orderId, quantity }, user.token);
        expect((await app.t.api.post(`/api/orders/${supplier.orderId}/send`, {}, user.token)).status).toBe(200);
      }
      await app.t.api.put('/api/products/quantity', { productId: flour.id, orderId: supplier.orderId, quantity: 0 }, user.token);

      const { page, context, errors } = await openPage(app, { language, user, viewport: PHONE });
      await page.goto(`/orders/${supplier.id}`);
      const usual = page.getByRole('button', { name: 'Habitual: 4 Harina' });
      await usual.click();
      await expect.poll(() => page.getByLabel('Cantidad de Harina').inputValue()).toBe('4');
      await expect
        .poll(async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data.text as string)
        .toContain('4 x Kg: Harina');
      expect(await shownText(page, text.sheet)).toContain('4 x Kg: Harina');
      await expectAccessible(page, `usual quantity (${language})`);
      await screenshot(page, `usual-${language}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
