import { confirmationLine } from '@reorder/schemas';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP, expectVisible, opened, openPage, PHONE, recordExits, screenshot, useApp } from './app.ts';

/**
 * Issue 26, docs/decisions.md §8.1: nothing sent is ever lost. Every change
 * of an order goes through one queue, in the order made, online or not; a
 * send records what the device sent; re-order asks "Replace or add?" and
 * offers Undo; a text copied by hand can be marked sent. Phone size, the
 * network cut and restored by the test (`context.setOffline`).
 */
// These tests wait on the outbox and the server several times over: a setup limit, not a timing check.
vi.setConfig({ testTimeout: 90_000 });

const app = useApp();

const TEXT = {
  en: {
    more: (name: string) => `One more ${name}`,
    send: 'Send via WhatsApp',
    clearNow: 'Clear order',
    waiting: (count: number) => `Offline: ${count} ${count === 1 ? 'change' : 'changes'} waiting`,
    confirm: 'Confirm',
    confirmed: 'You confirmed the whole order.',
  },
  es: {
    more: (name: string) => `Uno más de ${name}`,
    send: 'Enviar por WhatsApp',
    clearNow: 'Vaciar pedido',
    waiting: (count: number) => `Sin conexión: ${count} ${count === 1 ? 'cambio pendiente' : 'cambios pendientes'}`,
    confirm: 'Confirmar',
    confirmed: 'Has confirmado el pedido completo.',
  },
} as const;
type Language = keyof typeof TEXT;

/** An owner with one supplier (asked to confirm unless told otherwise) and products P1…P4, P1 ordered once. */
async function shop(language: Language, supplier: Record<string, unknown> = {}) {
  const user = await app.t.api.register({ language, businessName: 'Café Luna' });
  const created = await app.t.api.createSupplier(user.token, { name: 'Frutas Pepe', ...supplier });
  const products = [];
  for (let i = 1; i <= 4; i++) products.push(await app.t.api.createProduct(user.token, created.orderId, `P${i}`, 'Kg'));
  await app.t.api.put('/api/products/quantity', { productId: products[0]!.id, orderId: created.orderId, quantity: 1 }, user.token);
  const api = {
    order: async () => (await app.t.api.get(`/api/orders/supplier/${created.id}`, user.token)).body.data,
    history: async () => (await app.t.api.get(`/api/orders/${created.orderId}/history`, user.token)).body.data,
  };
  return { user, supplier: created, products, api };
}

const orderText = (page: Page) => page.getByTestId('order-text').textContent();

/** Opens the order while online and waits until its text shows `expected`. */
async function openOrder(page: Page, supplierId: number, expected: string) {
  await page.goto(`/orders/${supplierId}`);
  await expect.poll(() => orderText(page), { timeout: 15_000 }).toBe(expected);
}

/**
 * Opens the order, and waits until the service worker controls the page, so
 * the screens' parts loaded later (the offline bar, Count mode) come offline
 * as they do on an owner's phone.
 */
async function openOrderForOffline(page: Page, supplierId: number, expected: string) {
  await openOrder(page, supplierId, expected);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60_000 });
}

/** The text the page opened in WhatsApp, the `n`th time. */
async function whatsappText(page: Page, n = 0) {
  await expect.poll(async () => (await opened(page)).length).toBeGreaterThan(n);
  return decodeURIComponent(new URL((await opened(page))[n]!.url).searchParams.get('text') ?? '');
}

describe.each(['es', 'en'] as const)('one save path (%s, phone)', (language) => {
  const text = TEXT[language];

  // Behaviour, not words: once, in one language (the screens test renders both, and the server tests the texts of each).
  if (language === 'en') {
    it('offline edits, send, clear, back online: the history holds the sent text, its link confirms, the order is empty', async () => {
      const { user, supplier, api } = await shop(language);
      const { page, context, errors } = await openPage(app, { language, user, viewport: PHONE, serviceWorkers: 'allow' });
      await recordExits(context);
      const { confirmUrl } = await api.order();
      await openOrderForOffline(page, supplier.id, '1 x Kg: P1');

      await context.setOffline(true);
      // The offline bar first: it moves the rows down as it comes, and a tap aimed before it could land elsewhere.
      await expectVisible(page, 'Offline: showing what this device last loaded.', { exact: true });
      await page.getByRole('button', { name: text.more('P2') }).click();
      await page.getByRole('button', { name: text.more('P2') }).click();
      await page.getByRole('button', { name: text.more('P4') }).click();
      await expect.poll(() => orderText(page)).toBe('1 x Kg: P1\n2 x Kg: P2\n1 x Kg: P4');
      await page.getByRole('button', { name: text.send }).click();
      const sent = await whatsappText(page);
      expect(sent).toBe(`1 x Kg: P1\n2 x Kg: P2\n1 x Kg: P4\n\n${confirmationLine(language, confirmUrl)}`);
      await page.getByRole('button', { name: text.clearNow }).click();
      await expect.poll(() => orderText(page)).not.toContain('x Kg');
      // Two taps on P2 while the first waits are one change: P2, P4, the send and the clear wait, in that order.
      await expectVisible(page, text.waiting(4), { exact: true });
      await screenshot(page, `save-path-offline-${language}`);

      await context.setOffline(false);
      await expect.poll(async () => (await api.history()).length, { timeout: 20_000 }).toBe(1);
      const [record] = await api.history();
      expect(record.text).toBe(sent);
      expect(record.confirmUrl).toBe(confirmUrl);
      await expect.poll(async () => (await api.order()).text, { timeout: 15_000 }).toBe('');
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: text.waiting(4) })
            .count(),
        )
        .toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(errors).toEqual([]);

      // The supplier opens the link in the message, and confirms.
      const supplierPage = await openPage(app, { language });
      await supplierPage.page.goto(new URL(confirmUrl).pathname);
      await supplierPage.page.getByRole('button', { name: text.confirm, exact: true }).click();
      await expectVisible(supplierPage.page, text.confirmed);
      await expect.poll(async () => (await api.history())[0].confirmation?.status).toBe('confirmed');
      await supplierPage.context.close();
      await context.close();
    });
  }

  // Behaviour, not words: once, in one language (the screens test renders both, and the server tests the texts of each).
  if (language === 'es') {
    it('a par edit made offline reaches the server', async () => {
      const { user, supplier, products, api } = await shop(language, { askConfirmation: false });
      const { page, context } = await openPage(app, { language, user, viewport: PHONE, serviceWorkers: 'allow' });
      await openOrderForOffline(page, supplier.id, '1 x Kg: P1');
      await page.getByRole('button', { name: 'Contar', exact: true }).click();
      await expect.poll(() => page.locator(`#par-${products[2]!.id}`).isVisible()).toBe(true);
      await context.setOffline(true);
      await page.locator(`#par-${products[2]!.id}`).fill('7,5');
      await page.keyboard.press('Enter');
      await expectVisible(page, text.waiting(1), { exact: true });
      await context.setOffline(false);
      await expect
        .poll(async () => (await api.order()).products.find((p: { productId: number }) => p.productId === products[2]!.id)?.par, {
          timeout: 20_000,
        })
        .toBe(7.5);
      await context.close();
    });
  }
});

describe('two devices on one account', () => {
  it('the phone sends offline while the laptop changes the order: both land, the send is recorded, neither is stale', async () => {
    const { user, supplier, api } = await shop('es', { askConfirmation: false });
    const phone = await openPage(app, { language: 'es', user, viewport: PHONE, serviceWorkers: 'allow' });
    const laptop = await openPage(app, { language: 'es', user, viewport: DESKTOP });
    await recordExits(phone.context);
    await openOrderForOffline(phone.page, supplier.id, '1 x Kg: P1');
    await openOrder(laptop.page, supplier.id, '1 x Kg: P1');

    await phone.context.setOffline(true);
    // As the owner sees it: the offline bar first (it moves the rows down as it comes: a tap aimed
    // before it could land elsewhere), then P3 in the order and the bar counting it, then Send.
    await expectVisible(phone.page, 'Sin conexión: ves lo último que cargó este dispositivo.', { exact: true });
    await phone.page.getByRole('button', { name: TEXT.es.more('P3') }).click();
    await expect.poll(() => orderText(phone.page)).toBe('1 x Kg: P1\n1 x Kg: P3');
    await expectVisible(phone.page, TEXT.es.waiting(1), { exact: true });
    await phone.page.getByRole('button', { name: TEXT.es.send }).click();
    const sent = await whatsappText(phone.page);
    expect(sent).toBe('1 x Kg: P1\n1 x Kg: P3');
    // Meanwhile the laptop, online, adds two P4.
    await laptop.page.getByRole('button', { name: TEXT.es.more('P4') }).click();
    await laptop.page.getByRole('button', { name: TEXT.es.more('P4') }).click();
    await expect.poll(async () => (await api.order()).text, { timeout: 15_000 }).toBe('1 x Kg: P1\n2 x Kg: P4');

    await phone.context.setOffline(false);
    await expect.poll(async () => (await api.history()).length, { timeout: 20_000 }).toBe(1);
    expect((await api.history())[0].text).toBe(sent);
    const both = '1 x Kg: P1\n1 x Kg: P3\n2 x Kg: P4';
    await expect.poll(async () => (await api.order()).text).toBe(both);
    // The phone reads the order again once its changes are in; the laptop on its next look.
    await expect.poll(() => orderText(phone.page), { timeout: 15_000 }).toBe(both);
    await laptop.page.goto('/orders');
    await laptop.page.goto(`/orders/${supplier.id}`);
    await expect.poll(() => orderText(laptop.page), { timeout: 15_000 }).toBe(both);
    await phone.context.close();
    await laptop.context.close();
  });
});

describe('taps in a row', () => {
  it('each saved at once, and the order read again after the last of them, not after each (en)', async () => {
    const { user, supplier, api } = await shop('en', { askConfirmation: false });
    const { page, context, errors } = await openPage(app, { user });
    await openOrder(page, supplier.id, '1 x Kg: P1');
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('orders.bySupplier')) reads.push(request.url());
    });
    const taps = 5;
    for (let tap = 1; tap <= taps; tap++) {
      await page.getByRole('button', { name: TEXT.en.more('P2') }).click();
      // Each tap lands on the server before the next: the device's changes are all in, five times over.
      await expect.poll(async () => (await api.order()).text, { timeout: 10_000 }).toBe(`1 x Kg: P1\n${tap} x Kg: P2`);
    }
    // Whatever another device changed shows once the taps are in: the order is read again, once the
    // owner has paused, and not after every tap (a 1,000-product order is some 200 KB each time).
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(reads.length).toBeLessThan(taps);
    expect(await orderText(page)).toBe(`1 x Kg: P1\n${taps} x Kg: P2`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('re-order and copy', () => {
  it('re-order over a non-empty order asks; "add" sums and keeps the message; Undo puts it back (es)', async () => {
    const { user, supplier, products, api } = await shop('es', { askConfirmation: false });
    const set = (index: number, quantity: number) =>
      app.t.api.put('/api/products/quantity', { productId: products[index]!.id, orderId: supplier.orderId, quantity }, user.token);
    // Last week's order: 2 P2, sent with its own message.
    await set(0, 0);
    await set(1, 2);
    await app.t.api.put(`/api/orders/${supplier.orderId}`, { introduce: 'Para el martes' }, user.token);
    expect((await app.t.api.post(`/api/orders/${supplier.orderId}/send`, {}, user.token)).status).toBe(200);
    // This week's order in progress: 1 P1 and 3 P2, with a new message.
    await set(0, 1);
    await set(1, 3);
    await app.t.api.put(`/api/orders/${supplier.orderId}`, { introduce: 'Hola Pepe' }, user.token);
    const inProgress = 'Hola Pepe\n1 x Kg: P1\n3 x Kg: P2';

    const { page, context } = await openPage(app, { language: 'es', user, viewport: PHONE });
    await page.goto(`/orders/${supplier.id}/history`);
    await page.getByRole('button', { name: /^Repetir pedido del/ }).click();
    const dialog = page.getByRole('dialog', { name: '¿Sustituir o añadir?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, 'reorder-ask-es');
    await dialog.getByRole('button', { name: 'Añadir' }).click();
    await page.waitForURL(`**/orders/${supplier.id}`);
    const added = 'Hola Pepe\n1 x Kg: P1\n5 x Kg: P2';
    await expect.poll(() => orderText(page)).toBe(added);
    await expect.poll(async () => (await api.order()).text, { timeout: 15_000 }).toBe(added);

    const undo = page.getByRole('button', { name: 'Deshacer' });
    await expect.poll(() => undo.isVisible()).toBe(true);
    await screenshot(page, 'reorder-undo-es');
    await undo.click();
    await expect.poll(() => orderText(page)).toBe(inProgress);
    await expect.poll(async () => (await api.order()).text, { timeout: 15_000 }).toBe(inProgress);

    // "Replace" takes last week's lines but keeps the message being kept; Cancel changes nothing.
    await page.goto(`/orders/${supplier.id}/history`);
    await page.getByRole('button', { name: /^Repetir pedido del/ }).click();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect((await api.order()).text).toBe(inProgress);
    await page.getByRole('button', { name: /^Repetir pedido del/ }).click();
    await dialog.getByRole('button', { name: 'Sustituir' }).click();
    await expect.poll(() => orderText(page)).toBe('Hola Pepe\n2 x Kg: P2');
    await expect.poll(async () => (await api.order()).text, { timeout: 15_000 }).toBe('Hola Pepe\n2 x Kg: P2');
    await context.close();
  });

  it('Undo is offered for 10 seconds, and an empty order is re-ordered without a question (en)', async () => {
    const { user, supplier, api } = await shop('en', { askConfirmation: false });
    expect((await app.t.api.post(`/api/orders/${supplier.orderId}/send`, {}, user.token)).status).toBe(200);
    expect((await app.t.api.post('/api/products/clear', { orderId: supplier.orderId }, user.token)).status).toBe(200);
    const { page, context } = await openPage(app, { language: 'en', user, viewport: PHONE });
    // The page's clock, moved on by the test: the 10 seconds pass without waiting them out.
    await page.clock.install();
    await openOrder(page, supplier.id, 'Nothing ordered yet: set a quantity above.');
    await page.getByRole('button', { name: /^Re-order / }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => orderText(page)).toBe('1 x Kg: P1');
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect.poll(() => undo.isVisible()).toBe(true);
    await page.clock.fastForward(9000);
    expect(await undo.isVisible()).toBe(true);
    await page.clock.fastForward(1500);
    await expect.poll(() => undo.count()).toBe(0);
    await expect.poll(async () => (await api.order()).text).toBe('1 x Kg: P1');
    await context.close();
  });

  it('Copy text, then Mark as sent: the history holds the copied text with its link (es)', async () => {
    const { user, supplier, api } = await shop('es');
    const { confirmUrl } = await api.order();
    const { page, context } = await openPage(app, { language: 'es', user, viewport: DESKTOP });
    await openOrder(page, supplier.id, '1 x Kg: P1');
    await page.getByRole('button', { name: 'Copiar texto' }).filter({ visible: true }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`1 x Kg: P1\n\n${confirmationLine('es', confirmUrl)}`);
    expect(await api.history()).toEqual([]);
    const mark = page.getByRole('button', { name: 'Marcar como enviado' }).filter({ visible: true });
    await expect.poll(() => mark.isVisible()).toBe(true);
    await screenshot(page, 'mark-sent-es');
    await mark.click();
    await expect.poll(async () => (await api.history()).length, { timeout: 15_000 }).toBe(1);
    const [record] = await api.history();
    expect(record).toMatchObject({ text: copied, confirmUrl, channel: 'whatsapp' });
    await page.getByRole('link', { name: 'Historial' }).click();
    await expectVisible(page, / · por WhatsApp$/);
    await context.close();
  });
});

describe('a read of the order answered late (en, phone)', () => {
  it('never puts back what a landed change undid: the send’s read, answered from before the clear, is dropped', async () => {
    const { user, supplier, api } = await shop('en', { askConfirmation: false });
    const { page, context, errors } = await openPage(app, { language: 'en', user, viewport: PHONE });
    await recordExits(context);
    await openOrder(page, supplier.id, '1 x Kg: P1');
    // Every text the order shows from here on.
    await page.evaluate(() => {
      const shown: string[] = [];
      Object.assign(window, { shownTexts: shown });
      new MutationObserver(() => shown.push(document.querySelector('[data-testid="order-text"]')?.textContent ?? '')).observe(
        document.body,
        {
          subtree: true,
          childList: true,
          characterData: true,
        },
      );
    });
    // A recorded send reads the order again. That read gets the server's answer at once, from before the clear,
    // and reaches the page only once the clear has landed (as a slow connection can deliver it).
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await page.route('**/api/trpc/**', async (route) => {
      if (held > 0 || route.request().method() !== 'GET' || !route.request().url().includes('orders.bySupplier')) return route.fallback();
      held++;
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: TEXT.en.send }).click();
    await whatsappText(page);
    await expect.poll(() => held).toBe(1);
    const clearLanded = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes('products.clear'),
    );
    await page.getByRole('button', { name: TEXT.en.clearNow }).click();
    await clearLanded;
    expect((await api.order()).text).toBe('');
    const lateRead = page.waitForResponse((response) => response.url().includes('orders.bySupplier'));
    release();
    await lateRead;
    // Past the read the outbox makes once drained (1.5 s): the order was never shown with P1 again.
    await page.waitForTimeout(2000);
    const shown = await page.evaluate(() => (window as unknown as { shownTexts: string[] }).shownTexts);
    const cleared = shown.findIndex((text) => !text.includes('x Kg'));
    expect(cleared).toBeGreaterThanOrEqual(0);
    expect(shown.slice(cleared).filter((text) => text.includes('x Kg'))).toEqual([]);
    expect(await orderText(page)).not.toContain('x Kg');
    expect(errors).toEqual([]);
    await context.close();
  });
});
