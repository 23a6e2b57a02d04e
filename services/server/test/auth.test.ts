import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ApiResponse,
  decodeTokenPart,
  emailOfLength,
  expectFailure as expectError,
  expectFieldError,
  expectSession,
  newEmail,
  parseMail,
  type ReceivedMail,
  type RegisteredUser,
  TEST_JWT_SECRET,
  type TestServer,
  USER_KEYS,
  unique,
  useSmtpServer,
  useTestServers,
} from '@reorder/testing';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASHING } from '../../../packages/api/src/users/passwords.ts';

/**
 * Accounts end to end (docs/decisions.md §2 and §4): register, login, tokens, the
 * forgot/reset flow through a real SMTP server and through the outbox folder,
 * rate limits, and that no secret ever reaches the log. The rules behind
 * them (usernames, languages, sessions a password change ends, links that
 * expire or are used up, the per-email limits) are
 * packages/api/src/auth/auth.test.ts's, in-process.
 */

const SIGNING_KEY = new TextEncoder().encode(TEST_JWT_SECRET);
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;
const FORGOT_ANSWER = { code: 1, data: null, message: 'We just emailed you!' };
const RESET_LINK = /http:\/\/app\.test\/reset-password\/([A-Za-z0-9_-]+)/;

const smtp = useSmtpServer();
const { t, outbox, limited } = useTestServers({
  /**
   * The main server: default rate rules, mail through the SMTP server above,
   * and passwords hashed at the cost every server uses (the other suites hash
   * at argon2id's lowest).
   */
  t: () => ({ env: { SMTP_URL: smtp.url }, passwordHashing: PASSWORD_HASHING }),
  /** No SMTP_URL: mail goes to the outbox folder. */
  outbox: {},
  /** Tight per-IP limits (3 per hour) on every account call. */
  limited: {
    rateRules: {
      loginPerIp: { name: 'login:ip', limit: 3, windowSeconds: 3600 },
      registerPerIp: { name: 'register:ip', limit: 3, windowSeconds: 3600 },
      forgotPerIp: { name: 'forgot:ip', limit: 3, windowSeconds: 3600 },
      resetPerIp: { name: 'reset:ip', limit: 3, windowSeconds: 3600 },
    },
  },
});

// ---------------------------------------------------------------- helpers

/** Every password and token this file used, to look for them in the logs at the end. */
const secrets = { passwords: new Set<string>(), tokens: new Set<string>(), resetTokens: new Set<string>() };

function registerBody(overrides: Record<string, unknown> = {}) {
  return { businessName: 'Café Central', fullName: 'Ana García', email: newEmail(), password: 'correct horse battery', ...overrides };
}

/** Registers through the API, remembering the password and token. */
async function register(
  server: TestServer,
  overrides: Partial<{ email: string; password: string; businessName: string; fullName: string; language: string }> = {},
): Promise<RegisteredUser> {
  const password = overrides.password ?? `pw-${unique()}`;
  const user = await server.api.register({ email: overrides.email ?? newEmail(), ...overrides, password });
  secrets.passwords.add(password);
  secrets.tokens.add(user.token);
  return user;
}

async function login(server: TestServer, email: string, password: string): Promise<ApiResponse> {
  const res = await server.api.post('/api/auth/login', { email, password });
  if (res.status === 200) secrets.tokens.add(res.body.data.token);
  return res;
}

/** A 429 envelope with a Retry-After of whole seconds above 0. */
/**
 * Waits until the fixed window of `windowSeconds` has at least 5 s left: a test that makes a rule's
 * limit of calls in a row must not straddle two windows (the second starts counting again). It
 * failed so once, at 10:45:00.
 */
async function clearOfWindowEdge(windowSeconds: number): Promise<void> {
  const size = windowSeconds * 1000;
  const left = size - (Date.now() % size);
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

function expectRateLimited(res: ApiResponse, maxSeconds: number): void {
  expectError(res, 429, 'TOO_MANY_REQUESTS');
  expect(res.body.error.issues).toEqual([]);
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter, 'Retry-After header').toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
}

const me = (server: TestServer, token: string) => server.api.get('/api/users/me', token);

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token signed like the server's, with optional changes. */
async function signToken(options: {
  sub: string;
  sid?: unknown;
  secret?: Uint8Array;
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
}) {
  const claims: Record<string, unknown> = {};
  if (options.sid !== undefined) claims.sid = options.sid;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.sub)
    .setIssuer(options.iss ?? 'reorder')
    .setAudience(options.aud ?? 'reorder-api')
    .setIssuedAt(options.iat ?? nowSeconds())
    .setExpirationTime(options.exp ?? nowSeconds() + 3600)
    .sign(options.secret ?? SIGNING_KEY);
}

/** Asks for a reset link for `email` and returns the mail and the token in its link. */
async function requestResetMail(
  email: string,
  subject = 'Reset your password',
): Promise<{ mail: ReceivedMail; token: string; link: string }> {
  const res = await t.api.post('/api/auth/forgot-password', { email });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual(FORGOT_ANSWER);
  const mail = await smtp.waitFor((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);
  const match = RESET_LINK.exec(mail.text);
  expect(match, `reset link in the mail text:\n${mail.text}`).not.toBeNull();
  const token = match?.[1] ?? '';
  secrets.resetTokens.add(token);
  return { mail, token, link: `http://app.test/reset-password/${token}` };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- register

describe('POST /api/auth/register', () => {
  it('answers a Session envelope with the new user, signed in at once', async () => {
    const body = registerBody({ email: newEmail('shape'), password: `pw-${unique()}` });
    secrets.passwords.add(body.password);
    const res = await t.api.post('/api/auth/register', body);
    if (res.status === 200) secrets.tokens.add(res.body.data.token);
    const { expiresAt } = await expectSession(t.api, res, {
      username: body.email.split('@')[0],
      businessName: 'Café Central',
      fullName: 'Ana García',
      email: body.email,
      language: 'en',
      emailVerified: false,
    });
    // About 7 days ahead.
    expect(Math.abs(Date.parse(expiresAt) - (Date.now() + SEVEN_DAYS_MS))).toBeLessThan(60_000);
  });

  it('never returns the password or its hash', async () => {
    const body = registerBody({ password: `pw-${unique()}` });
    secrets.passwords.add(body.password);
    const res = await t.api.post('/api/auth/register', body);
    expect(res.status, res.text).toBe(200);
    secrets.tokens.add(res.body.data.token);
    expect(res.text).not.toContain(body.password);
    expect(res.text).not.toContain('$argon2');
    expect(Object.keys(res.body.data.user).sort()).toEqual([...USER_KEYS]);
  });

  it("stores an argon2id hash at OWASP's minimum cost, which signs in with that password only", async () => {
    const user = await register(t);
    const row = await t.server.deps.db.selectFrom('users').select('password_hash').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await login(t, user.email, user.password)).status).toBe(200);
    expectError(await login(t, user.email, `${user.password}!`), 401, 'UNAUTHORIZED');
  });

  it('answers 409 CONFLICT for an email already registered, also in another case', async () => {
    const email = `dup.${unique()}@example.com`;
    await register(t, { email });
    for (const again of [email, email.toUpperCase(), `Dup${email.slice(3)}`]) {
      const res = await t.api.post('/api/auth/register', registerBody({ email: again }));
      expectError(res, 409, 'CONFLICT');
    }
  });

  it('accepts businessName and fullName of 1 and 100 characters', async () => {
    for (const value of ['B', 'b'.repeat(100)]) {
      const body = registerBody({ businessName: value, fullName: value.toUpperCase() });
      const res = await t.api.post('/api/auth/register', body);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.user.businessName).toBe(value);
      expect(res.body.data.user.fullName).toBe(value.toUpperCase());
    }
  });

  it('refuses businessName and fullName empty, blank or over 100 characters with a 400 naming the field', async () => {
    for (const field of ['businessName', 'fullName']) {
      for (const value of ['', '   ', '\t \n', 'x'.repeat(101), 'é'.repeat(101)]) {
        const res = await t.api.post('/api/auth/register', registerBody({ [field]: value }));
        expectFieldError(res, field);
      }
      const missing: Record<string, unknown> = registerBody();
      delete missing[field];
      expectFieldError(await t.api.post('/api/auth/register', missing), field);
    }
  });

  it('accepts an email of exactly 254 characters and refuses 255', async () => {
    const ok = emailOfLength(254);
    const res = await t.api.post('/api/auth/register', registerBody({ email: ok }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.user.email).toBe(ok);
    expectFieldError(await t.api.post('/api/auth/register', registerBody({ email: emailOfLength(255) })), 'email');
  });

  it('refuses an invalid or missing email with a 400 naming the field', async () => {
    for (const email of ['', 'not-an-email', 'a@', '@example.com', 'a b@example.com', 'a@@example.com', 42]) {
      expectFieldError(await t.api.post('/api/auth/register', registerBody({ email })), 'email');
    }
    const { email: _omit, ...missing } = registerBody();
    expectFieldError(await t.api.post('/api/auth/register', missing), 'email');
  });

  it('accepts passwords of 8 and 128 characters and refuses 7 and 129', async () => {
    for (const password of ['Zq7!mK2x', 'Zq7!mK2x'.repeat(16)]) {
      const email = newEmail('pwlen');
      const res = await t.api.post('/api/auth/register', registerBody({ email, password }));
      expect(res.status, res.text).toBe(200);
      const back = await login(t, email, password);
      expect(back.status, back.text).toBe(200);
    }
    for (const password of ['', 'p'.repeat(7), 'p'.repeat(129)]) {
      expectFieldError(await t.api.post('/api/auth/register', registerBody({ password })), 'password');
    }
  });

  it('refuses a language other than en and es', async () => {
    expectFieldError(await t.api.post('/api/auth/register', registerBody({ language: 'fr' })), 'language');
  });

  it('names every bad field of a bad request at once', async () => {
    const res = await t.api.post('/api/auth/register', { businessName: '', fullName: ' ', email: 'nope', password: 'short' });
    expectError(res, 400, 'BAD_REQUEST');
    const paths = new Set((res.body.error.issues as { path: string }[]).map((i) => i.path));
    expect([...paths].sort()).toEqual(['businessName', 'email', 'fullName', 'password']);
  });
});

// ---------------------------------------------------------------- login

describe('POST /api/auth/login', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await register(t, { businessName: 'Bar Login', fullName: 'Luis Login' });
  });

  it('answers a Session for the right email and password', async () => {
    const { expiresAt } = await expectSession(t.api, await login(t, user.email, user.password), user.user);
    expect(Math.abs(Date.parse(expiresAt) - (Date.now() + SEVEN_DAYS_MS))).toBeLessThan(60_000);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const wrong = await login(t, user.email, `${user.password}x`);
    const unknown = await login(t, newEmail('nobody'), user.password);
    expectError(wrong, 401, 'UNAUTHORIZED');
    expectError(unknown, 401, 'UNAUTHORIZED');
    expect(wrong.body.error.issues).toEqual([]);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a login without email or password with a 400', async () => {
    expectFieldError(await t.api.post('/api/auth/login', { email: user.email }), 'password');
    expectFieldError(await t.api.post('/api/auth/login', { password: user.password }), 'email');
  });

  it('accepts the token as "Bearer <token>" and as the bare token', async () => {
    const res = await login(t, user.email, user.password);
    const token = res.body.data.token as string;
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`, token]) {
      const answer = await t.api.request('GET', '/api/users/me', { headers: { authorization } });
      expect(answer.status, `${authorization.slice(0, 8)}...: ${answer.text}`).toBe(200);
      expect(answer.body).toEqual({ code: 1, data: user.user, message: expect.any(String) });
    }
  });
});

// ---------------------------------------------------------------- tokens

describe('tokens', () => {
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  beforeAll(async () => {
    alice = await register(t);
    bob = await register(t);
  });

  it('answers 401 without an Authorization header', async () => {
    expectError(await t.api.get('/api/users/me'), 401, 'UNAUTHORIZED');
    expectError(await t.api.request('GET', '/api/users/me', { headers: { authorization: '' } }), 401, 'UNAUTHORIZED');
    expectError(await t.api.request('GET', '/api/users/me', { headers: { authorization: 'Bearer ' } }), 401, 'UNAUTHORIZED');
  });

  it('answers 401 for a garbage token', async () => {
    for (const token of ['garbage', 'a.b.c', 'Bearer', `${alice.token}x`, alice.token.split('.').slice(0, 2).join('.')]) {
      expectError(await t.api.request('GET', '/api/users/me', { headers: { authorization: `Bearer ${token}` } }), 401, 'UNAUTHORIZED');
    }
  });

  it('answers 401 for a payload changed to another user, the signature kept', async () => {
    const [header, payload, signature] = alice.token.split('.');
    const claims = decodeTokenPart(payload);
    expect(claims.sub).toBe(String(alice.user.id));
    const forged = `${header}.${b64url({ ...claims, sub: String(bob.user.id) })}.${signature}`;
    const res = await me(t, forged);
    expectError(res, 401, 'UNAUTHORIZED');
    expect(res.text).not.toContain(bob.user.email);
  });

  it('answers 401 for a token with alg "none"', async () => {
    const claims = { sub: String(alice.user.id), iss: 'reorder', aud: 'reorder-api', iat: nowSeconds(), exp: nowSeconds() + 3600 };
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    expectError(await me(t, unsigned), 401, 'UNAUTHORIZED');
    // The same claims re-labelled "none" but keeping a real signature are refused too.
    const signature = alice.token.split('.')[2];
    expectError(await me(t, `${b64url({ alg: 'none', typ: 'JWT' })}.${alice.token.split('.')[1]}.${signature}`), 401, 'UNAUTHORIZED');
  });

  it('answers 401 for a token signed with another secret', async () => {
    const token = await signToken({
      sub: String(alice.user.id),
      sid: decodeTokenPart(alice.token.split('.')[1]).sid,
      secret: new TextEncoder().encode('another-secret-that-is-also-long-enough-for-hs256'),
    });
    expectError(await me(t, token), 401, 'UNAUTHORIZED');
  });

  it('answers 401 for an expired token', async () => {
    const token = await signToken({ sub: String(alice.user.id), iat: nowSeconds() - 8 * 24 * 3600, exp: nowSeconds() - 60 });
    expectError(await me(t, token), 401, 'UNAUTHORIZED');
  });

  it('answers 401 for a token with the wrong issuer or audience', async () => {
    expectError(await me(t, await signToken({ sub: String(alice.user.id), iss: 'someone-else' })), 401, 'UNAUTHORIZED');
    expectError(await me(t, await signToken({ sub: String(alice.user.id), aud: 'another-api' })), 401, 'UNAUTHORIZED');
  });

  it("answers 401 for a token naming no session, a session that does not exist, another user's session, or a user that does not exist", async () => {
    const sid = decodeTokenPart(alice.token.split('.')[1]).sid as number;
    const bob = await register(t);
    const bobSid = decodeTokenPart(bob.token.split('.')[1]).sid as number;
    expectError(await me(t, await signToken({ sub: String(alice.user.id) })), 401, 'UNAUTHORIZED');
    expectError(await me(t, await signToken({ sub: String(alice.user.id), sid: 2_000_000_000 })), 401, 'UNAUTHORIZED');
    expectError(await me(t, await signToken({ sub: String(alice.user.id), sid: bobSid })), 401, 'UNAUTHORIZED');
    expectError(await me(t, await signToken({ sub: String(bob.user.id), sid })), 401, 'UNAUTHORIZED');
    expectError(await me(t, await signToken({ sub: '999999', sid })), 401, 'UNAUTHORIZED');
    expectError(await me(t, await signToken({ sub: 'alice', sid })), 401, 'UNAUTHORIZED');
  });

  it('accepts a token made by hand with the right secret and claims (sanity check)', async () => {
    const token = await signToken({ sub: String(alice.user.id), sid: decodeTokenPart(alice.token.split('.')[1]).sid });
    const res = await me(t, token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual(alice.user);
  });
});

// ---------------------------------------------------------------- forgot / reset

describe('forgot and reset password, through a real SMTP server', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const known = await register(t);
    const unknownEmail = newEmail('ghost');
    const unknownRes = await t.api.post('/api/auth/forgot-password', { email: unknownEmail });
    expect(unknownRes.status, unknownRes.text).toBe(200);
    expect(unknownRes.body).toEqual(FORGOT_ANSWER);
    const knownRes = await t.api.post('/api/auth/forgot-password', { email: known.email });
    expect(knownRes.status, knownRes.text).toBe(200);
    expect(knownRes.body).toEqual(FORGOT_ANSWER);
    expect(knownRes.text).toBe(unknownRes.text);
    await smtp.waitFor((m) => m.to.includes(known.email) && m.subject === 'Reset your password');
    await sleep(300);
    expect(smtp.messages.filter((m) => m.to.includes(unknownEmail))).toEqual([]);
  });

  it('refuses an invalid email with a 400', async () => {
    expectFieldError(await t.api.post('/api/auth/forgot-password', { email: 'nope' }), 'email');
    expectFieldError(await t.api.post('/api/auth/forgot-password', {}), 'email');
  });

  it('mails a link that resets the password once; the old password and sessions stop working', async () => {
    const user = await register(t, { fullName: 'Rosa Reset' });
    const { mail, token, link } = await requestResetMail(user.email);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link);
    expect(mail.text).toContain('Rosa Reset');
    expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url

    // Stored only as a hash.
    const rows = await t.server.deps.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.user.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.token_hash).not.toBe(token);
      expect(row.token_hash).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain(token);
    }

    const newPassword = `reset-${unique()}`;
    secrets.passwords.add(newPassword);
    const res = await t.api.post('/api/auth/reset-password', { token, password: newPassword });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ code: 1, data: null, message: expect.any(String) });

    const fresh = await login(t, user.email, newPassword);
    expect(fresh.status, fresh.text).toBe(200);
    // Opening the mailed link proved the address too.
    expect(fresh.body.data.user).toEqual({ ...user.user, emailVerified: true });
    expectError(await login(t, user.email, user.password), 401, 'UNAUTHORIZED');
    // The session from before the reset is over.
    expectError(await me(t, user.token), 401, 'UNAUTHORIZED');
    expect((await me(t, fresh.body.data.token)).status).toBe(200);

    // Single use.
    const again = await t.api.post('/api/auth/reset-password', { token, password: `again-${unique()}` });
    expectError(again, 400, 'BAD_REQUEST');
    expect((await login(t, user.email, newPassword)).status).toBe(200);

    // The notice email.
    const notice = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'Your password was changed');
    expect(notice.text).not.toContain(newPassword);
    expect(notice.text).not.toContain(token);
  });

  it('refuses an invalid token with a 400', async () => {
    for (const token of ['not-a-real-token', 'A'.repeat(43), ' ']) {
      const res = await t.api.post('/api/auth/reset-password', { token, password: 'whatever-password' });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual(['token']);
    }
    expectFieldError(await t.api.post('/api/auth/reset-password', { password: 'whatever-password' }), 'token');
  });
});

describe('forgot and reset password without SMTP_URL: the outbox folder', () => {
  it('writes the mail as an .eml file under DATA_DIR/outbox and logs which file (never the link), which resets the password', async () => {
    const user = await register(outbox);
    const res = await outbox.api.post('/api/auth/forgot-password', { email: user.email });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(FORGOT_ANSWER);

    const dir = path.join(outbox.config.dataDir, 'outbox');
    // The account's verification mail is there too: find the reset one.
    let file: string | undefined;
    for (let waited = 0; waited < 5000 && !file; waited += 50) {
      for (const name of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
        if ((await parseMail(await readFile(path.join(dir, name), 'utf8'))).subject === 'Reset your password') file = name;
      }
      if (!file) await sleep(50);
    }
    expect(file, 'the reset mail in the outbox').toBeDefined();
    const parsed = await parseMail(await readFile(path.join(dir, file ?? ''), 'utf8'));
    expect(parsed.subject).toBe('Reset your password');
    const match = RESET_LINK.exec(parsed.text ?? '');
    expect(match, parsed.text).not.toBeNull();
    const token = match?.[1] ?? '';
    const link = `http://app.test/reset-password/${token}`;
    expect(parsed.html).toContain(link);

    // The log says where the mail is, so a reset works with nothing configured; the token never reaches it.
    const logLine = outbox.logs.find((line) => line.includes(file ?? '?'));
    expect(logLine, 'a log line naming the outbox file').toBeDefined();
    expect(JSON.parse(logLine ?? '{}').msg).toMatch(/outbox/);
    for (const line of outbox.logs) expect(line).not.toContain(token);

    const newPassword = `outbox-${unique()}`;
    secrets.passwords.add(newPassword);
    expect((await outbox.api.post('/api/auth/reset-password', { token, password: newPassword })).status).toBe(200);
    expect((await login(outbox, user.email, newPassword)).status).toBe(200);
    expectError(await login(outbox, user.email, user.password), 401, 'UNAUTHORIZED');
  });

  it('writes nothing for an unknown email', async () => {
    const dir = path.join(outbox.config.dataDir, 'outbox');
    await outbox.server.deps.background.drain();
    const before = (await readdir(dir).catch(() => [] as string[])).length;
    const res = await outbox.api.post('/api/auth/forgot-password', { email: newEmail('ghost') });
    expect(res.body).toEqual(FORGOT_ANSWER);
    await outbox.server.deps.background.drain();
    await sleep(100);
    expect((await readdir(dir).catch(() => [] as string[])).length).toBe(before);
  });
});

// ---------------------------------------------------------------- rate limits

describe('rate limits', () => {
  it('locks an email after 10 failed logins: 429 with Retry-After, even for the right password', async () => {
    const user = await register(t);
    // The 11 logins of a 15-minute rule in one window (one run straddled 04:00:00 and got a 401 for the 11th).
    await clearOfWindowEdge(15 * 60);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await login(t, user.email, `wrong-${attempt}`);
      expectError(res, 401, 'UNAUTHORIZED');
    }
    expectRateLimited(await login(t, user.email, 'wrong-11'), 15 * 60);
    expectRateLimited(await login(t, user.email, user.password), 15 * 60);
    expectRateLimited(await login(t, user.email.toUpperCase(), user.password), 15 * 60);
    // Other accounts are not affected, and the user's session still works.
    const other = await register(t);
    expect((await login(t, other.email, other.password)).status).toBe(200);
    expect((await me(t, user.token)).status).toBe(200);

    // The tRPC surface says the same, with Retry-After too.
    const trpc = await t.api.request('POST', '/api/trpc/auth.login', { body: { email: user.email, password: user.password } });
    expect(trpc.status, trpc.text).toBe(429);
    expect(trpc.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(trpc.body.error.data).toMatchObject({ kind: 'TOO_MANY_REQUESTS', httpStatus: 429 });
  });

  it('limits registrations per email', async () => {
    await clearOfWindowEdge(15 * 60);
    const email = newEmail('again');
    const first = await t.api.post('/api/auth/register', registerBody({ email }));
    expect(first.status, first.text).toBe(200);
    for (let attempt = 2; attempt <= 10; attempt++) {
      expectError(await t.api.post('/api/auth/register', registerBody({ email })), 409, 'CONFLICT');
    }
    expectRateLimited(await t.api.post('/api/auth/register', registerBody({ email })), 15 * 60);
  });

  describe('per IP (limit 3 in these tests)', () => {
    it('limits registrations', async () => {
      await clearOfWindowEdge(3600);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const res = await limited.api.post('/api/auth/register', registerBody());
        expect(res.status, `attempt ${attempt}: ${res.text}`).toBe(200);
      }
      expectRateLimited(await limited.api.post('/api/auth/register', registerBody()), 3600);
    });

    it('limits logins, right or wrong, on REST and tRPC alike', async () => {
      await clearOfWindowEdge(3600);
      // The account is made directly: registrations from this IP are used up by now or soon.
      const email = newEmail('iplogin');
      const password = `pw-${unique()}`;
      secrets.passwords.add(password);
      await limited.server.deps.db
        .insertInto('users')
        .values({
          email,
          username: `iplogin${unique()}`,
          password_hash: await hashPassword(password),
          business_name: 'B',
          full_name: 'F',
          language: 'en',
        })
        .execute();
      expect((await login(limited, email, password)).status).toBe(200);
      expectError(await login(limited, email, 'wrong password'), 401, 'UNAUTHORIZED');
      expect((await login(limited, email, password)).status).toBe(200);
      expectRateLimited(await login(limited, email, password), 3600);
      expectRateLimited(await login(limited, newEmail('someone'), 'any password'), 3600);

      const trpc = await limited.api.request('POST', '/api/trpc/auth.login', { body: { email, password } });
      expect(trpc.status, trpc.text).toBe(429);
      expect(trpc.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(trpc.body.error.data).toMatchObject({ kind: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    });

    it('limits forgot-password', async () => {
      await clearOfWindowEdge(3600);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const res = await limited.api.post('/api/auth/forgot-password', { email: newEmail('ipforgot') });
        expect(res.status, `attempt ${attempt}: ${res.text}`).toBe(200);
        expect(res.body).toEqual(FORGOT_ANSWER);
      }
      expectRateLimited(await limited.api.post('/api/auth/forgot-password', { email: newEmail('ipforgot') }), 3600);
    });

    it('limits reset-password, so tokens cannot be guessed', async () => {
      await clearOfWindowEdge(3600);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const res = await limited.api.post('/api/auth/reset-password', {
          token: `guess-${attempt}-${unique()}`,
          password: 'a fine password',
        });
        expectError(res, 400, 'BAD_REQUEST');
      }
      expectRateLimited(
        await limited.api.post('/api/auth/reset-password', { token: `guess-4-${unique()}`, password: 'a fine password' }),
        3600,
      );
    });
  });
});

// ---------------------------------------------------------------- logs (last: it reads what the tests above logged)

describe('logs', () => {
  it('never contain a password, a session token, a reset token or an argon2 hash', () => {
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.some((line) => line.includes('password reset'))).toBe(true);
    expect(secrets.passwords.size).toBeGreaterThan(10);
    expect(secrets.tokens.size).toBeGreaterThan(10);
    // One reset through SMTP here (the outbox server's token is checked in its own test).
    expect(secrets.resetTokens.size).toBeGreaterThan(0);
    for (const server of [t, outbox, limited]) {
      for (const line of server.logs) {
        expect(line).not.toContain('$argon2');
        for (const password of secrets.passwords) expect(line, 'a password in the log').not.toContain(password);
        for (const token of secrets.tokens) {
          expect(line, 'a session token in the log').not.toContain(token);
          // Not even its signature part.
          expect(line).not.toContain(token.split('.')[2]);
        }
      }
    }
    // With SMTP configured, reset links are mailed, never logged.
    for (const line of t.logs) for (const token of secrets.resetTokens) expect(line, 'a reset token in the log').not.toContain(token);
  });
});
