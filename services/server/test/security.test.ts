import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import {
  type ApiResponse,
  expectFailure,
  expectFieldError,
  expectOk,
  newEmail,
  type RegisteredUser,
  startTestServer,
  type TestServer,
  unique,
  useTestServers,
} from '@reorder/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 8: the account-takeover paths and the server's hardening (OWASP ASVS
 * level 2, docs/decisions.md §4 revised). Each block is one finding of the probe.
 * Provider takeovers are in social.test.ts, the new email and password rules
 * of PUT /users/me in users.test.ts too.
 */

const { t, proxied, https } = useTestServers({
  t: { connectionLimits: { headersTimeoutMs: 1000, requestTimeoutMs: 2000, checkIntervalMs: 200 } },
  /** Behind one proxy, so a test can speak from several client addresses. */
  proxied: { env: { TRUST_PROXY: '1' } },
  /** https PUBLIC_URL, with both sign-in providers configured. */
  https: {
    env: {
      PUBLIC_URL: 'https://orders.example.com',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      FACEBOOK_APP_ID: '1234',
      FACEBOOK_APP_SECRET: 'secret',
    },
  },
});

const me = (server: TestServer, token: string) => server.api.get('/api/users/me', token);
const login = (server: TestServer, email: string, password: string, headers: Record<string, string> = {}) =>
  server.api.request('POST', '/api/auth/login', { body: { email, password }, headers });

/** A raw tRPC batch: `paths` called at once, each with its input, as httpBatchLink sends them. */
function trpcBatch(server: TestServer, paths: string[], inputs: unknown[], token?: string): Promise<ApiResponse> {
  const body = Object.fromEntries(inputs.map((input, i) => [String(i), input]));
  return server.api.request('POST', `/api/trpc/${paths.join(',')}?batch=1`, { body, token });
}

// ---------------------------------------------------------------- 1. email ownership

describe('email verification', () => {
  it('mails a link at sign-up; opening it verifies the address, once', async () => {
    const user = await t.api.register();
    expect(user.user.emailVerified).toBe(false);
    const token = await t.linkToken(user.email, '/verify-email');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.server.deps.db.selectFrom('email_tokens').selectAll().where('user_id', '=', user.user.id).execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    // With the account's own session: without it, the link takes the account from its registrant (address-proof.test.ts).
    expectOk(await t.api.post('/api/auth/verify-email', { token }, user.token), null, 'Your email address is confirmed.');
    expectOk(await me(t, user.token), { ...user.user, emailVerified: true });
    expectFieldError(await t.api.post('/api/auth/verify-email', { token }), 'token');
  });

  it('refuses an unknown or expired link with a 400 naming the token', async () => {
    const user = await t.api.register();
    const token = await t.linkToken(user.email, '/verify-email');
    await t.server.deps.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.user.id)
      .execute();
    expectFieldError(await t.api.post('/api/auth/verify-email', { token }), 'token');
    expectFieldError(await t.api.post('/api/auth/verify-email', { token: 'A'.repeat(43) }), 'token');
    expect((await me(t, user.token)).body.data.emailVerified).toBe(false);
  });

  it('sends a new link on request, and the old one stops working', async () => {
    const user = await t.api.register();
    const first = await t.linkToken(user.email, '/verify-email');
    expectOk(await t.api.post('/api/auth/resend-verification', {}, user.token), null, 'We just emailed you!');
    let second = first;
    for (let i = 0; i < 100 && second === first; i++) second = await t.linkToken(user.email, '/verify-email');
    expect(second).not.toBe(first);
    expectFieldError(await t.api.post('/api/auth/verify-email', { token: first }), 'token');
    expectOk(await t.api.post('/api/auth/verify-email', { token: second }), null);
    expectFailure(await t.api.post('/api/auth/resend-verification', {}), 401, 'UNAUTHORIZED');
  });
});

describe('changing the email', () => {
  it('needs the current password, tells the old address, and changes only when the new one confirms', async () => {
    const user = await t.api.register({ fullName: 'Olga Old' });
    const other = (await login(t, user.email, user.password)).body.data.token as string;
    const newAddress = newEmail('new');
    expectFieldError(await t.api.put('/api/users/me', { email: newAddress }, user.token), 'currentPassword');
    const wrong = await t.api.put('/api/users/me', { email: newAddress, currentPassword: 'not my password' }, user.token);
    expectFailure(wrong, 401, 'UNAUTHORIZED', ['currentPassword']);
    expectOk(await t.api.put('/api/users/me', { email: newAddress, currentPassword: user.password }, user.token), user.user);
    await t.server.deps.background.drain();
    const notice = (await t.outbox()).find((m) => m.to.includes(user.email) && m.subject === 'Your email address is being changed');
    expect(notice?.text).toContain(newAddress);
    // Until the link is opened nothing changed: the old email signs in, the new one does not.
    expect((await login(t, user.email, user.password)).status).toBe(200);
    expect((await login(t, newAddress, user.password)).status).toBe(401);

    await t.confirmEmail(newAddress, user.token);
    expectOk(await me(t, user.token), { ...user.user, email: newAddress, emailVerified: true });
    // Every other session ended.
    expectFailure(await me(t, other), 401, 'UNAUTHORIZED');
  });

  it('retires an earlier unconfirmed change, and open reset links', async () => {
    const user = await t.api.register();
    await t.api.post('/api/auth/forgot-password', { email: user.email });
    const reset = await t.linkToken(user.email, '/reset-password');
    const first = newEmail('first');
    await t.api.put('/api/users/me', { email: first, currentPassword: user.password }, user.token);
    const firstLink = await t.linkToken(first, '/verify-email');
    const second = newEmail('second');
    await t.api.put('/api/users/me', { email: second, currentPassword: user.password }, user.token);
    expectFieldError(await t.api.post('/api/auth/verify-email', { token: firstLink }), 'token');
    await t.confirmEmail(second, user.token);
    expectFieldError(await t.api.post('/api/auth/reset-password', { token: reset, password: 'brand new password 9' }), 'token');
    expect((await login(t, second, user.password)).status).toBe(200);
  });
});

// ---------------------------------------------------------------- 2. login limits, batches

describe('sign-in attempts are counted before the password is checked', () => {
  it('30 parallel wrong guesses: at most 10 are checked, the rest are refused', async () => {
    const user = await t.api.register();
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(t, user.email, 'a wrong guess')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // The right password is refused too until the window ends.
    expect((await login(t, user.email, user.password)).status).toBe(429);
  });

  it('refuses a tRPC batch of more than 10 calls, and any batch with a sign-in or feedback call', async () => {
    const user = await t.api.register();
    const guesses = Array.from({ length: 100 }, (_, i) => ({ email: user.email, password: `guess ${i}` }));
    guesses[99] = { email: user.email, password: user.password };
    const big = await trpcBatch(
      t,
      guesses.map(() => 'auth.login'),
      guesses,
    );
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).not.toContain('"token"');

    const two = await trpcBatch(
      t,
      ['auth.login', 'auth.login'],
      [
        { email: user.email, password: 'x' },
        { email: user.email, password: user.password },
      ],
    );
    expect(two.status).toBe(400);
    expect(JSON.stringify(two.body)).toMatch(/cannot be batched/);
    const mixed = await trpcBatch(
      t,
      ['suppliers.list', 'feedback.send'],
      [{}, { fullName: 'A', email: user.email, note: 'hi' }],
      user.token,
    );
    expect(mixed.status).toBe(400);
    expect(await t.server.deps.db.selectFrom('feedback').select('id').where('user_id', '=', user.user.id).execute()).toEqual([]);

    // No password was checked by those batches: the right one still signs in at once.
    expect((await login(t, user.email, user.password)).status).toBe(200);
    // Ten ordinary calls batch fine; eleven do not.
    const lists = (n: number) => {
      const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), {}]))));
      return t.api.request('GET', `/api/trpc/${Array(n).fill('suppliers.list').join(',')}?batch=1&input=${input}`, { token: user.token });
    };
    const ten = await lists(10);
    expect(ten.status, ten.text).toBe(200);
    expect(ten.body).toHaveLength(10);
    expect((await lists(11)).status).toBe(400);
  });

  it('a stranger cannot lock the owner out: failures count per (email, IP)', async () => {
    const user = await proxied.api.register();
    const attacker = { 'x-forwarded-for': '203.0.113.66' };
    for (let i = 0; i < 10; i++) expect((await login(proxied, user.email, 'wrong', attacker)).status).toBe(401);
    expect((await login(proxied, user.email, user.password, attacker)).status).toBe(429);
    // The owner, from the café's address, signs in and can still reset the password.
    const owner = { 'x-forwarded-for': '198.51.100.7' };
    expect((await login(proxied, user.email, user.password, owner)).status).toBe(200);
    const forgot = await proxied.api.request('POST', '/api/auth/forgot-password', { body: { email: user.email }, headers: owner });
    expect(forgot.status).toBe(200);
  });

  it('a completed reset forgets the email’s failed sign-ins', async () => {
    const user = await t.api.register();
    for (let i = 0; i < 11; i++) await login(t, user.email, 'wrong');
    expect((await login(t, user.email, user.password)).status).toBe(429);
    await t.api.post('/api/auth/forgot-password', { email: user.email });
    const token = await t.linkToken(user.email, '/reset-password');
    expectOk(await t.api.post('/api/auth/reset-password', { token, password: 'fresh start password' }), null);
    expect((await login(t, user.email, 'fresh start password')).status).toBe(200);
  });
});

// ---------------------------------------------------------------- 3. the current password

describe('changing the password', () => {
  it('needs the current password: missing is 400, wrong is 401, and nothing changes', async () => {
    const user = await t.api.register();
    expectFieldError(await t.api.put('/api/users/me', { password: 'brand new password 1' }, user.token), 'currentPassword');
    const wrong = await t.api.put('/api/users/me', { password: 'brand new password 1', currentPassword: 'guess' }, user.token);
    expectFailure(wrong, 401, 'UNAUTHORIZED', ['currentPassword']);
    // A wrong current password does not end the session that sent it.
    expect((await me(t, user.token)).status).toBe(200);
    expect((await login(t, user.email, user.password)).status).toBe(200);
    expect((await login(t, user.email, 'brand new password 1')).status).toBe(401);
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const user = await t.api.register();
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.api.put('/api/users/me', { password: 'brand new password 2', currentPassword: `guess ${i}` }, user.token)).status,
      ).toBe(401);
    }
    const limited = await t.api.put('/api/users/me', { password: 'brand new password 2', currentPassword: user.password }, user.token);
    expectFailure(limited, 429, 'TOO_MANY_REQUESTS');
  });

  it('mails a notice, and retires open reset links', async () => {
    const user = await t.api.register();
    await t.api.post('/api/auth/forgot-password', { email: user.email });
    const reset = await t.linkToken(user.email, '/reset-password');
    expectOk(await t.api.put('/api/users/me', { password: 'brand new password 3', currentPassword: user.password }, user.token), user.user);
    await t.server.deps.background.drain();
    expect((await t.outbox()).some((m) => m.to.includes(user.email) && m.subject === 'Your password was changed')).toBe(true);
    expectFieldError(await t.api.post('/api/auth/reset-password', { token: reset, password: 'another new password' }), 'token');
    expect((await login(t, user.email, 'brand new password 3')).status).toBe(200);
  });
});

// ---------------------------------------------------------------- 4. common passwords

describe('passwords', () => {
  const body = (overrides: Record<string, unknown>) => ({
    businessName: 'Panadería Sol',
    fullName: 'Lucía Martín',
    email: `lucia.martin.${unique()}@example.com`,
    password: 'a fine long password',
    ...overrides,
  });

  it.each(['password', '12345678', '        ', 'iloveyou', 'aaaaaaaaaa'])('refuses the common password %j at sign-up', async (password) => {
    expectFieldError(await t.api.post('/api/auth/register', body({ password })), 'password');
  });

  it('refuses a password holding the email’s local part or the business name, saying why in the user’s language', async () => {
    const email = `lucia.martin.${unique()}@example.com`;
    const local = email.split('@')[0]!;
    const en = await t.api.post('/api/auth/register', body({ email, password: `${local}!` }));
    expectFieldError(en, 'password');
    expect(en.body.message).toMatch(/email or the name of your business/);
    const es = await t.api.post('/api/auth/register', body({ password: 'PanaderíaSol2024', language: 'es' }));
    expectFieldError(es, 'password');
    expect(es.body.message).toMatch(/nombre de tu negocio/);
    const byHeader = await t.api.request('POST', '/api/auth/register', {
      body: body({ password: 'password' }),
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(byHeader.body.error.issues[0].message).toMatch(/demasiado común/);
  });

  it('applies the same rules to a reset and to a profile change', async () => {
    const user = await t.api.register({ businessName: 'Bar Pepe Central' });
    expectFieldError(await t.api.put('/api/users/me', { password: 'qwertyuiop', currentPassword: user.password }, user.token), 'password');
    expectFieldError(
      await t.api.put('/api/users/me', { password: 'bar pepe central!', currentPassword: user.password }, user.token),
      'password',
    );
    await t.api.post('/api/auth/forgot-password', { email: user.email });
    const token = await t.linkToken(user.email, '/reset-password');
    expectFieldError(await t.api.post('/api/auth/reset-password', { token, password: '12345678' }), 'password');
    // The refusal did not use up the link.
    expectOk(await t.api.post('/api/auth/reset-password', { token, password: 'a much better one' }), null);
  });

  it('refuses them over tRPC too', async () => {
    const res = await t.api.request('POST', '/api/trpc/auth.register', { body: body({ password: 'password1' }) });
    expect(res.status).toBe(400);
    expect(res.body.error.data).toMatchObject({ kind: 'BAD_REQUEST', issues: [{ path: 'password', message: expect.any(String) }] });
  });
});

// ---------------------------------------------------------------- 5. sessions

describe('sessions', () => {
  it('logout ends this session on the server: the token stops working at once', async () => {
    const user = await t.api.register();
    expectOk(await t.api.post('/api/auth/logout', {}, user.token), null);
    expectFailure(await me(t, user.token), 401, 'UNAUTHORIZED');
    expectFailure(await t.api.post('/api/auth/logout', {}, user.token), 401, 'UNAUTHORIZED');
  });

  it('lists the live sessions with the current one marked, and ends one by id', async () => {
    const user = await t.api.register();
    const phone = await t.api.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' },
    });
    const list = await t.api.get('/api/auth/sessions', user.token);
    expect(list.status, list.text).toBe(200);
    const sessions = list.body.data as { id: number; current: boolean; userAgent: string; createdAt: string; lastSeenAt: string }[];
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'id', 'lastSeenAt', 'userAgent']);
      expect(new Date(s.createdAt).toISOString()).toBe(s.createdAt);
    }
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect(other.userAgent).toBe('Mozilla/5.0 (iPhone) Safari');

    expectOk(await t.api.delete(`/api/auth/sessions/${other.id}`, user.token), { id: other.id });
    expectFailure(await me(t, phone.body.data.token), 401, 'UNAUTHORIZED');
    expectFailure(await t.api.delete(`/api/auth/sessions/${other.id}`, user.token), 404, 'NOT_FOUND');
    expect((await t.api.get('/api/auth/sessions', user.token)).body.data).toHaveLength(1);

    // Another user's session is a 404, and stays alive.
    const stranger = await t.api.register();
    const strangerSession = (await t.api.get('/api/auth/sessions', stranger.token)).body.data[0].id;
    expectFailure(await t.api.delete(`/api/auth/sessions/${strangerSession}`, user.token), 404, 'NOT_FOUND');
    expect((await me(t, stranger.token)).status).toBe(200);
  });

  it('logout-all ends every session of the user, and only of that user', async () => {
    const user = await t.api.register();
    const second = (await login(t, user.email, user.password)).body.data.token as string;
    const stranger = await t.api.register();
    expectOk(await t.api.post('/api/auth/logout-all', {}, user.token), null);
    expectFailure(await me(t, user.token), 401, 'UNAUTHORIZED');
    expectFailure(await me(t, second), 401, 'UNAUTHORIZED');
    expect((await me(t, stranger.token)).status).toBe(200);
  });

  it('keeps signing in one request, and says when the device was last seen', async () => {
    const user = await t.api.register();
    await t.server.deps.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 60 * 60 * 1000) })
      .where('user_id', '=', user.user.id)
      .execute();
    await me(t, user.token);
    const [session] = (await t.api.get('/api/auth/sessions', user.token)).body.data;
    expect(Date.now() - Date.parse(session.lastSeenAt)).toBeLessThan(60_000);
  });

  it('an account without a password changes its email only within 15 minutes of signing in', async () => {
    const user = await t.api.register();
    await t.server.deps.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.user.id).execute();
    const fresh = await t.api.put('/api/users/me', { password: 'my first password' }, user.token);
    expectOk(fresh, user.user);
    await t.server.deps.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.user.id).execute();
    await t.server.deps.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 16 * 60 * 1000) })
      .where('user_id', '=', user.user.id)
      .execute();
    expectFailure(await t.api.put('/api/users/me', { email: newEmail('late') }, user.token), 401, 'UNAUTHORIZED', ['currentPassword']);
  });
});

// ---------------------------------------------------------------- 6. headers

describe('headers', () => {
  it('sends a strict Content-Security-Policy and the other headers on the web app', async () => {
    const res = await fetch(`${t.url}/orders`);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|google|facebook/);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // No HSTS on plain http.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('lets the Google and Facebook SDKs in only when they are configured, and sends HSTS over https', async () => {
    const res = await fetch(`${https.url}/login`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client https:\/\/connect\.facebook\.net/);
    expect(csp).toContain('https://accounts.google.com/gsi/');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });
});

// ---------------------------------------------------------------- 8. no tokens in logs

describe('logs', () => {
  it('never hold a reset or verification token: paths are redacted, the outbox is named, not linked', async () => {
    const user = await t.api.register();
    await t.api.post('/api/auth/forgot-password', { email: user.email });
    const reset = await t.linkToken(user.email, '/reset-password');
    const verify = await t.linkToken(user.email, '/verify-email');
    // Browsers load the links' pages too.
    await fetch(`${t.url}/reset-password/${reset}`);
    await fetch(`${t.url}/verify-email/${verify}`);
    await t.api.post('/api/auth/verify-email', { token: verify });
    await t.server.deps.background.drain();
    expect(t.logs.some((line) => line.includes('/reset-password/[redacted]'))).toBe(true);
    for (const line of t.logs) {
      expect(line).not.toContain(reset);
      expect(line).not.toContain(verify);
    }
  });

  it('redact a link however its path is spelled: any case, doubled slashes, percent-encoding', async () => {
    const token = 'Zq9SpelledLinkToken0123456789abcdefXY';
    const paths = [
      `/reset-password//${token}`,
      `/Reset-Password/${token}`,
      `/confirm%2F${token}`,
      `/VERIFY-EMAIL/${token}`,
      `/invitations/${token}`,
      `/api/public/Confirmations//${token}`,
    ];
    for (const path of paths) await fetch(`${t.url}${path}`);
    const requests = t.logs.filter((line) => line.includes('"request"') && line.includes('[redacted]'));
    expect(requests.length).toBeGreaterThanOrEqual(paths.length);
    for (const line of t.logs) expect(line).not.toContain(token);
  });
});

// ---------------------------------------------------------------- 9. feedback

describe('feedback', () => {
  it('is limited to 10 per hour per user', async () => {
    const user = await t.api.register();
    const body = { fullName: 'Ana', email: user.email, note: 'hello' };
    for (let i = 0; i < 10; i++) expect((await t.api.post('/api/feedbacks', body, user.token)).status).toBe(200);
    expectFailure(await t.api.post('/api/feedbacks', body, user.token), 429, 'TOO_MANY_REQUESTS');
    const rows = await t.server.deps.db.selectFrom('feedback').select('id').where('user_id', '=', user.user.id).execute();
    expect(rows).toHaveLength(10);
  });
});

// ---------------------------------------------------------------- 11. text input

describe('text fields refuse control characters and broken Unicode', () => {
  let user: RegisteredUser;
  let supplier: { id: number; orderId: number };
  let productId: number;
  beforeAll(async () => {
    user = await t.api.register();
    supplier = await t.api.createSupplier(user.token);
    productId = (await t.api.createProduct(user.token, supplier.orderId)).id;
  });

  const NUL = 'bad\u0000text';
  const ESC = 'bad\u001btext';
  const LONE = 'bad\ud83dtext';
  const supplierBody = (fields: Record<string, unknown>) => ({
    name: 'Frutas',
    contactName: '',
    messageService: 'other',
    contactInfo: 'x',
    note: '',
    ...fields,
  });

  /** Every text field of the API with a valid request around it: [label, method, path, body for a value, field]. */
  const cases = (): [string, string, string, (value: string) => unknown, string][] => [
    ['supplier name', 'POST', '/api/suppliers', (v) => supplierBody({ name: v }), 'name'],
    ['contact name', 'POST', '/api/suppliers', (v) => supplierBody({ contactName: v }), 'contactName'],
    ['contact info', 'POST', '/api/suppliers', (v) => supplierBody({ contactInfo: v }), 'contactInfo'],
    ['supplier note', 'PUT', `/api/suppliers/${supplier.id}`, (v) => supplierBody({ note: v }), 'note'],
    ['product name', 'POST', '/api/products', (v) => ({ name: v, unit: 'Kg', orderId: supplier.orderId }), 'name'],
    ['unit', 'PUT', `/api/products/${productId}`, (v) => ({ name: 'Tomatoes', unit: v }), 'unit'],
    ['order message', 'PUT', `/api/orders/${supplier.orderId}`, (v) => ({ introduce: v }), 'introduce'],
    ['business name', 'PUT', '/api/users/me', (v) => ({ businessName: v }), 'businessName'],
    ['full name', 'PUT', '/api/users/me', (v) => ({ fullName: v }), 'fullName'],
    ['feedback', 'POST', '/api/feedbacks', (v) => ({ fullName: 'Ana', email: user.email, note: v }), 'note'],
    ['feedback name', 'POST', '/api/feedbacks', (v) => ({ fullName: v, email: user.email, note: 'x' }), 'fullName'],
    [
      'register name',
      'POST',
      '/api/auth/register',
      (v) => ({ businessName: v, fullName: 'A', email: newEmail(), password: 'fine password 1' }),
      'businessName',
    ],
  ];

  it('answers 400 naming the field, over REST, for NUL, ESC and a lone surrogate, and stores nothing', async () => {
    for (const [label, method, apiPath, body, field] of cases()) {
      for (const value of [NUL, ESC, LONE]) {
        const res = await t.api.request(method, apiPath, { body: body(value), token: user.token });
        expect(res.status, `${label} ${JSON.stringify(value)}: ${res.text}`).toBe(400);
        expectFieldError(res, field);
      }
    }
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM suppliers WHERE name LIKE 'bad%'`.execute(t.server.deps.db);
    expect(stored.rows[0]?.n).toBe(0);
  });

  it('answers 400 in the search and the sign-in fields too', async () => {
    expectFieldError(await t.api.get(`/api/suppliers?q=${encodeURIComponent(NUL)}`, user.token), 'q');
    expectFieldError(await t.api.get(`/api/products?q=${encodeURIComponent(NUL)}`, user.token), 'q');
    for (const value of [NUL, LONE]) {
      expectFieldError(await t.api.post('/api/auth/login', { email: user.email, password: value }), 'password');
      expectFieldError(await t.api.post('/api/auth/reset-password', { token: value, password: 'fine password 2' }), 'token');
    }
  });

  it('answers 400 over tRPC too', async () => {
    for (const [label, input] of [
      ['suppliers.create', supplierBody({ name: NUL })],
      ['orders.update', { id: supplier.orderId, introduce: LONE }],
      ['feedback.send', { fullName: 'Ana', email: user.email, note: ESC }],
    ] as const) {
      const res = await t.api.request('POST', `/api/trpc/${label}`, { body: input, token: user.token });
      expect(res.status, `${label}: ${res.text}`).toBe(400);
      expect(res.body.error.data.kind).toBe('BAD_REQUEST');
    }
  });

  it('keeps tabs and line breaks in multi-line texts, but not in names', async () => {
    const multi = 'Line one\n\tLine two\r\nLine three';
    const note = await t.api.put(`/api/suppliers/${supplier.id}`, supplierBody({ note: multi }), user.token);
    expect(note.status, note.text).toBe(200);
    expect(note.body.data.note).toBe(multi);
    const message = await t.api.put(`/api/orders/${supplier.orderId}`, { introduce: multi }, user.token);
    expect(message.status, message.text).toBe(200);
    expectFieldError(await t.api.post('/api/suppliers', supplierBody({ name: 'Two\nlines' }), user.token), 'name');
    // Emoji and accents are well-formed: kept.
    const fine = await t.api.post('/api/suppliers', supplierBody({ name: 'Jamón 🐖 ñ' }), user.token);
    expect(fine.body.data.name).toBe('Jamón 🐖 ñ');
  });
});

// ---------------------------------------------------------------- 13. forgot-password timing

describe('forgot-password', () => {
  it('answers before anything that depends on the email happens, so a known and an unknown email look alike', async () => {
    const user = await t.api.register();
    await t.server.deps.background.drain();
    // Hold the work that follows the answer, to see what the answer waited for.
    const background = t.server.deps.background;
    const held: (() => Promise<unknown>)[] = [];
    const run = background.run;
    background.run = (_what, task) => {
      held.push(task);
    };
    try {
      const known = await t.api.post('/api/auth/forgot-password', { email: user.email });
      const unknown = await t.api.post('/api/auth/forgot-password', { email: newEmail('nobody') });
      expect(known.text).toBe(unknown.text);
      expect(known.status).toBe(200);
      const tokens = await t.server.deps.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', user.user.id).execute();
      expect(tokens, 'no reset token before the answer').toEqual([]);
      expect(held).toHaveLength(2);
    } finally {
      background.run = run;
    }
    for (const task of held) await task();
    const tokens = await t.server.deps.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', user.user.id).execute();
    expect(tokens).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- 14. odd requests

describe('odd requests get a 4xx, never a 500', () => {
  it('a JSON body nested 5,000 levels deep', async () => {
    const user = await t.api.register();
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const rawBody of [deep, `{"name":${deep}}`]) {
      const rest = await t.api.request('POST', '/api/suppliers', {
        rawBody,
        token: user.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(rest.status, rest.text.slice(0, 200)).toBe(400);
      const trpc = await t.api.request('POST', '/api/trpc/suppliers.create', {
        rawBody,
        token: user.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(trpc.status, trpc.text.slice(0, 200)).toBe(400);
    }
  });

  it('a corrupt Content-Encoding: br body, and an unknown encoding', async () => {
    const good = brotliCompressSync(Buffer.from(JSON.stringify({ email: 'a@b.co', password: 'x' })));
    const corrupt = Buffer.concat([good.subarray(0, 4), Buffer.from('garbage garbage garbage')]);
    for (const [encoding, body] of [
      ['br', corrupt],
      ['gzip', Buffer.from('not gzip at all')],
      ['x-unknown', Buffer.from('{}')],
    ] as const) {
      const res = await fetch(`${t.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body,
      });
      expect(res.status, `${encoding}: ${await res.clone().text()}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(((await res.json()) as { code: number }).code).toBe(0);
    }
  });

  it('a path that climbs out of the assets folder of the web app', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'reorder-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'package.json'), '{"dependencies":{}}');
    const web = await startTestServer({ webDir: path.join(webDir, 'assets', '..') });
    try {
      expect((await fetch(`${web.url}/assets/app.js`)).status).toBe(200);
      for (const p of [
        '/assets/..%2fpackage.json',
        '/assets/..%2f..%2fpackage.json',
        '/assets/..%5cpackage.json',
        '/assets/%2e%2e%2fpackage.json',
      ]) {
        const res = await fetch(`${web.url}${p}`);
        expect(res.status, p).toBe(404);
        expect(await res.text()).not.toContain('"dependencies"');
      }
    } finally {
      await web.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------- 17. slow clients

describe('slow clients', () => {
  /** Opens a raw connection, writes `chunks` slowly, and resolves with what the server answered before closing. */
  function slowRequest(chunks: string[], everyMs: number): Promise<{ answer: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const { port } = new URL(t.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      const started = Date.now();
      let answer = '';
      let i = 0;
      const timer = setInterval(() => {
        if (i < chunks.length && !socket.destroyed) socket.write(chunks[i++]!);
      }, everyMs);
      socket.on('data', (data) => {
        answer += data.toString();
      });
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, ms: Date.now() - started });
      });
      socket.on('error', () => {});
      setTimeout(() => reject(new Error('the server kept the connection open')), 15_000);
    });
  }

  it('closes a connection whose headers do not arrive in time', async () => {
    const dribble = ['GET /api/ping HTTP/1.1\r\n', ...Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: y\r\n`)];
    const { answer, ms } = await slowRequest(dribble, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(4000);
  });

  it('closes a connection whose body does not arrive in time', async () => {
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { answer, ms } = await slowRequest([head, ...Array.from({ length: 200 }, () => ' ')], 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(5000);
  });
});

// ---------------------------------------------------------------- 10. DATA_DIR

describe('DATA_DIR', () => {
  it('is made readable by the server’s user only at start: folders 0700, files 0600, also for an existing folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reorder-perms-'));
    try {
      mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true, mode: 0o777 });
      writeFileSync(path.join(dataDir, 'pglite', 'base', 'PG_VERSION'), '18', { mode: 0o666 });
      writeFileSync(path.join(dataDir, 'jwt-secret'), 'x'.repeat(48), { mode: 0o644 });
      chmodSync(path.join(dataDir, 'pglite', 'base'), 0o777);
      chmodSync(dataDir, 0o777);
      const server = await startTestServer({ env: { DATA_DIR: dataDir, JWT_SECRET: '' } });
      await server.close();
      const modes: string[] = [];
      const walk = (dir: string) => {
        modes.push(`${path.relative(dataDir, dir) || '.'} ${(statSync(dir).mode & 0o777).toString(8)}`);
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          else modes.push(`${path.relative(dataDir, full)} ${(statSync(full).mode & 0o777).toString(8)}`);
        }
      };
      walk(dataDir);
      for (const line of modes) expect(line).toMatch(/ (700|600)$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
