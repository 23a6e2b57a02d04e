import { confirmationLine } from '@reorder/schemas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, opened, openPage, PHONE, recordExits, screenshot, useApp } from './app.ts';

const app = useApp();

const toast = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
const orderText = (page: Page) => page.getByTestId('order-text').textContent();

async function serverOrderText(token: string, supplierId: number): Promise<string> {
  const res = await app.t.api.get(`/api/orders/supplier/${supplierId}`, token);
  return res.body.data.text;
}

describe('an owner prepares an order', () => {
  it('adds a supplier and products, sets quantities, edits the message, and copies text and image', async () => {
    const user = await app.t.api.register();
    const { page, context, errors } = await openPage(app, { user });

    await page.goto('/suppliers');
    await page.getByRole('link', { name: 'Add supplier' }).click();
    await page.waitForURL('**/suppliers/new');
    await page.getByLabel('Supplier name').fill('Frutas Pepe');
    await page.getByLabel('Contact person').fill('Pepe');
    await page.getByLabel('Phone number').fill('+34 600 123 456');
    await page.getByLabel('Notes').fill('Delivers before 9am');
    await page.getByRole('button', { name: 'Add supplier' }).click();
    await toast(page, 'Congrats, we made it happen!');
    // The new supplier opens on its empty order, which says how to add its products.
    await page.waitForURL(/\/orders\/\d+$/);
    await expectVisible(page, 'Add products:');
    for (const way of ['paste a list', 'one by one', 'import a file']) expect(await page.getByRole('link', { name: way }).count()).toBe(1);
    const supplierId = Number(new URL(page.url()).pathname.split('/')[2]);

    for (const [name, unit] of [
      ['Tomates', 'Kg'],
      ['Jamón ibérico 🐖', 'ud'],
    ]) {
      await page.getByRole('link', { name: 'Add product' }).click();
      await page.waitForURL('**/products/new');
      await page.getByLabel('Product name').fill(name as string);
      await page.getByLabel('Unit').fill(unit as string);
      await page.getByRole('button', { name: 'Add product' }).click();
      await toast(page, 'Product saved!');
      await page.waitForURL(`**/orders/${supplierId}`);
    }

    await page.getByRole('button', { name: 'One more Tomates' }).click();
    await page.getByRole('button', { name: 'One more Tomates' }).click();
    await page.getByLabel('Quantity of Jamón ibérico 🐖').fill('1.5');
    await page.getByLabel('Message above the order').fill('Hola Pepe, para mañana:');
    await page.getByRole('button', { name: 'Save message' }).click();
    await toast(page, 'Success! Order updated!');

    const expected = 'Hola Pepe, para mañana:\n1.5 x ud: Jamón ibérico 🐖\n2 x Kg: Tomates';
    await expect.poll(() => orderText(page)).toBe(expected);
    await expect.poll(() => serverOrderText(user.token, supplierId), { timeout: 10_000 }).toBe(expected);

    // Copy text copies what Send would open: the order text and the line with the supplier's link.
    await page.getByRole('button', { name: 'Copy text' }).click();
    await toast(page, 'Copied');
    const { confirmUrl } = (await app.t.api.get(`/api/orders/supplier/${supplierId}`, user.token)).body.data;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${await serverOrderText(user.token, supplierId)}\n\n${confirmationLine('en', confirmUrl)}`,
    );

    await page.getByRole('button', { name: 'Copy as image' }).click();
    await expect
      .poll(() => page.evaluate(async () => (await navigator.clipboard.read())[0]?.types ?? []), { timeout: 10_000 })
      .toContain('image/png');
    const image = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      if (!item) return null;
      const blob = await item.getType('image/png');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return { type: blob.type, size: bytes.length, signature: Array.from(bytes.slice(0, 8)) };
    });
    expect(image?.type).toBe('image/png');
    expect(image?.signature).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(image?.size).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('clears the order and deletes a product and the supplier, each after a confirmation', async () => {
    const user = await app.t.api.register();
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Lácteos Ñandú' });
    const milk = await app.t.api.createProduct(user.token, supplier.orderId, 'Leche', 'L');
    const cheese = await app.t.api.createProduct(user.token, supplier.orderId, 'Queso', 'Kg');
    for (const p of [milk, cheese])
      await app.t.api.put('/api/products/quantity', { productId: p.id, orderId: supplier.orderId, quantity: 3 }, user.token);
    const { page, context } = await openPage(app, { user, viewport: DESKTOP });

    await page.goto(`/orders/${supplier.id}`);
    await expect.poll(() => orderText(page)).toBe('3 x L: Leche\n3 x Kg: Queso');
    await page.getByRole('link', { name: 'Clear order' }).click();
    await page.waitForURL('**/products/clear');
    await page.getByRole('button', { name: 'Clear order' }).click();
    await toast(page, 'Clear products successful!');
    await page.waitForURL(`**/orders/${supplier.id}`);
    await expect.poll(() => serverOrderText(user.token, supplier.id)).toBe('');
    await expect.poll(() => page.getByText('Nothing ordered yet').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'More actions for Queso' }).click();
    await page.getByRole('menuitem', { name: 'Delete Queso' }).click();
    await page.waitForURL(`**/products/${cheese.id}/delete`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Delete product successful!');
    await page.waitForURL(`**/orders/${supplier.id}`);
    expect((await app.t.api.get(`/api/products/${cheese.id}`, user.token)).status).toBe(404);

    await page.goto(`/suppliers/${supplier.id}`);
    await page.getByRole('link', { name: 'Delete supplier' }).click();
    await page.waitForURL(`**/suppliers/${supplier.id}/delete`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Supplier deleted successfully!');
    await page.waitForURL('**/suppliers');
    expect((await app.t.api.get(`/api/suppliers/${supplier.id}`, user.token)).status).toBe(404);
    await context.close();
  });

  it('says when a search matches nothing, on every list', async () => {
    const user = await app.t.api.register();
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Bebidas Río' });
    await app.t.api.createProduct(user.token, supplier.orderId, 'Agua', 'caja');
    const { page, context } = await openPage(app, { user });

    await page.goto('/suppliers');
    await page.getByRole('searchbox', { name: 'Search suppliers' }).fill('zzz');
    await expect.poll(() => page.getByText('No supplier matches "zzz".').isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search suppliers' }).fill('rio');
    await expect.poll(() => page.getByText('Bebidas Río').isVisible()).toBe(true);

    await page.goto('/orders?q=nothing-here');
    await expect.poll(() => page.getByText('No supplier matches "nothing-here".').isVisible()).toBe(true);

    await page.goto(`/orders/${supplier.id}`);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('vino');
    await expect.poll(() => page.getByText('No product matches "vino".').isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('AGUA');
    await expect.poll(() => page.getByLabel('Quantity of Agua').isVisible()).toBe(true);
    await context.close();
  });

  it('keeps what was typed while the server fails, says it is sending, and sends it once the server is back', async () => {
    const user = await app.t.api.register();
    const supplier = await app.t.api.createSupplier(user.token);
    await app.t.api.createProduct(user.token, supplier.orderId, 'Harina', 'Kg');
    const { page, context } = await openPage(app, { user });
    await page.goto(`/orders/${supplier.id}`);
    await page.route('**/api/trpc/products.setQuantity**', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.getByLabel('Quantity of Harina').fill('7');
    // The change waits on the device and is tried again (features/offline/outbox.ts): the bar says so.
    await expect.poll(() => page.getByText('Sending 1 change…', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByLabel('Quantity of Harina').inputValue()).toBe('7');
    expect(await orderText(page)).toBe('7 x Kg: Harina');
    expect(await serverOrderText(user.token, supplier.id)).toBe('');

    await page.unroute('**/api/trpc/products.setQuantity**');
    await expect.poll(() => serverOrderText(user.token, supplier.id), { timeout: 15_000 }).toBe('7 x Kg: Harina');
    await page.getByRole('button', { name: 'One more Harina' }).click();
    await expect.poll(() => serverOrderText(user.token, supplier.id), { timeout: 10_000 }).toBe('8 x Kg: Harina');
    await context.close();
  });
});

describe('the message field', () => {
  const cases = [
    {
      language: 'es',
      size: 'phone',
      viewport: PHONE,
      field: 'Mensaje encima del pedido',
      offers: 'Mensajes sugeridos',
      greeting: 'Hola Pepe, pedido de Café Luna:',
      use: 'Usar: ',
      send: 'Enviar por WhatsApp',
      saved: '¡Hecho! ¡Pedido actualizado!',
    },
    {
      language: 'en',
      size: 'desktop',
      viewport: DESKTOP,
      field: 'Message above the order',
      offers: 'Suggested messages',
      greeting: 'Hi Pepe, order from Café Luna:',
      use: 'Use: ',
      send: 'Send via WhatsApp',
      saved: 'Success! Order updated!',
    },
  ] as const;
  for (const c of cases) {
    it(`offers the greeting as a button, never as a placeholder; a tap fills, saves and sends it (${c.language}, ${c.size})`, async () => {
      const user = await app.t.api.register({ language: c.language, businessName: 'Café Luna' });
      const { supplier } = await app.t.api.seedOrder(
        user.token,
        {
          name: 'Frutas Pepe',
          contactName: 'Pepe Núñez',
          messageService: 'whatsapp',
          contactInfo: '+34 600 123 456',
          askConfirmation: false,
        },
        [{ name: 'Limones', unit: 'kg', quantity: 2 }],
      );
      await app.t.api.put(`/api/orders/${supplier.orderId}`, { introduce: 'Como siempre, gracias' }, user.token);
      expect((await app.t.api.post(`/api/orders/${supplier.orderId}/send`, {}, user.token)).status).toBe(200);
      await app.t.api.put(`/api/orders/${supplier.orderId}`, { introduce: '' }, user.token);
      const { page, context, errors } = await openPage(app, { user, language: c.language, viewport: c.viewport });
      await recordExits(context);
      await page.goto(`/orders/${supplier.id}`);
      const field = page.getByLabel(c.field);
      const offers = page.getByRole('group', { name: c.offers });
      await expect.poll(() => field.isVisible()).toBe(true);

      // The empty field shows no greeting of its own: the greeting is a button, on the field's one line on a
      // phone (the products start right below), under it on a desktop.
      const placeholder = (await field.getAttribute('placeholder')) ?? '';
      expect(placeholder).not.toContain(c.greeting);
      expect(placeholder).not.toMatch(/^(Hola|Hi)\b/);
      await expect.poll(() => offers.getByRole('button').allTextContents()).toEqual([`${c.use}${c.greeting}`]);
      const offer = offers.getByRole('button', { name: `${c.use}${c.greeting}` });
      const [fieldBox, offerBox] = [await field.boundingBox(), await offer.boundingBox()];
      if (!fieldBox || !offerBox) throw new Error('the field and its suggestion are on screen');
      if (c.size === 'phone') expect(offerBox.y < fieldBox.y + fieldBox.height && offerBox.x >= fieldBox.x + fieldBox.width).toBe(true);
      else expect(offerBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
      await screenshot(page, `${c.language}-${c.size}_message-suggestion`);
      await expectAccessible(page, `message suggestion (${c.language}, ${c.size})`);

      // A tap fills the field and saves it through the outbox, with no Save to press.
      await offer.click();
      expect(await field.inputValue()).toBe(c.greeting);
      await toast(page, c.saved);
      await expect
        .poll(async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data.introduce)
        .toBe(c.greeting);
      expect(await offers.count()).toBe(0);
      expect(await orderText(page)).toMatch(new RegExp(`^${c.greeting}\n`));

      // Writing, the last message sent is the other suggestion (the greeting is what the field holds).
      await field.click();
      await expect.poll(() => offers.getByRole('button').allTextContents()).toEqual([`${c.use}Como siempre, gracias`]);
      await screenshot(page, `${c.language}-${c.size}_message-suggestions-open`);
      // The full-page screenshot resizes the window, which may take the focus from the field: back to writing.
      await field.focus();
      await offers.getByRole('button', { name: `${c.use}Como siempre, gracias` }).click();
      expect(await field.inputValue()).toBe('Como siempre, gracias');
      await expect
        .poll(async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data.introduce)
        .toBe('Como siempre, gracias');
      // And back to the greeting: what goes out starts with it.
      await field.fill('');
      await page.getByRole('button', { name: c.size === 'phone' ? 'Guardar mensaje' : 'Save message' }).click();
      await field.blur();
      await page
        .getByRole('group', { name: c.offers })
        .getByRole('button', { name: `${c.use}${c.greeting}` })
        .click();
      await expect.poll(() => field.inputValue()).toBe(c.greeting);
      await page.getByRole('button', { name: c.send }).click();
      await expect.poll(() => opened(page)).toHaveLength(1);
      const sent = new URL((await opened(page))[0]?.url ?? '').searchParams.get('text');
      expect(sent).toBe(`${c.greeting}\n2 x kg: Limones`);
      await expect
        .poll(async () => (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data[0]?.introduce)
        .toBe(c.greeting);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
