import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, opened, openPage, PHONE, recordExits, screenshot, useApp } from './app.ts';

/**
 * What the device accepts is what the server accepts (docs/decisions.md
 * §9.1): a quantity off the product's step is never queued. The field says
 * why and offers the nearest quantities the product is sold in; no toast;
 * and nothing on the screen, nor what Send sends, differs from what is
 * saved.
 */
const app = useApp();

/** A supplier on WhatsApp with eggs sold by the box of 6 at 0,32 € and 12 of them in the order, in `language`. */
async function eggsByTheBox(language: 'en' | 'es') {
  const user = await app.t.api.register({ language });
  const supplier = await app.t.api.createSupplier(user.token, { name: 'Granja Sol' });
  const eggs = language === 'es' ? 'Huevos' : 'Eggs';
  const created = await app.t.api.post(
    '/api/products/bulk',
    { orderId: supplier.orderId, products: [{ name: eggs, unit: 'ud', price: 0.32, step: 6, quantity: 12 }] },
    user.token,
  );
  expect(created.status).toBe(200);
  return { user, supplier, eggs };
}

/** The total the Send bar shows, with Intl's no-break spaces as plain ones. */
const shownTotal = async (page: Page) => (await page.getByTestId('order-total').textContent())?.replace(/\u00a0/g, ' ');

describe('a quantity off the step, on a phone in Spanish', () => {
  it('is never queued: the field says why, offers 6 and 12, and Send sends what shows', async () => {
    const { user, supplier, eggs } = await eggsByTheBox('es');
    const { page, context, errors } = await openPage(app, { user, language: 'es', viewport: PHONE });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    const field = page.getByLabel(`Cantidad de ${eggs}`);
    await expect.poll(() => field.inputValue()).toBe('12');
    await expect.poll(() => shownTotal(page)).toBe(' · 3,84 €');

    await field.fill('7');
    await field.blur();
    await expect.poll(() => page.getByText('Huevos se venden de 6 en 6').isVisible()).toBe(true);
    const six = page.getByRole('button', { name: '6 Huevos', exact: true });
    const twelve = page.getByRole('button', { name: '12 Huevos', exact: true });
    expect([await six.isVisible(), await twelve.isVisible()]).toEqual([true, true]);
    // The field keeps what was typed; everything else, and Send, stay at what is saved.
    expect(await field.inputValue()).toBe('7');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await shownTotal(page)).toBe(' · 3,84 €');
    const send = page.getByRole('button', { name: 'Enviar por WhatsApp' });
    expect(await send.isDisabled()).toBe(true);
    expect(await page.getByTestId('quantity-unresolved').textContent()).toBe('Antes elige una cantidad para Huevos');
    await expectAccessible(page, 'a quantity off the step, with its choices (es, phone)');
    await screenshot(page, 'es-phone_order-step-choices');
    // Nothing went to the server, and no toast told of a refusal: a second for a queued change to have gone and come back.
    await page.waitForTimeout(1000);
    expect(await page.getByText('No se ha guardado').count()).toBe(0);
    expect((await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data.products[0].quantity).toBe(12);

    await six.click();
    await expect.poll(() => field.inputValue()).toBe('6');
    expect(await page.getByText('Huevos se venden de 6 en 6').count()).toBe(0);
    await expect.poll(() => shownTotal(page)).toBe(' · 1,92 €');
    await expect
      .poll(async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data.products[0].quantity)
      .toBe(6);

    // Send sends what shows: the text WhatsApp gets and the sent order recorded both hold 6, at 1,92 €.
    await send.click();
    await expect.poll(() => opened(page)).toHaveLength(1);
    const url = new URL((await opened(page))[0]?.url ?? '');
    const sentText = url.searchParams.get('text') ?? '';
    expect(sentText.split('\n')[0]).toBe('6 x ud: Huevos');
    await expect.poll(async () => (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data.length).toBe(1);
    const [recorded] = (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data;
    expect(recorded.text).toBe(sentText);
    expect(recorded.lines).toMatchObject([{ name: 'Huevos', quantity: 6 }]);
    expect(recorded.total).toBe(1.92);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a quantity off the step, on a desktop in English', () => {
  it('says "Eggs come in 6s", offers 6 and 12, and takes a tap on 12; a negative one offers 0', async () => {
    const { user, supplier, eggs } = await eggsByTheBox('en');
    const { page, context, errors } = await openPage(app, { user, language: 'en', viewport: DESKTOP });
    await page.goto(`/orders/${supplier.id}`);
    const field = page.getByLabel(`Quantity of ${eggs}`);
    await expect.poll(() => field.inputValue()).toBe('12');

    await field.fill('-3');
    await expect.poll(() => page.getByText('A quantity cannot be below 0').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '0 Eggs', exact: true }).isVisible()).toBe(true);

    // On the way to 12, the "1" says nothing yet: a quantity off the step is said once the field is left.
    await field.fill('1');
    expect(await page.getByText('Eggs come in 6s').count()).toBe(0);
    await field.fill('7');
    await field.press('Tab');
    await expect.poll(() => page.getByText('Eggs come in 6s').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '6 Eggs', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'en-desktop_order-step-choices');
    await page.getByRole('button', { name: '12 Eggs', exact: true }).click();
    await expect.poll(() => field.inputValue()).toBe('12');
    expect(await page.getByText('Eggs come in 6s').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send via WhatsApp' }).isDisabled()).toBe(false);
    expect((await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data.products[0].quantity).toBe(12);
    expect(errors).toEqual([]);
    await context.close();
  });
});
