import { readFile } from 'node:fs/promises';
import type { RegisteredUser } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, openPage, PHONE, screenshot, useApp } from './app.ts';

/**
 * Bills (issue 48, docs/decisions.md §9.6) in the browser: a delivery received
 * short (set up through the API), its bill entered on a phone from the
 * expected one with a photo of the invoice and one price higher than
 * confirmed, the flags read, approved and exported for the accountant; the
 * bills as a table on a desktop; the tax data in the forms; Spend's billed.
 */
const app = useApp();

/** A confirmed owner whose supplier's order (lemons 3.20 × 2, tomatoes 1.85 × 2.5) was sent and received with one lemon short. */
async function receivedShort(language: 'en' | 'es') {
  const owner = await app.t.api.register({ language, businessName: 'Café Luna' });
  await app.t.confirmEmail(owner.email, owner.token);
  const business = await app.t.api.put('/api/business', { taxId: 'B87654321', defaultTaxRate: 10 }, owner.token);
  expect(business.status, business.text).toBe(200);
  const supplier = await app.t.api.createSupplier(owner.token, { name: 'Verduras Núñez', showPrices: true, taxId: 'B12345678' });
  const ids: number[] = [];
  for (const [name, price, quantity] of [
    [language === 'es' ? 'Limones' : 'Lemons', 3.2, 2],
    [language === 'es' ? 'Tomates' : 'Tomatoes', 1.85, 2.5],
  ] as const) {
    const res = await app.t.api.post('/api/products', { name, unit: 'Kg', orderId: supplier.orderId, price }, owner.token);
    expect(res.status, res.text).toBe(200);
    ids.push(res.body.data.id);
    await app.t.api.setQuantity(owner.token, supplier.orderId, res.body.data.id, quantity);
  }
  const sent = await app.t.api.post(`/api/orders/${supplier.orderId}/send`, {}, owner.token);
  expect(sent.status, sent.text).toBe(200);
  const sentId = sent.body.data.id as number;
  const receipt = await app.t.api.post(`/api/sent-orders/${sentId}/receipt`, {}, owner.token);
  expect(receipt.status, receipt.text).toBe(200);
  const receiptId = receipt.body.data.id as number;
  for (const [productId, received] of [
    [ids[0], 1],
    [ids[1], 2.5],
  ] as const) {
    const line = await app.t.api.put(`/api/receipts/${receiptId}/lines/${productId}`, { received }, owner.token);
    expect(line.status, line.text).toBe(200);
  }
  const done = await app.t.api.post(`/api/receipts/${receiptId}/done`, {}, owner.token);
  expect(done.status, done.text).toBe(200);
  return { owner, supplier, ids: ids as [number, number], sentId };
}

/** A small real JPEG, drawn on a canvas in the page: the invoice's "photo". */
async function invoicePhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 160;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#fffdf5';
    context.fillRect(0, 0, 120, 160);
    context.fillStyle = '#222';
    context.font = '12px sans-serif';
    context.fillText('FACTURA F-311', 10, 20);
    for (let y = 40; y < 140; y += 14) context.fillRect(10, y, 60 + (y % 40), 4);
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

const billOf = async (owner: RegisteredUser, id: number) => (await app.t.api.get(`/api/bills/${id}`, owner.token)).body.data;

describe('Bills', () => {
  it('enters the bill of a delivery received short on a phone in Spanish: photo, a higher price, flags, approve, export', async () => {
    const { owner } = await receivedShort('es');
    const { page, context, errors } = await openPage(app, { user: owner, language: 'es', viewport: PHONE });
    await page.goto('/orders');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('link', { name: 'Facturas' }).click();
    await expectVisible(page, 'Aún no hay facturas. Añade una desde una entrega recibida, o una en blanco.');
    await page.getByRole('link', { name: 'Nueva factura' }).click();

    // From the delivery received: the expected bill (what arrived × the price).
    await expectVisible(page, 'Desde una entrega recibida');
    expect(await page.getByLabel('Desde una entrega recibida').locator('option').first().textContent()).toMatch(
      /^Verduras Núñez · recibido el /,
    );
    await page.getByLabel('Número de factura').fill('F-311');
    await expectAccessible(page, 'new bill es phone');
    await page.getByRole('button', { name: 'Crear factura' }).click();
    await expectVisible(page, 'Factura F-311');
    const lines = page.getByRole('list', { name: 'Líneas de la factura' });
    await expect.poll(() => lines.getByRole('listitem').count()).toBe(2);
    expect(await page.getByLabel('Cantidad').first().inputValue()).toBe('1');
    expect(await page.getByLabel('Precio unitario').first().inputValue()).toBe('3,2');
    expect(await page.getByLabel('Precio unitario').nth(1).inputValue()).toBe('1,85');
    expect(await page.getByLabel('% IVA').first().inputValue()).toBe('10');
    expect(await page.locator('.bill-line--flagged').count()).toBe(0);

    // The file's limits, told before anything is sent; then the photo, taken with the camera.
    const input = page.locator('input[type="file"]');
    expect(await input.getAttribute('accept')).toBe('image/*,application/pdf');
    expect(await input.getAttribute('capture')).toBe('environment');
    await input.setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('no es una factura') });
    await expectVisible(page, 'Este archivo no es una foto ni un PDF: adjunta un JPEG, PNG, WebP o PDF.');
    await input.setInputFiles({ name: 'enorme.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    await expectVisible(page, /Este archivo ocupa 6,0 MB: el máximo son 5 MB/);
    await input.setInputFiles({ name: 'factura.jpg', mimeType: 'image/jpeg', buffer: await invoicePhoto(page) });
    await expectVisible(page, 'Factura adjuntada');
    const preview = page.getByRole('img', { name: 'La factura adjunta' });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);

    // Corrected to the paper invoice: lemons billed 2 (one came), tomatoes at 1,95 (confirmed 1,85), and transport.
    await page.getByLabel('Cantidad').first().fill('2');
    await page.getByLabel('Precio unitario').nth(1).fill('1,95');
    await page.getByRole('button', { name: 'Añadir una línea' }).click();
    await page.getByLabel('Concepto').nth(2).fill('Transporte');
    await page.getByLabel('Precio unitario').nth(2).fill('5');
    await page.getByLabel('% IVA').nth(2).fill('21');
    await expectVisible(page, 'Cambios sin guardar');
    await page.getByRole('button', { name: 'Guardar factura' }).click();
    await expectVisible(page, 'Factura guardada');

    // Each line's flag, in words.
    const flagged = page.locator('.bill-line--flagged');
    await expect.poll(() => flagged.count()).toBe(3);
    expect(await lines.getByRole('listitem').nth(0).textContent()).toContain('Cantidad distinta');
    expect(await lines.getByRole('listitem').nth(1).textContent()).toContain('Precio más alto que el confirmado');
    expect(await lines.getByRole('listitem').nth(2).textContent()).toContain('No pedido');
    // Totals by rate, to the cent: 10 %: 2 × 3,20 + 2,5 × 1,95 = 11,275 → 6,40 + 4,88 = 11,28; 21 %: 5,00.
    const totals = page.getByRole('table', { name: 'Totales' });
    expect((await totals.locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      'Al 10 % 11,28 € 1,13 €',
      'Al 21 % 5,00 € 1,05 €',
    ]);
    expect(await page.getByTestId('bill-total').textContent()).toBe('18,46 €');
    const comparison = page.getByRole('region', { name: 'Comparación con el pedido' });
    expect(await comparison.textContent()).toContain('Precio más alto que el confirmado');
    await expectAccessible(page, 'bill es phone');
    await screenshot(page, 'es-phone_bill');

    // Approved: the owner is asked first, the bill having differences.
    await page.getByRole('button', { name: 'Aprobar factura' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(page, 'Esta factura tiene diferencias con el pedido. ¿Aprobarla de todos modos?');
    await dialog.getByRole('button', { name: 'Aprobar factura' }).click();
    await expectVisible(page, 'Factura aprobada');
    await expectVisible(page, 'Una factura aprobada ya no se cambia.');
    const billId = Number(/\/bills\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(await billOf(owner, billId)).toMatchObject({ status: 'approved', file: { contentType: 'image/jpeg' } });
    expect(await page.getByRole('button', { name: 'Aprobar factura' }).count()).toBe(0);

    // Exported: Spain's register, one row per bill and rate, with ";" and decimal commas.
    await page.getByRole('link', { name: 'Volver' }).click();
    await expectVisible(page, 'Exportar para el gestor');
    await page.getByLabel('Formato').selectOption('libro');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar facturas' }).click()]);
    await expectVisible(page, '1 factura exportada');
    const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
    const rows = csv.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('fecha_expedicion;fecha_registro;numero;nif_proveedor;nombre_proveedor;base_imponible;tipo_iva;cuota_iva;total');
    expect(rows.slice(1).map((row) => row.split(';').slice(2))).toEqual([
      ['F-311', 'B12345678', 'Verduras Núñez', '11,28', '10', '1,13', '12,41'],
      ['F-311', 'B12345678', 'Verduras Núñez', '5', '21', '1,05', '6,05'],
    ]);
    expect((await billOf(owner, billId)).status).toBe('exported');
    // Not exported twice unless asked.
    await page.getByRole('button', { name: 'Exportar facturas' }).click();
    await expectVisible(page, 'No hay facturas aprobadas que exportar en este periodo.');
    await page.getByLabel('Incluir las facturas ya exportadas').check();
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar facturas' }).click()]);
    await expectVisible(page, '1 factura exportada');
    expect((await readFile((await again.path()) as string, 'utf8')).split('\r\n').filter(Boolean)).toHaveLength(3);
    await expectVisible(page, 'Exportada');
    await expectAccessible(page, 'bills es phone');
    await screenshot(page, 'es-phone_bills');
    expect(errors).toEqual([]);
    await context.close();
    // The whole way from delivery to the accountant's file, one owner's morning: 40 s alone, more on a busy machine.
  }, 120_000);

  it('shows the bills as a table with their flags on a desktop in English, and takes the tax data in the forms', async () => {
    const { owner, supplier, ids, sentId } = await receivedShort('en');
    const today = new Date().toISOString().slice(0, 10);
    const expected = await app.t.api.post(
      '/api/bills',
      { supplierId: supplier.id, number: 'A-100', issuedOn: today, sentOrderIds: [sentId] },
      owner.token,
    );
    expect(expected.status, expected.text).toBe(200);
    expect(expected.body.data.status).toBe('matched');
    const higher = await app.t.api.post(
      '/api/bills',
      {
        supplierId: supplier.id,
        number: 'A-101',
        issuedOn: today,
        sentOrderIds: [sentId],
        lines: [
          { productId: ids[0], quantity: 1, unitPrice: 3.5 },
          { productId: ids[1], quantity: 2.5, unitPrice: 1.85 },
        ],
      },
      owner.token,
    );
    expect(higher.status, higher.text).toBe(200);
    expect(higher.body.data.status).toBe('mismatch');
    const blank = await app.t.api.post(
      '/api/bills',
      {
        supplierId: supplier.id,
        number: 'A-102',
        issuedOn: today,
        lines: [{ description: 'Transport', quantity: 1, unitPrice: 12, taxRate: 21 }],
      },
      owner.token,
    );
    expect(blank.status, blank.text).toBe(200);

    const { page, context, errors } = await openPage(app, { user: owner, language: 'en', viewport: DESKTOP });
    await page.goto('/bills');
    const table = page.getByRole('table', { name: 'Bills' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['Issued on', 'Supplier', 'Number', 'Due on', 'Amount', 'State', 'Differences']);
    const row = (number: string) => table.locator('tbody tr', { hasText: number });
    expect(await row('A-101').textContent()).toContain('Price higher than confirmed');
    expect(await row('A-101').textContent()).toContain('Differences');
    expect(await row('A-100').textContent()).toContain('None');
    expect(await row('A-102').textContent()).toContain('Draft');
    // Sorted by amount, largest last then first.
    await table.getByRole('button', { name: 'Amount' }).click();
    const amounts = async () =>
      (await table.locator('tbody td.data-table__num').allInnerTexts()).map((a) => Number(a.replace(/[^\d.]/g, '')));
    const up = await amounts();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    // Only those with differences.
    const show = page.getByRole('group', { name: 'Show' });
    await show.getByRole('button', { name: 'Differences' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').textContent()).toContain('A-101');
    await show.getByRole('button', { name: 'All' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    await expectAccessible(page, 'bills en desktop');
    await screenshot(page, 'en-desktop_bills');
    // A row opens its bill.
    await row('A-101').getByRole('link', { name: 'A-101' }).click();
    await expectVisible(page, 'Bill A-101');
    await expectVisible(page, 'Price higher than confirmed');
    await expectAccessible(page, 'bill en desktop');
    await screenshot(page, 'en-desktop_bill');

    // The business's tax data, the supplier's tax id, a product's own rate.
    await page.goto('/profile/business');
    await expect.poll(() => page.getByLabel('Tax id (VAT number)').inputValue()).toBe('B87654321');
    await page.getByLabel('Default tax rate (%)').fill('31');
    await page.getByRole('button', { name: 'Save tax data' }).click();
    await expectVisible(page, 'Enter a rate from 0 to 30, with at most 2 decimals');
    await page.getByLabel('Default tax rate (%)').fill('21');
    await page.getByRole('button', { name: 'Save tax data' }).click();
    await expectVisible(page, 'Tax data saved');
    expect((await app.t.api.get('/api/business', owner.token)).body.data).toMatchObject({ taxId: 'B87654321', defaultTaxRate: 21 });
    await page.goto(`/suppliers/${supplier.id}`);
    await expect.poll(() => page.getByLabel('Tax id (VAT number)').inputValue()).toBe('B12345678');
    await page.goto(`/orders/${supplier.id}/products/${ids[0]}/update`);
    await expectVisible(page, "Empty: the business's default rate (21 %).");
    await page.getByLabel('Tax rate (%)').fill('4');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await app.t.api.get(`/api/products/${ids[0]}`, owner.token)).body.data.taxRate).toBe(4);
    await context.close();

    // Staff enter and read a bill (they receive the paper invoice), but neither approve it nor see the list in their menu.
    await app.t.server.deps.db.updateTable('memberships').set({ role: 'staff' }).where('user_id', '=', owner.user.id).execute();
    const staff = await openPage(app, { user: owner, language: 'en', viewport: DESKTOP });
    await staff.page.goto(`/bills/${higher.body.data.id}`);
    await expectVisible(staff.page, 'Price higher than confirmed');
    expect(await staff.page.getByRole('button', { name: 'Approve bill' }).count()).toBe(0);
    const menu = staff.page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link', { name: 'Bills' }).count()).toBe(0);
    expect([...errors, ...staff.errors]).toEqual([]);
    await staff.context.close();
  });
  it('sets what the Xero export writes: the owner on a phone in Spanish, a manager reads it on a desktop, staff do not see it', async () => {
    const owner = await app.t.api.register({ language: 'es', businessName: 'Café Luna' });
    expect((await app.t.api.put('/api/business', { defaultTaxRate: 21 }, owner.token)).status).toBe(200);
    const { context, page, errors } = await openPage(app, { user: owner, language: 'es', viewport: PHONE });
    // The export for the accountant leads there when Xero is the format.
    await page.goto('/bills');
    const toSettings = page.getByRole('link', { name: 'Código de cuenta y tipos de impuesto para Xero: en la pantalla del negocio' });
    await toSettings.scrollIntoViewIfNeeded();
    await screenshot(page, 'es-phone_bills-export-xero');
    await toSettings.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile/business');
    await expect.poll(() => page.getByLabel('Código de cuenta').inputValue()).toBe('300');
    // A rate added starts as the business's default; its name is left empty, and a second row repeats it.
    await page.getByRole('button', { name: 'Añadir un tipo' }).click();
    await expect.poll(() => page.getByLabel('Tipo (%)').first().inputValue()).toBe('21');
    await page.getByRole('button', { name: 'Añadir un tipo' }).click();
    // Every tax rate field's rule: 0 to 30.
    await page.getByLabel('Tipo (%)').nth(1).fill('31');
    await page.getByRole('button', { name: 'Guardar ajustes de Xero' }).click();
    await expectVisible(page, 'Escribe un tipo de 0 a 30, con 2 decimales como máximo');
    await page.getByLabel('Tipo (%)').nth(1).fill('21');
    await page.getByLabel('Código de cuenta').fill('');
    await page.getByRole('button', { name: 'Guardar ajustes de Xero' }).click();
    await expectVisible(page, 'Escribe un código de cuenta de 1 a 10 caracteres');
    await expectVisible(page, 'Este tipo ya está en la lista');
    expect(await page.getByText('Escribe el tipo de impuesto, 50 caracteres como mucho').count()).toBe(2);
    // Nothing was saved.
    expect((await app.t.api.get('/api/business/accounting', owner.token)).body.data).toEqual({ xeroAccountCode: '300', xeroTaxTypes: [] });

    await page.getByLabel('Código de cuenta').fill('6000');
    await page.getByLabel('Tipo de impuesto en Xero').first().fill('IVA 21% soportado');
    await page.getByLabel('Tipo (%)').nth(1).fill('10,5');
    await page.getByLabel('Tipo de impuesto en Xero').nth(1).fill('IVA reducido');
    await page.getByRole('button', { name: 'Quitar el tipo 10,5 %' }).click();
    await page.getByRole('button', { name: 'Añadir un tipo' }).click();
    await page.getByLabel('Tipo (%)').nth(1).fill('10');
    await page.getByLabel('Tipo de impuesto en Xero').nth(1).fill('IVA 10% soportado');
    await page.getByRole('button', { name: 'Guardar ajustes de Xero' }).click();
    await expectVisible(page, 'Ajustes de Xero guardados');
    expect((await app.t.api.get('/api/business/accounting', owner.token)).body.data).toEqual({
      xeroAccountCode: '6000',
      xeroTaxTypes: [
        { rate: 21, taxType: 'IVA 21% soportado' },
        { rate: 10, taxType: 'IVA 10% soportado' },
      ],
    });
    // Read again, the page shows what was saved.
    await page.reload();
    await expect.poll(() => page.getByLabel('Tipo de impuesto en Xero').nth(1).inputValue()).toBe('IVA 10% soportado');
    await expectAccessible(page, 'xero es phone');
    await screenshot(page, 'es-phone_business-xero');
    await context.close();

    // On a desktop in English, the owner's rows sit on one line each.
    await app.t.api.put('/api/users/me', { language: 'en' }, owner.token);
    const manager = await openPage(app, { user: owner, language: 'en', viewport: DESKTOP });
    await manager.page.goto('/profile/business');
    await expect.poll(() => manager.page.getByLabel('Tax type in Xero').nth(1).inputValue()).toBe('IVA 10% soportado');
    await screenshot(manager.page, 'en-desktop_business-xero-owner');
    // A manager reads the settings; staff, who export no bills, do not see them.
    await app.t.server.deps.db.updateTable('memberships').set({ role: 'manager' }).where('user_id', '=', owner.user.id).execute();
    await manager.page.reload();
    await expectVisible(manager.page, 'Xero export');
    await expectVisible(manager.page, 'IVA 10% soportado');
    expect(await manager.page.getByRole('button', { name: 'Save Xero settings' }).count()).toBe(0);
    await expectAccessible(manager.page, 'xero en desktop');
    await screenshot(manager.page, 'en-desktop_business-xero');
    await app.t.server.deps.db.updateTable('memberships').set({ role: 'staff' }).where('user_id', '=', owner.user.id).execute();
    await manager.page.reload();
    await expectVisible(manager.page, 'Tax data');
    // The offline copy still says manager until the business is read again.
    await expect.poll(() => manager.page.getByText('Xero export').count()).toBe(0);
    expect([...errors, ...manager.errors]).toEqual([]);
    await manager.context.close();
  });
});
