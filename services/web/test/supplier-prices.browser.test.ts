import { describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, opened, openPage, PHONE, recordExits, screenshot, useApp } from './app.ts';

/**
 * Money from the order to the supplier and back (issue "Money", docs/decisions.md
 * §8.4), at phone size in English and Spanish: prices and a step, Fill to
 * par rounded up to the step, the total and the minimum on the Send bar, the
 * text sent with prices; the supplier, in a second browser with no session,
 * delivers less of a line at a higher price; the owner sees both, flagged.
 */
const app = useApp();

const TEXT = {
  en: {
    count: 'Count',
    fill: 'Fill to par',
    send: 'Send via WhatsApp',
    total: ' · €81.60 · 1 without price · €18.40 under the minimum',
    eggs: '24 x box: Eggs · €74.40',
    textTotal: 'Total: €81.60 (1 line without a price)',
    adjust: 'Change quantity, price or offer a substitute',
    quantity: 'Quantity you will deliver (kg)',
    price: 'Price per kg (EUR)',
    confirm: 'Confirm',
    answered: 'Lemons: 2 instead of 3 · €2.60 per kg',
    flag: '⚠ up 8.3 %',
    line: '▲ +8.3 %',
    history: [expect.stringMatching(/The supplier€2\.60$/), expect.stringMatching(/You€2\.40$/)],
    priceField: 'Price',
    priceValue: '2.6',
  },
  es: {
    count: 'Contar',
    fill: 'Completar hasta el objetivo',
    send: 'Enviar por WhatsApp',
    total: ' · 81,60 € · 1 sin precio · faltan 18,40 € al mínimo',
    eggs: '24 x box: Eggs · 74,40 €',
    textTotal: 'Total: 81,60 € (1 línea sin precio)',
    adjust: 'Cambiar cantidad o precio, u ofrecer un sustituto',
    quantity: 'Cantidad que vas a servir (kg)',
    price: 'Precio por kg (EUR)',
    confirm: 'Confirmar',
    answered: 'Lemons: 2 en vez de 3 · 2,60 € por kg',
    flag: '⚠ sube un 8,3 %',
    line: '▲ +8,3 %',
    history: [expect.stringMatching(/El proveedor2,60 €$/), expect.stringMatching(/Tú2,40 €$/)],
    priceField: 'Precio',
    priceValue: '2,6',
  },
} as const;

describe.each(['en', 'es'] as const)('prices, sent and confirmed (%s, phone)', (language) => {
  const text = TEXT[language];

  it('fills to par by the step, shows the total and the minimum, sends prices; the supplier changes a line; the owner sees it', async () => {
    const user = await app.t.api.register({ language, businessName: 'Café Luna' });
    const supplier = await app.t.api.createSupplier(user.token, {
      name: 'Granja Sol',
      messageService: 'whatsapp',
      contactInfo: '+34 600 123 456',
      minimumOrder: 100,
      showPrices: true,
    });
    const bulk = await app.t.api.post(
      '/api/products/bulk',
      {
        orderId: supplier.orderId,
        products: [
          { name: 'Eggs', unit: 'box', price: 3.1, step: 6, par: 24, note: 'Free range' },
          { name: 'Lemons', unit: 'kg', price: 2.4, par: 5 },
          { name: 'Parsley', unit: 'bunch', quantity: 2 },
        ],
      },
      user.token,
    );
    const ids = Object.fromEntries(bulk.body.data.products.map((p: { name: string; id: number }) => [p.name, p.id]));
    await app.t.api.put('/api/products/stock', { productId: ids.Eggs, orderId: supplier.orderId, onHand: 5 }, user.token);
    await app.t.api.put('/api/products/stock', { productId: ids.Lemons, orderId: supplier.orderId, onHand: 2 }, user.token);

    const { page, context, errors } = await openPage(app, { language, user, viewport: PHONE });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    await expectVisible(page, 'Free range');
    await page.getByRole('button', { name: text.count, exact: true }).click();
    await page.getByRole('button', { name: text.fill }).click();
    await page.getByRole('button', { name: text.count, exact: true }).click();
    // 24 − 5 = 19 eggs, rounded up to the box of 6: 24; lemons 5 − 2 = 3.
    const total = page.getByTestId('order-total');
    await expect.poll(async () => (await total.textContent())?.replace(/\u00a0/g, ' ')).toBe(text.total);
    await screenshot(page, `${language}-phone_order-prices`);
    await page.getByRole('button', { name: text.send }).click();
    await expect.poll(() => opened(page)).toHaveLength(1);
    const sentText = new URL((await opened(page))[0]?.url ?? '').searchParams.get('text') ?? '';
    expect(sentText).toContain(text.eggs);
    expect(sentText).toContain(text.textTotal);
    await expect.poll(async () => (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data.length).toBe(1);
    const [sent] = (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data;
    expect(sent.text).toBe(sentText);

    // The supplier: another browser, no session; less lemons, at a higher price.
    const supplierContext = await app.browser.newContext({
      viewport: PHONE,
      baseURL: app.t.url,
      locale: language === 'es' ? 'es-ES' : 'en-US',
    });
    const supplierPage = await supplierContext.newPage();
    await supplierPage.goto(new URL(sent.confirmUrl).pathname);
    const lemons = supplierPage.locator('li', { hasText: 'Lemons' });
    await lemons.getByText(text.adjust).click();
    await supplierPage.getByLabel(text.quantity).nth(0).fill('2');
    await lemons.getByLabel(text.price).fill(language === 'es' ? '2,6' : '2.6');
    await expectAccessible(supplierPage, `confirmation with prices (${language})`);
    await screenshot(supplierPage, `${language}-phone_confirm-prices`);
    await supplierPage.getByRole('button', { name: text.confirm }).click();
    await expectVisible(supplierPage, text.answered);
    await supplierContext.close();

    // The owner: the sent order shows the change, flagged; the product has the supplier's price.
    await page.goto(`/orders/${supplier.id}/history/${sent.id}`);
    await expectVisible(page, text.answered);
    await expectVisible(page, text.flag);
    await screenshot(page, `${language}-phone_sent-order-changes`);
    await page.goto(`/orders/${supplier.id}`);
    await expectVisible(page, text.line);
    // The product's price history: the owner's price, then the supplier's.
    await page.goto(`/orders/${supplier.id}/products/${ids.Lemons}/update`);
    const history = page.getByTestId('price-history');
    await expect
      .poll(async () => (await history.locator('tbody tr').allTextContents()).map((row) => row.replace(/\u00a0/g, ' ')))
      .toEqual(text.history);
    expect(await page.getByLabel(text.priceField, { exact: true }).inputValue()).toBe(text.priceValue);
    await screenshot(page, `${language}-phone_price-history`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
