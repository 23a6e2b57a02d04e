import { runStandingOrders } from '@reorder/api';
import type { RegisteredUser } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, opened, openPage, PHONE, recordExits, screenshot, useApp } from './app.ts';

/**
 * Issue 47, the week's rhythm (docs/decisions.md §9.5), in Spanish at phone
 * and desktop sizes and once in English: a standing order set up on its
 * weekly grid (one delivery day at a time on a phone, the week as a table on
 * a desktop), the server preparing it into the empty order and mailing its
 * links, the prepared order opened from the mail's "Enviar" and sent, its
 * "Saltar" skipping the delivery, and a quantity far from the weekday's
 * usual flagged on the Send bar.
 */
const app = useApp();

const DAY = 86_400_000;
const ON_DAYS = {
  es: ['los lunes', 'los martes', 'los miércoles', 'los jueves', 'los viernes', 'los sábados', 'los domingos'],
  en: ['on Mondays', 'on Tuesdays', 'on Wednesdays', 'on Thursdays', 'on Fridays', 'on Saturdays', 'on Sundays'],
} as const;

const TEXT = {
  es: {
    standing: 'Pedido fijo',
    save: 'Guardar pedido fijo',
    saved: 'Pedido fijo guardado',
    hours: 'Prepararlo cuántas horas antes de la hora límite',
    hoursBad: 'Escribe un número entero de horas de 1 a 48',
    offStep: 'Croissants se venden de 6 en 6',
    more: (name: string, day: string) => `Uno más de ${name} el ${day}`,
    cell: (name: string, day: string) => `${name} el ${day}`,
    pausedDate: 'Fecha a pausar',
    pausedAdd: 'Añadir fecha',
    send: 'Enviar por Correo',
    skipped: /^Saltado: el pedido del .* no se preparará ni se enviará solo\.$/,
    quantity: (name: string) => `Cantidad de ${name}`,
  },
  en: {
    standing: 'Standing order',
    save: 'Save standing order',
    saved: 'Standing order saved',
    hours: 'Prepare how many hours before the cut-off',
    hoursBad: 'Enter a whole number of hours from 1 to 48',
    offStep: 'Croissants come in 6s',
    more: (name: string, day: string) => `One more ${name} on ${day}`,
    cell: (name: string, day: string) => `${name} on ${day}`,
    pausedDate: 'Date to pause',
    pausedAdd: 'Add date',
    send: 'Send via Email',
    skipped: /^Skipped: the order for .* will not be prepared or sent by itself\.$/,
    quantity: (name: string) => `Quantity of ${name}`,
  },
} as const;

/** An ISO weekday's name as the language writes it mid-sentence ("sábado", "Saturday"). */
const weekday = (day: number, language: 'en' | 'es', width: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));
/** The same, capitalised, as a label starts ("Sábado", "Sáb"). */
const dayName = (day: number, language: 'en' | 'es', width: 'long' | 'short' = 'long') => {
  const name = weekday(day, language, width);
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
};
const isoWeekday = (at: number) => ((new Date(at).getUTCDay() + 6) % 7) + 1;

/**
 * An email supplier, in UTC, whose next cut-off is three hours away on its
 * delivery day (and a second delivery day three days later); Pan, Croissants
 * (sold by 6) and Leche; and three past sends whose delivery day is that
 * weekday, with 22, 24 and 26 Pan: its usual there is "24 (22–26)".
 */
async function bakery(user: RegisteredUser) {
  const cutoff = Math.floor((Date.now() + 3 * 3600_000) / 60_000) * 60_000;
  const day = isoWeekday(cutoff);
  const other = ((day + 2) % 7) + 1;
  const supplier = await app.t.api.createSupplier(user.token, {
    name: 'Panadería Sol',
    messageService: 'email',
    contactInfo: 'pedidos@panaderia.example',
    contactName: 'Sol',
    askConfirmation: false,
    deliveryDays: [day, other].sort(),
    cutoffTime: new Date(cutoff).toISOString().slice(11, 16),
    leadDays: 0,
  });
  const pan = await app.t.api.createProduct(user.token, supplier.orderId, 'Pan', 'ud');
  const croissants = await app.t.api.createProduct(user.token, supplier.orderId, 'Croissants', 'ud');
  const leche = await app.t.api.createProduct(user.token, supplier.orderId, 'Leche', 'L');
  const put = await app.t.api.put(`/api/products/${croissants.id}`, { name: 'Croissants', unit: 'ud', step: 6 }, user.token);
  expect(put.status).toBe(200);
  for (const [weeks, quantity] of [
    [3, 22],
    [2, 26],
    [1, 24],
  ] as const) {
    const sent = await app.t.api.post(
      `/api/orders/${supplier.orderId}/send`,
      {
        lines: [
          { productId: pan.id, name: 'Pan', unit: 'ud', quantity },
          { productId: leche.id, name: 'Leche', unit: 'L', quantity: 2 },
        ],
        // An hour before that week's cut-off: its delivery is that weekday's.
        sentAt: new Date(cutoff - weeks * 7 * DAY - 3600_000).toISOString(),
      },
      user.token,
    );
    expect(sent.status, sent.text).toBe(200);
  }
  return { supplier, day, other, cutoff, pan, croissants, leche };
}

/**
 * The member's mail of the prepared order: the server's round of standing orders (on the reminders'
 * tick, docs/decisions.md §9.5), run now, prepares the order saved past its prepare moment and mails its links.
 */
async function preparedMail(user: RegisteredUser, supplierId: number) {
  // The server's own tick may have taken it first: the mail says it was prepared either way.
  await runStandingOrders(app.t.server.deps);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await app.t.outbox())
      .reverse()
      .find((m) => m.to.includes(user.email) && m.text.includes(`/orders/${supplierId}?prepared=`));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error('no prepared-order mail');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An owner in UTC who confirmed the address (mail about the prepared order goes to it). */
async function confirmedOwner(language: 'en' | 'es') {
  const user = await app.t.api.register({ language, timeZone: 'UTC' });
  await app.t.confirmEmail(user.email, user.token);
  user.user = { ...user.user, emailVerified: true };
  return user;
}

/** A weekday's key in a standing order's quantities. */
const key = (day: number) => ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'][day - 1] as string;

/** The standing order as the server keeps it: these fields, and these lines among its lines. */
async function expectSaved(user: RegisteredUser, supplierId: number, fields: Record<string, unknown>, lines: unknown[]) {
  const saved = (await app.t.api.get(`/api/suppliers/${supplierId}/standing`, user.token)).body.data;
  expect(saved).toMatchObject(fields);
  expect(saved.lines).toEqual(expect.arrayContaining(lines));
  expect(saved.lines).toHaveLength(lines.length);
}

/** A link of the mail (`Enviar`, `Editar`, `Saltar`), on the app under test. */
function linkIn(text: string, pattern: RegExp): string {
  const found = [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]).find((url) => pattern.test(url));
  if (!found) throw new Error(`no link like ${pattern} in:\n${text}`);
  const url = new URL(found);
  return `${url.pathname}${url.search}`;
}

/** The quantity field focused now: its accessible label. */
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

describe('the standing order, phone (es)', () => {
  it('sets one delivery day at a time, refuses a quantity off the step, and the prepared order opens from its mail and is sent', async () => {
    const language = 'es';
    const text = TEXT[language];
    const user = await confirmedOwner(language);
    const { supplier, day, other, pan, croissants, leche } = await bakery(user);
    const { page, context, errors } = await openPage(app, { language, user, viewport: PHONE });
    await recordExits(context);

    // From the order, its standing order.
    await page.goto(`/orders/${supplier.id}`);
    await page.getByRole('button', { name: 'Proveedor', exact: true }).click();
    await page.getByRole('link', { name: text.standing, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/suppliers/${supplier.id}/standing`);

    // The next delivery's day is chosen first: Pan 50 (typed), Croissants 7 (off its step), Leche 2 with +.
    const long = weekday(day, language);
    const panCell = page.getByRole('textbox', { name: text.cell('Pan', long) });
    await expect.poll(() => panCell.isVisible(), { timeout: 10_000 }).toBe(true);
    await panCell.fill('50');
    await page.getByRole('textbox', { name: text.cell('Croissants', long) }).fill('7');
    await page.getByRole('button', { name: text.more('Leche', long) }).click();
    await page.getByRole('button', { name: text.more('Leche', long) }).click();
    // The other delivery day: Pan 12.
    await page.getByRole('button', { name: new RegExp(dayName(other, language)) }).click();
    await page.getByRole('textbox', { name: text.cell('Pan', weekday(other, language)) }).fill('12');
    await page.getByRole('button', { name: text.save }).click();
    // Refused before it goes: the chip of that day is chosen again, the cell says why.
    await expectVisible(page, text.offStep);
    expect((await app.t.api.get(`/api/suppliers/${supplier.id}/standing`, user.token)).body.data.lines).toEqual([]);
    await page.getByRole('textbox', { name: text.cell('Croissants', long) }).fill('6');
    await expectAccessible(page, 'standing order, phone (es)');
    await screenshot(page, 'standing-phone-es');
    await page.getByRole('button', { name: text.save }).click();
    await expectVisible(page, text.saved);
    await expectSaved(user, supplier.id, { enabled: true, prepareHoursBefore: 12 }, [
      { productId: pan.id, quantities: { [key(day)]: 50, [key(other)]: 12 } },
      { productId: croissants.id, quantities: { [key(day)]: 6 } },
      { productId: leche.id, quantities: { [key(day)]: 2 } },
    ]);

    // The server prepares it (saved past its prepare moment: at once) and mails its links.
    const mail = await preparedMail(user, supplier.id);
    await page.goto(linkIn(mail.text, /then=send/));
    // Ready to send: the Send button has the focus; Pan is 50, more than twice the weekday's usual of 24 (22–26).
    const send = page.getByRole('button', { name: text.send });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: 10_000 }).toMatch(/Enviar/);
    // On a phone the chip shows "Sáb 24"; its name is the whole of it.
    await expect
      .poll(() => page.getByRole('button', { name: `${dayName(day, language, 'short')}: 24 (22–26) Pan` }).isVisible())
      .toBe(true);
    const flag = page.getByRole('button', { name: `Pan: 50, ${ON_DAYS[language][day - 1]} sueles pedir 24` });
    await expect.poll(() => flag.isVisible()).toBe(true);
    await expectAccessible(page, 'prepared order, phone (es)');
    await screenshot(page, 'standing-prepared-phone-es');
    // The flag takes the user to the line; it does not stop the send.
    await flag.click();
    await expect.poll(() => focusedLabel(page)).toBe(text.quantity('Pan'));
    await send.click();
    await expect.poll(() => opened(page)).toHaveLength(1);
    expect((await opened(page))[0]?.url).toMatch(/^mailto:pedidos@panaderia\.example\?/);
    await expect
      .poll(async () => (await app.t.api.get(`/api/orders/${supplier.orderId}/history`, user.token)).body.data[0]?.lines)
      .toEqual(expect.arrayContaining([expect.objectContaining({ productId: pan.id, quantity: 50 })]));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the standing order, desktop (es)', () => {
  it('sets the whole week as a table, refuses hours out of range, pauses a date, and "Saltar" skips the delivery', async () => {
    const language = 'es';
    const text = TEXT[language];
    const user = await confirmedOwner(language);
    const { supplier, day, other, cutoff, pan, leche } = await bakery(user);
    const { page, context, errors } = await openPage(app, { language, user, viewport: DESKTOP });

    // From the supplier's details.
    await page.goto(`/suppliers/${supplier.id}`);
    await page.getByRole('link', { name: text.standing, exact: true }).click();
    const table = page.getByRole('table', { name: 'Cantidades por día de entrega' });
    await expect.poll(() => table.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(dayName(day, language)), expect.stringContaining(dayName(other, language))]),
    );
    await table.getByRole('textbox', { name: text.cell('Pan', weekday(day, language)) }).fill('30');
    await table.getByRole('textbox', { name: text.cell('Pan', weekday(other, language)) }).fill('12,5');
    await table.getByRole('textbox', { name: text.cell('Leche', weekday(day, language)) }).fill('2');
    await page.getByLabel(text.hours).fill('49');
    const christmas = `${new Date(cutoff).getUTCFullYear()}-12-25`;
    await page.getByLabel(text.pausedDate).fill(christmas);
    await page.getByRole('button', { name: text.pausedAdd }).click();
    await page.getByRole('button', { name: text.save }).click();
    await expectVisible(page, text.hoursBad);
    await page.getByLabel(text.hours).fill('6');
    await expectAccessible(page, 'standing order, desktop (es)');
    await screenshot(page, 'standing-desktop-es');
    await page.getByRole('button', { name: text.save }).click();
    await expectVisible(page, text.saved);
    await expectSaved(user, supplier.id, { prepareHoursBefore: 6, pausedDates: [christmas] }, [
      { productId: pan.id, quantities: { [key(day)]: 30, [key(other)]: 12.5 } },
      { productId: leche.id, quantities: { [key(day)]: 2 } },
    ]);

    // Its mail's "Saltar": the order screen says so, and the delivery date is paused.
    const mail = await preparedMail(user, supplier.id);
    await page.goto(linkIn(mail.text, /then=skip/));
    await expectVisible(page, text.skipped);
    const delivery = new Date(cutoff).toISOString().slice(0, 10);
    await expect
      .poll(async () => (await app.t.api.get(`/api/suppliers/${supplier.id}/standing`, user.token)).body.data.pausedDates)
      .toEqual([delivery, christmas].sort());
    await expectAccessible(page, 'skipped order, desktop (es)');
    await screenshot(page, 'standing-skipped-desktop-es');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the standing order and a flagged quantity (en)', () => {
  it('words the grid and the flag in English', async () => {
    const language = 'en';
    const text = TEXT[language];
    const user = await app.t.api.register({ language, timeZone: 'UTC' });
    const { supplier, day, pan } = await bakery(user);
    // 60 Pan where the weekday's usual is 24: more than twice it.
    await app.t.api.setQuantity(user.token, supplier.orderId, pan.id, 60);
    const { page, context, errors } = await openPage(app, { language, user, viewport: PHONE });
    await page.goto(`/orders/${supplier.id}`);
    const flag = page.getByRole('button', { name: `Pan: 60, ${ON_DAYS[language][day - 1]} you usually order 24` });
    await expect.poll(() => flag.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: `${dayName(day, language, 'short')}: 24 (22–26) Pan` }).isVisible())
      .toBe(true);
    await screenshot(page, 'standing-flag-phone-en');
    await page.goto(`/suppliers/${supplier.id}/standing`);
    await expect
      .poll(() => page.getByRole('textbox', { name: text.cell('Pan', weekday(day, language)) }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expectAccessible(page, 'standing order, phone (en)');
    await screenshot(page, 'standing-phone-en');
    expect(errors).toEqual([]);
    await context.close();
  });
});
