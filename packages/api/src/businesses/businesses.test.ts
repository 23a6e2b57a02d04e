import { defaultRateRules } from '@reorder/api';
import { newEmail, type Owner, refusal, useDomain } from '@reorder/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { INVITATION_GONE, NO_SUCH_BUSINESS } from '../errors.ts';
import { TOKEN_FORBIDDEN } from '../sessions/require-user.ts';
import { LAST_OWNER } from './router.ts';

/**
 * A business with members and roles (docs/decisions.md §8.2), through the
 * procedures in-process: businesses of one's own and the active one
 * (X-Business-Id), the limit of 20, members and their roles, an owner always
 * kept, leaving and removal (which ends the member's API tokens there,
 * docs/decisions.md §9.7), invitations and an account made from one
 * (docs/decisions.md §9.3). The lock order of writers into a business
 * (businesses/write-lock.ts, §9.7) needs two connections at once: PGlite has
 * one, so lock-order.pg.test.ts keeps it on PostgreSQL.
 * services/server/test/businesses.test.ts, members.test.ts and
 * team-join.test.ts keep the REST and tRPC contract (X-Business-Id as a
 * header, each answer and status); roles.test.ts keeps the table of roles.
 */
const t = useDomain();

afterEach(() => {
  t.domain.deps.clock = undefined;
  t.domain.deps.rateRules = defaultRateRules;
});

/** An owner whose address is proven (only that invites). */
async function verifiedOwner(fields: Parameters<typeof t.domain.owner>[0] = {}): Promise<Owner> {
  const owner = await t.domain.owner(fields);
  await t.domain.confirmEmail(owner);
  return owner;
}

const firstBusinessOf = async (user: Owner) => (await user.api.businesses.list())[0]!;

const newSupplier = (user: Owner, name: string, businessId?: number) =>
  (businessId === undefined ? user.api : t.domain.caller(user.token, { businessId })).suppliers.create({
    name,
    contactName: '',
    messageService: 'other',
    contactInfo: '',
    note: '',
  });

describe('businesses', () => {
  it('are one at registration, owned and named as registered, in euros; a second starts empty and X-Business-Id switches', async () => {
    const owner = await t.domain.owner({ businessName: 'Café Luna' });
    const first = await firstBusinessOf(owner);
    expect(await owner.api.businesses.list()).toEqual([
      { id: expect.any(Number), name: 'Café Luna', role: 'owner', currency: 'EUR', taxId: '', defaultTaxRate: 0 },
    ]);
    expect(await owner.api.businesses.active()).toEqual(first);
    await newSupplier(owner, 'Frutas Pepe');

    const second = await owner.api.businesses.create({ name: 'Café Sol' });
    expect(second).toEqual({ id: expect.any(Number), name: 'Café Sol', role: 'owner', currency: 'EUR', taxId: '', defaultTaxRate: 0 });
    const inSecond = t.domain.caller(owner.token, { businessId: second.id });
    expect(await inSecond.suppliers.list()).toEqual([]);
    const made = await newSupplier(owner, 'Lácteos Sol', second.id);
    expect((await owner.api.suppliers.list()).map((s) => s.name)).toEqual(['Frutas Pepe']);
    expect((await inSecond.suppliers.list()).map((s) => s.name)).toEqual(['Lácteos Sol']);
    await expect(owner.api.suppliers.byId({ id: made.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Both listed, first joined first; the active business and the profile's businessName follow X-Business-Id.
    expect(await owner.api.businesses.list()).toEqual([first, second]);
    expect(await inSecond.businesses.active()).toEqual(second);
    expect((await inSecond.users.byUsername({ username: 'me' })).businessName).toBe('Café Sol');
    expect((await owner.api.users.byUsername({ username: 'me' })).businessName).toBe('Café Luna');
  });

  it('not the caller’s answer the same 404, reading or writing, and change nothing', async () => {
    const owner = await t.domain.owner();
    const stranger = await t.domain.owner();
    const theirs = await firstBusinessOf(stranger);
    for (const businessId of [theirs.id, 2_000_000_000]) {
      const elsewhere = t.domain.caller(owner.token, { businessId });
      expect(await refusal(elsewhere.suppliers.list())).toMatchObject({ kind: 'NOT_FOUND', message: NO_SUCH_BUSINESS });
      expect(await refusal(newSupplier(owner, 'Intruso', businessId))).toMatchObject({ kind: 'NOT_FOUND', message: NO_SUCH_BUSINESS });
    }
    expect(await stranger.api.suppliers.list()).toEqual([]);
  });

  it('are at most 20 owned per user, also when made at the same moment', async () => {
    const owner = await t.domain.owner();
    for (let i = 2; i <= 17; i++) await owner.api.businesses.create({ name: `Local ${i}` });
    const results = await Promise.allSettled([18, 19, 20, 21, 22].map((i) => owner.api.businesses.create({ name: `Local ${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const result of results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[]) {
      expect(result.reason).toMatchObject({ code: 'BAD_REQUEST', message: 'You can own at most 20 businesses.' });
    }
    expect(await owner.api.businesses.list()).toHaveLength(20);
  });

  it('are renamed and given a currency (upper-cased) by their owners only; a bad currency changes nothing', async () => {
    const owner = await verifiedOwner({ businessName: 'Café Luna' });
    const renamed = await owner.api.businesses.update({ name: 'Café Luna Nueva', currency: 'usd' });
    expect(renamed).toEqual({
      id: expect.any(Number),
      name: 'Café Luna Nueva',
      role: 'owner',
      currency: 'USD',
      taxId: '',
      defaultTaxRate: 0,
    });
    expect((await refusal(owner.api.businesses.update({ name: 'Otra', currency: 'EURO' }))).issues.map((i) => i.path)).toEqual([
      'currency',
    ]);
    expect(await owner.api.businesses.active()).toEqual(renamed);
    const manager = await t.domain.member(owner, 'manager');
    expect(await refusal(manager.api.businesses.update({ name: 'Mío' }))).toMatchObject({
      kind: 'FORBIDDEN',
      message: 'Only an owner of the business can do this (you are manager).',
    });
    // The profile's businessName renames the active business too, as round-1 scripts do: an owner's call.
    expect((await owner.api.users.updateMe({ businessName: 'Bar Luna' })).businessName).toBe('Bar Luna');
    expect((await firstBusinessOf(owner)).name).toBe('Bar Luna');
    expect((await refusal(manager.api.users.updateMe({ businessName: 'Bar Marco' }))).kind).toBe('FORBIDDEN');
    expect((await owner.api.businesses.active()).name).toBe('Bar Luna');
  });
});

describe('members and roles', () => {
  it('are listed to every member: owners first, then by when they joined', async () => {
    const owner = await verifiedOwner({ fullName: 'Ana Dueña' });
    const staff = await t.domain.member(owner, 'staff', { fullName: 'Marta Cocina' });
    const manager = await t.domain.member(owner, 'manager', { fullName: 'Marco Encargado' });
    const coOwner = await t.domain.member(owner, 'owner', { fullName: 'Olga Socia' });
    const members = await staff.api.businesses.members();
    expect(members.map((m) => [m.fullName, m.role, m.email])).toEqual([
      ['Ana Dueña', 'owner', owner.email],
      ['Olga Socia', 'owner', coOwner.email],
      ['Marco Encargado', 'manager', manager.email],
      ['Marta Cocina', 'staff', staff.email],
    ]);
    expect(members[0]).toEqual({
      userId: owner.user.id,
      fullName: 'Ana Dueña',
      email: owner.email,
      role: 'owner',
      joinedAt: expect.any(String),
    });
    // Each sees the business with their own role.
    expect(await staff.api.businesses.active()).toMatchObject({ id: staff.businessId, role: 'staff' });
  });

  it('let staff read and fill the order, managers also change the catalogue and send, owners also manage the team', async () => {
    const owner = await verifiedOwner();
    const staff = await t.domain.member(owner, 'staff');
    const manager = await t.domain.member(owner, 'manager');
    const supplier = await newSupplier(owner, 'Frutas Ruiz');
    const product = await owner.api.products.create({ orderId: supplier.orderId, name: 'Tomates', unit: 'Kg' });
    await staff.api.products.setQuantity({ productId: product.id, orderId: supplier.orderId, quantity: 3 });
    expect((await staff.api.orders.bySupplier({ supplierId: supplier.id })).text).toBe('3 x Kg: Tomates');
    const needsManager = 'This needs the manager or owner role in the business (you are staff).';
    expect(
      await refusal(staff.api.suppliers.create({ name: 'Nuevo', contactName: '', messageService: 'other', contactInfo: '', note: '' })),
    ).toMatchObject({
      kind: 'FORBIDDEN',
      message: needsManager,
    });
    expect(await refusal(staff.api.orders.send({ id: supplier.orderId }))).toMatchObject({ kind: 'FORBIDDEN', message: needsManager });
    expect((await manager.api.orders.send({ id: supplier.orderId })).sentBy).toEqual({ userId: manager.user.id, fullName: 'Ana García' });
    expect(await refusal(manager.api.businesses.invite({ email: newEmail('x'), role: 'staff' }))).toMatchObject({
      kind: 'FORBIDDEN',
      message: 'Only an owner of the business can do this (you are manager).',
    });
    expect(await refusal(manager.api.businesses.setRole({ userId: staff.user.id, role: 'manager' }))).toMatchObject({ kind: 'FORBIDDEN' });
    expect(await refusal(manager.api.businesses.removeMember({ userId: staff.user.id }))).toMatchObject({
      kind: 'FORBIDDEN',
      message: 'Only an owner of the business can do this (you are manager).',
    });
    expect(await owner.api.businesses.setRole({ userId: staff.user.id, role: 'manager' })).toMatchObject({
      userId: staff.user.id,
      role: 'manager',
    });
    // The new role holds at the next call.
    expect(
      (await staff.api.suppliers.create({ name: 'Ahora sí', contactName: '', messageService: 'other', contactInfo: '', note: '' })).name,
    ).toBe('Ahora sí');
  });

  it('keep an owner: the last one can be neither demoted nor removed, nor leave; with a second owner the first may step down', async () => {
    const owner = await verifiedOwner();
    const manager = await t.domain.member(owner, 'manager');
    for (const call of [
      () => owner.api.businesses.setRole({ userId: owner.user.id, role: 'manager' }),
      () => owner.api.businesses.removeMember({ userId: owner.user.id }),
    ]) {
      expect(await refusal(call())).toMatchObject({ kind: 'CONFLICT', message: LAST_OWNER });
    }
    expect(await refusal(owner.api.businesses.setRole({ userId: 2_000_000_000, role: 'staff' }))).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await refusal(owner.api.businesses.removeMember({ userId: 2_000_000_000 }))).toMatchObject({ kind: 'NOT_FOUND' });

    await owner.api.businesses.setRole({ userId: manager.user.id, role: 'owner' });
    expect(await owner.api.businesses.setRole({ userId: owner.user.id, role: 'staff' })).toMatchObject({ role: 'staff' });
    // Now the other is the last owner.
    expect(await refusal(manager.api.businesses.removeMember({ userId: manager.user.id }))).toMatchObject({
      kind: 'CONFLICT',
      message: LAST_OWNER,
    });
    expect((await manager.api.businesses.members()).filter((m) => m.role === 'owner').map((m) => m.userId)).toEqual([manager.user.id]);
  });

  it('left by two owners demoting each other at the same moment keep one: one change wins, the other is refused', async () => {
    const first = await verifiedOwner();
    const second = await t.domain.member(first, 'owner');
    const results = await Promise.allSettled([
      first.api.businesses.setRole({ userId: second.user.id, role: 'staff' }),
      second.api.businesses.setRole({ userId: first.user.id, role: 'staff' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // Refused by the lock (it would leave no owner), or because the winner's change made the loser staff first.
    const [lost] = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(['CONFLICT', 'FORBIDDEN']).toContain(lost?.reason.code);
    expect((await first.api.businesses.members()).filter((m) => m.role === 'owner')).toHaveLength(1);
  });

  it('leave, or are removed by an owner: the business is gone from their list and their calls in it are not found', async () => {
    const owner = await verifiedOwner();
    const staff = await t.domain.member(owner, 'staff');
    const manager = await t.domain.member(owner, 'manager');
    expect(await staff.api.businesses.removeMember({ userId: staff.user.id })).toEqual({ id: staff.user.id });
    expect((await staff.api.businesses.list()).map((b) => b.id)).not.toContain(staff.businessId);
    expect(await refusal(staff.api.suppliers.list())).toMatchObject({ kind: 'NOT_FOUND', message: NO_SUCH_BUSINESS });
    // Without X-Business-Id, their own business is the active one again.
    expect((await t.domain.caller(staff.token).businesses.active()).id).not.toBe(staff.businessId);

    expect(await owner.api.businesses.removeMember({ userId: manager.user.id })).toEqual({ id: manager.user.id });
    expect(await refusal(manager.api.businesses.members())).toMatchObject({ kind: 'NOT_FOUND' });
    expect((await owner.api.businesses.members()).map((m) => m.userId)).toEqual([owner.user.id]);
    expect(await refusal(owner.api.businesses.removeMember({ userId: manager.user.id }))).toMatchObject({ kind: 'NOT_FOUND' });
  });
});

describe("a member's API token", () => {
  it('acts only in the business it was made in, with the member’s role, and never on the account or the list of businesses', async () => {
    const owner = await verifiedOwner();
    await newSupplier(owner, 'Frutas Pepe');
    const second = await owner.api.businesses.create({ name: 'Café Sol' });
    const { token } = await t.domain.caller(owner.token, { businessId: second.id }).auth.createToken({ name: 'Sol script' });
    const script = t.domain.caller(token);
    expect(await script.suppliers.list()).toEqual([]);
    expect(await script.businesses.active()).toEqual(second);
    const first = await firstBusinessOf(owner);
    expect(await refusal(t.domain.caller(token, { businessId: first.id }).suppliers.list())).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await refusal(script.businesses.list())).toMatchObject({ kind: 'FORBIDDEN', message: TOKEN_FORBIDDEN });
    expect(await refusal(script.businesses.create({ name: 'Desde un script' }))).toMatchObject({
      kind: 'FORBIDDEN',
      message: TOKEN_FORBIDDEN,
    });
  });

  it('stops working when the member leaves or is removed, and a later invitation does not bring it back', async () => {
    const owner = await verifiedOwner();
    const manager = await t.domain.member(owner, 'manager');
    const { token } = await manager.api.auth.createToken({ name: 'Inventario' });
    await newSupplier(owner, 'Frutas Pepe');
    expect((await t.domain.caller(token).suppliers.list()).map((s) => s.name)).toEqual(['Frutas Pepe']);
    await owner.api.businesses.removeMember({ userId: manager.user.id });
    expect((await refusal(t.domain.caller(token).suppliers.list())).kind).toBe('UNAUTHORIZED');
    // Invited again: a member once more, the old token still ends nowhere.
    await owner.api.businesses.invite({ email: manager.email, role: 'manager' });
    await t.domain.caller(manager.token).invitations.accept({ token: await t.domain.linkToken(manager.email, '/invitations') });
    expect((await manager.api.businesses.active()).role).toBe('manager');
    expect((await refusal(t.domain.caller(token).suppliers.list())).kind).toBe('UNAUTHORIZED');
  });
});

describe('invitations', () => {
  it('need an owner whose address is confirmed: until then nothing is mailed', async () => {
    const owner = await t.domain.owner();
    const email = newEmail('invitee');
    expect((await refusal(owner.api.businesses.invite({ email, role: 'staff' }))).kind).toBe('FORBIDDEN');
    expect((await t.domain.outbox()).some((m) => m.to.includes(email))).toBe(false);
    await t.domain.confirmEmail(owner);
    expect(await owner.api.businesses.invite({ email, role: 'staff' })).toEqual({
      id: expect.any(Number),
      email,
      role: 'staff',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect((await t.domain.outbox()).filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("are mailed in the inviter's language, with a link that shows what it offers, and refused for a member's address", async () => {
    const owner = await verifiedOwner({ businessName: 'Bar Sol', language: 'es' });
    const email = newEmail('invitee');
    await owner.api.businesses.invite({ email, role: 'manager' });
    const [mail] = (await t.domain.outbox()).filter((m) => m.to.includes(email));
    expect(mail?.subject).toBe('Te invitan a un negocio en Reorder');
    const token = await t.domain.linkToken(email, '/invitations');
    expect(await t.domain.caller().invitations.byToken({ token })).toEqual({ businessName: 'Bar Sol', role: 'manager', email });
    // A member's address, whatever its case: 409, nothing sent.
    const member = await t.domain.member(owner, 'staff');
    expect(await refusal(owner.api.businesses.invite({ email: member.email.toUpperCase(), role: 'manager' }))).toMatchObject({
      kind: 'CONFLICT',
      message: 'This person is already a member of the business.',
    });
    expect(await refusal(owner.api.businesses.invite({ email: owner.email, role: 'staff' }))).toMatchObject({ kind: 'CONFLICT' });
  });

  it('are accepted once, by a signed-in account whose confirmed address is the invited one', async () => {
    const owner = await verifiedOwner({ businessName: 'Bar Sol' });
    const email = newEmail('invitee');
    await owner.api.businesses.invite({ email, role: 'staff' });
    const token = await t.domain.linkToken(email, '/invitations');

    const other = await verifiedOwner();
    expect(await refusal(other.api.invitations.accept({ token }))).toMatchObject({
      kind: 'FORBIDDEN',
      message: 'This invitation is for another email address: sign in with the address it was sent to.',
    });
    const invitee = await t.domain
      .caller()
      .auth.register({ email, fullName: 'Lola', password: 'correct horse battery', businessName: 'Lola Bar' });
    const lola = t.domain.caller(invitee.token);
    expect((await refusal(lola.invitations.accept({ token }))).kind).toBe('FORBIDDEN');
    await lola.auth.verifyEmail({ token: await t.domain.linkToken(email, '/verify-email') });
    expect(await lola.invitations.accept({ token })).toMatchObject({ name: 'Bar Sol', role: 'staff' });
    expect((await lola.businesses.list()).map((b) => [b.name, b.role])).toEqual([
      ['Lola Bar', 'owner'],
      ['Bar Sol', 'staff'],
    ]);
    // Used: the link shows nothing and accepts no one.
    expect(await refusal(lola.invitations.accept({ token }))).toMatchObject({ kind: 'NOT_FOUND', message: INVITATION_GONE });
    expect(await refusal(t.domain.caller().invitations.byToken({ token }))).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await owner.api.businesses.invitations()).toEqual([]);
  });

  it('sent again to the same address replace the one waiting: one in the list, the old link gone; a withdrawn one is gone too', async () => {
    const owner = await verifiedOwner();
    const email = newEmail('twice');
    await owner.api.businesses.invite({ email, role: 'staff' });
    const first = await t.domain.linkToken(email, '/invitations');
    const again = await owner.api.businesses.invite({ email, role: 'manager' });
    expect(await owner.api.businesses.invitations()).toEqual([again]);
    expect(await refusal(t.domain.caller().invitations.byToken({ token: first }))).toMatchObject({
      kind: 'NOT_FOUND',
      message: INVITATION_GONE,
    });

    const later = newEmail('later');
    const withdrawn = await owner.api.businesses.invite({ email: later, role: 'staff' });
    expect((await owner.api.businesses.invitations()).map((i) => i.email)).toEqual([later, email]);
    const laterToken = await t.domain.linkToken(later, '/invitations');
    expect(await owner.api.businesses.revokeInvitation({ id: withdrawn.id })).toEqual({ id: withdrawn.id });
    expect((await refusal(t.domain.caller().invitations.byToken({ token: laterToken }))).kind).toBe('NOT_FOUND');
    expect(await refusal(owner.api.businesses.revokeInvitation({ id: withdrawn.id }))).toMatchObject({ kind: 'NOT_FOUND' });
    // Another business's invitation is not this owner's to withdraw.
    const stranger = await verifiedOwner();
    expect(await refusal(stranger.api.businesses.revokeInvitation({ id: again.id }))).toMatchObject({ kind: 'NOT_FOUND' });
  });

  it('stop working once their 7 days are over: the link, the accept and the list alike', async () => {
    const owner = await verifiedOwner();
    const invitee = await verifiedOwner();
    const sent = await owner.api.businesses.invite({ email: invitee.email, role: 'staff' });
    expect(Date.parse(sent.expiresAt) - Date.parse(sent.createdAt)).toBe(7 * 24 * 3600_000);
    const token = await t.domain.linkToken(invitee.email, '/invitations');
    const expired = Date.parse(sent.expiresAt) + 1000;
    t.domain.deps.clock = () => expired;
    expect((await refusal(t.domain.caller().invitations.byToken({ token }))).kind).toBe('NOT_FOUND');
    expect((await refusal(invitee.api.invitations.accept({ token }))).kind).toBe('NOT_FOUND');
    expect(await owner.api.businesses.invitations()).toEqual([]);
    // A second before its end it still works.
    t.domain.deps.clock = () => expired - 2000;
    expect(await invitee.api.invitations.accept({ token })).toMatchObject({ role: 'staff' });
  });

  it('are at most 3 a day to one address and 20 an hour from one business', async () => {
    const owner = await verifiedOwner();
    const email = newEmail('pestered');
    for (let i = 0; i < 3; i++) await owner.api.businesses.invite({ email, role: 'staff' });
    expect(await refusal(owner.api.businesses.invite({ email, role: 'staff' }))).toMatchObject({ kind: 'TOO_MANY_REQUESTS' });
    // The refused fourth counted against the business too: 16 more make its 20.
    for (let i = 0; i < 16; i++) await owner.api.businesses.invite({ email: newEmail('many'), role: 'staff' });
    const refused = await refusal(owner.api.businesses.invite({ email: newEmail('one-too-many'), role: 'staff' }));
    expect(refused).toMatchObject({ kind: 'TOO_MANY_REQUESTS', retryAfter: expect.any(Number) });
    // Another business invites on.
    const other = await verifiedOwner();
    expect((await other.api.businesses.invite({ email: newEmail('fine'), role: 'staff' })).role).toBe('staff');
  });
});

describe('an account made from an invitation (§9.3)', () => {
  const register = (fields: Record<string, unknown>) =>
    t.domain.caller().auth.register({ fullName: 'Javi Cocina', password: 'correct horse battery', language: 'es', ...fields } as never);

  it('joins the inviting business with the role offered, its address confirmed, and no business of its own', async () => {
    const owner = await verifiedOwner({ businessName: 'Café Luna' });
    const business = await firstBusinessOf(owner);
    const email = newEmail('javi');
    await owner.api.businesses.invite({ email, role: 'staff' });
    const invitation = await t.domain.linkToken(email, '/invitations');
    const session = await register({ email, invitation });
    expect(session.user).toMatchObject({ email, businessName: 'Café Luna', emailVerified: true, language: 'es' });
    const javi = t.domain.caller(session.token);
    expect(await javi.businesses.list()).toEqual([
      { id: business.id, name: 'Café Luna', role: 'staff', currency: 'EUR', taxId: '', defaultTaxRate: 0 },
    ]);
    expect((await owner.api.businesses.members()).find((m) => m.email === email)?.role).toBe('staff');
    // The link is used, and no verification link was mailed.
    expect((await refusal(t.domain.caller().invitations.byToken({ token: invitation }))).kind).toBe('NOT_FOUND');
    expect((await t.domain.outbox()).filter((m) => m.to.includes(email) && m.text.includes('/verify-email/'))).toEqual([]);
  });

  it('is refused, making nothing, for another address, an unknown, used or withdrawn link, and with both or neither of businessName and invitation', async () => {
    const owner = await verifiedOwner();
    const invited = newEmail('invited');
    await owner.api.businesses.invite({ email: invited, role: 'staff' });
    const invitation = await t.domain.linkToken(invited, '/invitations');
    const withdrawnEmail = newEmail('withdrawn');
    const withdrawn = await owner.api.businesses.invite({ email: withdrawnEmail, role: 'manager' });
    const withdrawnToken = await t.domain.linkToken(withdrawnEmail, '/invitations');
    await owner.api.businesses.revokeInvitation({ id: withdrawn.id });

    const cases: [Record<string, unknown>, string][] = [
      [{ email: newEmail('other'), invitation }, 'email'],
      [{ email: newEmail('x'), invitation: 'not-a-real-token-at-all' }, 'invitation'],
      [{ email: withdrawnEmail, invitation: withdrawnToken }, 'invitation'],
      [{ email: invited, invitation, businessName: 'Café Luna' }, 'invitation'],
      [{ email: invited }, 'businessName'],
    ];
    for (const [fields, path] of cases) {
      const refused = await refusal(register(fields));
      expect(refused.kind, JSON.stringify(fields)).toBe('BAD_REQUEST');
      expect(
        refused.issues.map((i) => i.path),
        JSON.stringify(fields),
      ).toEqual([path]);
    }
    // None made an account, and the invitation still waits for its address; used once, it is spent for anyone.
    expect(await t.domain.caller().invitations.byToken({ token: invitation })).toMatchObject({ email: invited });
    await register({ email: invited, invitation });
    expect((await refusal(register({ email: newEmail('late'), invitation }))).issues.map((i) => i.path)).toEqual(['invitation']);
    expect((await owner.api.businesses.members()).map((m) => m.email).sort()).toEqual([invited, owner.email].sort());
  });
});
