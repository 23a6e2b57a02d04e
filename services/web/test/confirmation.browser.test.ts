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

/** A supplier that takes prices, three products ordered (one without a price), and a supplier's browser at `viewport`. */
async function pricedShop(language: 'en' | 'es') {
  const user = await app.t.api.register({ language, businessName: 'Café Luna' });
  const supplier = await app.t.api.createSupplier(user.token, {
    name: 'Lácteos Sierra',
    messageService: 'whatsapp',
    contactInfo: '+34 600 123 456',
    showPrices: true,
  });
  const bulk = await app.t.api.post(
    '/api/products/bulk',
    {
      orderId: supplier.orderId,
      products: [
        { name: 'Butter', unit: 'kg', price: 2.5, quantity: 4 },
        { name: 'Milk', unit: 'l', price: 0.95, quantity: 12 },
        { name: 'Parsley', unit: 'bunch', quantity: 2 },
      ],
    },
    user.token,
  );
  expect(bulk.status, bulk.text).toBe(200);
  const ids: Record<string, number> = Object.fromEntries(bulk.body.data.products.map((p: { name: string; id: number }) => [p.name, p.id]));
  return { user, supplier, ids };
}

async function supplierBrowser(language: 'en' | 'es', viewport: { width: number; height: number }) {
  const context = await app.browser.newContext({ viewport, baseURL: app.t.url, locale: language === 'es' ? 'es-ES' : 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

const TOTALS = {
  es: {
    adjust: 'Cambiar cantidad o precio, u ofrecer un sustituto',
    quantity: 'Cantidad que vas a servir',
    price: 'Precio por',
    substitute: 'Sustituto (opcional)',
    sent: 'Total confirmado: 21,40 € · 1 sin precio',
    lessButter: 'Total confirmado: 18,90 € · 1 sin precio',
    dearerMilk: 'Total confirmado: 20,70 € · 1 sin precio',
    noParsley: 'Total confirmado: 20,70 €',
    butterQuantity: '3',
    milkPrice: '1,10',
    confirm: 'Confirmar',
    done: /^Enviado a Café Luna\./,
  },
  en: {
    adjust: 'Change quantity, price or offer a substitute',
    quantity: 'Quantity you will deliver',
    price: 'Price per',
    substitute: 'Substitute (optional)',
    sent: 'Confirmed total: €21.40 · 1 without price',
    lessButter: 'Confirmed total: €18.90 · 1 without price',
    dearerMilk: 'Confirmed total: €20.70 · 1 without price',
    noParsley: 'Confirmed total: €20.70',
    butterQuantity: '3',
    milkPrice: '1.10',
    confirm: 'Confirm',
    done: /^Sent to Café Luna\./,
  },
} as const;

describe.each([
  ['es', PHONE, 'phone'],
  ['en', DESKTOP, 'desktop'],
] as const)('each product its own group, and the confirmed total (%s, %s)', (language, viewport, size) => {
  const text = TOTALS[language];

  it('groups quantity, price and substitute under the product, and totals as lines change', async () => {
    const { user, supplier, ids } = await pricedShop(language);
    const sendRes = await app.t.api.post(`/api/orders/${supplier.orderId}/send`, {}, user.token);
    expect(sendRes.status, sendRes.text).toBe(200);
    const { context, page, errors } = await supplierBrowser(language, viewport);
    await page.goto(new URL(sendRes.body.data.confirmUrl).pathname);
    const total = page.getByRole('status').filter({ hasText: /total/i });
    const totalText = async () => (await total.textContent())?.replace(/\u00a0/g, ' ');
    await expect.poll(totalText).toBe(text.sent);

    // One group per product, named by the product alone, holding all of its fields.
    const butter = page.getByRole('group', { name: 'Butter', exact: true });
    const milk = page.getByRole('group', { name: 'Milk', exact: true });
    // (A details element is a group too: the products' groups are the named ones.)
    expect(await page.getByRole('group', { name: /^(Butter|Milk|Parsley)$/ }).count()).toBe(3);
    for (const [group, name] of [
      [butter, 'Butter'],
      [milk, 'Milk'],
    ] as const) {
      await group.getByText(text.adjust).click();
      expect(await group.getByRole('switch').getAttribute('id')).toBeTruthy();
      expect(await group.getByLabel(text.quantity).count(), name).toBe(1);
      expect(await group.getByLabel(text.price).count(), name).toBe(1);
      expect(await group.getByLabel(text.substitute).count(), name).toBe(1);
    }
    // The butter's substitute box is inside the butter's box, nearer its own name than the milk's.
    const butterBox = await butter.boundingBox();
    const milkBox = await milk.boundingBox();
    const substituteBox = await butter.getByLabel(text.substitute).boundingBox();
    if (!butterBox || !milkBox || !substituteBox) throw new Error('the groups are not laid out');
    expect(substituteBox.y).toBeGreaterThan(butterBox.y);
    expect(substituteBox.y + substituteBox.height).toBeLessThan(butterBox.y + butterBox.height);
    // A clear gap between one product's box and the next.
    expect(milkBox.y - (butterBox.y + butterBox.height)).toBeGreaterThanOrEqual(12);

    // The total follows a quantity, a price and a line switched off, in the page's language.
    await butter.getByLabel(text.quantity).fill(text.butterQuantity);
    await expect.poll(totalText).toBe(text.lessButter);
    await milk.getByLabel(text.price).fill(text.milkPrice);
    await expect.poll(totalText).toBe(text.dearerMilk);
    await butter.getByLabel(text.substitute).fill('Mantequilla sin sal');
    await expectAccessible(page, `confirmation groups and total (${language}, ${size})`);
    await screenshot(page, `confirm-groups-${language}-${size}`);
    await page.getByRole('group', { name: 'Parsley', exact: true }).getByRole('switch').click();
    await expect.poll(totalText).toBe(text.noParsley);
    await screenshot(page, `confirm-total-${language}-${size}`);

    // What was typed in the butter's group is the butter's answer.
    await page.getByRole('button', { name: text.confirm, exact: true }).click();
    await expectVisible(page, text.done);
    const history = (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data;
    const lines = history[0].confirmation.lines as { productId: number; quantity: number; price: number | null; substitute: string }[];
    expect(lines.find((l) => l.productId === ids.Butter)).toMatchObject({ quantity: 3, price: null, substitute: 'Mantequilla sin sal' });
    expect(lines.find((l) => l.productId === ids.Milk)).toMatchObject({ quantity: 12, price: 1.1, substitute: '' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a link opened before the phone that sent it has synced', () => {
  it('says the order has not reached us yet, never that it was withdrawn; Try again shows it once it has', async () => {
    const { user, supplier } = await pricedShop('es');
    // The owner's phone made the link and sent the order offline: the server has the link, not the send.
    const order = (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data;
    const { context, page, errors } = await supplierBrowser('es', PHONE);
    await page.goto(new URL(order.confirmUrl).pathname);
    await expectVisible(page, 'Este pedido aún no nos ha llegado: vuelve a abrir el enlace en unos minutos.');
    expect(await page.getByText('Este enlace ya no funciona').count()).toBe(0);
    expect(await page.getByText(/retir/).count()).toBe(0);
    await expectAccessible(page, 'confirmation not yet synced (es)');
    await screenshot(page, 'confirm-not-yet-es-phone');

    // The phone syncs; trying again opens the order.
    const sent = await app.t.api.post(`/api/orders/${supplier.orderId}/send`, {}, user.token);
    expect(sent.body.data.confirmUrl).toBe(order.confirmUrl);
    await page.getByRole('button', { name: 'Volver a intentarlo' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Pedido de Café Luna');
    expect(errors).toEqual([]);
    await context.close();
  });
});
