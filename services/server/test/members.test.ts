import { expectFailure, expectOk, newEmail, type RegisteredUser, useTestServer } from '@reorder/testing';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §8.2 over REST: members, invitations and roles. An owner
 * invites a manager and a staff member by email; the members' list, "Ready to
 * send", who counted, role changes and removal with their 409 and 403, two
 * owners demoting each other at once (on PostgreSQL too), and an
 * invitation's link, accept and withdrawal. The rules are
 * packages/api/src/businesses/businesses.test.ts, in-process; roles.test.ts
 * keeps every procedure's 403.
 */

const t = useTestServer();

/** A verified user invited as `role` by `owner`, who accepted: their session. */
async function invite(owner: RegisteredUser, role: 'owner' | 'manager' | 'staff', fullName: string): Promise<RegisteredUser> {
  const email = newEmail(role);
  const sent = await t.api.post('/api/business/invitations', { email, role }, owner.token);
  expectOk(sent, { id: expect.any(Number), email, role, createdAt: expect.any(String), expiresAt: expect.any(String) });
  const token = await t.linkToken(email, '/invitations');
  const member = await t.api.register({ email, fullName, businessName: `${fullName}'s own` });
  await t.confirmEmail(email, member.token);
  const accepted = await t.api.post(`/api/invitations/${token}/accept`, {}, member.token);
  expect(accepted.status, accepted.text).toBe(200);
  expect(accepted.body.data).toMatchObject({ role, name: 'Café Luna' });
  return { ...member, token: member.token };
}

const inBusiness = (id: number) => ({ 'x-business-id': String(id) });

describe('a team', () => {
  let owner: RegisteredUser;
  let manager: RegisteredUser;
  let staff: RegisteredUser;
  let businessId: number;
  let supplier: { id: number; orderId: number };
  let productId: number;
  const as = (user: RegisteredUser, method: string, path: string, body?: unknown) =>
    t.api.request(method, path, { token: user.token, headers: inBusiness(businessId), ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    owner = await t.api.register({ businessName: 'Café Luna', fullName: 'Ana Dueña' });
    await t.confirmEmail(owner.email, owner.token);
    businessId = (await t.api.get('/api/businesses', owner.token)).body.data[0].id;
    supplier = await t.api.createSupplier(owner.token, { name: 'Frutas Ruiz' });
    productId = (await t.api.createProduct(owner.token, supplier.orderId, 'Tomates', 'Kg')).id;
    manager = await invite(owner, 'manager', 'Marco Encargado');
    staff = await invite(owner, 'staff', 'Marta Cocina');
  });

  it('lists the members, owners first, to every member', async () => {
    const res = await as(staff, 'GET', '/api/business/members');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((m: { fullName: string; role: string }) => [m.fullName, m.role])).toEqual([
      ['Ana Dueña', 'owner'],
      ['Marco Encargado', 'manager'],
      ['Marta Cocina', 'staff'],
    ]);
  });

  it('staff taps "Ready to send", the owner and the manager are told, the manager sends, and the history says who', async () => {
    // Staff fill the order first.
    expectOk(await as(staff, 'PUT', '/api/products/quantity', { productId, orderId: supplier.orderId, quantity: 3 }), expect.anything());
    const ready = await as(staff, 'POST', `/api/orders/${supplier.orderId}/ready`, {});
    expectOk(ready, { orderId: supplier.orderId, notified: 2 });
    await expect
      .poll(async () =>
        (await t.outbox())
          .filter((m) => m.subject === 'Marta Cocina prepared the order for Frutas Ruiz')
          .flatMap((m) => m.to)
          .sort(),
      )
      .toEqual([manager.email, owner.email].sort());

    const sent = await as(manager, 'POST', `/api/orders/${supplier.orderId}/send`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.sentBy).toEqual({ userId: manager.user.id, fullName: 'Marco Encargado' });
    const history = await as(owner, 'GET', `/api/orders/${supplier.orderId}/history`);
    expect(history.body.data[0].sentBy).toEqual({ userId: manager.user.id, fullName: 'Marco Encargado' });
  });

  it('says who counted: the product and the order name the member who counted last, and a cleared count names no one', async () => {
    const counted = await as(staff, 'PUT', '/api/products/stock', { productId, orderId: supplier.orderId, onHand: 4 });
    expect(counted.status, counted.text).toBe(200);
    const marta = { userId: staff.user.id, fullName: 'Marta Cocina' };
    expect(counted.body.data).toMatchObject({ onHand: 4, countedBy: marta });
    const order = await as(owner, 'GET', `/api/orders/supplier/${supplier.id}`);
    expect(order.body.data.products.find((p: { productId: number }) => p.productId === productId)).toMatchObject({ countedBy: marta });
    expect((await as(manager, 'GET', `/api/products/${productId}`)).body.data.countedBy).toEqual(marta);
    const again = await as(manager, 'PUT', '/api/products/stock', { productId, orderId: supplier.orderId, onHand: 5 });
    expect(again.body.data.countedBy).toEqual({ userId: manager.user.id, fullName: 'Marco Encargado' });
    const cleared = await as(staff, 'PUT', '/api/products/stock', { productId, orderId: supplier.orderId, onHand: null });
    expect(cleared.body.data).toMatchObject({ onHand: null, countedAt: null, countedBy: null });
  });

  it('keeps an owner: the last owner cannot be demoted or leave; others leave or are removed', async () => {
    expectFailure(await as(owner, 'PUT', `/api/business/members/${owner.user.id}`, { role: 'manager' }), 409, 'CONFLICT');
    expectFailure(await as(owner, 'DELETE', `/api/business/members/${owner.user.id}`), 409, 'CONFLICT');
    expectFailure(await as(manager, 'DELETE', `/api/business/members/${staff.user.id}`), 403, 'FORBIDDEN');
    // A second owner, then the first may step down.
    expectOk(
      await as(owner, 'PUT', `/api/business/members/${manager.user.id}`, { role: 'owner' }),
      expect.objectContaining({ role: 'owner' }),
    );
    expectOk(
      await as(owner, 'PUT', `/api/business/members/${owner.user.id}`, { role: 'manager' }),
      expect.objectContaining({ role: 'manager' }),
    );
    expectOk(
      await as(manager, 'PUT', `/api/business/members/${owner.user.id}`, { role: 'owner' }),
      expect.objectContaining({ role: 'owner' }),
    );
    // Staff leaves; the business is gone from their list and their calls in it answer 404.
    expectOk(await as(staff, 'DELETE', `/api/business/members/${staff.user.id}`), { id: staff.user.id });
    expect((await t.api.get('/api/businesses', staff.token)).body.data.map((b: { id: number }) => b.id)).not.toContain(businessId);
    expectFailure(await as(staff, 'GET', '/api/suppliers'), 404, 'NOT_FOUND');
    expectFailure(await as(owner, 'DELETE', '/api/business/members/2000000000'), 404, 'NOT_FOUND');
  });
});

describe('two owners demoting each other at the same moment', () => {
  it('leave one owner: one change wins, the other is refused', async () => {
    const first = await t.api.register({ businessName: 'Café Luna' });
    await t.confirmEmail(first.email, first.token);
    const businessId = (await t.api.get('/api/businesses', first.token)).body.data[0].id as number;
    const second = await invite(first, 'owner', 'Otra Dueña');
    const demote = (by: RegisteredUser, whom: RegisteredUser) =>
      t.api.request('PUT', `/api/business/members/${whom.user.id}`, {
        token: by.token,
        headers: inBusiness(businessId),
        body: { role: 'staff' },
      });
    const results = await Promise.all([demote(first, second), demote(second, first)]);
    // The loser is refused either by the lock (409: it would leave no owner) or, when the winner's change
    // landed before its request was checked, because it is no longer an owner (403).
    const [won, lost] = results.map((r) => r.status).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const members = (await t.api.get('/api/business/members', first.token)).body.data as { role: string }[];
    expect(members.filter((m) => m.role === 'owner')).toHaveLength(1);
  });
});

describe('an invitation', () => {
  it('shows what it offers, and is refused to another address, to an unconfirmed one, once used and once withdrawn', async () => {
    const owner = await t.api.register({ businessName: 'Bar Sol' });
    const email = newEmail('invitee');
    // Until the owner's own address is proven, nothing is mailed to anyone (docs/decisions.md §8.6).
    expectFailure(await t.api.post('/api/business/invitations', { email, role: 'staff' }, owner.token), 403, 'FORBIDDEN');
    expect((await t.outbox()).some((m) => m.to.includes(email))).toBe(false);
    await t.confirmEmail(owner.email, owner.token);
    expect((await t.api.post('/api/business/invitations', { email, role: 'staff' }, owner.token)).status).toBe(200);
    const token = await t.linkToken(email, '/invitations');
    expectOk(await t.api.get(`/api/invitations/${token}`), { businessName: 'Bar Sol', role: 'staff', email });

    const other = await t.api.register();
    await t.confirmEmail(other.email, other.token);
    expectFailure(await t.api.post(`/api/invitations/${token}/accept`, {}, other.token), 403, 'FORBIDDEN');
    const invitee = await t.api.register({ email });
    expectFailure(await t.api.post(`/api/invitations/${token}/accept`, {}, invitee.token), 403, 'FORBIDDEN');
    await t.confirmEmail(email, invitee.token);
    expect((await t.api.post(`/api/invitations/${token}/accept`, {}, invitee.token)).status).toBe(200);
    expectFailure(await t.api.post(`/api/invitations/${token}/accept`, {}, invitee.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.get(`/api/invitations/${token}`), 404, 'NOT_FOUND');

    const later = newEmail('later');
    const withdrawn = (await t.api.post('/api/business/invitations', { email: later, role: 'manager' }, owner.token)).body.data;
    expectOk(await t.api.get('/api/business/invitations', owner.token), [withdrawn]);
    const laterToken = await t.linkToken(later, '/invitations');
    expectOk(await t.api.delete(`/api/business/invitations/${withdrawn.id}`, owner.token), { id: withdrawn.id });
    expectFailure(await t.api.get(`/api/invitations/${laterToken}`), 404, 'NOT_FOUND');
    expectOk(await t.api.get('/api/business/invitations', owner.token), []);
  });
});
