import { createHash, randomBytes } from 'node:crypto';
import {
  businessIdOf,
  expectFailure,
  expectOk,
  newBrowserKeys,
  newEmail,
  type RegisteredUser,
  startTestServer,
  type TestServer,
} from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 27, item 1 (docs/decisions.md §8.6, "the first proof of an address
 * wins"): someone registers the owner's address first. Until the address is
 * proven the account makes no API tokens and no push subscriptions; the first
 * proof by whoever holds the mailbox (the verification link opened without
 * that account's session, a password reset; provider sign-ins are in
 * social.test.ts) ends every session, API token, push subscription and open
 * link set up before it, and the prover sets the password.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { ALLOW_PRIVATE_ENDPOINTS: '1' } });
});
afterAll(() => t?.close());

const keys = newBrowserKeys();
const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });

/**
 * What a squatter holds: a second session, an API token and a push
 * subscription. The token and the subscription are written as they were before
 * this rule existed (no unverified account can make them now).
 */
async function squat(): Promise<{ squatter: RegisteredUser; otherSession: string; apiToken: string; endpoint: string }> {
  const squatter = await t.api.register({ email: newEmail('victim'), password: 'squatter password 1' });
  const login = await t.api.post('/api/auth/login', { email: squatter.email, password: squatter.password });
  expect(login.status, login.text).toBe(200);
  const apiToken = `rpat_${randomBytes(32).toString('base64url')}`;
  const endpoint = `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`;
  const db = t.server.deps.db;
  await db
    .insertInto('api_tokens')
    .values({
      user_id: squatter.user.id,
      business_id: await businessIdOf(db, squatter.user.id),
      name: 'Squat',
      token_hash: createHash('sha256').update(apiToken).digest('hex'),
      expires_at: null,
    })
    .execute();
  await db.insertInto('push_subscriptions').values({ user_id: squatter.user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth }).execute();
  expect((await t.api.get('/api/suppliers', apiToken)).status).toBe(200);
  return { squatter, otherSession: login.body.data.token, apiToken, endpoint };
}

const subscriptionsOf = async (userId: number) =>
  (await t.server.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute()).map(
    (r) => r.endpoint,
  );

/** Everything the squatter set up has stopped working. */
async function expectSquatterOut(held: Awaited<ReturnType<typeof squat>>) {
  for (const token of [held.squatter.token, held.otherSession, held.apiToken]) {
    expectFailure(await t.api.get('/api/suppliers', token), 401, 'UNAUTHORIZED');
  }
  expect(await subscriptionsOf(held.squatter.user.id)).toEqual([]);
}

describe('an account whose email is not verified', () => {
  it('cannot make an API token or a push subscription (403, saying why), and can once the address is proven', async () => {
    const user = await t.api.register({ language: 'es' });
    const token = await t.api.post('/api/auth/tokens', { name: 'Script' }, user.token);
    expectFailure(token, 403, 'FORBIDDEN');
    expect(token.body.message).toMatch(/confirma tu correo/i);
    const push = await t.api.post('/api/push/subscriptions', subscription('http://127.0.0.1:9/push/early'), user.token);
    expectFailure(push, 403, 'FORBIDDEN');
    expect(await subscriptionsOf(user.user.id)).toEqual([]);
    expect((await t.api.get('/api/auth/tokens', user.token)).body.data).toEqual([]);

    await t.confirmEmail(user.email, user.token);
    expect((await t.api.post('/api/auth/tokens', { name: 'Script' }, user.token)).status).toBe(200);
    expectOk(await t.api.post('/api/push/subscriptions', subscription('http://127.0.0.1:9/push/later'), user.token), {
      endpoint: 'http://127.0.0.1:9/push/later',
    });
  });
});

describe('the first proof of the address', () => {
  it('by a password reset ends every session, API token, push subscription and open link of the squatter', async () => {
    const held = await squat();
    const { email } = held.squatter;
    // The squatter asked for a reset link too, earlier: it must not work after the owner's.
    await t.api.post('/api/auth/forgot-password', { email });
    const squattersLink = await t.linkToken(email, '/reset-password');
    expectOk(await t.api.post('/api/auth/resend-verification', {}, held.squatter.token), null);
    const squattersVerifyLink = await t.linkToken(email, '/verify-email');

    await t.api.post('/api/auth/forgot-password', { email });
    let ownersLink = squattersLink;
    for (let i = 0; i < 200 && ownersLink === squattersLink; i++) ownersLink = await t.linkToken(email, '/reset-password');
    expectOk(await t.api.post('/api/auth/reset-password', { token: ownersLink, password: 'the real owner 1' }), null);

    await expectSquatterOut(held);
    expectFailure(await t.api.post('/api/auth/reset-password', { token: squattersLink, password: 'squatter again 2' }), 400, 'BAD_REQUEST');
    expectFailure(await t.api.post('/api/auth/verify-email', { token: squattersVerifyLink }), 400, 'BAD_REQUEST');
    expectFailure(await t.api.post('/api/auth/login', { email, password: held.squatter.password }), 401, 'UNAUTHORIZED');
    const owner = await t.api.post('/api/auth/login', { email, password: 'the real owner 1' });
    expect(owner.status, owner.text).toBe(200);
    expect(owner.body.data.user.emailVerified).toBe(true);
  });

  it("by the verification link opened without the account's session ends all of it, and the squatter's password", async () => {
    const held = await squat();
    const { email } = held.squatter;
    const link = await t.linkToken(email, '/verify-email');
    expectOk(await t.api.post('/api/auth/verify-email', { token: link }), null, 'Your email address is confirmed.');

    await expectSquatterOut(held);
    expectFailure(await t.api.post('/api/auth/login', { email, password: held.squatter.password }), 401, 'UNAUTHORIZED');
    // The owner of the mailbox sets the password, through a reset link.
    await t.api.post('/api/auth/forgot-password', { email });
    const reset = await t.linkToken(email, '/reset-password');
    expectOk(await t.api.post('/api/auth/reset-password', { token: reset, password: 'the real owner 2' }), null);
    expect((await t.api.post('/api/auth/login', { email, password: 'the real owner 2' })).status).toBe(200);
  });

  it("by the verification link opened with the account's own session (the registrant proving it) keeps everything", async () => {
    const held = await squat();
    await t.confirmEmail(held.squatter.email, held.squatter.token);
    for (const token of [held.squatter.token, held.otherSession, held.apiToken]) {
      expect((await t.api.get('/api/suppliers', token)).status).toBe(200);
    }
    expect(await subscriptionsOf(held.squatter.user.id)).toEqual([held.endpoint]);
    expect((await t.api.post('/api/auth/login', { email: held.squatter.email, password: held.squatter.password })).status).toBe(200);
  });

  it('a session that has ended is not the account’s session: the link then counts as a stranger’s proof', async () => {
    const held = await squat();
    expect((await t.api.post('/api/auth/logout', {}, held.squatter.token)).status).toBe(200);
    const link = await t.linkToken(held.squatter.email, '/verify-email');
    expectOk(await t.api.post('/api/auth/verify-email', { token: link }, held.squatter.token), null);
    await expectSquatterOut(held);
  });
});
