import type { RegisteredUser } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectVisible, offlineCopy, opened, openPage, PHONE, recordExits, screenshot, useApp } from './app.ts';

/**
 * A team (docs/decisions.md §8.2), three people in three browsers at phone
 * size: the owner invites a manager and a staff member from the business
 * screen; each opens the emailed link and joins; staff count, see no Send
 * and no way to change products, and tap "Ready to send"; the manager is
 * told by email and sends; the owner sees who sent it in the history.
 */
const app = useApp();

const TEXT = {
  en: {
    business: 'Members and invitations',
    email: 'Their email address',
    role: 'Role',
    invite: 'Send the invitation',
    roles: { manager: 'manager', staff: 'staff' },
    join: (business: string) => `Join ${business}`,
    count: 'Count',
    countOf: (name: string) => `Count of ${name}`,
    fill: 'Fill to par',
    ready: 'Ready to send',
    readyTold: 'Done: the owners and managers know the order is ready to send.',
    readySubject: (name: string, supplier: string) => `${name} prepared the order for ${supplier}`,
    send: 'Send via WhatsApp',
    sentBy: (name: string) => `Sent by ${name}`,
    countedBy: (name: string) => `Counted by ${name}`,
    addProduct: 'Add product',
  },
  es: {
    business: 'Miembros e invitaciones',
    email: 'Su correo electrónico',
    role: 'Rol',
    invite: 'Enviar la invitación',
    roles: { manager: 'encargado', staff: 'personal' },
    join: (business: string) => `Unirme a ${business}`,
    count: 'Contar',
    countOf: (name: string) => `Existencias de ${name}`,
    fill: 'Completar hasta el objetivo',
    ready: 'Listo para enviar',
    readyTold: 'Hecho: los propietarios y encargados saben que el pedido está listo para enviar.',
    readySubject: (name: string, supplier: string) => `${name} preparó el pedido de ${supplier}`,
    send: 'Enviar por WhatsApp',
    sentBy: (name: string) => `Enviado por ${name}`,
    countedBy: (name: string) => `Contado por ${name}`,
    addProduct: 'Añadir producto',
  },
} as const;

describe.each(['en', 'es'] as const)('a team of three (%s)', (language) => {
  const text = TEXT[language];

  it('the owner invites, staff count and hand over, the manager sends, the owner sees who', async () => {
    const business = language === 'en' ? 'Café Luna' : 'Bar Sol';
    const owner = await app.t.api.register({ language, businessName: business, fullName: 'Ana Dueña' });
    await app.t.confirmEmail(owner.email, owner.token);
    const supplier = await app.t.api.createSupplier(owner.token, {
      name: 'Frutas Ruiz',
      messageService: 'whatsapp',
      contactInfo: '+34 600 111 222',
      askConfirmation: false,
    });
    const tomatoes = await app.t.api.post(
      '/api/products',
      { name: 'Tomates', unit: 'Kg', orderId: supplier.orderId, par: 10 },
      owner.token,
    );
    expect(tomatoes.status, tomatoes.text).toBe(200);
    const tomatoId = tomatoes.body.data.id as number;

    // The owner invites both from the business screen.
    const ownerPage = await openPage(app, { language, user: owner, viewport: PHONE });
    const people = {
      manager: { email: `marco.${language}.${Date.now()}@example.com`, fullName: 'Marco Encargado' },
      staff: { email: `marta.${language}.${Date.now()}@example.com`, fullName: 'Marta Cocina' },
    };
    await ownerPage.page.goto('/profile');
    await ownerPage.page.getByRole('link', { name: text.business }).click();
    for (const role of ['manager', 'staff'] as const) {
      await ownerPage.page.getByLabel(text.email).fill(people[role].email);
      await ownerPage.page.getByLabel(text.role, { exact: true }).selectOption(role);
      await ownerPage.page.getByRole('button', { name: text.invite }).click();
      await expectVisible(ownerPage.page, people[role].email);
    }
    await expectAccessible(ownerPage.page, `business screen (${language})`);
    await screenshot(ownerPage.page, `team-owner-invites-${language}`);

    // Each opens the link from the email, signed in with that address, and joins.
    const join = async (role: 'manager' | 'staff'): Promise<{ user: RegisteredUser; page: Page; close: () => Promise<void> }> => {
      const { email, fullName } = people[role];
      const token = await app.t.linkToken(email, '/invitations');
      const user = await app.t.api.register({ language, email, fullName, businessName: `${fullName} (casa)` });
      await app.t.confirmEmail(email, user.token);
      const { page, context, errors } = await openPage(app, { language, user: { ...user, user: { ...user.user, emailVerified: true } } });
      await page.goto(`/invitations/${token}`);
      await expectVisible(page, text.roles[role]);
      if (role === 'staff') {
        await expectAccessible(page, `invitation (${language})`);
        await screenshot(page, `team-invitation-${language}`);
      }
      await page.getByRole('button', { name: text.join(business) }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/orders');
      // The header names the business joined, now the active one.
      await expect.poll(() => page.getByTestId('active-business').textContent()).toBe(business);
      return {
        user,
        page,
        close: async () => {
          expect(errors).toEqual([]);
          await context.close();
        },
      };
    };
    const manager = await join('manager');
    const staff = await join('staff');

    // Staff: no way to change products and no Send; they count, fill and hand over.
    await staff.page.goto(`/orders/${supplier.id}`);
    await staff.page.getByRole('button', { name: text.count, exact: true }).click();
    await staff.page.getByLabel(text.countOf('Tomates')).fill('4');
    await staff.page.keyboard.press('Enter');
    await staff.page.getByRole('button', { name: text.fill }).click();
    await expect
      .poll(async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, owner.token)).body.data.text as string)
      .toContain('6 x Kg: Tomates');
    expect(await staff.page.getByRole('link', { name: text.addProduct }).count()).toBe(0);
    expect(await staff.page.getByRole('button', { name: text.send }).count()).toBe(0);
    // The par is shown, not editable: setting pars is a manager's.
    expect(await staff.page.locator(`#par-${tomatoId}`).getAttribute('readonly')).not.toBeNull();
    await staff.page.getByRole('button', { name: text.ready }).click();
    await expectVisible(staff.page, text.readyTold);
    await expectAccessible(staff.page, `staff order (${language})`);
    await screenshot(staff.page, `team-staff-ready-${language}`);

    // The manager is told by email, opens the order from it, and sends.
    await expect
      .poll(async () =>
        (await app.t.outbox()).some(
          (mail) => mail.to.includes(people.manager.email) && mail.subject === text.readySubject('Marta Cocina', 'Frutas Ruiz'),
        ),
      )
      .toBe(true);
    await recordExits(manager.page.context());
    await manager.page.goto(`/orders/${supplier.id}`);
    await manager.page.getByRole('button', { name: text.count, exact: true }).click();
    await expectVisible(manager.page, text.countedBy('Marta Cocina'));
    await manager.page.getByRole('button', { name: text.count, exact: true }).click();
    await manager.page.getByRole('button', { name: text.send }).click();
    await expect.poll(async () => (await opened(manager.page)).length).toBe(1);

    // The owner sees who sent it.
    await ownerPage.page.goto(`/orders/${supplier.id}/history`);
    await expectVisible(ownerPage.page, text.sentBy('Marco Encargado'));
    await expectAccessible(ownerPage.page, `history (${language})`);
    await screenshot(ownerPage.page, `team-owner-history-${language}`);

    await staff.close();
    await manager.close();
    expect(ownerPage.errors).toEqual([]);
    await ownerPage.context.close();
  });
});

/**
 * The owner of "Café <place>" with "Frutas <place>", who invited <name> as
 * staff; <name> has signed up with "Casa <name>" and "Panes <name>" of their
 * own, and `join()` accepts the invitation by API.
 */
async function ownerInviting(place: string, name: string) {
  const owner = await app.t.api.register({ businessName: `Café ${place}`, fullName: 'Ana Dueña' });
  await app.t.confirmEmail(owner.email, owner.token);
  await app.t.api.createSupplier(owner.token, { name: `Frutas ${place}` });
  const email = `${name.toLowerCase()}.${Date.now()}@example.com`;
  expect((await app.t.api.post('/api/business/invitations', { email, role: 'staff' }, owner.token)).status).toBe(200);
  const token = await app.t.linkToken(email, '/invitations');
  const member = await app.t.api.register({ email, fullName: `${name} Barra`, businessName: `Casa ${name}` });
  await app.t.api.createSupplier(member.token, { name: `Panes ${name}` });
  await app.t.confirmEmail(email, member.token);
  const join = async () => {
    const joined = await app.t.api.post(`/api/invitations/${token}/accept`, {}, member.token);
    expect(joined.status, joined.text).toBe(200);
  };
  return { owner, member, join };
}

/** Makes `businessId` the business this browser acts in for `userId`, as a switch there would, and reloads. */
async function chooseAndReload(page: Page, userId: number, businessId: number) {
  await page.evaluate((chosen) => localStorage.setItem('business', JSON.stringify(chosen)), { userId, businessId });
  await page.reload();
}

describe('an owner of two businesses (en, phone)', () => {
  it('adds a business from the header and switches back; changes a role, removes a member; cannot leave as the last owner', async () => {
    // A member joined by API: the screens under test are the owner's.
    const { owner, member: pablo, join } = await ownerInviting('Norte', 'Pablo');
    await join();

    const { page, context, errors } = await openPage(app, { user: { ...owner, user: { ...owner.user, emailVerified: true } } });
    await page.goto('/suppliers');
    await expectVisible(page, 'Frutas Norte');
    // "Add a business" from the header: the new one is active, and empty.
    await page.getByRole('button', { name: 'Business: Café Norte. Switch or add a business' }).click();
    await page.getByLabel('Name of the new business').fill('Café Sur');
    await page.getByRole('button', { name: 'Add it' }).click();
    await expect.poll(() => page.getByTestId('active-business').textContent()).toBe('Café Sur');
    await expectVisible(page, 'You have no suppliers yet. Add the first one.');
    expect(await page.getByText('Frutas Norte').count()).toBe(0);
    await screenshot(page, 'team-second-business-en');
    // Switching back shows the first business's suppliers again.
    await page.getByRole('button', { name: 'Business: Café Sur. Switch or add a business' }).click();
    await expectAccessible(page, 'business switcher (en)');
    await screenshot(page, 'team-switcher-en');
    await page.getByRole('button', { name: 'Switch to Café Norte' }).click();
    await expect.poll(() => page.getByTestId('active-business').textContent()).toBe('Café Norte');
    await page.goto('/suppliers');
    await expectVisible(page, 'Frutas Norte');

    // Pablo's phone acts in Café Norte (chosen there)…
    const norte = (await app.t.api.get('/api/businesses', owner.token)).body.data[0].id as number;
    const pabloPhone = await openPage(app, { user: pablo });
    await pabloPhone.page.goto('/orders');
    await expect.poll(() => pabloPhone.page.getByTestId('active-business').textContent()).toBe('Casa Pablo');
    await expectVisible(pabloPhone.page, 'Panes Pablo');
    await chooseAndReload(pabloPhone.page, pablo.user.id, norte);
    await expect.poll(() => pabloPhone.page.getByTestId('active-business').textContent()).toBe('Café Norte');
    await expectVisible(pabloPhone.page, 'Frutas Norte');

    // The business screen: Pablo becomes a manager, then is removed.
    await page.goto('/profile/business');
    await page.getByLabel('Role of Pablo Barra').selectOption('manager');
    await expectVisible(page, 'Pablo Barra is now manager.');
    const roleOf = async () =>
      (await app.t.api.request('GET', '/api/business/members', { token: owner.token })).body.data.find(
        (m: { userId: number }) => m.userId === pablo.user.id,
      )?.role;
    await expect.poll(roleOf).toBe('manager');
    await page.getByRole('button', { name: 'Remove Pablo Barra' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expectVisible(page, 'Pablo Barra was removed.');
    await expect.poll(roleOf).toBeUndefined();
    // …and once removed, his phone falls back to his own business instead of failing on Café Norte's.
    await pabloPhone.page.reload();
    await expect.poll(() => pabloPhone.page.getByTestId('active-business').textContent()).toBe('Casa Pablo');
    await expectVisible(pabloPhone.page, 'Panes Pablo');
    expect(pabloPhone.errors).toEqual([]);
    await pabloPhone.context.close();
    // The last owner cannot leave: the server's words say why, and nothing changes.
    await page.getByRole('button', { name: 'Leave Café Norte' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave Café Norte' }).click();
    await expectVisible(page, 'A business keeps at least one owner: make another member an owner first.');
    expect((await app.t.api.get('/api/businesses', owner.token)).body.data.map((b: { name: string }) => b.name)).toEqual([
      'Café Norte',
      'Café Sur',
    ]);

    // Deleting the account would take both businesses: the screen names them.
    await page.goto('/profile/delete');
    await expect.poll(() => page.getByTestId('erased-businesses').textContent()).toContain('Café Norte');
    expect(await page.getByTestId('erased-businesses').textContent()).toContain('Café Sur');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a business joined on another device (en, phone)', () => {
  it('stays the one chosen across a reload, though the offline copy predates it', async () => {
    const { owner, member: lola, join } = await ownerInviting('Este', 'Lola');

    // Her phone reads her own business, and keeps that list offline (IndexedDB)…
    const phone = await openPage(app, { user: { ...lola, user: { ...lola.user, emailVerified: true } } });
    await phone.page.goto('/orders');
    await expectVisible(phone.page, 'Panes Lola');
    await expect.poll(() => offlineCopy(phone.page, lola.user.id)).toContain('Casa Lola');
    // …then she joins Café Este elsewhere, and this device is told to act in it: the offline list does not know it yet.
    await join();
    const este = (await app.t.api.get('/api/businesses', owner.token)).body.data[0].id as number;
    await chooseAndReload(phone.page, lola.user.id, este);
    await expect.poll(() => phone.page.getByTestId('active-business').textContent()).toBe('Café Este');
    await expectVisible(phone.page, 'Frutas Este');
    expect(await phone.page.evaluate(() => localStorage.getItem('business'))).toBe(
      JSON.stringify({ userId: lola.user.id, businessId: este }),
    );
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

/**
 * Joining from the invitation's email and being seen (docs/decisions.md
 * §9.3): the invited cook opens the link from the mail, gives only a name and
 * a password, and lands in the business's orders; "Listo para enviar" then
 * shows to the owner on the orders list and the order, with the time in her
 * time zone (not the device's).
 */
describe('joining from the email, and "Ready to send" seen by the owner', () => {
  const OWNER_ZONE = 'America/Mexico_City';
  /** "Ready to send · name · HH:MM", the time in the owner's time zone. */
  const readyText = (language: 'en' | 'es', name: string, at: string) => {
    const time = new Intl.DateTimeFormat(language, { timeZone: OWNER_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(at),
    );
    return `${language === 'es' ? 'Listo para enviar' : 'Ready to send'} · ${name} · ${time}`;
  };

  /** An owner in `OWNER_ZONE` with a supplier whose order holds a line, who invited `email` as staff. */
  async function ownerWithOrder(language: 'en' | 'es', business: string, email: string) {
    const owner = await app.t.api.register({ language, businessName: business, fullName: 'Ana Dueña', timeZone: OWNER_ZONE });
    await app.t.confirmEmail(owner.email, owner.token);
    const supplier = await app.t.api.createSupplier(owner.token, { name: 'Frutas Ruiz', askConfirmation: false });
    const product = await app.t.api.createProduct(owner.token, supplier.orderId, 'Tomates', 'Kg');
    const line = { productId: product.id, orderId: supplier.orderId, quantity: 3 };
    expect((await app.t.api.put('/api/products/quantity', line, owner.token)).status).toBe(200);
    expect((await app.t.api.post('/api/business/invitations', { email, role: 'staff' }, owner.token)).status).toBe(200);
    return { owner: { ...owner, user: { ...owner.user, emailVerified: true } }, supplier };
  }

  it('es, phone: the cook joins with a name and a password, says it is ready, and the owner sees it', async () => {
    const email = `javi.${Date.now()}@example.com`;
    const { owner, supplier } = await ownerWithOrder('es', 'Café Luna', email);
    // The link as the mail gives it.
    await expect.poll(async () => (await app.t.outbox()).some((m) => m.to.includes(email))).toBe(true);
    const mail = (await app.t.outbox()).find((m) => m.to.includes(email));
    const link = /http:\/\/app\.test(\/invitations\/[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();

    const cook = await openPage(app, { language: 'es', viewport: PHONE });
    await cook.page.goto(link as string);
    await expectVisible(cook.page, 'Café Luna invita a');
    // Only a name and a password: no business name to give.
    expect(await cook.page.getByLabel('Nombre del negocio').count()).toBe(0);
    await cook.page.getByLabel('Nombre completo').fill('Javi Cocina');
    await cook.page.getByLabel('Contraseña').fill('tomates maduros 42');
    await expectAccessible(cook.page, 'invitation, new account (es)');
    await screenshot(cook.page, 'team-join-form-es');
    await cook.page.getByRole('button', { name: 'Crear mi cuenta y unirme' }).click();
    await expect.poll(() => new URL(cook.page.url()).pathname).toBe('/orders');
    await expect.poll(() => cook.page.getByTestId('active-business').textContent()).toBe('Café Luna');
    await expectVisible(cook.page, 'Frutas Ruiz');
    await screenshot(cook.page, 'team-joined-orders-es');
    // The only business is the one joined: nothing of his own was made.
    const businesses = await app.t.api.get(
      '/api/businesses',
      (await app.t.api.post('/api/auth/login', { email, password: 'tomates maduros 42' })).body.data.token,
    );
    expect(businesses.body.data.map((b: { name: string; role: string }) => [b.name, b.role])).toEqual([['Café Luna', 'staff']]);

    // He says the order is ready; his own action is acknowledged as before.
    await cook.page.getByRole('link', { name: /Frutas Ruiz/ }).click();
    await cook.page.getByRole('button', { name: 'Listo para enviar' }).click();
    await expectVisible(cook.page, 'Hecho: los propietarios y encargados saben que el pedido está listo para enviar.');
    const ready = (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, owner.token)).body.data.ready;
    expect(ready.by.fullName).toBe('Javi Cocina');
    const expected = readyText('es', 'Javi Cocina', ready.at);

    // The owner sees it on the orders list and on the order.
    const ana = await openPage(app, { language: 'es', user: owner, viewport: PHONE });
    await ana.page.goto('/orders');
    await expect.poll(() => ana.page.getByTestId('ready-note').textContent()).toBe(expected);
    await expectAccessible(ana.page, 'orders list, ready (es)');
    await screenshot(ana.page, 'team-ready-list-es');
    await ana.page.getByRole('link', { name: /Frutas Ruiz/ }).click();
    await expect.poll(() => new URL(ana.page.url()).pathname).toBe(`/orders/${supplier.id}`);
    await expect.poll(() => ana.page.getByTestId('ready-note').textContent()).toBe(expected);
    await expectAccessible(ana.page, 'order, ready (es)');
    await screenshot(ana.page, 'team-ready-order-es');
    // A change ends it: the note goes, on the order and on the list.
    await ana.page.getByRole('button', { name: 'Uno más de Tomates' }).click();
    await expect.poll(() => ana.page.getByTestId('ready-note').count()).toBe(0);
    await expect.poll(async () => (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, owner.token)).body.data.ready).toBeNull();

    expect(cook.errors).toEqual([]);
    expect(ana.errors).toEqual([]);
    await cook.context.close();
    await ana.context.close();
  });

  it('en, desktop: the owner sees "Ready to send" on the list beside the open order', async () => {
    const email = `lola.${Date.now()}@example.com`;
    const { owner, supplier } = await ownerWithOrder('en', 'Bar Sol', email);
    const invitation = await app.t.linkToken(email, '/invitations');
    const joined = await app.t.api.post('/api/auth/register', {
      email,
      invitation,
      fullName: 'Lola Barra',
      password: 'tomates maduros 42',
    });
    expect(joined.status, joined.text).toBe(200);
    expect((await app.t.api.post(`/api/orders/${supplier.orderId}/ready`, {}, joined.body.data.token)).status).toBe(200);
    const ready = (await app.t.api.get(`/api/orders/supplier/${supplier.id}`, owner.token)).body.data.ready;
    const expected = readyText('en', 'Lola Barra', ready.at);

    const { page, context, errors } = await openPage(app, { language: 'en', user: owner, viewport: DESKTOP });
    await page.goto(`/orders/${supplier.id}`);
    await expect.poll(() => page.getByTestId('ready-note').allTextContents()).toEqual([expected, expected]);
    await expectAccessible(page, 'order and list, ready (en desktop)');
    await screenshot(page, 'team-ready-desktop-en');
    expect(errors).toEqual([]);
    await context.close();
  });
});
