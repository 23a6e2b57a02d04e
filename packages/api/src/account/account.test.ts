import { businessIdOf, newEmail, type Owner, refusal, tracesOfUser, useDomain } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * The rules of the owner's own account (docs/decisions.md §7 "Account
 * data", §4, §8.2, §8.6), through the procedures in-process: the profile and
 * what changing it does, the export and what it holds (and never holds), and
 * the erasure and what it removes (and keeps). The sign-in side of a profile
 * change (a new password or email) is src/auth/auth.test.ts's.
 * services/server/test/users.test.ts and account-data.test.ts keep the REST
 * and tRPC contract.
 */
const t = useDomain();
const PASSWORD = 'correct horse battery';

/** What a refused call tells the client: its kind, message and the fields it names (the harness's `refusal`). */
async function refused(call: Promise<unknown>) {
  const outcome = await refusal(call);
  return { kind: outcome.kind, message: outcome.message, fields: outcome.issues.map((i) => i.path) };
}

const me = (owner: Owner) => owner.api.users.byUsername({ username: 'me' });

describe('the profile', () => {
  it('changes only what is sent, and keeps it; the username and id never change', async () => {
    const owner = await t.domain.owner({ businessName: 'Old Business', fullName: 'Old Name' });
    const expected = { ...owner.user };
    const changes = [
      { fullName: 'New Name' },
      { language: 'es' as const },
      { timeZone: 'europe/madrid' },
      { reminders: false, reminderMinutes: 45 },
      { ordersSort: 'cutoff' as const },
      {},
    ];
    for (const change of changes) {
      Object.assign(expected, change, 'timeZone' in change ? { timeZone: 'Europe/Madrid' } : {});
      expect(await owner.api.users.updateMe(change)).toEqual(expected);
    }
    // Keys the profile does not have are not written, whatever is sent.
    const sneaky = { username: 'hijacked', id: 1, emailVerified: true } as Record<string, unknown>;
    expect(await owner.api.users.updateMe(sneaky)).toEqual(expected);
    expect(await me(owner)).toEqual(expected);
    expect(expected).toMatchObject({ username: owner.user.username, id: owner.user.id, emailVerified: false });
  });

  it('reads a blank password, or the same email in any case, as no change: no current password needed', async () => {
    const owner = await t.domain.owner();
    expect(await owner.api.users.updateMe({ password: '', fullName: 'Blank' })).toMatchObject({ fullName: 'Blank' });
    expect(await owner.api.users.updateMe({ email: owner.email })).toMatchObject({ email: owner.email });
    expect((await t.domain.caller().auth.login({ email: owner.email, password: PASSWORD })).user.id).toBe(owner.user.id);
  });

  it('refuses a time zone that is not an IANA name (an offset does not follow daylight saving), and changes nothing', async () => {
    const owner = await t.domain.owner();
    for (const timeZone of ['+01:00', 'UTC+1', 'Mars/Olympus']) {
      expect(await refused(owner.api.users.updateMe({ timeZone, fullName: 'Not saved' }))).toMatchObject({
        kind: 'BAD_REQUEST',
        fields: ['timeZone'],
      });
    }
    expect(await me(owner)).toEqual(owner.user);
  });

  it("renames the active business with its businessName, which only the business's owners may do", async () => {
    const owner = await t.domain.owner({ businessName: 'Bar Pino' });
    expect(await owner.api.users.updateMe({ businessName: 'Bar Pino Nuevo' })).toMatchObject({ businessName: 'Bar Pino Nuevo' });
    expect((await owner.api.businesses.active()).name).toBe('Bar Pino Nuevo');
    const manager = await t.domain.joiner(owner, 'manager');
    expect(await me(manager)).toMatchObject({ businessName: 'Bar Pino Nuevo' });
    expect(await refused(manager.api.users.updateMe({ businessName: 'Mine now', fullName: 'Not saved' }))).toMatchObject({
      kind: 'FORBIDDEN',
    });
    // The same name again renames nothing: anyone may send it.
    expect(await manager.api.users.updateMe({ businessName: 'Bar Pino Nuevo', fullName: 'Marco' })).toMatchObject({ fullName: 'Marco' });
    expect((await owner.api.businesses.active()).name).toBe('Bar Pino Nuevo');
  });
});

const WEBHOOK_SECRET = 'whsec_never-in-an-export-0123456789abcdef';

/** An owner with something in every corner: suppliers, products, a message, a send, feedback, a second device, an API token, a webhook. */
async function populatedAccount() {
  const owner = await t.domain.owner({ businessName: 'Café Completo', fullName: 'Carla Completa' });
  await t.domain.confirmEmail(owner);
  const supplier = (name: string) =>
    owner.api.suppliers.create({ name, contactName: '', messageService: 'other', contactInfo: '', note: 'Before 9' });
  const fruit = await supplier('Frutas Pepe');
  await supplier('Panadería Sol');
  await owner.api.products.bulk({
    orderId: fruit.orderId,
    products: [
      { name: 'Lemons', unit: 'Kg', quantity: 2.5 },
      { name: 'Tomatoes', unit: 'Kg', quantity: 0 },
    ],
  });
  await owner.api.orders.update({ id: fruit.orderId, introduce: 'Hola Pepe' });
  await owner.api.orders.send({ id: fruit.orderId });
  const [lemons] = await owner.api.products.list({ orderId: fruit.orderId });
  await owner.api.products.setQuantity({ productId: lemons!.id, orderId: fruit.orderId, quantity: 4 });
  await owner.api.feedback.send({ fullName: 'Carla', email: owner.email, note: 'Love it' });
  const phone = (await t.domain.caller().auth.login({ email: owner.email, password: PASSWORD })).token;
  const apiToken = (await owner.api.auth.createToken({ name: 'Script' })).token;
  // A webhook endpoint, written as the procedure writes one (its address would have to be public to be added).
  await t.domain.deps.db
    .insertInto('webhook_endpoints')
    .values({
      business_id: await businessIdOf(t.domain.deps.db, owner.user.id),
      created_by: owner.user.id,
      url: 'https://hooks.example.com/reorder',
      events: ['order.sent'],
      secret: WEBHOOK_SECRET,
    })
    .execute();
  return { owner, phone, apiToken, fruit };
}

describe('the export', () => {
  it('holds the profile, each supplier with its order and history, the feedback, the devices, the API tokens and the webhooks', async () => {
    const { owner, fruit } = await populatedAccount();
    const data = await owner.api.users.export();
    expect(data.profile).toEqual({ ...(await me(owner)), createdAt: expect.any(String) });
    expect(data.suppliers.map((s) => [s.name, s.note])).toEqual([
      ['Frutas Pepe', 'Before 9'],
      ['Panadería Sol', 'Before 9'],
    ]);
    const exported = data.suppliers.find((s) => s.id === fruit.id);
    expect(exported?.order).toMatchObject({ id: fruit.orderId, introduce: 'Hola Pepe', text: 'Hola Pepe\n4 x Kg: Lemons' });
    expect(exported?.order.products.map((p) => [p.name, p.quantity])).toEqual([
      ['Lemons', 4],
      ['Tomatoes', 0],
    ]);
    expect(exported?.history.map((h) => h.text.split('\n\n')[0])).toEqual(['Hola Pepe\n2.5 x Kg: Lemons']);
    expect(data.feedback.map((f) => [f.fullName, f.note])).toEqual([['Carla', 'Love it']]);
    expect(data.devices).toHaveLength(2);
    expect(data.devices.filter((d) => d.current)).toHaveLength(1);
    expect(data.apiTokens.map((a) => a.name)).toEqual(['Script']);
    expect(data.webhooks.map((w) => [w.url, w.events])).toEqual([['https://hooks.example.com/reorder', ['order.sent']]]);
  });

  it('never holds a secret: no password hash, session or API token, or webhook signing secret', async () => {
    const { owner, phone, apiToken } = await populatedAccount();
    const text = JSON.stringify(await owner.api.users.export());
    const { password_hash } = await t.domain.deps.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    for (const secret of [password_hash ?? '$argon2', '$argon2', owner.token, phone, apiToken, WEBHOOK_SECRET]) {
      expect(text).not.toContain(secret);
    }
  });

  it("holds the active business's data for its owners only: a manager's holds their own account alone", async () => {
    const { owner } = await populatedAccount();
    const manager = await t.domain.joiner(owner, 'manager');
    await manager.api.feedback.send({ fullName: 'Marta', email: manager.email, note: 'Mine' });
    const data = await manager.api.users.export();
    expect(data).toMatchObject({ suppliers: [], webhooks: [], apiTokens: [] });
    expect(data.profile.email).toBe(manager.email);
    expect(data.feedback.map((f) => f.note)).toEqual(['Mine']);
  });

  it('is the account’s: an API token cannot read it', async () => {
    const { apiToken } = await populatedAccount();
    expect(await refused(t.domain.caller(apiToken).users.export())).toMatchObject({ kind: 'FORBIDDEN' });
  });
});

/** How many rows of the business's data are left, table by table. */
async function businessRows(businessId: number) {
  const count = async (table: 'suppliers' | 'orders' | 'products' | 'sent_orders' | 'webhook_endpoints' | 'memberships') =>
    Number(
      (
        await t.domain.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('business_id', '=', businessId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    suppliers: await count('suppliers'),
    orders: await count('orders'),
    products: await count('products'),
    sent: await count('sent_orders'),
    webhooks: await count('webhook_endpoints'),
    members: await count('memberships'),
  };
}

describe('the erasure', () => {
  it('needs the current password: none is a 400, a wrong one a 401, and nothing is erased', async () => {
    const { owner } = await populatedAccount();
    expect(await refused(owner.api.users.deleteMe({}))).toEqual({
      kind: 'BAD_REQUEST',
      message: 'Enter your current password to delete your account.',
      fields: ['currentPassword'],
    });
    expect(await refused(owner.api.users.deleteMe({ currentPassword: 'wrong one' }))).toMatchObject({
      kind: 'UNAUTHORIZED',
      fields: ['currentPassword'],
    });
    expect(await owner.api.suppliers.list({})).toHaveLength(2);
  });

  it('erases the account, its business and everything in it, signs out every device, frees the email, and mails a notice', async () => {
    const { owner, phone, apiToken } = await populatedAccount();
    const other = await populatedAccount();
    const businessId = await businessIdOf(t.domain.deps.db, owner.user.id);
    expect(await tracesOfUser(t.domain.deps.db, owner.user.id, owner.email)).not.toEqual([]);
    // Locked out of sign-in by failures before: the erasure forgets the email's counters.
    for (let i = 0; i < 10; i++) {
      await t.domain
        .caller()
        .auth.login({ email: owner.email, password: 'wrong password' })
        .catch(() => undefined);
    }

    expect(await owner.api.users.deleteMe({ currentPassword: PASSWORD })).toBeNull();
    expect(await tracesOfUser(t.domain.deps.db, owner.user.id, owner.email)).toEqual([]);
    expect(await businessRows(businessId)).toEqual({ suppliers: 0, orders: 0, products: 0, sent: 0, webhooks: 0, members: 0 });
    for (const token of [owner.token, phone, apiToken]) {
      expect(await refused(t.domain.caller(token).suppliers.list({}))).toMatchObject({ kind: 'UNAUTHORIZED' });
    }
    const [notice] = (await t.domain.outbox()).filter(
      (m) => m.to.includes(owner.email) && m.subject === 'Your Reorder account was deleted',
    );
    expect(notice?.text).toContain('has been deleted');
    // The address may make a new account, which signs in at once.
    const again = await t.domain
      .caller()
      .auth.register({ businessName: 'Otra vez', fullName: 'Carla', email: owner.email, password: PASSWORD });
    expect((await t.domain.caller().auth.login({ email: owner.email, password: PASSWORD })).user.id).toBe(again.user.id);
    // The other account keeps all of its own.
    expect(await other.owner.api.suppliers.list({})).toHaveLength(2);
    expect((await other.owner.api.users.export()).suppliers.find((s) => s.id === other.fruit.id)?.history).toHaveLength(1);
  });

  it('keeps a business that has another owner, and one the user only worked in: they lose the member alone', async () => {
    const { owner } = await populatedAccount();
    const businessId = await businessIdOf(t.domain.deps.db, owner.user.id);
    const coOwner = await t.domain.joiner(owner, 'owner');
    const staff = await t.domain.joiner(owner, 'staff');
    const before = await businessRows(businessId);
    expect(before.members).toBe(3);

    expect(await coOwner.api.users.deleteMe({ currentPassword: PASSWORD })).toBeNull();
    expect(await staff.api.users.deleteMe({ currentPassword: PASSWORD })).toBeNull();
    expect(await businessRows(businessId)).toEqual({ ...before, members: 1 });
    expect((await owner.api.businesses.members()).map((m) => m.userId)).toEqual([owner.user.id]);
    expect(await owner.api.suppliers.list({})).toHaveLength(2);
  });

  it('keeps the count of email changes to an address (by its hash), so a new account cannot start it again (§8.6)', async () => {
    const owner = await t.domain.owner();
    const wanted = newEmail('wanted');
    for (let i = 0; i < 3; i++) await owner.api.users.updateMe({ email: wanted, currentPassword: PASSWORD });
    await owner.api.users.deleteMe({ currentPassword: PASSWORD });
    const next = await t.domain.owner();
    expect(await refused(next.api.users.updateMe({ email: wanted, currentPassword: PASSWORD }))).toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
    });
  });
});
