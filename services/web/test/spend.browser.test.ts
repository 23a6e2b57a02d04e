import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, openPage, PHONE, screenshot, useApp } from './app.ts';

/**
 * The Spend screen (docs/decisions.md §8.4) on a year of sends seeded with
 * SQL: this month against the last, the chart by month and supplier (its
 * library fetched on this screen only), the month's top products, and the
 * accountant's CSV.
 */
const app = useApp();

/** An owner with three suppliers and 14 months of priced sends, two a week each, made with SQL. */
async function ownerWithHistory(language: 'en' | 'es') {
  const user = await app.t.api.register({ language, businessName: 'Café Luna' });
  const db = app.t.server.deps.db;
  const businessId = (await app.t.api.get('/api/business', user.token)).body.data.id as number;
  const suppliers = [];
  for (const name of ['Frutas Pepe', 'Lácteos Sierra', 'Panadería Sol'])
    suppliers.push(await app.t.api.createSupplier(user.token, { name }));
  const ids = suppliers.map((s) => s.id as number);
  const orders = suppliers.map((s) => s.orderId as number);
  const day = 24 * 3600 * 1000;
  const now = Date.now();
  const rows = Array.from({ length: 851 }, (_, g) => {
    const k = g % 3;
    const lines = [
      {
        productId: 900 + k * 2,
        name: ['Tomates', 'Leche entera', 'Pan de centeno'][k]!,
        unit: 'kg',
        quantity: 2 + (g % 4),
        price: 1.5 + k,
      },
      { productId: 901 + k * 2, name: ['Limones', 'Yogur', 'Croissants'][k]!, unit: 'ud', quantity: 1 + (g % 2), price: 4 + k },
    ];
    return {
      business_id: businessId,
      order_id: orders[k]!,
      supplier_id: ids[k]!,
      channel: 'whatsapp',
      text: 'seeded',
      introduce: '',
      lines: JSON.stringify(lines),
      sent_at: new Date(now - g * day * 0.5),
      total: lines.reduce((sum, line) => sum + line.quantity * line.price, 0),
      currency: 'EUR',
      sent_by: user.user.id,
    };
  });
  await db.insertInto('sent_orders').values(rows).execute();
  return { user };
}

describe('Spend', () => {
  it('shows this month against the last, the chart, the top products and a CSV, in Spanish on a phone', async () => {
    const { user } = await ownerWithHistory('es');
    const { page, context, errors } = await openPage(app, { user, language: 'es', viewport: PHONE });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/suppliers');
    await expectVisible(page, 'Gasto');
    // chart.js comes in the chart's own chunk, fetched on the Spend screen only.
    expect(scripts.filter((url) => /SpendChart/.test(url))).toEqual([]);
    await page.getByRole('link', { name: 'Gasto' }).click();
    await expectVisible(page, 'Este mes');
    await expect.poll(() => page.locator('canvas[role="img"]').count()).toBe(1);
    expect(scripts.filter((url) => /SpendChart/.test(url))).toHaveLength(1);
    await expectVisible(page, /el mes pasado \d/);
    await expectVisible(page, 'Los 10 productos con más gasto este mes');
    expect(await page.locator('.spend-top li').count()).toBe(6);
    await page.getByText('Ver como tabla').click();
    expect(await page.locator('.spend-table tbody tr').count()).toBe(12);
    await expectAccessible(page, 'spend es phone');
    await screenshot(page, 'es-phone_spend');
    // The accountant's CSV: last month by default, in the Spanish convention.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sent-orders-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFdate;supplier;product;unit;quantity;price;line_total;currency;sent_by;status');
    expect(csv.split('\r\n').length).toBeGreaterThan(50);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads in English on a desktop, and tells a backwards range in words', async () => {
    const { user } = await ownerWithHistory('en');
    const { page, context, errors } = await openPage(app, { user, language: 'en', viewport: DESKTOP });
    await page.goto('/spend');
    await expectVisible(page, 'Last 12 months, by supplier');
    await expect.poll(() => page.locator('canvas[role="img"]').count()).toBe(1);
    await page.getByLabel('From').fill('2026-11-20');
    await page.getByLabel('To').fill('2026-11-01');
    await expectVisible(page, 'The end date must be on or after the start date');
    expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    await screenshot(page, 'en-desktop_spend');
    expect(errors).toEqual([]);
    await context.close();
  });
});
