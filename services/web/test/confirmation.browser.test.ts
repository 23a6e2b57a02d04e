import { type RegisteredUser, startSmtpServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppUnderTest,
  DESKTOP,
  expectAccessible,
  expectVisible,
  opened,
  openPage,
  PHONE,
  recordExits,
  screenshot,
  startApp,
} from './app.ts';

/**
 * The supplier confirms from the message (issue 11, docs/decisions.md §6.4), at
 * phone size in English and Spanish: the owner sends through WhatsApp; a
 * second browser with no session opens the link at the end of the sent text,
 * marks a line unavailable, writes a note and confirms; the owner's history
 * shows "partial" with that item, and the owner's email reaches the SMTP
 * server.
 */
let app: AppUnderTest;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const TEXT = {
  en: {
    send: 'Send via WhatsApp',
    note: 'When sent, the text ends with a link where Verduras Núñez confirms and marks what is missing.',
    title: 'Order from Café Luna',
    confirm: 'Confirm',
    noteLabel: 'Note for Café Luna (optional)',
    delivery: 'Delivery date (optional)',
    count: '2 of 3 available',
    done: /^Sent to Café Luna\. You can change it until /,
    partial: 'You confirmed the order except: Lemons.',
    history: 'Confirmed, except: Lemons',
    subject: 'Verduras Núñez answered: some items unavailable',
    supplierNote: 'No lemons until Friday',
  },
  es: {
    send: 'Enviar por WhatsApp',
    note: 'Al enviarlo, el texto termina con un enlace donde Verduras Núñez confirma y marca lo que falta.',
    title: 'Pedido de Café Luna',
    confirm: 'Confirmar',
    noteLabel: 'Nota para Café Luna (opcional)',
    delivery: 'Fecha de entrega (opcional)',
    count: '2 de 3 disponibles',
    done: /^Enviado a Café Luna\. Puedes cambiarlo hasta el /,
    partial: 'Has confirmado el pedido excepto: Lemons.',
    history: 'Confirmado, excepto: Lemons',
    subject: 'Respuesta de Verduras Núñez: faltan algunos productos',
    supplierNote: 'Sin limones hasta el viernes',
  },
} as const;

async function shop(language: 'en' | 'es') {
  const user = await app.t.api.register({ language, businessName: 'Café Luna' });
  const { supplier } = await app.t.api.seedOrder(
    user.token,
    { name: 'Verduras Núñez', messageService: 'whatsapp', contactInfo: '+34 600 123 456' },
    [
      { name: 'Lemons', unit: 'Kg', quantity: 2 },
      { name: 'Onions', unit: 'Bag', quantity: 1 },
      { name: 'Tomatoes', unit: 'Kg', quantity: 2.5 },
    ],
  );
  return { user, supplier };
}

/** The owner sends through WhatsApp; answers the text that was opened. */
async function ownerSends(language: 'en' | 'es', user: RegisteredUser, supplierId: number, orderId: number) {
  const text = TEXT[language];
  const { page, context } = await openPage(app, { language, user, viewport: PHONE });
  await recordExits(context);
  await page.goto(`/orders/${supplierId}`);
  await expectVisible(page, text.note);
  await page.getByRole('button', { name: text.send }).click();
  await expect.poll(() => opened(page)).toHaveLength(1);
  const url = new URL((await opened(page))[0]?.url ?? '');
  await expect.poll(async () => (await app.t.api.get(`/api/orders/${orderId}/history`, user.token)).body.data.length).toBe(1);
  return { page, context, sentText: url.searchParams.get('text') ?? '' };
}

describe.each(['en', 'es'] as const)('the supplier confirms (%s)', (language) => {
  const text = TEXT[language];

  it('opens the link from the sent text with no session, marks a line unavailable, notes, confirms; the owner sees it', async () => {
    const { user, supplier } = await shop(language);
    const owner = await ownerSends(language, user, supplier.id, supplier.orderId);
    // The sent text is what the history keeps, and it ends with the link.
    const history = (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data;
    expect(owner.sentText).toBe(history[0].text);
    const link = owner.sentText.split('\n').at(-1) ?? '';
    expect(link.endsWith(history[0].confirmUrl)).toBe(true);
    const path = new URL(history[0].confirmUrl).pathname;

    // The supplier: another browser, no session, the browser's language.
    const supplierContext = await app.browser.newContext({
      viewport: PHONE,
      baseURL: app.t.url,
      locale: language === 'es' ? 'es-ES' : 'en-US',
    });
    const page = await supplierContext.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const response = await page.goto(path);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text.title);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    // None of the owner's app: no React, no screen chunk.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => !/\/assets\/confirm(-shared)?-[\w-]+\.js$/.test(s))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await expectAccessible(page, `confirmation page (${language})`);
    await screenshot(page, `confirm-form-${language}`);
    await page.getByRole('switch', { name: /Lemons/ }).click();
    await expectVisible(page, text.count);
    await page.getByLabel(text.noteLabel).fill(text.supplierNote);
    await page.getByLabel(text.delivery).fill('2026-12-04');
    await screenshot(page, `confirm-marked-${language}`);
    await page.getByRole('button', { name: text.confirm, exact: true }).click();
    await expectVisible(page, text.done);
    await expectVisible(page, text.partial);
    await expectAccessible(page, `confirmation sent (${language})`);
    await screenshot(page, `confirm-done-${language}`);
    expect(errors).toEqual([]);

    // The owner: the email reaches the SMTP server, and the history says "partial" with that item.
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === text.subject);
    expect(mail.text).toContain(text.supplierNote);
    await owner.page.goto(`/orders/${supplier.id}/history`);
    await expectVisible(owner.page, text.history);
    await screenshot(owner.page, `confirm-owner-history-${language}`);
    // The history row shows the answer whole, what is missing included (issue 32), not cut to one line.
    const answer = owner.page.locator('.list__meta [data-status="partial"]').first();
    expect(await answer.evaluate((el) => el.clientWidth > 0 && el.scrollWidth <= el.clientWidth)).toBe(true);
    await owner.page
      .getByRole('link', { name: /WhatsApp/ })
      .first()
      .click();
    await expectVisible(owner.page, text.supplierNote, { exact: false });
    await expectAccessible(owner.page, `sent order with its confirmation (${language})`);
    await screenshot(owner.page, `confirm-owner-sent-${language}`);
    await owner.page.goto(`/orders/${supplier.id}`);
    await expectVisible(owner.page, text.history);
    await screenshot(owner.page, `confirm-owner-order-${language}`);
    // The orders list tells it without opening the order (issue 32).
    await owner.page.goto('/orders');
    await expect.poll(() => owner.page.getByTestId('last-answer').textContent()).toBe(text.history);
    await screenshot(owner.page, `confirm-owner-orders-${language}`);

    // At desktop size the page stays one readable column.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expectVisible(page, text.partial);
    await screenshot(page, `confirm-done-desktop-${language}`);
    await supplierContext.close();
    await owner.context.close();
  });
});

describe('a link that no longer works', () => {
  it('says so plainly, in the browser’s language', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.t.url, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(`/confirm/${'Z'.repeat(24)}`);
    await expectVisible(page, 'Este enlace ya no funciona');
    await expectAccessible(page, 'confirmation link gone');
    await screenshot(page, 'confirm-gone-es');
    await context.close();
  });
});
