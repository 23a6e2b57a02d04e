import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiResponse,
  businessIdOf,
  DEFAULT_USER_SETTINGS,
  decodeTokenPart,
  expectSession,
  type FacebookStandIn,
  type GoogleStandIn,
  type RegisteredUser,
  type Session,
  startFacebookStandIn,
  startGoogleStandIn,
  type TestServer,
  USER_KEYS,
  useTestServers,
} from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Google and Facebook sign-in (issue 4, docs/decisions.md §2 and §4): our real server
 * against local stand-ins that speak the providers' protocols: a JSON Web Key
 * Set with ID tokens signed by its keys, and a Graph API answering
 * `debug_token` and `/me`.
 */

const APP_ID = `1${Math.floor(Math.random() * 1e14)}`;
const APP_SECRET = `secret${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
const KEYS_MAX_AGE_S = 4;
/** The server's limit for a provider's answer is 5 s; a 503 must come soon after it. */
const PROVIDER_LIMIT_MS = 5000;

let google: GoogleStandIn;
let facebook: FacebookStandIn;
/** Its own key set, cached for only KEYS_MAX_AGE_S. */
let keysGoogle: GoogleStandIn;
let flakyGoogle: GoogleStandIn;
let flakyFacebook: FacebookStandIn;

const googleEnv = (standIn: GoogleStandIn) => ({ GOOGLE_CLIENT_ID: standIn.clientId, GOOGLE_JWKS_URL: standIn.jwksUrl });
const facebookEnv = (standIn: FacebookStandIn, secret = APP_SECRET) => ({
  FACEBOOK_APP_ID: standIn.appId,
  FACEBOOK_APP_SECRET: secret,
  FACEBOOK_GRAPH_URL: standIn.graphUrl,
});

beforeAll(async () => {
  [google, facebook, keysGoogle, flakyGoogle, flakyFacebook] = await Promise.all([
    startGoogleStandIn(),
    startFacebookStandIn({ appId: APP_ID, appSecret: APP_SECRET }),
    startGoogleStandIn({ maxAgeSeconds: KEYS_MAX_AGE_S }),
    startGoogleStandIn(),
    startFacebookStandIn({ appId: APP_ID, appSecret: APP_SECRET }),
  ]);
});
afterAll(async () => {
  await Promise.all([google?.close(), facebook?.close(), keysGoogle?.close(), flakyGoogle?.close(), flakyFacebook?.close()]);
});

const { t, keysServer, flaky, bare, wrongSecret } = useTestServers({
  /** Both providers configured against the stand-ins above. */
  t: () => ({ env: { ...googleEnv(google), ...facebookEnv(facebook) } }),
  /** Google only, with the short-lived key set. */
  keysServer: () => ({ env: googleEnv(keysGoogle) }),
  /** Both providers, against stand-ins the tests make slow or take down. */
  flaky: () => ({ env: { ...googleEnv(flakyGoogle), ...facebookEnv(flakyFacebook) } }),
  /** Nothing configured. */
  bare: {},
  /** Facebook with the right app id but a wrong app secret. */
  wrongSecret: () => ({ env: facebookEnv(facebook, `${APP_SECRET}-wrong`) }),
});

// ---------------------------------------------------------------- helpers

/** Every provider token this file sent, to look for them in the logs at the end. */
const providerTokens = new Set<string>();

let sequence = 0;
/** A unique lower-case tag (usable in an email's local part and a username). */
function unique(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
const nowSeconds = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ID token from a Google stand-in, remembered for the log check. */
async function idToken(standIn: GoogleStandIn, ...args: Parameters<GoogleStandIn['idToken']>): Promise<string> {
  const token = await standIn.idToken(...args);
  providerTokens.add(token);
  return token;
}

/** A user access token the Facebook stand-in knows (a fresh one unless `token` is given). */
function facebookUser(
  standIn: FacebookStandIn,
  user: Partial<Parameters<FacebookStandIn['addUser']>[0]> = {},
): { token: string; id: string; name: string; email: string | undefined } {
  const tag = unique();
  const token = user.token ?? `EAA${tag}${Math.random().toString(36).slice(2)}ZD${Math.random().toString(36).slice(2)}`;
  const profile = {
    token,
    id: user.id ?? `10${Date.now()}${sequence}`,
    name: user.name ?? 'Fernando Facebook',
    email: 'email' in user ? user.email : `fernando.${tag}@example.com`,
  };
  standIn.addUser({ ...user, ...profile });
  providerTokens.add(token);
  return profile;
}

const signInWithGoogle = (server: TestServer, googleToken: string, extra: Record<string, unknown> = {}) =>
  server.api.post('/api/auth/google', { googleToken, ...extra });
const signInWithFacebook = (server: TestServer, facebookToken: string, extra: Record<string, unknown> = {}) =>
  server.api.post('/api/auth/facebook', { facebookToken, ...extra });

/** A failure envelope with this status and kind (docs/decisions.md §2). */
function expectError(res: ApiResponse, status: number, kind: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  expect(res.body).toEqual({ code: 0, data: null, message: expect.any(String), error: { kind, issues: expect.any(Array) } });
  expect(res.body.message.length).toBeGreaterThan(0);
}

/** A 401 envelope whose message names the provider and says why. */
function expectRejected(res: ApiResponse, provider: 'Google' | 'Facebook', why: RegExp): void {
  expectError(res, 401, 'UNAUTHORIZED');
  expect(res.body.message).toContain(provider);
  expect(res.body.message).toMatch(why);
}

/** A 503 envelope saying the provider is not reachable. */
function expectUnreachable(res: ApiResponse, provider: 'Google' | 'Facebook'): void {
  expectError(res, 503, 'UNAVAILABLE');
  expect(res.body.message).toContain(provider);
  expect(res.body.message).toContain('not reachable');
}

/** A provider sign-in's Session (expectSession): the email always verified, and our own token, never the provider's. */
async function expectProviderSession(server: TestServer, res: ApiResponse, user: Partial<Session['user']> = {}) {
  const session = await expectSession(server.api, res, { emailVerified: true, ...user });
  expect(providerTokens.has(session.token)).toBe(false);
  return session;
}

async function register(server: TestServer, overrides: Parameters<TestServer['api']['register']>[0] = {}): Promise<RegisteredUser> {
  return server.api.register(overrides);
}

/** A password account whose owner opened the verification link. */
async function registerVerified(server: TestServer, overrides: Parameters<TestServer['api']['register']>[0] = {}): Promise<RegisteredUser> {
  const user = await server.api.register(overrides);
  // With the account's own session: a link opened without it would take the account from its registrant (§8.6).
  await server.confirmEmail(user.email, user.token);
  return { ...user, user: { ...user.user, emailVerified: true } };
}

/**
 * An API token and a push subscription of the user, written as a squatter
 * could make them before docs/decisions.md §8.6 (an unverified account makes
 * neither now); `gone()` says whether a takeover ended both.
 */
async function plantAccess(server: TestServer, userId: number) {
  const apiToken = `rpat_${randomBytes(32).toString('base64url')}`;
  const db = server.server.deps.db;
  const tokenHash = createHash('sha256').update(apiToken).digest('hex');
  await db
    .insertInto('api_tokens')
    .values({ user_id: userId, business_id: await businessIdOf(db, userId), name: 'Squat', token_hash: tokenHash, expires_at: null })
    .execute();
  const endpoint = `https://push.example.com/${randomBytes(8).toString('hex')}`;
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint, p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) })
    .execute();
  expect(await tokenWorks(server, apiToken)).toBe(true);
  return {
    async gone() {
      const pushes = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute();
      return !(await tokenWorks(server, apiToken)) && pushes.length === 0;
    },
  };
}

/** The token still works (200) or not (401) in its business (GET /api/suppliers; the account is never a token's, §9.7). */
async function tokenWorks(server: TestServer, token: string): Promise<boolean> {
  const res = await server.api.get('/api/suppliers', token);
  expect([200, 401]).toContain(res.status);
  return res.status === 200;
}

/** Times a request. */
async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

// ---------------------------------------------------------------- Google

describe('POST /api/auth/google', () => {
  it('signs in with a valid ID token and creates an account: name from the token, no business name, username from the email', async () => {
    const tag = unique();
    const email = `gina.${tag}@gmail.com`;
    const token = await idToken(google, { email, name: 'Gina Gómez' });
    const session = await expectProviderSession(t, await signInWithGoogle(t, token), {
      username: `gina.${tag}`,
      businessName: '',
      fullName: 'Gina Gómez',
      email,
      language: 'en',
    });
    expect(Number.isInteger(session.user.id) && session.user.id > 0).toBe(true);
    expect(Object.keys(session.user).sort()).toEqual([...USER_KEYS]);
  });

  it('gives a new account the language asked for', async () => {
    const token = await idToken(google, { email: `lengua.${unique()}@gmail.com` });
    await expectProviderSession(t, await signInWithGoogle(t, token, { language: 'es' }), { language: 'es' });
  });

  it('makes the username as registration does, with a number appended when it is taken', async () => {
    const tag = unique();
    const taken = await register(t, { email: `taken${tag}@example.com` });
    expect(taken.user.username).toBe(`taken${tag}`);
    const token = await idToken(google, { email: `Taken${tag}@gmail.com` });
    const session = await expectProviderSession(t, await signInWithGoogle(t, token), { username: `taken${tag}2` });
    expect(session.user.id).not.toBe(taken.user.id);
  });

  it('signs the same Google account (same sub) into the same user again, even after its email changed', async () => {
    const sub = `1${Date.now()}${sequence}77`;
    const email = `repeat.${unique()}@gmail.com`;
    const first = await expectProviderSession(t, await signInWithGoogle(t, await idToken(google, { sub, email })), { email });
    const second = await expectProviderSession(t, await signInWithGoogle(t, await idToken(google, { sub, email })));
    expect(second.user).toEqual(first.user);
    const moved = await expectProviderSession(
      t,
      await signInWithGoogle(t, await idToken(google, { sub, email: `moved.${unique()}@gmail.com` })),
    );
    expect(moved.user.id).toBe(first.user.id);
  });

  it('accepts the issuer without https ("accounts.google.com"), as Google also sends it', async () => {
    const email = `plainiss.${unique()}@gmail.com`;
    await expectProviderSession(t, await signInWithGoogle(t, await idToken(google, { iss: 'accounts.google.com', email })), { email });
  });

  it('links a verified account with the same email (any case), which keeps its profile, language, password and sessions', async () => {
    const tag = unique();
    const owner = await registerVerified(t, { email: `Lina.${tag}@example.com`, businessName: 'Bar Lina', fullName: 'Lina Luna' });
    const sub = `2${Date.now()}${sequence}`;
    const token = await idToken(google, { sub, email: `lina.${tag}@example.com`, name: 'Someone Else' });
    const linked = await expectProviderSession(t, await signInWithGoogle(t, token, { language: 'es' }));
    expect(linked.user).toEqual(owner.user);

    // Linked by sub from now on: a later token with another email still finds it.
    const later = await expectProviderSession(
      t,
      await signInWithGoogle(t, await idToken(google, { sub, email: `lina.new.${tag}@gmail.com` })),
    );
    expect(later.user.id).toBe(owner.user.id);

    // The password still works, for the same account, and so does the session it had.
    const login = await t.api.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(login.status, login.text).toBe(200);
    expect(login.body.data.user).toEqual(owner.user);
    expect(await tokenWorks(t, owner.token)).toBe(true);
  });

  it('takes over an account whose email was never verified: its password and sessions end, and a notice is mailed', async () => {
    // A squatter registers the owner's address first, and keeps a session.
    const email = `victim.${unique()}@gmail.com`;
    const squatter = await register(t, { email, businessName: 'Squat Bar', password: 'squatter password 1' });
    expect(squatter.user.emailVerified).toBe(false);
    const planted = await plantAccess(t, squatter.user.id);
    const linked = await expectProviderSession(t, await signInWithGoogle(t, await idToken(google, { email })), {
      email,
      emailVerified: true,
    });
    expect(linked.user.id).toBe(squatter.user.id);
    // The squatter is out: the session, API token and push subscription ended, and the password no longer signs in (§8.6).
    expect(await tokenWorks(t, squatter.token)).toBe(false);
    expect(await planted.gone()).toBe(true);
    expectError(await t.api.post('/api/auth/login', { email, password: squatter.password }), 401, 'UNAUTHORIZED');
    // The real owner is in, and was told.
    expect(await tokenWorks(t, linked.token)).toBe(true);
    await t.server.deps.background.drain();
    const notice = (await t.outbox()).find((m) => m.to.includes(email) && /Google/.test(m.subject));
    expect(notice?.subject).toBe('Your account now signs in with Google');
    expect(notice?.text).toContain('its password was removed');
  });

  it('does not link an account whose email is already linked to another Google account (409)', async () => {
    const owner = await register(t);
    await expectProviderSession(t, await signInWithGoogle(t, await idToken(google, { email: owner.email })), { email: owner.email });
    const res = await signInWithGoogle(t, await idToken(google, { email: owner.email }));
    expectError(res, 409, 'CONFLICT');
    expect(res.body.message).toContain('Google');
  });

  it('signs simultaneous first sign-ins of one Google account (a double click) into one new account, never a 500', async () => {
    const token = await idToken(google, { email: `double.${unique()}@gmail.com` });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signInWithGoogle(t, token)));
    const sessions = [];
    for (const res of answers) sessions.push(await expectProviderSession(t, res));
    for (const session of sessions) expect(session.user).toEqual(sessions[0]?.user);
  });

  it('does not let an account made with Google sign in with a password (401, not a 500)', async () => {
    const email = `nopass.${unique()}@gmail.com`;
    await expectProviderSession(t, await signInWithGoogle(t, await idToken(google, { email })), { email });
    const res = await t.api.post('/api/auth/login', { email, password: 'any password at all' });
    expectError(res, 401, 'UNAUTHORIZED');
  });

  describe('rejects a token that does not verify with a 401 envelope and a clear message', () => {
    const cases: [string, () => Promise<string>, RegExp][] = [
      [
        'an expired token',
        () => idToken(google, { iat: nowSeconds() - 7200, nbf: nowSeconds() - 7300, exp: nowSeconds() - 3600 }),
        /expired/i,
      ],
      ['a token for another audience', () => idToken(google, { aud: 'someone-else.apps.googleusercontent.com' }), /\baud(ience)?\b/i],
      ['a token from another issuer', () => idToken(google, { iss: 'https://accounts.evil.example' }), /\biss(uer)?\b/i],
      ['a token signed by an unknown key', () => idToken(google, {}, { signWith: 'unknown' }), /not valid/i],
      [
        'a token signed by an unknown key under a published kid',
        async () => idToken(google, {}, await publishedKidOptions()),
        /not valid/i,
      ],
      ['a token whose email is not verified', () => idToken(google, { email_verified: false }), /verified/i],
      ['a token without email_verified', () => idToken(google, { email_verified: undefined }), /verified/i],
    ];
    for (const [what, make, why] of cases) {
      it(what, async () => {
        expectRejected(await signInWithGoogle(t, await make()), 'Google', why);
      });
    }
  });

  it('does not sign into an account through a Google email that is not verified', async () => {
    const owner = await register(t);
    const res = await signInWithGoogle(t, await idToken(google, { email: owner.email, email_verified: false }));
    expectRejected(res, 'Google', /verified/i);
    // The account was not linked to that Google account either.
    const again = await signInWithGoogle(t, await idToken(google, { email: owner.email }));
    expect((await expectProviderSession(t, again)).user.id).toBe(owner.user.id);
  });

  it('rejects what is not a Google ID token (garbage, unsigned, HS256) with a 401, never a 500', async () => {
    const claims = decodeTokenPart((await idToken(google)).split('.')[1]);
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    const hs256 = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.${Buffer.from('not a real mac').toString('base64url')}`;
    for (const token of ['not-a-jwt', 'a.b.c', unsigned, hs256]) {
      providerTokens.add(token);
      expectRejected(await signInWithGoogle(t, token), 'Google', /not valid/i);
    }
  });

  it('asks for the token (400 naming googleToken) when it is missing or empty', async () => {
    for (const body of [{}, { googleToken: '' }, { googleToken: '   ' }, { googleToken: 42 }]) {
      const res = await t.api.post('/api/auth/google', body);
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual(['googleToken']);
    }
  });
});

/** Options for a token signed by the unknown key but naming a kid the key set does publish. */
async function publishedKidOptions() {
  const kid = decodeTokenPart((await google.idToken()).split('.')[0]).kid as string;
  return { signWith: 'unknown' as const, kid };
}

describe("Google's key set", () => {
  it('is fetched once and cached across sign-ins (bad tokens and unknown keys do not refetch it within 30 s)', async () => {
    const before = keysGoogle.fetches();
    expect(before).toBeLessThanOrEqual(1);
    const started = Date.now();
    await expectProviderSession(keysServer, await signInWithGoogle(keysServer, await idToken(keysGoogle)));
    expect(keysGoogle.fetches()).toBe(1);
    const sub = `3${Date.now()}${sequence}`;
    for (let i = 0; i < 3; i++)
      await expectProviderSession(keysServer, await signInWithGoogle(keysServer, await idToken(keysGoogle, { sub })));
    await expectProviderSession(keysServer, await signInWithGoogle(keysServer, await idToken(keysGoogle)));
    expectRejected(await signInWithGoogle(keysServer, await idToken(keysGoogle, { aud: 'other' })), 'Google', /aud/);
    expectRejected(await signInWithGoogle(keysServer, await idToken(keysGoogle, {}, { signWith: 'unknown' })), 'Google', /not valid/);
    expectRejected(await signInWithGoogle(keysServer, await idToken(keysGoogle, {}, { signWith: 'unknown' })), 'Google', /not valid/);
    expect(Date.now() - started, 'the sign-ins above must fit in the cache lifetime').toBeLessThan(KEYS_MAX_AGE_S * 1000);
    expect(keysGoogle.fetches()).toBe(1);
  });

  it('is fetched again once its Cache-Control max-age has passed, then cached again', async () => {
    await expectProviderSession(keysServer, await signInWithGoogle(keysServer, await idToken(keysGoogle)));
    const before = keysGoogle.fetches();
    expect(before).toBeGreaterThanOrEqual(1);
    await sleep(KEYS_MAX_AGE_S * 1000 + 300);
    await expectProviderSession(keysServer, await signInWithGoogle(keysServer, await idToken(keysGoogle)));
    expect(keysGoogle.fetches()).toBe(before + 1);
    await expectProviderSession(keysServer, await signInWithGoogle(keysServer, await idToken(keysGoogle)));
    expect(keysGoogle.fetches()).toBe(before + 1);
  });

  it('keeps signing in from the cached keys while the key set is down', async () => {
    await expectProviderSession(t, await signInWithGoogle(t, await idToken(google)));
    const fetches = google.fetches();
    google.setDown(true);
    try {
      await expectProviderSession(t, await signInWithGoogle(t, await idToken(google)));
      expect(google.fetches()).toBe(fetches);
    } finally {
      google.setDown(false);
    }
  });
});

// ---------------------------------------------------------------- Facebook

describe('POST /api/auth/facebook', () => {
  it('signs in with a valid token and creates an account: name from /me, no business name, username from the email', async () => {
    const tag = unique();
    const user = facebookUser(facebook, { name: 'Fátima Fuentes', email: `fatima.${tag}@example.com` });
    const session = await expectProviderSession(t, await signInWithFacebook(t, user.token), {
      username: `fatima.${tag}`,
      businessName: '',
      fullName: 'Fátima Fuentes',
      email: `fatima.${tag}@example.com`,
      language: 'en',
    });
    expect(Object.keys(session.user).sort()).toEqual([...USER_KEYS]);
  });

  it('gives a new account the language asked for', async () => {
    const user = facebookUser(facebook);
    await expectProviderSession(t, await signInWithFacebook(t, user.token, { language: 'es' }), { language: 'es', email: user.email });
  });

  it('signs the same Facebook user into the same account with a new token', async () => {
    const user = facebookUser(facebook);
    const first = await expectProviderSession(t, await signInWithFacebook(t, user.token));
    const again = facebookUser(facebook, { id: user.id, name: user.name, email: user.email });
    const second = await expectProviderSession(t, await signInWithFacebook(t, again.token));
    expect(second.user).toEqual(first.user);
  });

  it('signs simultaneous first sign-ins of one Facebook user (a double click) into one new account, never a 500', async () => {
    const user = facebookUser(facebook);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signInWithFacebook(t, user.token)));
    const sessions = [];
    for (const res of answers) sessions.push(await expectProviderSession(t, res));
    for (const session of sessions) expect(session.user).toEqual(sessions[0]?.user);
  });

  it('links a verified account with the same email, which keeps its profile and password', async () => {
    const owner = await registerVerified(t, { businessName: 'Frutería Flor', fullName: 'Flor Fernández' });
    const user = facebookUser(facebook, { email: owner.email, name: 'Somebody Else' });
    const linked = await expectProviderSession(t, await signInWithFacebook(t, user.token, { language: 'es' }));
    expect(linked.user).toEqual(owner.user);
    const login = await t.api.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(login.status, login.text).toBe(200);
    expect(login.body.data.user).toEqual(owner.user);
  });

  it('takes over an account whose email was never verified, like Google', async () => {
    const squatter = await register(t, { password: 'squatter password 2' });
    const planted = await plantAccess(t, squatter.user.id);
    const user = facebookUser(facebook, { email: squatter.email });
    const linked = await expectProviderSession(t, await signInWithFacebook(t, user.token), { email: squatter.email });
    expect(linked.user.id).toBe(squatter.user.id);
    expect(await tokenWorks(t, squatter.token)).toBe(false);
    expect(await planted.gone()).toBe(true);
    expectError(await t.api.post('/api/auth/login', { email: squatter.email, password: squatter.password }), 401, 'UNAUTHORIZED');
    await t.server.deps.background.drain();
    const notice = (await t.outbox()).find((m) => m.to.includes(squatter.email.toLowerCase()) && /Facebook/.test(m.subject));
    expect(notice?.subject).toBe('Your account now signs in with Facebook');
  });

  it('rejects a token the Graph API does not know (401)', async () => {
    const token = `EAAunknown${unique()}`;
    providerTokens.add(token);
    expectRejected(await signInWithFacebook(t, token), 'Facebook', /not valid/i);
  });

  it('rejects a token Facebook has invalidated (401)', async () => {
    const user = facebookUser(facebook, { valid: false });
    expectRejected(await signInWithFacebook(t, user.token), 'Facebook', /not valid/i);
  });

  it("rejects another app's token (401), even though /me answers for it", async () => {
    const owner = await register(t);
    const user = facebookUser(facebook, { appId: '999000111222333', email: owner.email });
    expectRejected(await signInWithFacebook(t, user.token), 'Facebook', /another app/i);
  });

  it('rejects an expired token, as the Graph API reports it (401)', async () => {
    const user = facebookUser(facebook, { expiresAt: nowSeconds() - 60 });
    expectRejected(await signInWithFacebook(t, user.token), 'Facebook', /not valid|expired/i);
  });

  it('rejects a token whose expires_at has passed even when debug_token calls it valid (401)', async () => {
    const user = facebookUser(facebook, { expiresAt: nowSeconds() - 60, valid: true });
    expectRejected(await signInWithFacebook(t, user.token), 'Facebook', /expired/i);
  });

  it('answers a 400 with a clear message for a user without email and no linked account', async () => {
    const user = facebookUser(facebook, { email: undefined });
    const res = await signInWithFacebook(t, user.token);
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toContain('Facebook');
    expect(res.body.message).toMatch(/email/i);
  });

  it('signs a linked user in even when /me gives no email', async () => {
    const user = facebookUser(facebook);
    const first = await expectProviderSession(t, await signInWithFacebook(t, user.token), { email: user.email });
    const withoutEmail = facebookUser(facebook, { id: user.id, name: user.name, email: undefined });
    const second = await expectProviderSession(t, await signInWithFacebook(t, withoutEmail.token));
    expect(second.user).toEqual(first.user);
  });

  it('signs nobody in when the server has the wrong app secret, and says so without a 500', async () => {
    const user = facebookUser(facebook);
    const res = await signInWithFacebook(wrongSecret, user.token);
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status, res.text).not.toBe(500);
    expect(res.body).toMatchObject({ code: 0, data: null, message: expect.any(String) });
    // Whoever runs the server is told which setting is wrong (and not the secret itself).
    const warning = wrongSecret.logs.find((line) => line.includes('Facebook refused the app token'));
    expect(warning).toContain('FACEBOOK_APP_SECRET');
    // The same token works on the server with the right secret.
    await expectProviderSession(t, await signInWithFacebook(t, user.token));
  });

  it('asks for the token (400 naming facebookToken) when it is missing or empty', async () => {
    for (const body of [{}, { facebookToken: '' }, { facebookToken: null }]) {
      const res = await t.api.post('/api/auth/facebook', body);
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual(['facebookToken']);
    }
  });
});

// ---------------------------------------------------------------- providers down or slow

describe('a provider that is down or slow', () => {
  it('Google key set answering 500: 503 UNAVAILABLE, "not reachable"', async () => {
    flakyGoogle.setDown(true);
    const before = flakyGoogle.fetches();
    expectUnreachable(await signInWithGoogle(flaky, await idToken(flakyGoogle)), 'Google');
    expect(flakyGoogle.fetches()).toBeGreaterThan(before);
  });

  it('Google key set dropping the connection: 503', async () => {
    flakyGoogle.setDown('close');
    expectUnreachable(await signInWithGoogle(flaky, await idToken(flakyGoogle)), 'Google');
  });

  it('Google key set slower than 5 s: 503 within about 6 s', async () => {
    flakyGoogle.setDown(false);
    flakyGoogle.setDelay(10_000);
    const token = await idToken(flakyGoogle);
    const { result, ms } = await timed(() => signInWithGoogle(flaky, token));
    expectUnreachable(result, 'Google');
    expect(ms).toBeGreaterThanOrEqual(PROVIDER_LIMIT_MS - 500);
    expect(ms).toBeLessThan(PROVIDER_LIMIT_MS + 1500);
  });

  it('Google sign-in works again once the key set answers', async () => {
    flakyGoogle.setDelay(0);
    flakyGoogle.setDown(false);
    await expectProviderSession(flaky, await signInWithGoogle(flaky, await idToken(flakyGoogle)));
  });

  it('Graph API answering 500: 503 UNAVAILABLE, "not reachable"', async () => {
    flakyFacebook.setDown(true);
    expectUnreachable(await signInWithFacebook(flaky, facebookUser(flakyFacebook).token), 'Facebook');
  });

  it('Graph API dropping the connection: 503', async () => {
    flakyFacebook.setDown('close');
    expectUnreachable(await signInWithFacebook(flaky, facebookUser(flakyFacebook).token), 'Facebook');
  });

  it('Graph API slower than 5 s: 503 within about 6 s', async () => {
    flakyFacebook.setDown(false);
    flakyFacebook.setDelay(10_000);
    const user = facebookUser(flakyFacebook);
    const { result, ms } = await timed(() => signInWithFacebook(flaky, user.token));
    expectUnreachable(result, 'Facebook');
    expect(ms).toBeGreaterThanOrEqual(PROVIDER_LIMIT_MS - 500);
    expect(ms).toBeLessThan(PROVIDER_LIMIT_MS + 1500);
  });

  it('Facebook sign-in works again once the Graph API answers', async () => {
    flakyFacebook.setDelay(0);
    flakyFacebook.setDown(false);
    await expectProviderSession(flaky, await signInWithFacebook(flaky, facebookUser(flakyFacebook).token));
  });
});

// ---------------------------------------------------------------- configuration

describe('GET /api/config and providers that are not configured', () => {
  it('says nothing is configured on a server without providers', async () => {
    const res = await bare.api.get('/api/config');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      code: 1,
      data: { google: null, facebook: null, vapidPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) },
      message: expect.any(String),
    });
  });

  it('answers Google sign-in on such a server with a clear 400, never a 500', async () => {
    const res = await signInWithGoogle(bare, await idToken(google));
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toContain('Google');
    expect(res.body.message).toMatch(/not available/i);
  });

  it('answers Facebook sign-in on such a server with a clear 400, never a 500', async () => {
    const res = await signInWithFacebook(bare, facebookUser(facebook).token);
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toContain('Facebook');
    expect(res.body.message).toMatch(/not available/i);
    // Also on a server that has only Google configured.
    expect((await signInWithFacebook(keysServer, facebookUser(facebook).token)).status).toBe(400);
  });

  it('gives the Google client id and the Facebook app id of a configured server, without a token and without the secret', async () => {
    const res = await t.api.get('/api/config');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      code: 1,
      data: { google: { clientId: google.clientId }, facebook: { appId: APP_ID }, vapidPublicKey: expect.any(String) },
      message: expect.any(String),
    });
    expect(res.text).not.toContain(APP_SECRET);
  });

  it('gives only the provider that is configured', async () => {
    const res = await keysServer.api.get('/api/config');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ google: { clientId: keysGoogle.clientId }, facebook: null, vapidPublicKey: expect.any(String) });
  });
});

// ---------------------------------------------------------------- tRPC

describe('the tRPC surface', () => {
  it('signs in with Google through POST /api/trpc/auth.google', async () => {
    const email = `trpc.${unique()}@gmail.com`;
    const res = await t.api.request('POST', '/api/trpc/auth.google', { body: { googleToken: await idToken(google, { email }) } });
    expect(res.status, res.text).toBe(200);
    const session = res.body.result.data;
    expect(session).toEqual({
      token: expect.any(String),
      expiresAt: expect.any(String),
      user: {
        id: expect.any(Number),
        username: email.split('@')[0],
        businessName: '',
        fullName: 'Gabriela Google',
        email,
        language: 'en',
        emailVerified: true,
        ...DEFAULT_USER_SETTINGS,
      },
    });
    const mine = await t.api.get('/api/users/me', session.token);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toEqual(session.user);

    const bad = await t.api.request('POST', '/api/trpc/auth.google', {
      body: { googleToken: await idToken(google, { aud: 'someone-else.apps.googleusercontent.com' }) },
    });
    expect(bad.status, bad.text).toBe(401);
    expect(bad.body.error.data).toMatchObject({ kind: 'UNAUTHORIZED', httpStatus: 401 });
  });
});

// ---------------------------------------------------------------- logs (last: it reads what the tests above logged)

describe('logs', () => {
  it('never hold a provider token or the Facebook app secret', () => {
    expect(providerTokens.size).toBeGreaterThan(20);
    expect(t.logs.some((line) => line.includes('/api/auth/google'))).toBe(true);
    expect(t.logs.some((line) => line.includes('/api/auth/facebook'))).toBe(true);
    // The 503s were logged, with their causes: those must be clean too.
    expect(flaky.logs.some((line) => line.includes('request failed') && line.includes('UNAVAILABLE'))).toBe(true);
    const secrets = [APP_SECRET, ...providerTokens].filter((secret) => secret.length >= 8);
    // A JWT's signature alone is a secret's worth too.
    for (const token of providerTokens) {
      const signature = token.split('.')[2];
      if (signature && signature.length >= 16) secrets.push(signature);
    }
    for (const server of [t, keysServer, flaky, bare, wrongSecret]) {
      for (const line of server.logs) for (const secret of secrets) expect(line, 'a provider secret in the log').not.toContain(secret);
    }
  });
});
