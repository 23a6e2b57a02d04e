import { confirmationLine } from '@reorder/schemas';
import type { RegisteredUser } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, openPage, PHONE, screenshot, seedProducts, useApp } from './app.ts';

/**
 * Issue 16: the order screen built for one thumb. At 390×844, in English and
 * Spanish, with an order of 200 products and 5 of them ordered: Send in reach
 * at the top and after scrolling the whole list, the first quantity above
 * the fold, the message folded to one line, the order text in a sheet, and
 * the orders list with counts and last-sent dates.
 */
const app = useApp();

const TEXT = {
  en: {
    send: 'Send via WhatsApp',
    lines: '5 products',
    sheet: 'See the text',
    close: 'Close',
    copy: 'Copy text',
    message: 'Message above the order',
    save: 'Save message',
    saved: 'Success! Order updated!',
    onlyOrdered: 'In this order (5)',
    empty: 'Empty',
    never: 'Never sent',
    lastSent: 'Last sent',
    edit: 'Edit Producto 001',
    rowMenu: 'More actions for Producto 001',
    delete: 'Delete Producto 001',
    reorder: /^Re-order \w/,
    restored: 'Order restored: review it and send it.',
  },
  es: {
    send: 'Enviar por WhatsApp',
    lines: '5 productos',
    sheet: 'Ver el texto',
    close: 'Cerrar',
    copy: 'Copiar texto',
    message: 'Mensaje encima del pedido',
    save: 'Guardar mensaje',
    saved: '¡Hecho! ¡Pedido actualizado!',
    onlyOrdered: 'En este pedido (5)',
    empty: 'Vacío',
    never: 'Nunca enviado',
    lastSent: 'Último envío',
    edit: 'Editar Producto 001',
    rowMenu: 'Más acciones para Producto 001',
    delete: 'Eliminar Producto 001',
    reorder: /^Repetir el del \d/,
    restored: 'Pedido recuperado: revísalo y envíalo.',
  },
} as const;

/** A supplier whose catalogue has `count` products (seeded with SQL, as the API limits the rate), 5 of them ordered. */
async function bigOrder(user: RegisteredUser, name: string, count: number) {
  // Not asked to confirm: a re-order sends the very same text (each send's confirmation link would differ).
  const supplier = await app.t.api.createSupplier(user.token, {
    name,
    messageService: 'whatsapp',
    contactInfo: '+34 600 123 456',
    askConfirmation: false,
  });
  const ids = await seedProducts(app, user, supplier.orderId, count, { digits: 3 });
  for (const id of ids.slice(0, 5)) {
    const res = await app.t.api.put('/api/products/quantity', { productId: id, orderId: supplier.orderId, quantity: 2 }, user.token);
    expect(res.status, res.text).toBe(200);
  }
  return supplier;
}

/** What the owner sees without scrolling (a whole page of 200 products is no picture of that). */
const viewShot = (page: Page, name: string) => screenshot(page, name, { view: true });

/** Where an element is on screen, and whether all of it is inside the viewport. */
async function placeOf(page: Page, locator: ReturnType<Page['getByRole']>) {
  // The Send bar can be drawn before the rows: a box is only read once the element is there.
  await locator.waitFor({ state: 'visible', timeout: 10_000 });
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'on screen').not.toBeNull();
  return { top: box!.y, inView: box!.y >= 0 && box!.y + box!.height <= viewport.height };
}

/** Whether the element's centre is its own on screen: in view and under nothing (the fixed Send bar, the menu). */
function uncovered(locator: ReturnType<Page['getByRole']>) {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

for (const language of ['en', 'es'] as const) {
  const text = TEXT[language];

  describe(`the order screen for one thumb (${language})`, () => {
    let user: RegisteredUser;
    /** 200 products: where Send and the first field are, however long the list. */
    let supplierId: number;
    /** 30 products: the screens axe checks and the screenshots (axe over 200 rows only costs time). */
    let smallId: number;
    beforeAll(async () => {
      user = await app.t.api.register({ language });
      supplierId = (await bigOrder(user, 'Mayorista Central', 200)).id;
      smallId = (await bigOrder(user, 'Frutería Norte', 30)).id;
    });

    it('keeps Send in reach at the top and after scrolling 200 products, with the first quantity above the fold', async () => {
      const { page, context, errors } = await openPage(app, { user, language, viewport: PHONE });
      await page.goto(`/orders/${supplierId}`);
      const send = page.getByRole('button', { name: text.send });
      await expect.poll(() => send.isVisible(), { timeout: 10_000 }).toBe(true);
      await viewShot(page, `${language}-phone_order-thumb_top`);
      expect((await placeOf(page, send)).inView).toBe(true);
      const firstQuantity = page.getByLabel(/Producto 001/).first();
      expect((await placeOf(page, firstQuantity)).inView).toBe(true);
      expect(await uncovered(firstQuantity), 'the first quantity is not under the Send bar').toBe(true);
      expect(await uncovered(send)).toBe(true);
      await expect.poll(() => page.getByTestId('order-line-count').textContent()).toBe(text.lines);

      // Halfway down the list (a long list renders only the rows in view: there is no row 100 to scroll to yet).
      // Until the virtualizer's chunk is in, the list shows its first 40 rows: halfway down is then row 20,
      // so each look scrolls halfway down the page as it is by then.
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
          return page
            .getByLabel(/Producto 1\d\d/)
            .first()
            .isVisible();
        })
        .toBe(true);
      expect((await placeOf(page, send)).inView).toBe(true);
      await viewShot(page, `${language}-phone_order-thumb_middle`);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect((await placeOf(page, send)).inView).toBe(true);
      // Nothing at the end of the page hides under the bar: the last copy button can be seen above it.
      const copy = page.getByRole('button', { name: text.copy });
      const [copyBox, barBox] = [await copy.boundingBox(), await send.boundingBox()];
      expect(copyBox!.y + copyBox!.height).toBeLessThan(barBox!.y);

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: text.onlyOrdered }).click();
      await expect
        .poll(() =>
          page
            .getByRole('list', { name: language === 'en' ? 'Products' : 'Productos' })
            .getByRole('listitem')
            .count(),
        )
        .toBe(5);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('with 30 products: Send and the first quantity in view at once, and nothing axe objects to', async () => {
      const { page, context } = await openPage(app, { user, language, viewport: PHONE });
      await page.goto(`/orders/${smallId}`);
      const send = page.getByRole('button', { name: text.send });
      await expect.poll(() => send.isVisible(), { timeout: 10_000 }).toBe(true);
      expect((await placeOf(page, send)).inView).toBe(true);
      expect((await placeOf(page, page.getByLabel(/Producto 001/).first())).inView).toBe(true);
      // A row stays short: Edit and Delete wait in its menu, away from the stepper (issue 32).
      expect(await page.getByRole('link', { name: text.edit }).count()).toBe(0);
      await page.getByRole('button', { name: text.rowMenu }).click();
      await expect.poll(() => page.getByRole('menuitem', { name: text.edit }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('menuitem', { name: text.delete }).isVisible()).toBe(true);
      await expectAccessible(page, `order top (${language})`);
      await context.close();
    });

    // Behaviour, not layout: once, in one language (the screens test renders both).
    if (language === 'en') {
      it('folds the message to one line, expands it to edit, saves it and folds it again', async () => {
        const { page, context } = await openPage(app, { user, language, viewport: PHONE });
        await page.goto(`/orders/${smallId}`);
        const message = page.getByLabel(text.message);
        await expect.poll(() => message.getAttribute('rows'), { timeout: 10_000 }).toBe('1');
        expect(await page.getByRole('button', { name: text.save }).count()).toBe(0);
        await message.click();
        await expect.poll(() => message.getAttribute('rows')).toBe('3');
        await message.fill('Hola, para el lunes:');
        await page.getByRole('button', { name: text.save }).click();
        await expectVisible(page, text.saved, { exact: true });
        await expect.poll(() => page.getByRole('button', { name: text.save }).count()).toBe(0);
        await expect.poll(() => message.getAttribute('rows')).toBe('1');
        // The message goes to the server through the outbox, after the toast: the server has it soon, not at once.
        const introduce = async () => (await app.t.api.get(`/api/orders/supplier/${smallId}`, user.token)).body.data.introduce;
        await expect.poll(introduce, { timeout: 10_000 }).toBe('Hola, para el lunes:');
        await context.close();
      });
    }

    // Behaviour, not layout: once, in one language (the screens test renders both).
    if (language === 'es') {
      it('opens the order text as a sheet from the bar, and copies it', async () => {
        const { page, context } = await openPage(app, { user, language, viewport: PHONE });
        await page.goto(`/orders/${smallId}`);
        await page.getByRole('button', { name: text.sheet }).click();
        const sheet = page.getByRole('dialog');
        await expect.poll(() => sheet.isVisible()).toBe(true);
        const { text: server, confirmUrl } = (await app.t.api.get(`/api/orders/supplier/${smallId}`, user.token)).body.data;
        await expect.poll(() => sheet.getByTestId('order-text-sheet').textContent()).toBe(server);
        await expectAccessible(page, `order sheet (${language})`);
        await viewShot(page, `${language}-phone_order-thumb_sheet`);
        // Copy text copies what Send would open, the supplier's link included (docs/decisions.md §8.1).
        await sheet.getByRole('button', { name: text.copy }).click();
        const copied = confirmUrl ? `${server}\n\n${confirmationLine(language, confirmUrl)}` : server;
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
        await sheet.getByRole('button', { name: text.close }).click();
        await expect.poll(() => sheet.isVisible()).toBe(false);
        await context.close();
      });
    }

    // Behaviour, not layout: once, in one language (the screens test renders both).
    if (language === 'en') {
      it('lists each order with its line count, or empty, and when it was last sent', async () => {
        const quiet = await app.t.api.createSupplier(user.token, { name: 'Zumos Vacíos' });
        const sentTo = await bigOrder(user, 'Aceites Sur', 3);
        const sent = await app.t.api.post(`/api/orders/${sentTo.orderId}/send`, {}, user.token);
        expect(sent.status, sent.text).toBe(200);
        for (const viewport of [PHONE, DESKTOP]) {
          const { page, context } = await openPage(app, { user, language, viewport });
          await page.goto('/orders');
          const row = (name: string) => page.getByRole('listitem').filter({ hasText: name }).getByTestId('order-summary');
          await expect.poll(() => row('Mayorista Central').textContent(), { timeout: 10_000 }).toBe(`${text.lines} · ${text.never}`);
          await expect.poll(() => row(quiet.name).textContent()).toBe(`${text.empty} · ${text.never}`);
          await expect
            .poll(() => row('Aceites Sur').textContent())
            .toMatch(new RegExp(`^${text.lines.replace('5', '3')} · ${text.lastSent} `));
          await expectAccessible(page, `orders list (${language})`);
          await screenshot(page, `${language}-${viewport === PHONE ? 'phone' : 'desktop'}_orders-thumb`);
          await context.close();
        }
      });
    }

    // Behaviour, not layout: once, in one language (the screens test renders both).
    if (language === 'es') {
      it('offers Re-order of the last send in the bar of an empty order, then Send in the same place sends the same text', async () => {
        const weekly = await bigOrder(user, 'Panadería Semanal', 8);
        const sent = await app.t.api.post(`/api/orders/${weekly.orderId}/send`, {}, user.token);
        expect(sent.status, sent.text).toBe(200);
        expect((await app.t.api.post('/api/products/clear', { orderId: weekly.orderId }, user.token)).status).toBe(200);

        const { page, context } = await openPage(app, { user, language, viewport: PHONE });
        await page.goto(`/orders/${weekly.id}`);
        const reorder = page.getByRole('button', { name: text.reorder });
        await expect.poll(() => reorder.isVisible(), { timeout: 10_000 }).toBe(true);
        expect(await uncovered(reorder)).toBe(true);
        const send = page.getByRole('button', { name: text.send });
        expect(await send.isDisabled()).toBe(true);
        await viewShot(page, `${language}-phone_order-thumb_reorder`);

        await reorder.click();
        await expectVisible(page, text.restored, { exact: true });
        await expect.poll(() => page.getByTestId('order-line-count').textContent()).toBe(text.lines);
        await expect.poll(() => reorder.count()).toBe(0);
        await expect.poll(() => send.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.evaluate(() => {
          window.open = (url?: string | URL) => {
            (window as unknown as { opened: string }).opened = String(url);
            return null;
          };
        });
        await send.click();
        const history = () =>
          app.t.api.get(`/api/orders/${weekly.orderId}/history`, user.token).then((r) => r.body.data as { text: string }[]);
        await expect.poll(async () => (await history()).length).toBe(2);
        const [again, lastWeek] = await history();
        expect(again!.text).toBe(lastWeek!.text);
        const opened = await page.evaluate(() => (window as unknown as { opened: string }).opened);
        expect(opened).toBe(`https://wa.me/34600123456?text=${encodeURIComponent(lastWeek!.text)}`);
        await context.close();
      });
    }

    it('uses the width on a desktop: the list beside the order text, and Send in view without scrolling', async () => {
      const { page, context } = await openPage(app, { user, language, viewport: DESKTOP });
      await page.goto(`/orders/${smallId}`);
      const send = page.getByRole('button', { name: text.send });
      await expect.poll(() => send.isVisible(), { timeout: 10_000 }).toBe(true);
      expect((await placeOf(page, send)).inView).toBe(true);
      const list = await page.getByRole('list', { name: language === 'en' ? 'Products' : 'Productos' }).boundingBox();
      const orderText = await page.getByTestId('order-text').boundingBox();
      expect(orderText!.x).toBeGreaterThan(list!.x + list!.width - 1);
      expect(await page.getByRole('button', { name: text.sheet }).isVisible()).toBe(false);
      await expectAccessible(page, `order desktop (${language})`);
      await viewShot(page, `${language}-desktop_order-thumb`);
      await context.close();
    });
  });
}
