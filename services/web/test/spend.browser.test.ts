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
        name: ['Tomates', 'Leche entera', 'Queso manchego curado de oveja en aceite'][k]!,
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
      // Two a day back from now; the first three a minute apart, so that this month has every product even on its first day.
      sent_at: new Date(g < 3 ? now - g * 60_000 : now - g * day * 0.5),
      total: lines.reduce((sum, line) => sum + line.quantity * line.price, 0),
      currency: 'EUR',
      sent_by: user.user.id,
    };
  });
  await db.insertInto('sent_orders').values(rows).execute();
  return { user };
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const WORDS = {
  es: {
    menu: 'Menú principal',
    spend: 'Gasto',
    thisMonth: 'Este mes',
    table: 'Por proveedor y mes',
    supplier: 'Proveedor',
    total: 'Total',
    download: 'Descargar CSV',
    header: 'fecha;proveedor;producto;unidad;cantidad;precio;importe;moneda;enviado_por;estado',
    // Whole euros, thousands grouped: "1.200 €", "0 €".
    tick: /^\d{1,3}(\.\d{3})* €$/,
    year: /^[a-z]{3,4} \d{4}$/,
  },
  en: {
    menu: 'Main menu',
    spend: 'Spend',
    thisMonth: 'This month',
    table: 'By supplier and month',
    supplier: 'Supplier',
    total: 'Total',
    download: 'Download CSV',
    header: 'date,supplier,product,unit,quantity,price,line_total,currency,sent_by,status',
    tick: /^€\d{1,3}(,\d{3})*$/,
    year: /^[A-Z][a-z]{2} \d{4}$/,
  },
} as const;

describe('Spend', () => {
  for (const [language, size, viewport] of [
    ['es', 'phone', PHONE],
    ['en', 'phone', PHONE],
    ['es', 'desktop', DESKTOP],
    ['en', 'desktop', DESKTOP],
  ] as const) {
    it(`is a menu entry with a table by supplier and month, a clean axis and a CSV in ${language} on a ${size}`, async () => {
      const words = WORDS[language];
      const { user } = await ownerWithHistory(language);
      const { page, context, errors } = await openPage(app, { user, language, viewport });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto('/suppliers');
      const menu = page.getByRole('navigation', { name: words.menu });
      await expect.poll(() => menu.getByRole('link', { name: words.spend }).count()).toBe(1);
      // chart.js comes in the chart's own chunk, fetched on the Spend screen only.
      expect(scripts.filter((url) => /SpendChart/.test(url))).toEqual([]);
      await menu.getByRole('link', { name: words.spend }).click();
      await expectVisible(page, words.thisMonth);
      expect(await menu.getByRole('link', { name: words.spend }).getAttribute('aria-current')).toBe('page');
      const canvas = page.locator('canvas[role="img"]');
      await expect.poll(() => canvas.getAttribute('data-axis')).toBeTruthy();
      expect(scripts.filter((url) => /SpendChart/.test(url))).toHaveLength(1);

      // The axis: amounts without decimals; every month named, with the year on the first and where it changes.
      const axis = JSON.parse((await canvas.getAttribute('data-axis')) as string) as { x: string[]; y: string[] };
      expect(axis.y.length).toBeGreaterThan(2);
      for (const tick of axis.y) expect(tick).toMatch(words.tick);
      expect(axis.y.some((tick) => Number(tick.replace(/\D/g, '')) >= 1000)).toBe(true);
      expect(axis.x).toHaveLength(12);
      expect(axis.x[0]).toMatch(words.year);
      const january = axis.x.findIndex((label, i) => i > 0 && /\d{4}/.test(label));
      expect(axis.x.filter((label) => /\d{4}/.test(label))).toHaveLength(january > 0 ? 2 : 1);
      expect(axis.x.slice(1).every((label, i) => /\d{4}/.test(label) === (i + 1 === january))).toBe(true);

      // The table by supplier and month: three suppliers, 12 months and a total, amounts to the cent.
      const table = page.getByRole('table', { name: words.table });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
      const headers = await table.locator('thead th').allInnerTexts();
      expect(headers.map((h) => h.replace(/[▲▼]/g, '').trim())).toEqual([words.supplier, ...axis.x, words.total]);
      const amounts = await table.locator('tbody td, tfoot td').allInnerTexts();
      expect(amounts).toHaveLength(3 * 13 + 13);
      for (const amount of amounts) expect(amount).toMatch(language === 'es' ? /^\d{1,3}(\.\d{3})*,\d{2}$/ : /^\d{1,3}(,\d{3})*\.\d{2}$/);
      // On a desktop the whole year fits: the table's box does not scroll sideways.
      if (size === 'desktop') {
        const grid = page.locator('.spend-grid');
        expect(await grid.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
      }
      // Sorting: by total, largest first; by supplier, A to Z.
      const firstNames = () => table.locator('tbody th').allInnerTexts();
      await table.getByRole('button', { name: words.total }).click();
      expect(await table.locator('thead th').last().getAttribute('aria-sort')).toBe('descending');
      const totals = await table.locator('tbody tr td:last-child').allInnerTexts();
      const value = (text: string) =>
        Number(
          text
            .replace(/[^\d,.]/g, '')
            .replace(language === 'es' ? /\./g : /,/g, '')
            .replace(',', '.'),
        );
      expect(totals.map(value)).toEqual([...totals.map(value)].sort((a, b) => b - a));
      await table.getByRole('button', { name: words.supplier }).click();
      expect(await firstNames()).toEqual(['Frutas Pepe', 'Lácteos Sierra', 'Panadería Sol']);

      // Top products: no name runs into its amount (the long cheese's included).
      const items = page.locator('.spend-top li');
      expect(await items.count()).toBe(6);
      for (const item of await items.all()) {
        const name = (await item.locator('.spend-top__name').boundingBox()) as Box;
        const amount = (await item.locator('.spend-top__total').boundingBox()) as Box;
        expect(overlap(name, amount), (await item.textContent()) ?? '').toBe(false);
        expect(name.x + name.width).toBeLessThanOrEqual(amount.x);
      }
      await expectVisible(page, 'Queso manchego curado de oveja en aceite');
      // Nothing wider than the screen but the table's own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await expectAccessible(page, `spend ${language} ${size}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `${language}-${size}_spend`);

      // The accountant's CSV: last month by default, in the reader's language, amounts to the cent.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: words.download }).click()]);
      expect(download.suggestedFilename()).toMatch(/^sent-orders-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path()) as string, 'utf8');
      const rows = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(rows[0]).toBe(words.header);
      expect(rows.length).toBeGreaterThan(50);
      const separator = language === 'es' ? ';' : ',';
      for (const row of rows.slice(1, -1))
        expect(row.split(separator)[6]).toMatch(language === 'es' ? /^\d+(,\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('tells a backwards range in words, and leaves Spend out of staff menus', async () => {
    const { user } = await ownerWithHistory('en');
    const { page, context, errors } = await openPage(app, { user, language: 'en', viewport: DESKTOP });
    await page.goto('/spend');
    await expectVisible(page, 'Last 12 months, by supplier');
    await expect.poll(() => page.locator('canvas[role="img"]').count()).toBe(1);
    await page.getByLabel('From').fill('2026-11-20');
    await page.getByLabel('To').fill('2026-11-01');
    await expectVisible(page, 'The end date must be on or after the start date');
    expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    await context.close();
    // Spend is for owners and managers: a staff member's menu has no such entry.
    await app.t.server.deps.db.updateTable('memberships').set({ role: 'staff' }).where('user_id', '=', user.user.id).execute();
    const staff = await openPage(app, { user, language: 'en', viewport: DESKTOP });
    await staff.page.goto('/orders');
    const menu = staff.page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByRole('link').count()).toBe(3);
    expect(await menu.getByRole('link', { name: 'Spend' }).count()).toBe(0);
    expect([...errors, ...staff.errors]).toEqual([]);
    await staff.context.close();
  });
});
