import { planSend } from '@reorder/schemas/send-links';
import type { RegisteredUser } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, opened, openPage, recordExits, startApp } from './app.ts';
import type { Recorded } from './recorded.ts';

let app: AppUnderTest;
let user: RegisteredUser;
const MESSAGE = 'Hola Pepe: ¿mañana a las 8? 🚚 & gracias #1 +10% =ok';

/**
 * A supplier of `service` with two products ordered and the awkward message.
 * Not asked to confirm, so the text sent is the order text; the link a send
 * adds is confirmation.browser.test.ts's.
 */
async function supplierFor(service: string, contactInfo: string) {
  const supplier = await app.t.api.createSupplier(user.token, {
    name: `Proveedor ${service}`,
    messageService: service,
    contactInfo,
    askConfirmation: false,
  });
  const ham = await app.t.api.createProduct(user.token, supplier.orderId, 'Jamón ibérico 🐖', 'Kg');
  const salt = await app.t.api.createProduct(user.token, supplier.orderId, 'Sal & pimienta', 'ud');
  await app.t.api.put('/api/products/quantity', { productId: ham.id, orderId: supplier.orderId, quantity: 2.5 }, user.token);
  await app.t.api.put('/api/products/quantity', { productId: salt.id, orderId: supplier.orderId, quantity: 1 }, user.token);
  await app.t.api.put(`/api/orders/${supplier.orderId}`, { introduce: MESSAGE }, user.token);
  return supplier;
}

async function serverText(supplierId: number) {
  return (await app.t.api.get(`/api/orders/supplier/${supplierId}`, user.token)).body.data.text as string;
}

beforeAll(async () => {
  app = await startApp();
  user = await app.t.api.register({ businessName: 'Café Luna' });
});
afterAll(() => app?.close());

describe('sending an order through the supplier’s channel', () => {
  const channels = [
    ['whatsapp', '+34 600 123 456', 'WhatsApp'],
    ['telegram', '+34 611 222 333', 'Telegram'],
    ['sms', '(+34) 622-000-111', 'SMS'],
    ['email', 'pedidos+bar@example.com', 'Email'],
  ] as const;
  for (const [service, contactInfo, label] of channels) {
    it(`${service}: opens the exact link with the order text filled in, and records it`, async () => {
      const supplier = await supplierFor(service, contactInfo);
      const { page, context } = await openPage(app, { user });
      await recordExits(context);
      await page.goto(`/orders/${supplier.id}`);
      await page.getByRole('button', { name: `Send via ${label}` }).click();
      await expect.poll(() => opened(page)).toHaveLength(1);
      const text = await serverText(supplier.id);
      const expected = planSend({ service, contactInfo, text, subject: 'Order from Café Luna', ios: false });
      expect(expected.kind).toBe('open');
      expect((await opened(page))[0]?.url).toBe(expected.kind === 'open' ? expected.url : '');
      await expect.poll(async () => (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data.length).toBe(1);
      await expect.poll(() => page.getByText('Clear the order for next time?').isVisible()).toBe(true);
      await context.close();
    });
  }

  it('whatsapp: the link is exactly wa.me/<digits>?text=<encoded text>', async () => {
    const supplier = await supplierFor('whatsapp', '+34 600 999 888');
    const { page, context } = await openPage(app, { user });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    await page.getByRole('button', { name: 'Send via WhatsApp' }).click();
    await expect.poll(() => opened(page)).toHaveLength(1);
    expect((await opened(page))[0]?.url).toBe(
      'https://wa.me/34600999888?text=Hola%20Pepe%3A%20%C2%BFma%C3%B1ana%20a%20las%208%3F%20%F0%9F%9A%9A%20%26%20gracias%20%231%20%2B10%25%20%3Dok%0A2.5%20x%20Kg%3A%20Jam%C3%B3n%20ib%C3%A9rico%20%F0%9F%90%96%0A1%20x%20ud%3A%20Sal%20%26%20pimienta',
    );
    await context.close();
  });

  it('sms on an iPhone uses &body=', async () => {
    const supplier = await supplierFor('sms', '+34 633 444 555');
    const context = await app.browser.newContext({
      baseURL: app.t.url,
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    await context.addInitScript(
      ([token, u]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', u);
        localStorage.setItem('language', 'en');
      },
      [user.token, JSON.stringify(user.user)] as const,
    );
    await recordExits(context);
    const page = await context.newPage();
    await page.goto(`/orders/${supplier.id}`);
    await page.getByRole('button', { name: 'Send via SMS' }).click();
    await expect.poll(() => opened(page)).toHaveLength(1);
    expect((await opened(page))[0]?.url).toMatch(/^sms:\+34633444555&body=Hola%20Pepe/);
    await context.close();
  });

  it('phone: copies the text, then dials', async () => {
    const supplier = await supplierFor('phone', '+34 644 555 666');
    const { page, context } = await openPage(app, { user });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    await page.getByRole('button', { name: 'Send via Phone call' }).click();
    await expect.poll(() => opened(page)).toEqual([{ url: 'tel:+34644555666', target: '_self' }]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await serverText(supplier.id));
    await context.close();
  });

  it('other: hands the text to the share sheet', async () => {
    const supplier = await supplierFor('other', 'Pasa el lunes');
    const { page, context } = await openPage(app, { user });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    await page.getByRole('button', { name: 'Send via Other' }).click();
    await expect.poll(() => page.evaluate(() => (window as Recorded).__shared)).toEqual({ text: await serverText(supplier.id) });
    await context.close();
  });

  it('email in Spanish: the subject is in Spanish and line breaks are CRLF', async () => {
    const supplier = await supplierFor('email', 'pedidos@example.es');
    const { page, context } = await openPage(app, { user, language: 'es' });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    await page.getByRole('button', { name: 'Enviar por Correo' }).click();
    await expect.poll(() => opened(page)).toHaveLength(1);
    const url = (await opened(page))[0]?.url ?? '';
    expect(url.startsWith('mailto:pedidos@example.es?subject=Pedido%20de%20Caf%C3%A9%20Luna&body=')).toBe(true);
    expect(url).toContain('%0D%0A2%2C5%20x%20Kg');
    await expect.poll(() => page.getByText('¿Vaciar el pedido para la próxima vez?').isVisible()).toBe(true);
    await context.close();
  });

  it('cannot send an empty order', async () => {
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Vacío' });
    await app.t.api.createProduct(user.token, supplier.orderId, 'Pan', 'ud');
    const { page, context } = await openPage(app, { user });
    await page.goto(`/orders/${supplier.id}`);
    await expect.poll(() => page.getByRole('button', { name: 'Send via WhatsApp' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('history and re-order', () => {
  it('after a send: clear for next time, see it in the history, re-order it in two taps', async () => {
    const supplier = await supplierFor('whatsapp', '+34 655 666 777');
    const before = await serverText(supplier.id);
    const { page, context } = await openPage(app, { user });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    // On a phone the supplier's details fold behind a button on the message's line (issue 32).
    await page.getByRole('button', { name: 'Supplier', exact: true }).click();
    await expect.poll(() => page.getByText('Not ordered yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Send via WhatsApp' }).click();
    await page.getByRole('button', { name: 'Clear order' }).first().click();
    await expect.poll(() => serverText(supplier.id)).toBe(MESSAGE);
    await expect.poll(() => page.getByText(/Last ordered/).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`**/orders/${supplier.id}/history`);
    // Tap 1: re-order from the history; tap 2 would be Send on the order it opens.
    await page
      .getByRole('button', { name: /^Re-order the order of/ })
      .first()
      .click();
    await page.waitForURL(`**/orders/${supplier.id}`);
    await expect.poll(() => page.getByTestId('order-text').textContent()).toBe(before);
    // The screen shows the re-order at once; the outbox sends it right after (the one save path).
    await expect.poll(() => serverText(supplier.id)).toBe(before);

    await page.goto(`/orders/${supplier.id}/history`);
    await page
      .getByRole('link', { name: /via WhatsApp/ })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('sent-order-text').textContent()).toBe(before);
    await context.close();
  });

  for (const [language, one, two, by, pending] of [
    ['en', '1 product · Pan', '2 products · Leche, Pan', 'Sent by Ana García', 'Waiting for the supplier to confirm'],
    ['es', '1 producto · Pan', '2 productos · Leche, Pan', 'Enviado por Ana García', 'Esperando la confirmación del proveedor'],
  ] as const) {
    it(`counts the products of each sent order in the right plural form, and says who sent it (${language})`, async () => {
      const owner = await app.t.api.register({ language });
      const supplier = await app.t.api.createSupplier(owner.token, {
        name: 'Horno',
        messageService: 'email',
        contactInfo: 'horno@example.com',
      });
      const bread = await app.t.api.createProduct(owner.token, supplier.orderId, 'Pan', 'ud');
      const milk = await app.t.api.createProduct(owner.token, supplier.orderId, 'Leche', 'l');
      const set = (productId: number, quantity: number) =>
        app.t.api.put('/api/products/quantity', { productId, orderId: supplier.orderId, quantity }, owner.token);
      await set(bread.id, 1);
      expect((await app.t.api.post(`/api/orders/${supplier.orderId}/send`, { channel: 'email' }, owner.token)).status).toBe(200);
      await set(milk.id, 2);
      expect((await app.t.api.post(`/api/orders/${supplier.orderId}/send`, { channel: 'email' }, owner.token)).status).toBe(200);
      const { page, context } = await openPage(app, { user: owner, language });
      await page.goto(`/orders/${supplier.id}/history`);
      const metas = page.locator('.list__meta');
      // Each line, who sent it, then (the supplier is asked to confirm) the answer so far.
      await expect.poll(() => metas.allTextContents()).toEqual([two + by + pending, one + by + pending]);
      await context.close();
    });
  }
});
