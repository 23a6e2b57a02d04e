import type { RegisteredUser } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, opened, openPage, PHONE, recordExits, startApp } from './app.ts';

/**
 * Issue 17: what is sent is exactly what the owner sees. The first two tests
 * run on a slow network (every API call delayed) with taps 50 ms apart.
 */
let app: AppUnderTest;
let user: RegisteredUser;
beforeAll(async () => {
  app = await startApp();
  user = await app.t.api.register({ businessName: 'Café Luna' });
});
afterAll(() => app?.close());

/** Every API call waits `ms` before it reaches the server: a phone on a slow network. */
async function slowNetwork(page: Page, ms: number) {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // The page may have closed meanwhile (the test is over): nothing left to continue.
    await route.continue().catch(() => {});
  });
}

/** The text of a wa.me link, decoded. */
function whatsappText(url: string): string {
  return decodeURIComponent(new URL(url).searchParams.get('text') ?? '');
}

async function historyTexts(orderId: number): Promise<string[]> {
  const res = await app.t.api.get(`/api/orders/${orderId}/history`, user.token);
  return (res.body.data as { text: string }[]).map((s) => s.text);
}

/** A supplier with lemons and tomatoes; not asked to confirm, so what is opened is the order text (the link is confirmation.browser.test.ts's). */
async function shop(name: string, fields: Record<string, unknown> = {}) {
  const { supplier, products } = await app.t.api.seedOrder(user.token, { name, askConfirmation: false, ...fields }, [
    { name: 'Lemons', unit: 'Kg' },
    { name: 'Tomatoes', unit: 'Kg' },
  ]);
  const [lemons, tomatoes] = products as [(typeof products)[0], (typeof products)[0]];
  return { supplier, lemons, tomatoes };
}

describe('Send sends what the screen shows', () => {
  it('includes a message typed but never saved, records the same text, and keeps the message', async () => {
    const { supplier, lemons } = await shop('Mensajes');
    await app.t.api.put('/api/products/quantity', { productId: lemons.id, orderId: supplier.orderId, quantity: 1 }, user.token);
    const { page, context } = await openPage(app, { user });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    await page.getByLabel('Message above the order').fill('Hola Pepe, para mañana:');
    await slowNetwork(page, 400);
    await page.waitForTimeout(50);
    await page.getByRole('button', { name: 'Send via WhatsApp' }).click();

    await expect.poll(() => opened(page)).toHaveLength(1);
    const sentText = whatsappText((await opened(page))[0]!.url);
    expect(sentText).toBe('Hola Pepe, para mañana:\n1 x Kg: Lemons');
    await expect.poll(() => historyTexts(supplier.orderId), { timeout: 10_000 }).toEqual([sentText]);

    await page.unrouteAll({ behavior: 'wait' });
    await page.reload();
    await expect.poll(() => page.getByLabel('Message above the order').inputValue()).toBe('Hola Pepe, para mañana:');
    await context.close();
  });

  it('waits for a + tapped 50 ms before Send: the history equals the text opened, byte for byte', async () => {
    const { supplier, lemons } = await shop('Deprisa');
    await app.t.api.put('/api/products/quantity', { productId: lemons.id, orderId: supplier.orderId, quantity: 1 }, user.token);
    const { page, context } = await openPage(app, { user });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    await expect.poll(() => page.getByTestId('order-text').textContent()).toBe('1 x Kg: Lemons');
    await slowNetwork(page, 400);
    await page.getByRole('button', { name: 'One more Tomatoes' }).click();
    await page.waitForTimeout(50);
    await page.getByRole('button', { name: 'Send via WhatsApp' }).click();

    await expect.poll(() => opened(page)).toHaveLength(1);
    const sentText = whatsappText((await opened(page))[0]!.url);
    expect(sentText).toBe('1 x Kg: Lemons\n1 x Kg: Tomatoes');
    await expect.poll(() => historyTexts(supplier.orderId), { timeout: 10_000 }).toEqual([sentText]);
    const [sent] = (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data;
    expect(sent.lines.map((l: { name: string; quantity: number }) => `${l.quantity} ${l.name}`)).toEqual(['1 Lemons', '1 Tomatoes']);
    await context.close();
  });

  it('asks "Did you place the order?" after dialling, and records the call only on yes', async () => {
    const { supplier, lemons } = await shop('Llamada', { messageService: 'phone', contactInfo: '+34 644 555 666' });
    await app.t.api.put('/api/products/quantity', { productId: lemons.id, orderId: supplier.orderId, quantity: 2 }, user.token);
    const { page, context } = await openPage(app, { user });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    const dialog = page.getByRole('dialog', { name: 'Did you place the order?' });

    await page.getByRole('button', { name: 'Send via Phone call' }).click();
    await expect.poll(() => opened(page)).toEqual([{ url: 'tel:+34644555666', target: '_self' }]);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await historyTexts(supplier.orderId)).toEqual([]);
    await dialog.getByRole('button', { name: 'Not yet' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.waitForTimeout(300);
    expect(await historyTexts(supplier.orderId)).toEqual([]);

    await page.getByRole('button', { name: 'Send via Phone call' }).click();
    await dialog.getByRole('button', { name: 'Yes, record it' }).click();
    await expect.poll(() => historyTexts(supplier.orderId)).toEqual(['2 x Kg: Lemons']);
    await context.close();
  });
});

describe('WhatsApp numbers carry their country code', () => {
  it('the supplier form asks for it, and adds the owner’s in one tap (es)', async () => {
    const { page, context } = await openPage(app, { user, language: 'es' });
    await page.goto('/suppliers/new');
    await page.getByLabel('Nombre del proveedor').fill('Verduras Núñez');
    await page.getByLabel('Número de teléfono').fill('600 123 456');
    await page.getByLabel('Número de teléfono').blur();
    await expect.poll(() => page.getByText(/Añade el prefijo de país/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Usar +34 600 12 34 56' }).click();
    expect(await page.getByLabel('Número de teléfono').inputValue()).toBe('+34 600 12 34 56');
    await page.getByRole('button', { name: 'Añadir proveedor' }).click();
    // A new supplier opens on its order (issue 30: the first run leads to adding its products).
    await page.waitForURL(/\/orders\/\d+$/);
    const list = (await app.t.api.get('/api/suppliers?q=nunez', user.token)).body.data;
    expect(list.map((s: { contactInfo: string }) => s.contactInfo)).toEqual(['+34 600 12 34 56']);
    await context.close();
  });

  it('the form refuses a number without it in English too', async () => {
    const { page, context } = await openPage(app, { user, language: 'en' });
    await page.goto('/suppliers/new');
    await page.getByLabel('Supplier name').fill('No code');
    await page.getByLabel('Phone number').fill('600 123 456');
    await page.getByRole('button', { name: 'Add supplier' }).click();
    await expect.poll(() => page.getByText(/Add the country code/).isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/suppliers\/new$/);
    await context.close();
  });

  it('an old supplier without it opens WhatsApp’s chat picker, with a hint to fix it', async () => {
    const { supplier, lemons } = await shop('Antiguo', { contactInfo: '600 123 456' });
    await app.t.api.put('/api/products/quantity', { productId: lemons.id, orderId: supplier.orderId, quantity: 1 }, user.token);
    const { page, context } = await openPage(app, { user });
    await recordExits(context);
    await page.goto(`/orders/${supplier.id}`);
    await expect.poll(() => page.getByTestId('no-country-code').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Send via WhatsApp' }).click();
    await expect.poll(() => opened(page)).toHaveLength(1);
    expect((await opened(page))[0]!.url).toBe(`https://wa.me/?text=${encodeURIComponent('1 x Kg: Lemons')}`);
    await context.close();
  });
});

describe('the rest of the walk', () => {
  it('signing in on a new device shows the language saved on the account', async () => {
    const owner = await app.t.api.register({ language: 'es' });
    // A new device: nothing stored, an English browser.
    const { page, context } = await openPage(app);
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/orders');
    await expect.poll(() => page.getByRole('heading', { name: 'Pedidos' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('language'), document.documentElement.lang])).toEqual(['es', 'es']);
    await context.close();
  });

  it('/orders/<an id that is not there> is Not Found, not an empty order form', async () => {
    const { page, context } = await openPage(app, { user });
    await page.goto('/orders/999999');
    await page.waitForURL('**/404?resource=supplier');
    await expect.poll(() => page.getByText('Supplier not found').isVisible()).toBe(true);
    expect(await page.getByLabel('Message above the order').count()).toBe(0);
    await context.close();
  });

  for (const width of [320, PHONE.width]) {
    it(`never breaks a word of a product name in two (${width} px wide)`, async () => {
      const supplier = await app.t.api.createSupplier(user.token, { name: 'Frutería' });
      for (const name of ['Strawberries', 'Fresas del bosque', 'Mantequilla', 'Blackcurrants jam']) {
        await app.t.api.createProduct(user.token, supplier.orderId, name, 'Bandeja');
      }
      const { page, context } = await openPage(app, { user, viewport: { width, height: 844 } });
      await page.goto(`/orders/${supplier.id}`);
      await expect.poll(() => page.getByLabel('Quantity of Strawberries').isVisible()).toBe(true);
      // Each word of each name lies on one line: all its boxes share one top.
      const broken = await page.evaluate(() => {
        const out: string[] = [];
        for (const label of document.querySelectorAll('.order-line label')) {
          const node = label.firstChild;
          if (!node || node.nodeType !== Node.TEXT_NODE) continue;
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) out.push(match[0]);
          }
        }
        return out;
      });
      expect(broken).toEqual([]);
      await context.close();
    });
  }

  it("a product row's menu, and its Edit and Delete, are whole touch targets apart from − and +", async () => {
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Objetivos' });
    await app.t.api.createProduct(user.token, supplier.orderId, 'Strawberries', 'Kg');
    const { page, context } = await openPage(app, { user });
    await page.goto(`/orders/${supplier.id}`);
    const menuButton = page.getByRole('button', { name: 'More actions for Strawberries' });
    // A box is read only once the row is drawn: before, it is none.
    await menuButton.waitFor();
    const menu = await menuButton.boundingBox();
    const minus = await page.getByRole('button', { name: 'One less Strawberries' }).boundingBox();
    const plus = await page.getByRole('button', { name: 'One more Strawberries' }).boundingBox();
    await menuButton.click();
    const edit = await page.getByRole('menuitem', { name: 'Edit Strawberries' }).boundingBox();
    const del = await page.getByRole('menuitem', { name: 'Delete Strawberries' }).boundingBox();
    for (const box of [menu, edit, del]) {
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }
    const overlaps = (a: typeof edit, b: typeof edit) =>
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlaps(edit, del)).toBe(false);
    expect(overlaps(menu, minus)).toBe(false);
    expect(overlaps(menu, plus)).toBe(false);
    // Escape closes the menu and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
