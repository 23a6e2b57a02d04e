import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium, type RegisteredUser, startTestServer } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppUnderTest,
  expectAccessible,
  expectVisible,
  offlineCopy,
  opened,
  openPage,
  PHONE,
  recordExits,
  screenshot,
  useApp,
  WEB_DIST,
} from './app.ts';

/**
 * Issue 12: an installable app that keeps working offline (docs/architecture.md,
 * "Offline"). The service worker is on in these tests (`serviceWorkers: 'allow'`);
 * `context.setOffline(true)` cuts the network as a cold room does.
 */
const app = useApp();

const TEXT = {
  en: {
    manifest: '/manifest.webmanifest',
    name: 'Reorder: orders to your suppliers',
    more: (name: string) => `One more ${name}`,
    message: 'Message above the order',
    save: 'Save message',
    send: 'Send via WhatsApp',
    sheet: 'See the text',
    copy: 'Copy text',
    offline: 'Offline: showing what this device last loaded.',
    waiting: (count: number) => `Offline: ${count} changes waiting`,
    rejected: 'Not saved: ',
    needsConnection: 'This needs a connection.',
    addSupplier: 'Add supplier',
    updateReady: 'A new version of Reorder is ready.',
    update: 'Update',
  },
  es: {
    manifest: '/manifest.es.webmanifest',
    name: 'Reorder: pedidos a tus proveedores',
    more: (name: string) => `Uno más de ${name}`,
    message: 'Mensaje encima del pedido',
    save: 'Guardar mensaje',
    send: 'Enviar por WhatsApp',
    sheet: 'Ver el texto',
    copy: 'Copiar texto',
    offline: 'Sin conexión: ves lo último que cargó este dispositivo.',
    waiting: (count: number) => `Sin conexión: ${count} cambios pendientes`,
    rejected: 'No se ha guardado: ',
    needsConnection: 'Esto necesita conexión.',
    addSupplier: 'Añadir proveedor',
    updateReady: 'Hay una versión nueva de Reorder.',
    update: 'Actualizar',
  },
} as const;
type Language = keyof typeof TEXT;

/** Waits until the service worker is active and controls the page (it registers after the first paint). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60_000 });
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { state: registration.active?.state, script: navigator.serviceWorker.controller?.scriptURL ?? '' };
  });
}

/** Width and height of a PNG, from its header. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** An owner with one supplier (not asked to confirm) and products P1…P6; P1 ordered once. */
async function shop(language: Language) {
  const user = await app.t.api.register({ language, businessName: 'Café Luna' });
  const { supplier, products } = await app.t.api.seedOrder(
    user.token,
    { name: 'Frutas Pepe', askConfirmation: false },
    [1, 2, 3, 4, 5, 6].map((i) => ({ name: `P${i}`, unit: 'Kg', quantity: i === 1 ? 1 : undefined })),
  );
  return { user, supplier, products };
}

/** Opens the orders and the order while online, and waits until the app has kept both for offline use. */
async function visitOnline(page: Page, user: RegisteredUser, supplierId: number) {
  await page.goto('/orders');
  await expectVisible(page, 'Frutas Pepe');
  await page.goto(`/orders/${supplierId}`);
  await expect.poll(() => page.getByTestId('order-text').textContent(), { timeout: 10_000 }).toContain('1 x Kg: P1');
  await controlled(page);
  await expect.poll(() => offlineCopy(page, user.user.id), { timeout: 15_000 }).toContain('"bySupplier"');
}

describe.each(['en', 'es'] as const)('Offline (%s, phone)', (language) => {
  const text = TEXT[language];

  it('is installable: the manifest in the language, icons that load, and a service worker that controls the page', async () => {
    const { page, context, errors } = await openPage(app, { language, viewport: PHONE, serviceWorkers: 'allow' });
    await page.goto('/');
    await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href')).toBe(text.manifest);
    const res = await page.request.get(text.manifest);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: text.name,
      short_name: 'Reorder',
      lang: language,
      start_url: '/orders',
      scope: '/',
      display: 'standalone',
      theme_color: '#2e7d32',
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    for (const size of ['192x192', '512x512']) {
      expect(icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true);
      expect(icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
    }
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(pngSize(await image.body())).toBe(icon.sizes);
    }
    const worker = await controlled(page);
    expect(worker.state).toBe('activated');
    expect(worker.script).toBe(`${app.t.url}/sw.js`);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Behaviour, not words: once, in one language (the screens test renders both, and the server tests the texts of each).
  if (language === 'en') {
    it('shows the order and its text after a reload offline, keeps 5 quantities and the message, and sends them in order once online', async () => {
      const { user, supplier, products } = await shop(language);
      const { page, context, errors } = await openPage(app, { language, user, viewport: PHONE, serviceWorkers: 'allow' });
      await visitOnline(page, user, supplier.id);

      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => page.getByTestId('order-text').textContent(), { timeout: 15_000 }).toBe('1 x Kg: P1');
      await expectVisible(page, text.offline, { exact: true });
      await page.getByRole('button', { name: text.sheet }).click();
      await page.getByRole('dialog').getByRole('button', { name: text.copy }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('1 x Kg: P1');
      await page.keyboard.press('Escape');

      // Five quantities and the message, made offline: shown at once, and counted in the bar.
      for (const product of products.slice(1)) {
        await page.getByRole('button', { name: text.more(product.name) }).click();
        await page.waitForTimeout(350);
      }
      const message = page.getByLabel(text.message);
      await message.click();
      await message.fill('Hola Pepe');
      await page.getByRole('button', { name: text.save }).click();
      await expectVisible(page, text.waiting(6), { exact: true });
      const expected = ['Hola Pepe', '1 x Kg: P1', '1 x Kg: P2', '1 x Kg: P3', '1 x Kg: P4', '1 x Kg: P5', '1 x Kg: P6'].join('\n');
      await expect.poll(() => page.getByTestId('order-text').textContent()).toBe(expected);
      await expectAccessible(page, `offline bar (${language})`);
      await screenshot(page, `offline-waiting-${language}`);

      // A reload offline keeps them (IndexedDB), still waiting and still shown.
      await page.reload();
      await expectVisible(page, text.waiting(6), { exact: true });
      await expect.poll(() => page.getByTestId('order-text').textContent(), { timeout: 15_000 }).toBe(expected);
      const server = await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token);
      expect(server.body.data.text).toBe('1 x Kg: P1');

      await context.setOffline(false);
      await expect.poll(() => page.getByText(text.waiting(6)).count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data.text).toBe(expected);
      // In the order they were made: each quantity saved after the one before it, and the message last.
      const db = app.t.server.deps.db;
      const rows = await db
        .selectFrom('order_quantities')
        .select(['product_id', 'updated_at'])
        .where('order_id', '=', supplier.orderId)
        .execute();
      const at = (productId: number) => new Date(rows.find((r) => r.product_id === productId)?.updated_at as Date).getTime();
      const times = products.slice(1).map((p) => at(p.id));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      const order = await db.selectFrom('orders').select('updated_at').where('id', '=', supplier.orderId).executeTakeFirstOrThrow();
      expect(new Date(order.updated_at as Date).getTime()).toBeGreaterThanOrEqual(times.at(-1) as number);
      await expect.poll(() => page.getByTestId('order-text').textContent()).toBe(expected);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('Offline, the rest (phone)', () => {
  it('reports a change the server refuses on replay (the product was deleted meanwhile) and drops it (en)', async () => {
    const { user, supplier, products } = await shop('en');
    const { page, context } = await openPage(app, { language: 'en', user, viewport: PHONE, serviceWorkers: 'allow' });
    await visitOnline(page, user, supplier.id);
    await context.setOffline(true);
    await page.getByRole('button', { name: TEXT.en.more('P2') }).click();
    await page.getByRole('button', { name: TEXT.en.more('P3') }).click();
    await expectVisible(page, TEXT.en.waiting(2), { exact: true });
    // Meanwhile, on another device: P2 is deleted.
    expect((await app.t.api.delete(`/api/products/${products[1]!.id}`, user.token)).status).toBe(200);

    await context.setOffline(false);
    // Told by the thumb (a toast at the bottom of the screen), wholly in the owner's language.
    const alert = page.getByRole('alert').filter({ hasText: TEXT.en.rejected });
    await expect
      .poll(() => alert.textContent(), { timeout: 20_000 })
      .toBe('Not saved: P2: quantity 1. It was deleted meanwhile, maybe on another device. The order now shows what is saved.');
    const box = await alert.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan(PHONE.height / 2);
    await expect.poll(() => page.getByText(TEXT.en.waiting(2)).count()).toBe(0);
    // The next change still went through, once.
    await expect
      .poll(async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data.text)
      .toBe('1 x Kg: P1\n1 x Kg: P3');
    await expect.poll(() => page.getByTestId('order-text').textContent()).toBe('1 x Kg: P1\n1 x Kg: P3');
    await screenshot(page, 'offline-rejected-en');
    // It goes by itself once read.
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(0);

    // Offline, what was never opened on this device is the page-timeout screen; what was opened is there.
    await expect.poll(() => offlineCopy(page, user.user.id)).toContain('1 x Kg: P1\\n1 x Kg: P3');
    const other = await app.t.api.createSupplier(user.token, { name: 'Never opened', askConfirmation: false });
    await context.setOffline(true);
    await page.goto(`/orders/${other.id}`);
    await expectVisible(page, "The page timed out while loading. Are you sure you're still connected to the Internet?");
    await page.goto(`/orders/${supplier.id}`);
    await expect.poll(() => page.getByTestId('order-text').textContent(), { timeout: 15_000 }).toBe('1 x Kg: P1\n1 x Kg: P3');
    await context.setOffline(false);

    // Signing out deletes this account's copy from the device.
    expect(await offlineCopy(page, user.user.id)).toContain('"bySupplier"');
    await page.goto('/logout');
    await expect.poll(() => offlineCopy(page, user.user.id), { timeout: 10_000 }).toBe('');
    await context.close();
  });

  it('opens the supplier’s app offline, and records the send when back online with the time it went out (es)', async () => {
    const { user, supplier } = await shop('es');
    const { page, context } = await openPage(app, { language: 'es', user, viewport: PHONE, serviceWorkers: 'allow' });
    await recordExits(context);
    await visitOnline(page, user, supplier.id);
    await context.setOffline(true);
    await page.getByRole('button', { name: TEXT.es.more('P4') }).click();
    const before = Date.now();
    await page.getByRole('button', { name: TEXT.es.send }).click();
    await expect.poll(() => opened(page)).toHaveLength(1);
    const sentText = decodeURIComponent(new URL((await opened(page))[0]!.url).searchParams.get('text') ?? '');
    expect(sentText).toBe('1 x Kg: P1\n1 x Kg: P4');
    await page.waitForTimeout(2000);
    const online = Date.now();
    await context.setOffline(false);
    const history = async () => (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data;
    await expect.poll(async () => (await history()).length, { timeout: 20_000 }).toBe(1);
    const [sent] = await history();
    expect(sent.text).toBe(sentText);
    const sentAt = Date.parse(sent.sentAt);
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(sentAt).toBeLessThan(online);
    await context.close();
  });

  it('keeps counts and "Fill to par" made offline, shows the filled order at once, and sends them once online (es)', async () => {
    const { user, supplier, products } = await shop('es');
    const p2 = products[1]!;
    const p3 = products[2]!;
    for (const [product, par] of [
      [p2, 10],
      [p3, 4],
    ] as const) {
      expect((await app.t.api.put(`/api/products/${product.id}`, { name: product.name, unit: 'Kg', par }, user.token)).status).toBe(200);
    }
    const { page, context, errors } = await openPage(app, { language: 'es', user, viewport: PHONE, serviceWorkers: 'allow' });
    await visitOnline(page, user, supplier.id);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Contar', exact: true }).click();
    await page.locator(`#count-${p2.id}`).fill('4');
    await page.keyboard.press('Enter');
    await page.locator(`#count-${p3.id}`).fill('6');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Completar hasta el objetivo' }).click();
    await expectVisible(page, 'Completados 2 según objetivo y recuento · 4 sin cambiar');
    await expectVisible(page, TEXT.es.waiting(3), { exact: true });
    const filled = '1 x Kg: P1\n6 x Kg: P2';
    await page.getByRole('button', { name: 'Contar', exact: true }).click();
    await expect.poll(() => page.getByTestId('order-text').textContent()).toBe(filled);

    await context.setOffline(false);
    const serverOrder = async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data;
    await expect.poll(async () => (await serverOrder()).text, { timeout: 20_000 }).toBe(filled);
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /cambio/ })
          .count(),
      )
      .toBe(0);
    const server = await serverOrder();
    const onHand = (id: number) => server.products.find((p: { productId: number }) => p.productId === id)?.onHand;
    expect([onHand(p2.id), onHand(p3.id)]).toEqual([4, 6]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says that adding a supplier and signing in need a connection, and does nothing (en, es)', async () => {
    const { user } = await shop('en');
    const en = await openPage(app, { language: 'en', user, viewport: PHONE, serviceWorkers: 'allow' });
    await en.page.goto('/suppliers/new');
    await controlled(en.page);
    await en.context.setOffline(true);
    await expectVisible(en.page, TEXT.en.needsConnection);
    await en.page.getByLabel('Name', { exact: false }).first().fill('Nuevo');
    await en.page.getByRole('button', { name: TEXT.en.addSupplier }).click();
    await expect.poll(() => en.page.getByRole('alert').filter({ hasText: TEXT.en.needsConnection }).count()).toBe(1);
    await screenshot(en.page, 'offline-needs-connection-en');
    await en.context.setOffline(false);
    const suppliers = await app.t.api.get('/api/suppliers', user.token);
    expect((suppliers.body.data as { name: string }[]).map((s) => s.name)).toEqual(['Frutas Pepe']);
    await en.context.close();

    const es = await openPage(app, { language: 'es', viewport: PHONE, serviceWorkers: 'allow' });
    await es.page.goto('/login');
    await controlled(es.page);
    await es.context.setOffline(true);
    await expectVisible(es.page, TEXT.es.needsConnection);
    await screenshot(es.page, 'offline-needs-connection-es');
    await es.context.close();
  });

  it('keeps what the first screen read, though the device’s storage answered after the server (en)', async () => {
    const { user } = await shop('en');
    const { page, context } = await openPage(app, { language: 'en', user, viewport: PHONE, serviceWorkers: 'allow' });
    // A busy phone: the app's IndexedDB opens 2 s late, after every answer of the first screen is in.
    await context.addInitScript(() => {
      const open = IDBFactory.prototype.open;
      let delayed = false;
      IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
        if (name !== 'reorder' || delayed) return open.call(this, name, version);
        delayed = true;
        const late: Record<string, unknown> = { result: undefined, error: null };
        setTimeout(() => {
          const request = open.call(this, name, version);
          for (const type of ['onupgradeneeded', 'onsuccess', 'onerror', 'onblocked']) {
            request[type as 'onsuccess'] = (event: Event) => {
              late.result = request.readyState === 'done' || type === 'onupgradeneeded' ? request.result : undefined;
              late.error = type === 'onerror' ? request.error : null;
              if (type === 'onsuccess') (window as unknown as { storageOpened: boolean }).storageOpened = true;
              (late[type] as ((event: Event) => void) | undefined)?.(event);
            };
          }
        }, 2000);
        return late as unknown as IDBOpenDBRequest;
      };
    });
    await page.goto('/orders');
    await expectVisible(page, 'Frutas Pepe');
    await controlled(page);
    await page.waitForFunction(() => (window as unknown as { storageOpened?: boolean }).storageOpened === true);
    // Nothing changes after that, and still the list is kept: offline, a reload shows it.
    await expect.poll(() => offlineCopy(page, user.user.id)).toContain('Frutas Pepe');
    await context.setOffline(true);
    await page.reload();
    await expectVisible(page, TEXT.en.offline);
    await expectVisible(page, 'Frutas Pepe');
    await context.close();
  });
});

describe('A new version', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  /** That server and a browser, for `openPage`. */
  let deployed: AppUnderTest;
  beforeAll(async () => {
    // A copy of the build this test can deploy over.
    dir = mkdtempSync(path.join(tmpdir(), 'reorder-web-'));
    cpSync(WEB_DIST, dir, { recursive: true });
    server = await startTestServer({ webDir: dir });
    browser = await launchChromium();
    deployed = { t: server, browser, close: async () => {} };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('offers "Update" when a deploy lands, never reloads by itself while typing, and loads it when asked (en, es)', async () => {
    for (const language of ['en', 'es'] as const) {
      const user = await server.api.register({ language });
      const supplier = await server.api.createSupplier(user.token, { name: 'Frutas Pepe', askConfirmation: false });
      const { page, context } = await openPage(deployed, { language, user, viewport: PHONE, serviceWorkers: 'allow' });
      await page.goto(`/orders/${supplier.id}`);
      await controlled(page);
      const message = page.getByLabel(TEXT[language].message);
      await message.click();
      await message.fill('Escribiendo…');
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });

      // The deploy: a new service worker (the build's files changed).
      const sw = path.join(dir, 'sw.js');
      writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// deploy ${language}\n`);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      // Installing a worker is slow on a busy machine: each step gets 30 s and says which it was.
      const lifecycle = { timeout: 30_000 };
      await expect
        .poll(() => page.getByText(TEXT[language].updateReady).first().isVisible(), {
          ...lifecycle,
          message: `the update offer (${language})`,
        })
        .toBe(true);
      expect(await message.inputValue()).toBe('Escribiendo…');
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      await expectAccessible(page, `update offer (${language})`);
      await screenshot(page, `offline-update-${language}`);

      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: TEXT[language].update, exact: true }).click()]);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere ?? false), {
          ...lifecycle,
          message: `the reload into the new version (${language})`,
        })
        .toBe(false);
      const waiting = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null));
      expect(waiting).toBeNull();
      await expect
        .poll(() => page.getByText(TEXT[language].updateReady).count(), {
          ...lifecycle,
          message: `no offer after the update (${language})`,
        })
        .toBe(0);
      await context.close();
    }
  }, 120_000);
});
