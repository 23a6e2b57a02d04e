import { describe, expect, it } from 'vitest';
import { expectVisible, openPage, PHONE, screenshot, useApp } from './app.ts';

/**
 * Money on the order screen (docs/decisions.md §8.4), as far as it is built:
 * + and − move by the step the supplier sells by, and the bar at the thumb
 * shows the total in the owner's language, the lines without a price, and
 * what is missing to the supplier's minimum.
 */
const app = useApp();

describe('steps and the total (es, phone)', () => {
  it('moves a boxed product by its step and shows the total, the unpriced lines and the minimum', async () => {
    const user = await app.t.api.register({ language: 'es' });
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Granja' });
    await app.t.api.put(
      `/api/suppliers/${supplier.id}`,
      { name: 'Granja', messageService: 'other', contactInfo: '', contactName: '', note: '', minimumOrder: 80 },
      user.token,
    );
    await app.t.api.post(
      '/api/products/bulk',
      {
        orderId: supplier.orderId,
        products: [
          { name: 'Huevos', unit: 'ud', price: 3.1, step: 6 },
          { name: 'Perejil', unit: 'manojo' },
        ],
      },
      user.token,
    );
    const { page, context, errors } = await openPage(app, { user, language: 'es', viewport: PHONE });
    await page.goto(`/orders/${supplier.id}`);
    await page.getByRole('button', { name: 'Uno más de Huevos' }).click();
    await expect.poll(() => page.getByLabel('Cantidad de Huevos').inputValue()).toBe('6');
    await page.getByRole('button', { name: 'Uno más de Huevos' }).click();
    await expect.poll(() => page.getByLabel('Cantidad de Huevos').inputValue()).toBe('12');
    await page.getByRole('button', { name: 'Uno más de Perejil' }).click();
    const total = page.getByTestId('order-total');
    // Intl writes a no-break space before the euro sign.
    await expect
      .poll(async () => (await total.textContent())?.replace(/\u00a0/g, ' '))
      .toBe(' · 37,20 € · 1 sin precio · faltan 42,80 € al mínimo');
    // The whole sentence is the shortfall's tooltip; on a phone the count gives way to it in the bar (issue 45), the view says it.
    expect((await page.locator('.send-bar__minimum').getAttribute('title'))?.replace(/\u00a0/g, ' ')).toBe(
      'faltan 42,80 € para el mínimo de 80,00 €',
    );
    expect(await page.getByTestId('order-line-count').textContent()).toBe('2 productos');
    await expectVisible(page, 'En este pedido (2)');
    await screenshot(page, 'es-phone_order-total');
    // The server holds the same: multiples of the step, and the total over the priced lines.
    await expect
      .poll(async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data)
      .toMatchObject({ total: 37.2, unpricedLines: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('price, step and note in the product form (en, phone)', () => {
  it('sets them, shows them again on edit, and refuses a price with 5 decimals in words', async () => {
    const user = await app.t.api.register();
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Dairy' });
    const { page, context } = await openPage(app, { user, language: 'en', viewport: PHONE });
    await page.goto(`/orders/${supplier.id}/products/new`);
    await page.getByLabel('Product name').fill('Yogurt');
    await page.getByLabel('Unit').fill('pot');
    await page.getByLabel('Price').fill('0.12345');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expectVisible(page, 'Enter a price from 0 to 1000000, with at most 4 decimals');
    await page.getByLabel('Price').fill('0,45');
    await page.getByLabel('Sold in steps of').fill('4');
    await page.getByLabel('Note').fill('Plain, not sweet');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect.poll(() => page.url()).toMatch(new RegExp(`/orders/${supplier.id}$`));
    const [product] = (await app.t.api.get(`/api/products?orderId=${supplier.orderId}`, user.token)).body.data;
    expect(product).toMatchObject({ name: 'Yogurt', price: 0.45, step: 4, note: 'Plain, not sweet' });
    await page.goto(`/orders/${supplier.id}/products/${product.id}/update`);
    await expect.poll(() => page.getByLabel('Price').inputValue()).toBe('0.45');
    expect(await page.getByLabel('Sold in steps of').inputValue()).toBe('4');
    expect(await page.getByLabel('Note').inputValue()).toBe('Plain, not sweet');
    await screenshot(page, 'en-phone_product-money-fields');
    await context.close();
  });
});

describe("a supplier's minimum order and prices in the message (es, phone)", () => {
  it('sets them in the supplier form with a decimal comma, refuses a bad minimum in words, and shows them again', async () => {
    const user = await app.t.api.register({ language: 'es' });
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Granja' });
    const { page, context, errors } = await openPage(app, { user, language: 'es', viewport: PHONE });
    await page.goto(`/suppliers/${supplier.id}`);
    await page.getByLabel('Pedido mínimo (EUR)').fill('8,12345');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page, 'Escribe un precio de 0 a 1000000, con 4 decimales como mucho');
    expect((await app.t.api.get(`/api/suppliers/${supplier.id}`, user.token)).body.data.minimumOrder).toBeNull();
    await page.getByLabel('Pedido mínimo (EUR)').fill('80,5');
    await page.getByLabel('Mostrar precios en el mensaje').check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(async () => (await app.t.api.get(`/api/suppliers/${supplier.id}`, user.token)).body.data)
      .toMatchObject({ minimumOrder: 80.5, showPrices: true });
    await page.goto(`/suppliers/${supplier.id}`);
    await expect.poll(() => page.getByLabel('Pedido mínimo (EUR)').inputValue()).toBe('80,5');
    expect(await page.getByLabel('Mostrar precios en el mensaje').isChecked()).toBe(true);
    await screenshot(page, 'es-phone_supplier-money');
    expect(errors).toEqual([]);
    await context.close();
  });
});
