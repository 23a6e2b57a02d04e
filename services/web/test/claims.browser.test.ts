import type { RegisteredUser } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  expectVisible,
  keptForOffline,
  opened,
  openPage,
  PHONE,
  recordExits,
  screenshot,
  useApp,
} from './app.ts';

/**
 * Claims on the web (issue 46, docs/decisions.md §9.4): a delivery checked offline with
 * one short and one damaged line on the phone, the owner prepares
 * the claim and sends it through WhatsApp, the supplier answers "Abono" with a
 * note and a credit note's number from a second browser with no session, and
 * the owner sees it on the claim, the orders list and Spend, then closes it.
 * Staff see none of it; the desktop lists claims as a table; an unknown link
 * says so.
 */
const app = useApp();

/**
 * An owner (Café Luna) with a supplier sharing prices, lemons 2 × 3.20 and tomatoes 2.5 × 1.85 sent; unless
 * `check` is false, received through the API: 1 short and 1.5 damaged.
 */
async function checkedDelivery(language: 'en' | 'es', check = true) {
  const api = app.t.api;
  const owner = await api.register({ language, businessName: 'Café Luna', fullName: 'Ana García' });
  await app.t.confirmEmail(owner.email, owner.token);
  owner.user = { ...owner.user, emailVerified: true };
  const supplier = await api.createSupplier(owner.token, { name: 'Verduras Núñez', contactInfo: '+34 600 123 456', showPrices: true });
  const ids: number[] = [];
  for (const [name, price, quantity] of [
    ['Lemons', 3.2, 2],
    ['Tomatoes', 1.85, 2.5],
  ] as const) {
    const made = await api.post('/api/products', { name, unit: 'Kg', orderId: supplier.orderId, price }, owner.token);
    expect(made.status, made.text).toBe(200);
    ids.push(made.body.data.id);
    await api.setQuantity(owner.token, supplier.orderId, made.body.data.id, quantity);
  }
  const sent = await api.post(`/api/orders/${supplier.orderId}/send`, {}, owner.token);
  expect(sent.status, sent.text).toBe(200);
  if (!check) return { owner, supplier, ids, receiptId: 0 };
  const receipt = await api.post(`/api/sent-orders/${sent.body.data.id}/receipt`, {}, owner.token);
  expect(receipt.status, receipt.text).toBe(200);
  const receiptId = receipt.body.data.id as number;
  for (const [productId, body] of [
    [ids[0], { received: 1, outcome: 'short' }],
    [ids[1], { received: 1.5, outcome: 'damaged', note: 'Aplastados' }],
  ] as const) {
    const res = await api.put(`/api/receipts/${receiptId}/lines/${productId}`, body, owner.token);
    expect(res.status, res.text).toBe(200);
  }
  const done = await api.post(`/api/receipts/${receiptId}/done`, {}, owner.token);
  expect(done.status, done.text).toBe(200);
  return { owner, supplier, ids, receiptId };
}

/** The supplier: a browser of their own, no session, in `language`. */
async function supplierPage(language: 'en' | 'es') {
  const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.t.url, locale: language === 'es' ? 'es-ES' : 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return { context, page, errors, scripts };
}

const owedOf = (page: Page) => page.getByTestId('claims-owed');

describe('the claim, at phone size in Spanish', () => {
  it('the owner checks the delivery, prepares the claim and sends it by WhatsApp; the supplier answers Abono; the owner sees it, closes it', async () => {
    const { owner, supplier, ids } = await checkedDelivery('es', false);
    const { page, context, errors } = await openPage(app, { language: 'es', user: owner, viewport: PHONE, serviceWorkers: 'allow' });
    await recordExits(context);

    // The delivery, checked on the phone: lemons 1 of 2 (short), tomatoes 1,5 of 2,5 usable (damaged).
    await page.goto(`/orders/${supplier.id}`);
    await expectVisible(page, 'Lemons');
    await page.goto('/orders');
    expect(await owedOf(page).count()).toBe(0);
    // In the cellar, without a connection: the check-in goes through the one outbox.
    const arrived = page.getByRole('link', { name: 'Ha llegado el pedido: Verduras Núñez' });
    await arrived.waitFor();
    await keptForOffline(page, owner);
    await context.setOffline(true);
    await arrived.click();
    await expect.poll(() => page.getByTestId('receipt-line').count()).toBe(2);
    await page.getByRole('button', { name: 'Lemons no cuadra' }).click();
    await page.locator(`#received-${ids[0]}`).fill('1');
    await page.getByRole('button', { name: 'Falta', exact: true }).click();
    await page.getByRole('button', { name: 'Guardar la línea' }).click();
    await page.getByRole('button', { name: 'Tomatoes no cuadra' }).click();
    await page.locator(`#received-${ids[1]}`).fill('1,5');
    await page.getByRole('button', { name: 'Dañado', exact: true }).click();
    await page.getByRole('button', { name: 'Guardar la línea' }).click();
    await page.getByRole('button', { name: 'Cerrar recepción' }).click();
    await expectVisible(page, /Sin conexión: \d+ cambios pendientes/);
    expect((await app.t.api.get('/api/receipts', owner.token)).body.data).toEqual([]);
    // Back online: the outbox sends the check-in, in order, and the claim is offered.
    await context.setOffline(false);
    await expect
      .poll(async () => (await app.t.api.get('/api/receipts', owner.token)).body.data[0]?.status, { timeout: 20_000 })
      .toBe('done');

    // The closed receipt offers the claim: 1 × 3,20 + 1 × 1,85, its text in Spanish ending with the supplier's link.
    await expectVisible(page, 'Reclamar la diferencia');
    await expectVisible(page, 'Lemons: Falta');
    await expectVisible(page, 'Tomatoes: Dañado');
    await expectAccessible(page, 'closed receipt with its claim (es)');
    await screenshot(page, 'claim-card-receipt-phone-es');
    await page.getByRole('button', { name: 'Preparar la reclamación' }).click();
    await expect.poll(() => page.getByTestId('claim-amount').textContent()).toBe('Reclamado: 5,05 €');
    await expectVisible(page, 'Esperando al proveedor');
    await expectAccessible(page, 'claim card, made (es)');
    await screenshot(page, 'claim-card-made-phone-es');
    // The text's long link wraps: nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Enviar la reclamación por WhatsApp' }).click();
    await expect.poll(() => opened(page)).toHaveLength(1);
    const url = new URL((await opened(page))[0]?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/34600123456');
    const [claim] = (await app.t.api.get('/api/claims', owner.token)).body.data;
    const claimId = claim.id as number;
    const sentText = url.searchParams.get('text') ?? '';
    expect(sentText).toBe(claim.text);
    expect(sentText.trimEnd().endsWith(claim.claimUrl)).toBe(true);
    expect(claim.amount).toBe(5.05);
    await expectVisible(page, 'Reclamación enviada por WhatsApp.');
    await page.getByRole('link', { name: 'Abrir la reclamación' }).click();
    await expectVisible(page, 'Reclamación a Verduras Núñez');
    await expectVisible(page, 'Total reclamado: 5,05 €');
    await expectAccessible(page, 'claim, open (es)');
    await screenshot(page, 'claim-open-phone-es');

    // The orders list: what the supplier owes, a link to the claims.
    await page.goto('/orders');
    await expect.poll(() => owedOf(page).textContent()).toBe('Te deben 5,05 € (1 reclamación)');
    await expectVisible(page, 'Te deben 5,05 € (1 reclamación)');
    await screenshot(page, 'claims-orders-owed-phone-es');

    // The supplier opens the link from the sent text: no session, none of the app.
    const other = await supplierPage('es');
    const path = new URL(claim.claimUrl).pathname;
    const response = await other.page.goto(path);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect.poll(() => other.page.getByRole('heading', { level: 1 }).textContent()).toBe('Reclamación de Café Luna');
    expect(await other.page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(other.scripts.filter((s) => !/\/assets\/(claim|confirm-shared)-[\w-]+\.js$/.test(s))).toEqual([]);
    await expectVisible(other.page, 'Total reclamado: 5,05 €');
    await expectAccessible(other.page, 'claim page (es)');
    await screenshot(other.page, 'claim-page-form-es');
    // Sending with no answer chosen says what is missing and sends nothing.
    await other.page.getByRole('button', { name: 'Enviar la respuesta' }).click();
    await expectVisible(other.page, 'Elige abono, reenvío o no conforme.');
    await other.page.getByRole('radio', { name: 'Abono' }).check();
    await other.page.getByLabel('Número del abono (opcional)').fill('AB-7');
    await other.page.getByLabel('Nota para Café Luna (opcional)').fill('Perdón, va en la próxima factura');
    await other.page.getByRole('button', { name: 'Enviar la respuesta' }).click();
    await expectVisible(other.page, /^Enviado a Café Luna\. Puedes cambiarlo hasta el /);
    await expectVisible(other.page, 'Tu respuesta: Abono');
    await expectVisible(other.page, 'Abono n.º AB-7');
    await expectAccessible(other.page, 'claim page answered (es)');
    await screenshot(other.page, 'claim-page-answered-es');

    // The owner sees the answer on the claim (read again on opening), on the list, and the credit on Spend.
    await page.goto(`/claims/${claimId}`);
    await expect.poll(() => page.getByTestId('claim-status').first().textContent()).toBe('Abonado');
    await expectVisible(page, 'Abono n.º AB-7');
    await expectVisible(page, 'Nota: Perdón, va en la próxima factura');
    await expectAccessible(page, 'claim, credited (es)');
    await screenshot(page, 'claim-credited-phone-es');
    await page.goto('/orders');
    await expect.poll(() => owedOf(page).textContent()).toBe('Te deben 5,05 € (1 reclamación)');
    await owedOf(page).getByRole('link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/claims');
    await expectVisible(page, 'Verduras Núñez · 5,05 €');
    await expectVisible(page, 'Abono · AB-7 · Perdón, va en la próxima factura');
    await expectAccessible(page, 'claims list (es)');
    await screenshot(page, 'claims-list-phone-es');
    await page.goto('/spend');
    await expect.poll(() => page.getByTestId('spend-credits').textContent()).toMatch(/^Abonos de reclamaciones: 5,05 € · Neto: /);
    await screenshot(page, 'claims-spend-phone-es');

    // Closed: nothing owed any more, and the supplier's page says it is closed.
    await page.goto(`/claims/${claimId}`);
    await page.getByRole('button', { name: 'Cerrar la reclamación' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar la reclamación' }).click();
    await expect.poll(() => page.getByTestId('claim-status').first().textContent()).toBe('Cerrada');
    await page.goto('/orders');
    await expectVisible(page, 'Verduras Núñez');
    // The list shows what it held until it is read again, at once.
    await expect.poll(() => owedOf(page).count()).toBe(0);
    expect(await page.getByTestId('supplier-owed').count()).toBe(0);
    await other.page.reload();
    await expectVisible(other.page, 'Esta reclamación está cerrada');
    await expectVisible(other.page, 'Tu respuesta: Abono');
    await expectAccessible(other.page, 'claim page closed (es)');
    expect(other.errors).toEqual([]);
    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  }, 120_000);
});

describe('staff', () => {
  it('see no claim: nothing owed on the orders list, and the claims are not theirs', async () => {
    const { owner, receiptId } = await checkedDelivery('es');
    expect((await app.t.api.post(`/api/receipts/${receiptId}/claim`, {}, owner.token)).status).toBe(200);
    const staff: RegisteredUser = await app.t.joinBusiness(owner, 'staff', { language: 'es' });
    const business = (await app.t.api.get('/api/businesses', owner.token)).body.data[0].id as number;
    const { page, context, errors } = await openPage(app, { language: 'es', user: staff, viewport: PHONE });
    await context.addInitScript((chosen) => localStorage.setItem('business', JSON.stringify(chosen)), {
      userId: staff.user.id,
      businessId: business,
    });
    await page.goto('/orders');
    await expectVisible(page, 'Verduras Núñez');
    expect(await owedOf(page).count()).toBe(0);
    expect(await page.getByTestId('supplier-owed').count()).toBe(0);
    await page.goto('/claims');
    await expectVisible(page, 'Volver a los pedidos');
    expect(await page.getByRole('button', { name: 'Preparar la reclamación' }).count()).toBe(0);
    expect(await page.getByText('Te deben').count()).toBe(0);
    await screenshot(page, 'claims-staff-phone-es');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the claims table, on a desktop in English', () => {
  it('lists each claim with its supplier, status, amount and answer; a row opens the claim', async () => {
    const { owner } = await checkedDelivery('en');
    const { page, errors } = await openPage(app, { language: 'en', user: owner, viewport: DESKTOP });
    // A checked delivery not claimed yet offers its claim on the claims screen; made, the claim opens.
    await page.goto('/claims');
    await expectVisible(page, /^Not claimed yet: Verduras Núñez, delivery of /);
    await expectAccessible(page, 'claims with a delivery to claim (en)');
    await page.getByRole('button', { name: 'Prepare the claim' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/claims\/\d+$/);
    await expect.poll(() => page.getByTestId('claim-amount').textContent()).toBe('Claimed: €5.05');
    const [made] = (await app.t.api.get('/api/claims', owner.token)).body.data;
    const token = new URL(made.claimUrl).pathname.split('/')[2];
    const answer = await app.t.api.post(`/api/public/claims/${token}`, { answer: 'redeliver', note: 'Friday, with the next order' });
    expect(answer.status, answer.text).toBe(200);
    await page.goto('/orders');
    // A redelivery owes no money: the claim still counts as open.
    await expect.poll(() => owedOf(page).textContent()).toBe('1 open claim');
    await owedOf(page).getByRole('link').click();
    const table = page.getByRole('table', { name: 'Claims' });
    await expect.poll(() => table.isVisible()).toBe(true);
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual(['Supplier', 'Delivery checked', 'Status', 'Amount', 'Answer']);
    // The list may first show the copy kept from /claims, before the answer: it is refetched on the way in.
    const row = async () => {
      const cells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents();
      return [cells[0], cells[2], cells[3], cells[4]];
    };
    await expect.poll(row).toEqual(['Verduras Núñez', 'To be redelivered', '€5.05', 'Redeliver · Friday, with the next order']);
    await expectAccessible(page, 'claims table (en)');
    await screenshot(page, 'claims-table-desktop-en');
    await table.getByRole('link', { name: 'Verduras Núñez' }).click();
    await expectVisible(page, 'Claim to Verduras Núñez');
    await expectVisible(page, 'Redeliver');
    await expectVisible(page, 'Note: Friday, with the next order');
    await expectVisible(page, 'Total claimed: €5.05');
    await expectAccessible(page, 'claim (en, desktop)');
    await screenshot(page, 'claim-desktop-en');
    expect(errors).toEqual([]);
  });
});

describe("the supplier's claim page", () => {
  it('says plainly that an unknown link does not work', async () => {
    const other = await supplierPage('en');
    const response = await other.page.goto(`/claim/${'C'.repeat(24)}`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => other.page.getByRole('heading', { level: 1 }).textContent()).toBe('This link does not work');
    await expectVisible(other.page, 'This claim does not exist or was deleted. Please contact the business directly.');
    await expectAccessible(other.page, 'claim page, unknown link (en)');
    await screenshot(other.page, 'claim-page-404-en');
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});
