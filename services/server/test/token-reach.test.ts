import { appRouter, reachOf } from '@reorder/api';
import { expectFailure, type RegisteredUser, useTestServer } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * An API token acts in its own business only (docs/decisions.md §7, §9.7):
 * every signed-in procedure is either a member's (inside the active business,
 * by session or token) or the account's (a device's session only), and every
 * account procedure answers 403 to a token, on REST and on tRPC. The table is
 * the router itself, so a procedure added later is held to the rule too.
 */
const t = useTestServer();

type Procedure = { _def: { middlewares: unknown[]; type: 'query' | 'mutation'; meta?: { openapi?: { method: string; path: string } } } };
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures);
const accountCalls = procedures.filter(([, procedure]) => reachOf(procedure) === 'account');

async function ownerWithToken(): Promise<RegisteredUser & { apiToken: string; tokenId: number }> {
  const user = await t.api.register();
  await t.confirmEmail(user.email, user.token);
  const made = await t.api.post('/api/auth/tokens', { name: 'Script' }, user.token);
  expect(made.status, made.text).toBe(200);
  return { ...user, apiToken: made.body.data.token, tokenId: made.body.data.id };
}

/** A REST path with its parameters filled: an id that may exist, `me`, or a token-shaped text. */
const filled = (path: string) =>
  path
    .replace('{username}', 'me')
    .replace('{token}', 'x'.repeat(43))
    .replace(/\{[A-Za-z]+\}/g, '1');

describe('who may call what', () => {
  it('every procedure is a member’s or the account’s, but those that sign in and the links sent to others', () => {
    // A new procedure must choose: none is just "signed in", or public by accident.
    expect(procedures.filter(([, procedure]) => reachOf(procedure) === 'public').map(([path]) => path)).toEqual([
      'auth.login',
      'auth.register',
      'auth.forgotPassword',
      'auth.resetPassword',
      'auth.google',
      'auth.facebook',
      'auth.verifyEmail',
      'invitations.byToken',
      'config.get',
      'confirmations.view',
      'confirmations.answer',
      'claims.view',
      'claims.answer',
    ]);
    const names = accountCalls.map(([path]) => path);
    for (const path of [
      'users.byUsername',
      'users.updateMe',
      'businesses.list',
      'businesses.create',
      'push.subscribe',
      'push.unsubscribe',
      'push.list',
      'push.remove',
      'auth.sessions',
      'auth.logoutAll',
      'feedback.send',
    ]) {
      expect(names).toContain(path);
    }
    expect(reachOf(procedures.find(([path]) => path === 'suppliers.list')?.[1] as Procedure)).toBe('member');
  });
});

describe('an API token', () => {
  it.each(
    accountCalls
      .filter(([, p]) => p._def.meta?.openapi)
      .map(([path, p]) => [path, p._def.meta?.openapi?.method, p._def.meta?.openapi?.path]),
  )('gets 403 on %s (REST %s %s)', async (_, method, path) => {
    const user = await ownerWithToken();
    const res = await t.api.request(method as string, `/api${filled(path as string)}`, {
      token: user.apiToken,
      body: method === 'GET' ? undefined : {},
    });
    expectFailure(res, 403, 'FORBIDDEN');
    expect(res.body.message).toMatch(/API token cannot manage the account/);
  });

  it('gets 403 on every account procedure over tRPC too', async () => {
    const user = await ownerWithToken();
    for (const [path, procedure] of accountCalls) {
      const input = encodeURIComponent('{}');
      const res =
        procedure._def.type === 'query'
          ? await t.api.request('GET', `/api/trpc/${path}?input=${input}`, { token: user.apiToken })
          : await t.api.request('POST', `/api/trpc/${path}`, { token: user.apiToken, body: {} });
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.error.data).toMatchObject({ kind: 'FORBIDDEN', httpStatus: 403 });
    }
  });

  it('changes nothing it is refused: no new business, the profile as it was', async () => {
    const user = await ownerWithToken();
    expectFailure(await t.api.post('/api/businesses', { name: 'Second café' }, user.apiToken), 403, 'FORBIDDEN');
    expectFailure(await t.api.put('/api/users/me', { fullName: 'Someone else' }, user.apiToken), 403, 'FORBIDDEN');
    const businesses = await t.api.get('/api/businesses', user.token);
    expect(businesses.body.data.map((b: { name: string }) => b.name)).toEqual([user.user.businessName]);
    expect((await t.api.get('/api/users/me', user.token)).body.data.fullName).toBe(user.user.fullName);
    // Its own business it still reaches.
    expect((await t.api.get('/api/suppliers', user.apiToken)).status).toBe(200);
    expect((await t.api.get('/api/business', user.apiToken)).status).toBe(200);
  });
});

describe("a member's removal (docs/decisions.md §9.7)", () => {
  it('revokes their API tokens for that business: a later invitation does not bring them back', async () => {
    const ana = await t.api.register();
    await t.confirmEmail(ana.email, ana.token);
    const marta = await t.joinBusiness(ana, 'manager');
    const business = (await t.api.get('/api/business', ana.token)).body.data.id as number;
    const inAna = { 'x-business-id': String(business) };
    const made = await t.api.request('POST', '/api/auth/tokens', { token: marta.token, body: { name: 'Stock' }, headers: inAna });
    expect(made.status, made.text).toBe(200);
    const own = await t.api.post('/api/auth/tokens', { name: 'Mine' }, marta.token);
    expect(own.status, own.text).toBe(200);
    const script = made.body.data.token as string;
    expect((await t.api.get('/api/suppliers', script)).status).toBe(200);

    expect((await t.api.delete(`/api/business/members/${marta.user.id}`, ana.token)).status).toBe(200);
    expectFailure(await t.api.get('/api/suppliers', script), 401, 'UNAUTHORIZED');

    // Invited back: a member again, and the old token still refused, and gone from her list.
    const invitationsTo = async () =>
      (await t.outbox()).filter((m) => m.to.includes(marta.email) && m.text.includes('/invitations/')).length;
    const before = await invitationsTo();
    const sent = await t.api.post('/api/business/invitations', { email: marta.email, role: 'manager' }, ana.token);
    expect(sent.status, sent.text).toBe(200);
    // The mail goes out in the background: wait for the new one, not the link already used.
    await expect.poll(invitationsTo, { timeout: 10_000 }).toBeGreaterThan(before);
    const link = await t.linkToken(marta.email, '/invitations');
    expect((await t.api.post(`/api/invitations/${link}/accept`, {}, marta.token)).status).toBe(200);
    expect((await t.api.request('GET', '/api/suppliers', { token: marta.token, headers: inAna })).status).toBe(200);
    expectFailure(await t.api.get('/api/suppliers', script), 401, 'UNAUTHORIZED');
    expect((await t.api.get('/api/auth/tokens', marta.token)).body.data.map((x: { name: string }) => x.name)).toEqual(['Mine']);
    // Her token for her own café is untouched.
    expect((await t.api.get('/api/suppliers', own.body.data.token)).status).toBe(200);
  });
});
