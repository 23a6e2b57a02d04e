import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, openPage, PHONE, screenshot, useApp } from './app.ts';

/**
 * "The catalogue in minutes" (docs/decisions.md §8.3), as a new owner would
 * do it: a supplier's 25 products pasted from the last WhatsApp order at
 * phone size in Spanish, with the taps after pasting counted; and the whole
 * catalogue exported as CSV and imported into a second business.
 */
const app = useApp();

/** The last order as a café owner would have sent it on WhatsApp: a greeting, 25 lines in several styles, a sign-off. */
const WHATSAPP_ORDER = [
  'Hola Pepe! Para el sábado:',
  '',
  '- 2,5 kg tomates',
  '- 3 kg de limones',
  '- Naranjas 5 kg',
  '- 2 cajas de fresas',
  '- perejil 2 manojos',
  '- cilantro: 1 manojo',
  '- 1 docena de huevos',
  '- 6 botellas de leche',
  '- Lechuga x 4',
  '- 2kg cebollas',
  '- ajos 1 kg',
  '- 1,5 kg pimientos rojos',
  '- Calabacín 3 kg',
  '- 2 bolsas de patatas',
  '- zanahorias 2 kg',
  '- 1 kg champiñones',
  '- Aguacates 10 ud',
  '- 4 ud piña',
  '- 1 caja de plátanos',
  '- Manzanas 3 kg',
  '- 1/2 kg jengibre',
  '- Hierbabuena 2 manojos',
  '- 7up 24 ud',
  '- Agua 1,5l 6 ud',
  '- Rúcula',
  '',
  'Gracias!!',
].join('\n');

/** Counts the clicks and taps the page receives from now on. */
async function countTaps(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { taps: number };
    w.taps = 0;
    document.addEventListener('click', () => w.taps++, true);
  });
  return () => page.evaluate(() => (window as unknown as { taps: number }).taps);
}

describe('paste a list (es, phone)', () => {
  it('reads a 25-line WhatsApp order into a preview, and adds all 25 with their quantities in one tap', async () => {
    const user = await app.t.api.register({ language: 'es' });
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Frutas Pepe' });
    const { page, context, errors } = await openPage(app, { user, language: 'es', viewport: PHONE });
    await page.goto(`/orders/${supplier.id}`);
    // An empty order says what to do next.
    await expectVisible(page, 'Añade productos:');
    await page.getByRole('link', { name: 'pega una lista' }).click();
    await expectVisible(page, 'Pega una lista');

    // Pasted, as the owner does it: the clipboard into the field.
    await page.evaluate((text) => navigator.clipboard.writeText(text), WHATSAPP_ORDER);
    await page.getByLabel('Pega una lista').focus();
    await page.keyboard.press('Control+V');
    await expectVisible(page, '25 productos leídos');
    const names = await page
      .getByLabel('Nombre del producto')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(names).toHaveLength(25);
    expect(names.slice(0, 3)).toEqual(['Tomates', 'Limones', 'Naranjas']);
    // The greeting and the sign-off were not read as products; they are listed as such, beside Add.
    const notRead = page.getByRole('region', { name: '2 líneas sin leer: se quedan fuera si no las corriges' });
    await expect.poll(() => notRead.getByText('“Gracias!!” (un mensaje)').count()).toBe(1);
    await expectAccessible(page, 'paste preview (es)');
    await screenshot(page, 'es-phone_products-paste');
    await screenshot(page, 'es-phone_products-paste-view', { view: true });

    const taps = await countTaps(page);
    await page.getByRole('button', { name: 'Añadir 25 productos' }).click();
    await expectVisible(page, '25 añadidos, 0 actualizados');
    await expect.poll(() => page.url()).toMatch(new RegExp(`/orders/${supplier.id}$`));
    // One tap after pasting: the preview needed no fixing (the target is at most 5).
    expect(await taps()).toBe(1);

    const order = (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data;
    expect(order.products).toHaveLength(25);
    expect(order.text).toContain('2,5 x kg: Tomates');
    expect(order.text).toContain('0,5 x kg: Jengibre');
    expect(order.text).toContain('24 x ud: 7up');
    // A bare name is in the catalogue, not in the order.
    expect(order.products.find((p: { name: string }) => p.name === 'Rúcula')).toMatchObject({ unit: 'ud', quantity: 0 });
    expect(order.text).not.toContain('Rúcula');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('marks what a row would update, lets a row be left out or fixed, and picks units with a tap in the product form', async () => {
    const user = await app.t.api.register({ language: 'es' });
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Lácteos' });
    await app.t.api.post('/api/products', { name: 'Leche entera', unit: 'botella', orderId: supplier.orderId }, user.token);
    const { page, context } = await openPage(app, { user, language: 'es', viewport: PHONE });
    await page.goto(`/orders/${supplier.id}/products/paste`);
    await page.getByLabel('Pega una lista').fill('leche entera 12\nyogur natural 24 ud\nnata 2');
    await expectVisible(page, 'Actualiza Leche entera');
    await page.getByRole('checkbox', { name: 'Añadir Nata' }).uncheck();
    await page.getByLabel('Unidad').nth(1).fill('pack');
    await page.getByRole('button', { name: 'Añadir 2 productos' }).click();
    await expectVisible(page, '1 añadidos, 1 actualizados');
    const products = (await app.t.api.get(`/api/products?orderId=${supplier.orderId}`, user.token)).body.data;
    expect(products.map((p: { name: string; unit: string; quantity: number }) => [p.name, p.unit, p.quantity])).toEqual([
      ['Leche entera', 'botella', 12],
      ['Yogur natural', 'pack', 24],
    ]);

    // One by one: the business's own units first, one tap each.
    await page.goto(`/orders/${supplier.id}/products/new`);
    const units = page.getByRole('group', { name: 'Unidades' });
    await expect.poll(() => units.getByRole('button').first().textContent()).toBe('botella');
    await units.getByRole('button', { name: 'kg', exact: true }).click();
    expect(await page.getByLabel('Unidad').inputValue()).toBe('kg');
    await screenshot(page, 'es-phone_product-new-units');
    await context.close();
  });
});

/** Where `locator` is on the page: its box, which must be there. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
}

describe('paste a list: skipped lines and near names (docs/decisions.md §9.2)', () => {
  it('es, phone: shows the skipped line beside Add with its fix, offers a near name as the product, and updates it', async () => {
    const user = await app.t.api.register({ language: 'es' });
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Verduras Lola' });
    await app.t.api.post('/api/products', { name: 'Tomates pera', unit: 'kg', orderId: supplier.orderId }, user.token);
    const { page, context, errors } = await openPage(app, { user, language: 'es', viewport: PHONE });
    await page.goto(`/orders/${supplier.id}/products/paste`);
    await page.getByLabel('Pega una lista').fill('Ajos 1 malla\nTomate pera 2 kg\nPimientos 2 o 3 kg');
    await expectVisible(page, '2 productos leídos');
    const values = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(await values('Nombre del producto')).toEqual(['Ajos', 'Tomate pera']);
    expect(await values('Unidad')).toEqual(['malla', 'kg']);
    expect(await values('Cantidad')).toEqual(['1', '2']);

    // "Tomate pera" is one letter from "Tomates pera": offered as that product, with a tap to keep it apart.
    await expectVisible(page, 'Actualiza Tomates pera');
    await expectVisible(page, '2 productos para añadir: 1 nuevos, 1 ya los tienes');
    await page.getByRole('button', { name: 'Añadir como nuevo: Tomate pera' }).click();
    await expectVisible(page, 'Producto nuevo');
    await expectVisible(page, '2 productos para añadir: 2 nuevos, 0 ya los tienes');
    await page.getByRole('button', { name: 'Actualizar Tomates pera' }).click();
    await expectVisible(page, 'Actualiza Tomates pera');

    // The skipped line is in the bar with the Add button, just above it, not folded away.
    const bar = page.getByRole('region', { name: 'Añadir varios productos' });
    const notRead = bar.getByRole('region', { name: '1 línea sin leer: se queda fuera si no la corriges' });
    await expect.poll(() => notRead.getByText('“Pimientos 2 o 3 kg” (no está claro)').isVisible()).toBe(true);
    const add = bar.getByRole('button', { name: 'Añadir 2 productos' });
    const [skippedBox, addBox] = [await boxOf(notRead), await boxOf(add)];
    expect(skippedBox.y + skippedBox.height).toBeLessThanOrEqual(addBox.y);
    expect(addBox.y - (skippedBox.y + skippedBox.height)).toBeLessThan(60);
    expect(await notRead.getByRole('button', { name: 'Añadir sin cantidad: Pimientos 2 o 3 kg' }).count()).toBe(1);
    await expectAccessible(page, 'paste skipped and near (es)');
    await screenshot(page, 'es-phone_products-paste-skipped');
    await screenshot(page, 'es-phone_products-paste-skipped-view', { view: true });

    // The fix: the line written anew is read again, in its place.
    await notRead.getByRole('button', { name: 'Corregir: Pimientos 2 o 3 kg' }).click();
    await page.getByLabel('Línea 3').fill('Pimientos 3 kg');
    await page.getByRole('button', { name: 'Leer de nuevo' }).click();
    await expectVisible(page, '3 productos leídos');
    expect(await notRead.count()).toBe(0);
    expect(await page.getByLabel('Pega una lista').inputValue()).toBe('Ajos 1 malla\nTomate pera 2 kg\nPimientos 3 kg');

    await bar.getByRole('button', { name: 'Añadir 3 productos' }).click();
    await expectVisible(page, '2 añadidos, 1 actualizados');
    const products = (await app.t.api.get(`/api/products?orderId=${supplier.orderId}`, user.token)).body.data;
    expect(products.map((p: { name: string; unit: string; quantity: number }) => [p.name, p.unit, p.quantity]).sort()).toEqual([
      ['Ajos', 'malla', 1],
      ['Pimientos', 'kg', 3],
      ['Tomates pera', 'kg', 2],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('en, desktop: a skipped line added without quantity in one tap, a plural offered, and the text bounded', async () => {
    const user = await app.t.api.register();
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Green Grocer' });
    await app.t.api.post('/api/products', { name: 'Lemons', unit: 'kg', orderId: supplier.orderId }, user.token);
    const { page, context, errors } = await openPage(app, { user, viewport: DESKTOP });
    await page.goto(`/orders/${supplier.id}/products/paste`);
    const field = page.getByLabel('Paste a list');
    await field.fill('Hi Tom, for Saturday:\nLemon 3 kg\nGarlic 1 net\nBasil 2 or 3 bunches');
    await expectVisible(page, '2 products read');
    await expectVisible(page, 'Updates Lemons');
    const bar = page.getByRole('region', { name: 'Add several products' });
    const notRead = bar.getByRole('region', { name: '2 lines not read: they are left out unless you fix them' });
    await expect.poll(() => notRead.getByText('“Basil 2 or 3 bunches” (not clear)').isVisible()).toBe(true);
    await expectAccessible(page, 'paste skipped and near (en)');
    await screenshot(page, 'en-desktop_products-paste-skipped');

    await notRead.getByRole('button', { name: 'Add without quantity: Basil 2 or 3 bunches' }).click();
    await expectVisible(page, '3 products read');
    await expectVisible(page, '1 line not read: it is left out unless you fix it');
    await bar.getByRole('button', { name: 'Add 3 products' }).click();
    await expectVisible(page, '2 added, 1 updated');
    const products = (await app.t.api.get(`/api/products?orderId=${supplier.orderId}`, user.token)).body.data;
    expect(products.map((p: { name: string; unit: string; quantity: number }) => [p.name, p.unit, p.quantity]).sort()).toEqual([
      ['Basil 2 or 3 bunches', 'each', 0],
      ['Garlic', 'net', 1],
      ['Lemons', 'kg', 3],
    ]);

    // Past the limit, the text is cut at the end of its last whole line, and the field says so.
    await page.goto(`/orders/${supplier.id}/products/paste`);
    await page.getByLabel('Paste a list').fill(`2 kg tomatoes\nLemons 3 kg\n${'x'.repeat(60_000)}`);
    await expectVisible(page, 'Only the first 50,000 characters are read: add these, then paste the rest.');
    expect(await page.getByLabel('Paste a list').inputValue()).toBe('2 kg tomatoes\nLemons 3 kg');
    await expectVisible(page, '2 products read');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('CSV export and import (en, desktop)', () => {
  it('exports the catalogue, imports it into a second business with a preview, and both give the same file', async () => {
    const first = await app.t.api.register();
    const fruit = await app.t.api.createSupplier(first.token, {
      name: 'Fruit & Co',
      messageService: 'email',
      contactInfo: 'orders@fruit.example',
    });
    await app.t.api.createSupplier(first.token, { name: 'Dairy Farm' });
    await app.t.api.post(
      '/api/products/bulk',
      {
        orderId: fruit.orderId,
        products: [
          { name: 'Lemons', unit: 'kg', par: 4, price: 2.1 },
          { name: 'Strawberries', unit: 'case', step: 1, note: 'The ripe ones' },
        ],
      },
      first.token,
    );
    const owner = await openPage(app, { user: first, language: 'en', viewport: DESKTOP });
    await owner.page.goto('/suppliers');
    const [download] = await Promise.all([
      owner.page.waitForEvent('download'),
      owner.page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const exported = await readFile(file, 'utf8');
    expect(exported.startsWith('\uFEFFsupplier,service,contact,product,unit,par,price,step,note\r\n')).toBe(true);

    const second = await app.t.api.register({ businessName: 'Second Café' });
    const other = await openPage(app, { user: second, language: 'en', viewport: DESKTOP });
    await other.page.goto('/suppliers');
    await other.page.getByRole('link', { name: 'Import CSV' }).click();
    await other.page.getByLabel('CSV file').setInputFiles(file);
    await expectVisible(other.page, '3 rows: 3 new, 0 updated, 0 unchanged, 0 in conflict, 0 with errors, 0 blank');
    await expectAccessible(other.page, 'import preview (en)');
    await screenshot(other.page, 'en-desktop_catalogue-import');
    await other.page.getByRole('button', { name: 'Import', exact: true }).click();
    await expectVisible(other.page, 'Imported: 2 new suppliers, 2 new products, 0 updated');
    await expectVisible(other.page, 'Fruit & Co');

    const exportOf = async (token: string) =>
      Buffer.from(
        await (await fetch(`${app.t.url}/api/catalogue.csv`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer(),
      ).toString('utf8');
    expect(await exportOf(second.token)).toBe(exported);
    expect(await exportOf(second.token)).toBe(await exportOf(first.token));
    await owner.context.close();
    await other.context.close();
  });
});

/** A price list as Excel in Spanish saves it: BOM, `;`, decimal commas, the owner's header words and a column the app does not know. */
const EXCEL_PRICES = [
  '\uFEFFProveedor;Artículo;Ud;Coste;Se vende por;Stock deseado;Comentario cocina',
  'Granja Paco;Huevos;docena;13,50;;;Los de corral',
  'Granja Paco;Leche;l;1,05;;;Entera',
  'Granja Paco;Nata;brik;2,10;6;4;Para montar',
  '',
].join('\r\n');

/** An owner whose eggs (sold by 6) cost 14,90 €, set after the date of the file the test imports. */
async function eggOwner(language: 'en' | 'es') {
  const user = await app.t.api.register({ language });
  const supplier = await app.t.api.createSupplier(user.token, { name: 'Granja Paco' });
  await app.t.api.post(
    '/api/products/bulk',
    { orderId: supplier.orderId, products: [{ name: 'Huevos', unit: 'docena', price: 14.9, step: 6 }] },
    user.token,
  );
  return { user, supplier };
}

const excelFile = { name: 'catalogue-2020-01-01.csv', mimeType: 'text/csv', buffer: Buffer.from(EXCEL_PRICES, 'utf8') };

describe('an import that never surprises', () => {
  it('(es, phone) shows what it read and the conflict, maps an ignored column in the preview, and imports it', async () => {
    const { user, supplier } = await eggOwner('es');
    const { page, context, errors } = await openPage(app, { user, language: 'es', viewport: PHONE });
    await page.goto('/suppliers');
    await page.getByRole('link', { name: 'Importar CSV' }).click();
    await page.getByLabel('Archivo CSV').setInputFiles(excelFile);
    await expectVisible(page, '3 filas: 2 nuevas, 0 se actualizan, 0 sin cambios, 1 en conflicto, 0 con errores, 0 en blanco');
    // The unknown column is listed as ignored, with a choice.
    const mapping = page.getByLabel('Leer «Comentario cocina» como');
    expect(await mapping.inputValue()).toBe('');
    expect(await page.getByLabel('Leer «Stock deseado» como').inputValue()).toBe('par');
    // Every value read, and the newer price kept unless chosen otherwise.
    await expectVisible(page, 'Unidad: brik · Objetivo: 4 · Precio: 2,10 € · Paso: 6');
    await expectVisible(page, /^El precio cambió a 14,90 € el \d+ [a-z]+, después de la fecha del archivo; el archivo dice 13,50 €\.$/);
    expect(await page.getByRole('radio', { name: 'Mantener 14,90 €' }).isChecked()).toBe(true);
    await expectAccessible(page, 'import preview (es)');
    await screenshot(page, 'es-phone_catalogue-import-preview');

    await mapping.selectOption({ label: 'Nota' });
    await expectVisible(page, 'Nota: — → Los de corral');
    await expectVisible(page, '3 filas: 2 nuevas, 0 se actualizan, 0 sin cambios, 1 en conflicto, 0 con errores, 0 en blanco');
    await expectVisible(page, 'Unidad: brik · Objetivo: 4 · Precio: 2,10 € · Paso: 6 · Nota: Para montar');
    await screenshot(page, 'es-phone_catalogue-import-mapped');
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await expectVisible(page, 'Importado: 0 proveedores nuevos, 2 productos nuevos, 0 actualizados');

    // The product has the mapped column's value, and the price it had.
    await page.goto(`/orders/${supplier.id}`);
    await expectVisible(page, 'Los de corral');
    const products = (await app.t.api.get(`/api/products?orderId=${supplier.orderId}`, user.token)).body.data as {
      name: string;
      price: number;
      step: number | null;
      note: string;
    }[];
    expect(products.map((p) => [p.name, p.price, p.step, p.note])).toEqual([
      ['Huevos', 14.9, 6, 'Los de corral'],
      ['Leche', 1.05, null, 'Entera'],
      ['Nata', 2.1, 6, 'Para montar'],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('(en, desktop) shows the same preview in English', async () => {
    const { user } = await eggOwner('en');
    const { page, context } = await openPage(app, { user, language: 'en', viewport: DESKTOP });
    await page.goto('/suppliers');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file').setInputFiles(excelFile);
    await expectVisible(page, '3 rows: 2 new, 0 updated, 0 unchanged, 1 in conflict, 0 with errors, 0 blank');
    await page.getByLabel('Read “Comentario cocina” as').selectOption({ label: 'Note' });
    await expectVisible(page, 'Note: — → Los de corral');
    await expectVisible(page, /^The price changed to €14\.90 on \d+ [A-Z][a-z]+, after the file’s date; the file says €13\.50\.$/);
    await expectAccessible(page, 'import preview (en)');
    await screenshot(page, 'en-desktop_catalogue-import-preview');
    await context.close();
  });
});
