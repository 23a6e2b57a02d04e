import type { RegisteredUser } from '@reorder/testing';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, keptForOffline, openPage, PHONE, screenshot, useApp } from './app.ts';

/**
 * Issue 46, the check-in (docs/decisions.md §9.4): "Ha llegado el pedido" on
 * the orders list opens the delivery's lines as they should arrive; "Todo
 * bien" closes an all-good delivery (2 taps from the orders list); a line
 * that differs takes what arrived, a reason, the price charged and a note;
 * all of it offline through the one outbox, on the server once back online,
 * with the counts adjusted. The desktop lists the deliveries in a table.
 */
const app = useApp();

type Line = { productId: number; received: number | null; outcome: string; chargedPrice: number | null; note: string };
type Receipt = { id: number; sentOrderId: number; status: string; lines: Line[]; receivedBy: { fullName: string } | null };

/** An owner with a supplier (not asked to confirm) and three products with counts, ordered and sent. */
async function delivered(language: 'en' | 'es') {
  const user = await app.t.api.register({ language, businessName: 'Café Luna', fullName: 'Ana Ruiz' });
  const { supplier, products } = await app.t.api.seedOrder(user.token, { name: 'Frutas Pepe', askConfirmation: false }, [
    { name: 'Huevos', unit: 'ud', quantity: 12 },
    { name: 'Tomates', unit: 'kg', quantity: 3 },
    { name: 'Leche', unit: 'l', quantity: 2 },
  ]);
  const [eggs, tomatoes, milk] = products as [(typeof products)[number], (typeof products)[number], (typeof products)[number]];
  for (const [product, onHand] of [
    [eggs, 5],
    [tomatoes, 1],
    [milk, 0],
  ] as const) {
    const res = await app.t.api.put('/api/products/stock', { productId: product.id, orderId: supplier.orderId, onHand }, user.token);
    expect(res.status, res.text).toBe(200);
  }
  const sent = await app.t.api.post(`/api/orders/${supplier.orderId}/send`, {}, user.token);
  expect(sent.status, sent.text).toBe(200);
  return { user, supplier, eggs, tomatoes, milk, sentOrderId: sent.body.data.id as number };
}

const receipts = async (user: RegisteredUser): Promise<Receipt[]> => (await app.t.api.get('/api/receipts', user.token)).body.data;
const onHandOf = async (user: RegisteredUser, supplierId: number) => {
  const order = (await app.t.api.get(`/api/orders/supplier/${supplierId}`, user.token)).body.data;
  return new Map<number, { onHand: number | null; quantity: number }>(
    order.products.map((p: { productId: number; onHand: number | null; quantity: number }) => [p.productId, p]),
  );
};

describe('Receiving a delivery (phone, es)', () => {
  it('checks a delivery offline with a short and a damaged line, closes it, and the server has it once back online', async () => {
    const { user, supplier, eggs, tomatoes, milk, sentOrderId } = await delivered('es');
    const { page, context, errors } = await openPage(app, { language: 'es', user, viewport: PHONE, serviceWorkers: 'allow' });
    // The order screen once (its products, for the steps), then the orders list, which loads what the check-in needs.
    await page.goto(`/orders/${supplier.id}`);
    await expectVisible(page, 'Huevos');
    await page.goto('/orders');
    const arrived = page.getByRole('link', { name: 'Ha llegado el pedido: Frutas Pepe' });
    await arrived.waitFor();
    await keptForOffline(page, user);

    await context.setOffline(true);
    await arrived.click();
    await expectVisible(page, 'Esperado 12 ud');
    await expect.poll(() => page.getByTestId('receipt-line').count()).toBe(3);
    await screenshot(page, 'receiving-check-phone-es');
    await expectAccessible(page, 'the check-in (es)');

    // Eggs: 10 of 12 came, charged a bit more.
    await page.getByRole('button', { name: 'Huevos no cuadra' }).click();
    await page.locator(`#received-${eggs.id}`).fill('10');
    await page.getByRole('button', { name: 'Falta', exact: true }).click();
    await page.locator(`#charged-${eggs.id}`).fill('0,35');
    await screenshot(page, 'receiving-line-phone-es');
    await expectAccessible(page, 'a line that differs (es)');
    await page.getByRole('button', { name: 'Guardar la línea' }).click();
    // Tomatoes: the 3 kg came, half a kilo of it squashed: 2,5 usable (− from 3 by the product's step of 1 kg, then typed).
    await page.getByRole('button', { name: 'Tomates no cuadra' }).click();
    await page.getByRole('button', { name: 'Menos Tomates recibido' }).click();
    await expect.poll(() => page.locator(`#received-${tomatoes.id}`).inputValue()).toBe('2');
    await page.locator(`#received-${tomatoes.id}`).fill('2,5');
    await page.getByRole('button', { name: 'Dañado', exact: true }).click();
    await page.getByLabel('Nota').fill('Golpeados');
    await page.getByRole('button', { name: 'Guardar la línea' }).click();
    await expectVisible(page, 'Dañado · Recibido 2,5 kg · Golpeados');
    // Milk as expected: "Cerrar recepción" waits for it.
    await expect(page.getByRole('button', { name: 'Cerrar recepción' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Leche no cuadra' }).click();
    await page.getByRole('button', { name: 'Guardar la línea' }).click();
    await page.getByRole('button', { name: 'Cerrar recepción' }).click();
    await expectVisible(page, /^Recibido · Ana Ruiz · hoy \d\d:\d\d$/);
    await expectVisible(page, /Sin conexión: \d+ cambios pendientes/);
    await screenshot(page, 'receiving-done-offline-phone-es');
    await expectAccessible(page, 'the check-in closed offline (es)');
    expect(await receipts(user)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(async () => (await receipts(user))[0]?.status, { timeout: 20_000 }).toBe('done');
    const [receipt] = await receipts(user);
    expect(receipt?.sentOrderId).toBe(sentOrderId);
    expect(receipt?.receivedBy?.fullName).toBe('Ana Ruiz');
    expect(
      receipt?.lines.map(({ productId, received, outcome, chargedPrice, note }) => ({ productId, received, outcome, chargedPrice, note })),
    ).toEqual([
      { productId: eggs.id, received: 10, outcome: 'short', chargedPrice: 0.35, note: '' },
      { productId: milk.id, received: 2, outcome: 'ok', chargedPrice: null, note: '' },
      { productId: tomatoes.id, received: 2.5, outcome: 'damaged', chargedPrice: null, note: 'Golpeados' },
    ]);
    // The counts: eggs 5 + 10, tomatoes 1 (damaged is not stock), milk 0 + 2.
    const counts = await onHandOf(user, supplier.id);
    expect([counts.get(eggs.id)?.onHand, counts.get(tomatoes.id)?.onHand, counts.get(milk.id)?.onHand]).toEqual([15, 1, 2]);

    // Bring next time: one tap, then it says so and takes no second.
    const bring = page.getByRole('button', { name: 'Pedir la próxima vez' });
    await bring.click();
    const added = page.getByRole('button', { name: 'Añadido al pedido' });
    await expect.poll(() => added.isDisabled()).toBe(true);
    await expect
      .poll(async () => {
        const now = await onHandOf(user, supplier.id);
        return [now.get(eggs.id)?.quantity, now.get(tomatoes.id)?.quantity];
      })
      .toEqual([14, 3.5]);
    await screenshot(page, 'receiving-brought-phone-es');

    // The order line says what came last.
    await page.goto(`/orders/${supplier.id}`);
    await expectVisible(page, /^Recibido 10 · hoy \d\d:\d\d$/);
    await screenshot(page, 'receiving-order-line-phone-es');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes an all-good delivery in 2 taps from the orders list', async () => {
    const { user, eggs, tomatoes, milk } = await delivered('es');
    const { page, context, errors } = await openPage(app, { language: 'es', user, viewport: PHONE });
    await page.goto('/orders');
    await page.getByRole('link', { name: 'Ha llegado el pedido: Frutas Pepe' }).waitFor();
    await screenshot(page, 'receiving-orders-list-phone-es');
    await expectAccessible(page, 'the orders list with "Ha llegado el pedido" (es)');
    let taps = 0;
    const tap = async (name: string) => {
      await page.getByRole(name === 'Todo bien' ? 'button' : 'link', { name }).click();
      taps += 1;
    };
    await tap('Ha llegado el pedido: Frutas Pepe');
    await tap('Todo bien');
    await expectVisible(page, /^Recibido · Ana Ruiz · hoy \d\d:\d\d$/);
    expect(taps).toBe(2);
    await expect.poll(async () => (await receipts(user))[0]?.status, { timeout: 20_000 }).toBe('done');
    const [receipt] = await receipts(user);
    expect(receipt?.lines.map((l) => [l.productId, l.outcome, l.received])).toEqual([
      // In the order sent: by name.
      [eggs.id, 'ok', 12],
      [milk.id, 'ok', 2],
      [tomatoes.id, 'ok', 3],
    ]);
    // Checked: the orders list no longer offers it.
    await page.goto('/orders');
    await expectVisible(page, 'Frutas Pepe');
    await expect.poll(() => page.getByRole('link', { name: 'Ha llegado el pedido: Frutas Pepe' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Receiving (desktop, en)', () => {
  it('lists the deliveries checked in a table: date, supplier, status, who received, lines differing', async () => {
    const { user, eggs, sentOrderId } = await delivered('en');
    const started = await app.t.api.post(`/api/sent-orders/${sentOrderId}/receipt`, {}, user.token);
    const id = started.body.data.id;
    await app.t.api.put(`/api/receipts/${id}/lines/${eggs.id}`, { received: 9 }, user.token);
    await app.t.api.post(`/api/receipts/${id}/all-good`, {}, user.token);
    expect((await app.t.api.post(`/api/receipts/${id}/done`, {}, user.token)).status).toBe(200);

    const { page, context, errors } = await openPage(app, { language: 'en', user, viewport: DESKTOP });
    await page.goto('/orders');
    await page.getByRole('link', { name: 'Deliveries' }).click();
    const table = page.getByRole('table', { name: 'Deliveries checked' });
    await table.waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual(['Date', 'Supplier', 'Status', 'Received by', 'Lines differing']);
    const cells = (await table.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(1);
    expect(cells).toEqual(['Frutas Pepe', 'Checked', 'Ana Ruiz', '1']);
    await screenshot(page, 'receiving-table-desktop-en');
    await expectAccessible(page, 'the deliveries table (en)');
    await table.getByRole('link', { name: 'Frutas Pepe' }).click();
    await page.getByTestId('receipt-status').waitFor();
    await screenshot(page, 'receiving-check-desktop-en');
    await expectVisible(page, 'Short · Received 9 ud');
    await expectVisible(page, 'Bring next time');
    await screenshot(page, 'receiving-check-desktop-en');
    await expectAccessible(page, 'a closed check (en)');
    expect(errors).toEqual([]);
    await context.close();
  });
});
