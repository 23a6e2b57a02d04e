import { expectFailure, expectFieldError, expectOk, type RegisteredUser, useTestServer } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * Personal API tokens for scripts (issue 13, docs/decisions.md §7): made from a
 * signed-in device, shown once, stored hashed; they reach suppliers,
 * products, orders and history, and get 403 on account management.
 */
const t = useTestServer();

/** Makes the user's sessions look `minutes` old, as if signed in that long ago. */
async function ageSessions(userId: number, minutes: number) {
  await t.server.deps.db
    .updateTable('sessions')
    .set({ created_at: new Date(Date.now() - minutes * 60 * 1000) })
    .where('user_id', '=', userId)
    .execute();
  await t.server.deps.sessions.settle(t.server.deps.db);
}

/** An owner who opened the verification link: only a proven address makes API tokens (docs/decisions.md §8.6). */
async function registerVerified(): Promise<RegisteredUser> {
  const user = await t.api.register();
  await t.confirmEmail(user.email, user.token);
  return user;
}

async function newToken(user: RegisteredUser, body: Record<string, unknown> = { name: 'Stock script' }) {
  const res = await t.api.post('/api/auth/tokens', body, user.token);
  expect(res.status, res.text).toBe(200);
  return res.body.data as {
    id: number;
    name: string;
    token: string;
    createdAt: string;
    expiresAt: string | null;
    lastUsedAt: string | null;
  };
}

describe('POST /api/auth/tokens', () => {
  it('answers the token once, starting rpat_, and keeps only its hash', async () => {
    const user = await registerVerified();
    const res = await t.api.post('/api/auth/tokens', { name: 'Stock script' }, user.token);
    expectOk(res, {
      id: expect.any(Number),
      name: 'Stock script',
      token: expect.stringMatching(/^rpat_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      lastUsedAt: null,
    });
    const created = res.body.data;
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    const rows = await t.server.deps.db.selectFrom('api_tokens').selectAll().where('user_id', '=', user.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(5));

    // The list never shows the secret again.
    const list = await t.api.get('/api/auth/tokens', user.token);
    expectOk(list, [
      { id: created.id, name: 'Stock script', createdAt: created.createdAt, expiresAt: created.expiresAt, lastUsedAt: null },
    ]);
    expect(list.text).not.toContain(created.token);
  });

  it('expires in 90 days unless asked otherwise, and in a year at most (docs/decisions.md §8.6)', async () => {
    const user = await registerVerified();
    const byDefault = await newToken(user, { name: 'Default' });
    expect(Math.abs(Date.parse(byDefault.expiresAt ?? '') - (Date.now() + 90 * 86_400_000))).toBeLessThan(60_000);
    const year = await newToken(user, { name: 'Year', expiresInDays: 365 });
    expect(Math.abs(Date.parse(year.expiresAt ?? '') - (Date.now() + 365 * 86_400_000))).toBeLessThan(60_000);
    for (const expiresInDays of [366, 3650, null]) {
      expectFieldError(await t.api.post('/api/auth/tokens', { name: 'Forever', expiresInDays }, user.token), 'expiresInDays');
    }
  });

  it('needs a sign-in less than 15 minutes old, or the current password (docs/decisions.md §8.6)', async () => {
    const user = await registerVerified();
    await ageSessions(user.user.id, 16);
    const missing = await t.api.post('/api/auth/tokens', { name: 'Stolen session' }, user.token);
    expectFailure(missing, 400, 'BAD_REQUEST', ['currentPassword']);
    expect(missing.body.message).toBe('Enter your current password to make an API token.');
    expectFailure(
      await t.api.post('/api/auth/tokens', { name: 'Stolen session', currentPassword: 'not the password' }, user.token),
      401,
      'UNAUTHORIZED',
      ['currentPassword'],
    );
    expect((await t.api.get('/api/auth/tokens', user.token)).body.data).toEqual([]);
    const confirmed = await t.api.post('/api/auth/tokens', { name: 'Owner', currentPassword: user.password }, user.token);
    expect(confirmed.status, confirmed.text).toBe(200);
    // A fresh sign-in needs no password.
    const again = await t.api.post('/api/auth/login', { email: user.email, password: user.password });
    expect((await t.api.post('/api/auth/tokens', { name: 'Fresh' }, again.body.data.token)).status).toBe(200);
  });

  it('asks an account without a password for a sign-in less than 15 minutes old', async () => {
    const user = await registerVerified();
    await t.server.deps.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.user.id).execute();
    await ageSessions(user.user.id, 16);
    const refused = await t.api.post('/api/auth/tokens', { name: 'Old session' }, user.token);
    expectFailure(refused, 401, 'UNAUTHORIZED', ['currentPassword']);
    expect(refused.body.message).toBe('Sign in again (less than 15 minutes ago) to make an API token.');
  });

  it.each([
    ['en', 'A new API token was made for your account', 'Stock script'],
    ['es', 'Se ha creado un token de API para tu cuenta', 'Stock script'],
  ])('mails the owner when one is made (%s)', async (language, subject, name) => {
    const user = await t.api.register({ language });
    await t.confirmEmail(user.email, user.token);
    await newToken(user, { name });
    await t.server.deps.background.drain();
    const mail = (await t.outbox()).find((m) => m.to.includes(user.email) && m.subject === subject);
    expect(mail?.text).toContain(name);
    expect(mail?.text).toContain('http://app.test/forgot-password');
    expect(mail?.text).not.toContain('rpat_');
  });

  it('expires after the days asked for', async () => {
    const user = await registerVerified();
    const created = await newToken(user, { name: 'Month', expiresInDays: 30 });
    expect(Math.abs(Date.parse(created.expiresAt ?? '') - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    for (const expiresInDays of [0, 366, 1.5, 'soon', null]) {
      expectFieldError(await t.api.post('/api/auth/tokens', { name: 'x', expiresInDays }, user.token), 'expiresInDays');
    }
    for (const name of ['', '   ', 'x'.repeat(101), 'bad\u0000name']) {
      expectFieldError(await t.api.post('/api/auth/tokens', { name }, user.token), 'name');
    }
  });
});

describe('a token', () => {
  it('reads and writes the owner’s suppliers, products and orders, and sends them', async () => {
    const user = await registerVerified();
    const { token } = await newToken(user);
    const supplier = await t.api.createSupplier(token, { name: 'By script' });
    const product = await t.api.createProduct(token, supplier.orderId, 'Lemons', 'Kg');
    expectOk(await t.api.put('/api/products/quantity', { productId: product.id, orderId: supplier.orderId, quantity: 3 }, token), {
      productId: product.id,
      orderId: supplier.orderId,
      quantity: 3,
    });
    expect((await t.api.get(`/api/orders/supplier/${supplier.id}`, token)).body.data.text).toBe('3 x Kg: Lemons');
    expect((await t.api.post(`/api/orders/${supplier.orderId}/send`, {}, token)).status).toBe(200);
    expect((await t.api.get(`/api/orders/${supplier.orderId}/history`, token)).body.data).toHaveLength(1);
    // What the token made is the owner's, seen from a signed-in device too.
    expect((await t.api.get('/api/suppliers', user.token)).body.data.map((s: { name: string }) => s.name)).toEqual(['By script']);
    // The account is not the business: a token is refused it (docs/decisions.md §9.7; token-reach.test.ts).
    expectFailure(await t.api.get('/api/users/me', token), 403, 'FORBIDDEN');
  });

  it('gets 403 on account management: profile, password, email, devices, tokens', async () => {
    const user = await registerVerified();
    const { token, id } = await newToken(user);
    const refused: [string, string, unknown?][] = [
      ['PUT', '/api/users/me', { businessName: 'Hijacked' }],
      ['PUT', '/api/users/me', { password: 'a new password 77', currentPassword: user.password }],
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions/1'],
      ['POST', '/api/auth/logout', {}],
      ['POST', '/api/auth/logout-all', {}],
      ['GET', '/api/auth/tokens'],
      ['POST', '/api/auth/tokens', { name: 'Another' }],
      ['DELETE', `/api/auth/tokens/${id}`],
      ['POST', '/api/auth/resend-verification', {}],
    ];
    for (const [method, path, body] of refused) {
      const res = await t.api.request(method, path, { token, body });
      expectFailure(res, 403, 'FORBIDDEN');
      expect(res.body.message).toMatch(/API token cannot manage the account/);
    }
    expect((await t.api.get('/api/users/me', user.token)).body.data.businessName).toBe(user.user.businessName);
    expect((await t.api.get('/api/auth/tokens', user.token)).body.data).toHaveLength(1);
  });

  it('stops working when revoked, at once; another user cannot revoke it', async () => {
    const user = await registerVerified();
    const stranger = await t.api.register();
    const created = await newToken(user);
    expectFailure(await t.api.delete(`/api/auth/tokens/${created.id}`, stranger.token), 404, 'NOT_FOUND');
    expect((await t.api.get('/api/suppliers', created.token)).status).toBe(200);
    expectOk(await t.api.delete(`/api/auth/tokens/${created.id}`, user.token), { id: created.id }, 'API token revoked');
    const refused = await t.api.get('/api/suppliers', created.token);
    expectFailure(refused, 401, 'UNAUTHORIZED');
    expect(refused.body.message).toMatch(/revoked or has expired/);
    expectFailure(await t.api.delete(`/api/auth/tokens/${created.id}`, user.token), 404, 'NOT_FOUND');
    expectOk(await t.api.get('/api/auth/tokens', user.token), []);
  });

  it('is revoked by a password reset (docs/decisions.md §8.6)', async () => {
    const user = await registerVerified();
    const { token } = await newToken(user);
    await t.api.post('/api/auth/forgot-password', { email: user.email });
    const reset = await t.linkToken(user.email, '/reset-password');
    expectOk(await t.api.post('/api/auth/reset-password', { token: reset, password: 'reset password 77' }), null);
    expectFailure(await t.api.get('/api/suppliers', token), 401, 'UNAUTHORIZED');
  });

  it('survives a password change; sign out everywhere revokes it', async () => {
    const user = await registerVerified();
    const { token } = await newToken(user);
    expect((await t.api.put('/api/users/me', { password: 'changed password 42', currentPassword: user.password }, user.token)).status).toBe(
      200,
    );
    expect((await t.api.get('/api/suppliers', token)).status).toBe(200);
    expect((await t.api.post('/api/auth/logout-all', {}, user.token)).status).toBe(200);
    expectFailure(await t.api.get('/api/suppliers', token), 401, 'UNAUTHORIZED');
  });

  it('stops working once expired, and says when it was last used', async () => {
    const user = await registerVerified();
    const created = await newToken(user, { name: 'Short', expiresInDays: 1 });
    await t.api.get('/api/suppliers', created.token);
    const [listed] = (await t.api.get('/api/auth/tokens', user.token)).body.data;
    expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);
    await t.server.deps.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', created.id)
      .execute();
    expectFailure(await t.api.get('/api/suppliers', created.token), 401, 'UNAUTHORIZED');
    expectOk(await t.api.get('/api/auth/tokens', user.token), []);
  });

  it('is refused when made up, or when it is a token of another server', async () => {
    for (const token of ['rpat_', 'rpat_made-up', `rpat_${'A'.repeat(43)}`]) {
      expectFailure(await t.api.get('/api/suppliers', token), 401, 'UNAUTHORIZED');
    }
  });

  it('works over tRPC, with the same limits', async () => {
    const user = await registerVerified();
    const { token } = await newToken(user);
    const list = await t.api.request('GET', `/api/trpc/suppliers.list?input=${encodeURIComponent('{}')}`, { token });
    expect(list.status, list.text).toBe(200);
    const forbidden = await t.api.request('GET', `/api/trpc/auth.sessions?input=${encodeURIComponent('{}')}`, { token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.data).toMatchObject({ kind: 'FORBIDDEN', httpStatus: 403 });
  });

  it('is limited to 50 per account', async () => {
    const user = await registerVerified();
    await Promise.all(Array.from({ length: 50 }, (_, i) => t.api.post('/api/auth/tokens', { name: `t${i}` }, user.token)));
    const over = await t.api.post('/api/auth/tokens', { name: 'one too many' }, user.token);
    expectFailure(over, 400, 'BAD_REQUEST');
    expect((await t.api.get('/api/auth/tokens', user.token)).body.data).toHaveLength(50);
  });
});
