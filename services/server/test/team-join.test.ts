import type { AppRouter } from '@reorder/api';
import { expectFailure, expectOk, newEmail, type RegisteredUser, useTestServer } from '@reorder/testing';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §9.3: an account made from an invitation link joins the
 * inviting business (no business of its own, the address confirmed), and an
 * order keeps "Ready to send" (who, when) until it is sent or changed. The
 * invitation's refusals (a used, withdrawn or unknown link, both or neither
 * of businessName and invitation) and accepting with an existing account are
 * packages/api/src/businesses/businesses.test.ts, in-process.
 */

const t = useTestServer();
const PASSWORD = 'correct horse battery';

/** The owner's invitation of `email` as `role`: the token of the link mailed. */
async function invitationFor(owner: RegisteredUser, email: string, role: 'manager' | 'staff' = 'staff'): Promise<string> {
  expectOk(await t.api.post('/api/business/invitations', { email, role }, owner.token), expect.objectContaining({ email, role }));
  return t.linkToken(email, '/invitations');
}

const registerBody = (fields: Record<string, unknown>) => ({ fullName: 'Javi Cocina', password: PASSWORD, language: 'es', ...fields });

describe('creating an account from an invitation', () => {
  let owner: RegisteredUser;
  let businessId: number;

  beforeAll(async () => {
    owner = await t.api.register({ businessName: 'Café Luna', fullName: 'Ana Dueña' });
    await t.confirmEmail(owner.email, owner.token);
    businessId = (await t.api.get('/api/businesses', owner.token)).body.data[0].id;
  });

  it('answers the session, confirms the address, joins with the role offered and makes no business', async () => {
    const email = newEmail('javi');
    const invitation = await invitationFor(owner, email);
    const res = await t.api.post('/api/auth/register', registerBody({ email, invitation }));
    expectOk(res, {
      token: expect.any(String),
      expiresAt: expect.any(String),
      user: expect.objectContaining({ email, fullName: 'Javi Cocina', businessName: 'Café Luna', emailVerified: true, language: 'es' }),
    });
    const token = res.body.data.token as string;
    // The only business is the one joined, as staff; without X-Business-Id the calls act in it.
    expect((await t.api.get('/api/businesses', token)).body.data).toEqual([
      { id: businessId, name: 'Café Luna', role: 'staff', currency: 'EUR', taxId: '', defaultTaxRate: 0 },
    ]);
    expectOk(await t.api.get('/api/business', token), expect.objectContaining({ id: businessId, role: 'staff' }));
    expect((await t.api.get('/api/users/me', token)).body.data).toMatchObject({ businessName: 'Café Luna', emailVerified: true });
    const members = (await t.api.get('/api/business/members', owner.token)).body.data as { email: string; role: string }[];
    expect(members.find((m) => m.email === email)?.role).toBe('staff');
    // The link is used: it no longer opens, nor is it waiting; and no verification link was mailed.
    expectFailure(await t.api.get(`/api/invitations/${invitation}`), 404, 'NOT_FOUND');
    expect((await t.api.get('/api/business/invitations', owner.token)).body.data).toEqual([]);
    expect((await t.outbox()).filter((m) => m.to.includes(email) && m.text.includes('/verify-email/'))).toEqual([]);
    // Signing in later finds the same single membership.
    const login = await t.api.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.body.data.user.businessName).toBe('Café Luna');
  });

  it('refuses another address with a 400 naming email, and makes nothing', async () => {
    const invited = newEmail('invited');
    const invitation = await invitationFor(owner, invited);
    const other = newEmail('other');
    const res = await t.api.post('/api/auth/register', registerBody({ email: other, invitation }));
    expectFailure(res, 400, 'BAD_REQUEST');
    expect(res.body.error.issues).toEqual([{ path: 'email', message: expect.stringMatching(/another email address/) }]);
    expectFailure(await t.api.post('/api/auth/login', { email: other, password: PASSWORD }), 401, 'UNAUTHORIZED');
    // The invitation still waits for the address it was sent to.
    expectOk(await t.api.get(`/api/invitations/${invitation}`), { businessName: 'Café Luna', role: 'staff', email: invited });
    const members = (await t.api.get('/api/business/members', owner.token)).body.data as { email: string }[];
    expect(members.map((m) => m.email)).not.toContain(other);
  });

  it('works the same over tRPC', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/api/trpc` })] });
    const email = newEmail('trpc');
    const invitation = await invitationFor(owner, email, 'manager');
    const wrong = await client.auth.register.mutate(registerBody({ email: newEmail('nope'), invitation }) as never).catch((e) => e);
    expect(wrong).toBeInstanceOf(TRPCClientError);
    expect((wrong as TRPCClientError<AppRouter>).data?.code).toBe('BAD_REQUEST');
    const session = await client.auth.register.mutate({ email, invitation, fullName: 'Marco Encargado', password: PASSWORD });
    expect(session.user).toMatchObject({ email, businessName: 'Café Luna', emailVerified: true });
    expect((await t.api.get('/api/businesses', session.token)).body.data).toEqual([
      { id: businessId, name: 'Café Luna', role: 'manager', currency: 'EUR', taxId: '', defaultTaxRate: 0 },
    ]);
  });
});

describe('"Ready to send" on the order', () => {
  let owner: RegisteredUser;
  let staff: RegisteredUser;
  let supplier: { id: number; orderId: number };
  let productId: number;

  const summaryOf = async (user: RegisteredUser) =>
    ((await t.api.get('/api/orders', user.token)).body.data as { id: number; ready: unknown }[]).find((o) => o.id === supplier.orderId);
  const orderOf = async (user: RegisteredUser) => (await t.api.get(`/api/orders/supplier/${supplier.id}`, user.token)).body.data;
  const markReady = async () => expectOk(await t.api.post(`/api/orders/${supplier.orderId}/ready`, {}, staff.token), expect.anything());
  const expectReady = async () => {
    const ready = { by: { userId: staff.user.id, fullName: 'Javi Cocina' }, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) };
    expect((await orderOf(owner)).ready).toEqual(ready);
    expect((await summaryOf(owner))?.ready).toEqual(ready);
    // Every member reads the same order.
    expect((await orderOf(staff)).ready).toEqual(ready);
  };
  const expectNotReady = async () => {
    expect((await orderOf(owner)).ready).toBeNull();
    expect((await summaryOf(owner))?.ready).toBeNull();
  };

  beforeAll(async () => {
    owner = await t.api.register({ businessName: 'Café Luna', fullName: 'Ana Dueña' });
    await t.confirmEmail(owner.email, owner.token);
    supplier = await t.api.createSupplier(owner.token, { name: 'Frutas Ruiz' });
    productId = (await t.api.createProduct(owner.token, supplier.orderId, 'Tomates', 'Kg')).id;
    const email = newEmail('javi');
    const invitation = await invitationFor(owner, email);
    const res = await t.api.post('/api/auth/register', registerBody({ email, invitation }));
    staff = { token: res.body.data.token, user: res.body.data.user, email, password: PASSWORD };
  });

  it('is null until a member says it, then names who and when, on the order and the list', async () => {
    await expectNotReady();
    expectOk(
      await t.api.put('/api/products/quantity', { productId, orderId: supplier.orderId, quantity: 2 }, staff.token),
      expect.anything(),
    );
    const before = Date.now();
    await markReady();
    await expectReady();
    const at = Date.parse((await orderOf(owner)).ready.at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('stays when nothing changes (the same quantity, the same message, a count)', async () => {
    await markReady();
    expectOk(
      await t.api.put('/api/products/quantity', { productId, orderId: supplier.orderId, quantity: 2 }, owner.token),
      expect.anything(),
    );
    expectOk(await t.api.put('/api/products/stock', { productId, orderId: supplier.orderId, onHand: 1 }, owner.token), expect.anything());
    const { introduce } = await orderOf(owner);
    expectOk(await t.api.put(`/api/orders/${supplier.orderId}`, { introduce }, owner.token), expect.anything());
    await expectReady();
  });

  it('clears when a quantity changes', async () => {
    await markReady();
    expectOk(
      await t.api.put('/api/products/quantity', { productId, orderId: supplier.orderId, quantity: 3 }, owner.token),
      expect.anything(),
    );
    await expectNotReady();
  });

  it('clears when the message changes', async () => {
    await markReady();
    expectOk(await t.api.put(`/api/orders/${supplier.orderId}`, { introduce: 'Hola Pepe' }, staff.token), expect.anything());
    await expectNotReady();
  });

  it('clears when the order is cleared, and when a product of it is added', async () => {
    await markReady();
    expectOk(await t.api.post('/api/products/clear', { orderId: supplier.orderId }, staff.token), expect.anything());
    await expectNotReady();
    await markReady();
    expectOk(
      await t.api.put('/api/products/quantity', { productId, orderId: supplier.orderId, quantity: 4 }, staff.token),
      expect.anything(),
    );
    await expectNotReady();
  });

  it('clears when the order is sent', async () => {
    await markReady();
    expectOk(await t.api.post(`/api/orders/${supplier.orderId}/send`, {}, owner.token), expect.anything());
    await expectNotReady();
  });
});
