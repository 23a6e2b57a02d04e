import {
  DEFAULT_USER_SETTINGS,
  emailOfLength,
  expectFailure as expectError,
  expectFieldError,
  expectOk,
  newEmail,
  type RegisteredUser,
  unique,
  useTestServer,
} from '@reorder/testing';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * GET /api/users/{username} and PUT /api/users/me (docs/decisions.md §2, §3):
 * the answers and the refusals. What a profile change does (fields kept,
 * a blank password, the same email again, a new password ending the other
 * sessions) is packages/api/src/account/account.test.ts's and
 * packages/api/src/auth/auth.test.ts's, in-process.
 */

const t = useTestServer();

const me = (token: string) => t.api.get('/api/users/me', token);
const login = (email: string, password: string) => t.api.post('/api/auth/login', { email, password });

describe('GET /api/users/{username}', () => {
  let ana: RegisteredUser;
  let ben: RegisteredUser;
  beforeAll(async () => {
    ana = await t.api.register({ businessName: 'Ana Bakery', fullName: 'Ana Baker' });
    ben = await t.api.register({ businessName: 'Ben Butchers', fullName: 'Ben Butcher', language: 'es' });
  });

  it('gives the full User for your own username', async () => {
    expectOk(await t.api.get(`/api/users/${ana.user.username}`, ana.token), {
      id: ana.user.id,
      username: ana.user.username,
      businessName: 'Ana Bakery',
      fullName: 'Ana Baker',
      email: ana.email,
      language: 'en',
      emailVerified: false,
      ...DEFAULT_USER_SETTINGS,
    });
  });

  it('gives the full User for "me"', async () => {
    expectOk(await me(ana.token), ana.user);
    expectOk(await me(ben.token), { ...ben.user, language: 'es' });
  });

  it("answers 404 for another user's username, exactly as for one that does not exist (docs/decisions.md §8.6)", async () => {
    const res = await t.api.get(`/api/users/${ben.user.username}`, ana.token);
    expectError(res, 404, 'NOT_FOUND');
    expect(res.text).not.toContain('Ben Butchers');
    const unknown = await t.api.get(`/api/users/nobody${unique()}`, ana.token);
    expect(res.body).toEqual(unknown.body);
    expectError(await t.api.get(`/api/users/${ana.user.username.toUpperCase()}`, ben.token), 404, 'NOT_FOUND');
  });

  it('answers 404 NOT_FOUND for an unknown username', async () => {
    for (const name of [`nobody${unique()}`, 'x', encodeURIComponent('ñandú')]) {
      const res = await t.api.get(`/api/users/${name}`, ana.token);
      expectError(res, 404, 'NOT_FOUND');
      expect(res.body.error.issues).toEqual([]);
    }
  });

  it('answers 401 without a token, or with a bad one', async () => {
    for (const path of ['/api/users/me', `/api/users/${ana.user.username}`, `/api/users/${ben.user.username}`]) {
      expectError(await t.api.get(path), 401, 'UNAUTHORIZED');
      expectError(await t.api.get(path, 'not-a-token'), 401, 'UNAUTHORIZED');
    }
  });
});

describe('PUT /api/users/me', () => {
  it('answers 401 without a token', async () => {
    expectError(await t.api.put('/api/users/me', { businessName: 'Nope' }), 401, 'UNAUTHORIZED');
  });

  it('updates only what is sent and answers the User', async () => {
    const user = await t.api.register({ businessName: 'Old Business', fullName: 'Old Name' });
    const expected = { ...user.user };

    const update = async (changes: Partial<typeof expected>) => {
      Object.assign(expected, changes);
      expectOk(await t.api.put('/api/users/me', changes, user.token), { ...expected });
    };
    await update({ businessName: 'New Business' });
    await update({ fullName: 'New Name' });
    await update({ language: 'es' });
    await update({ language: 'en' });

    // A new email waits for its link: the answer still holds the old one, and says where to look.
    const newEmailAddress = newEmail('moved');
    const asked = await t.api.put('/api/users/me', { email: newEmailAddress, currentPassword: user.password }, user.token);
    expectOk(asked, { ...expected });
    expect(asked.body.message).toContain(newEmailAddress);
    expect((await login(newEmailAddress, user.password)).status).toBe(401);
    await t.confirmEmail(newEmailAddress, user.token);
    Object.assign(expected, { email: newEmailAddress, emailVerified: true });

    // Stored: GET shows the same, the username never changes, the token still works.
    expectOk(await me(user.token), expected);
    expect(expected.username).toBe(user.user.username);
    // The new email signs in; the old one no longer does.
    const byNew = await login(newEmailAddress, user.password);
    expect(byNew.status, byNew.text).toBe(200);
    expect(byNew.body.data.user).toEqual(expected);
    expectError(await login(user.email, user.password), 401, 'UNAUTHORIZED');
  });

  it('keeps everything for an empty body', async () => {
    const user = await t.api.register();
    expectOk(await t.api.put('/api/users/me', {}, user.token), user.user);
  });

  it('answers 409 CONFLICT for an email of another user, also in another case, and changes nothing', async () => {
    const owner = await t.api.register();
    const other = await t.api.register();
    for (const email of [owner.email, owner.email.toUpperCase()]) {
      const res = await t.api.put(
        '/api/users/me',
        { email, businessName: 'Should not stick', currentPassword: other.password },
        other.token,
      );
      expectError(res, 409, 'CONFLICT');
    }
    expectOk(await me(other.token), other.user);
  });

  it('refuses a language other than en and es, and changes nothing', async () => {
    const user = await t.api.register();
    for (const language of ['fr', 'EN', '', 1]) {
      expectFieldError(await t.api.put('/api/users/me', { language, businessName: 'Not saved' }, user.token), 'language');
    }
    expectOk(await me(user.token), user.user);
  });

  it('keeps how the orders list is sorted on the account: name by default, one of three, nothing else', async () => {
    const user = await t.api.register();
    expect(user.user.ordersSort).toBe('name');
    for (const ordersSort of ['cutoff', 'inOrder', 'name'] as const) {
      expectOk(await t.api.put('/api/users/me', { ordersSort }, user.token), { ...user.user, ordersSort });
    }
    for (const ordersSort of ['orderBy', 'NAME', '', null, 1]) {
      expectFieldError(await t.api.put('/api/users/me', { ordersSort, businessName: 'Not saved' }, user.token), 'ordersSort');
    }
    expectOk(await me(user.token), user.user);
  });

  it('accepts businessName and fullName of 1 and 100 characters', async () => {
    const user = await t.api.register();
    for (const value of ['A', 'a'.repeat(100), 'ñ'.repeat(100)]) {
      expectOk(await t.api.put('/api/users/me', { businessName: value, fullName: value }, user.token), {
        ...user.user,
        businessName: value,
        fullName: value,
      });
    }
  });

  it('refuses businessName and fullName empty, blank or over 100 characters, and changes nothing', async () => {
    const user = await t.api.register();
    for (const field of ['businessName', 'fullName']) {
      for (const value of ['', '   ', '\t\n ', 'x'.repeat(101), null, 7]) {
        expectFieldError(await t.api.put('/api/users/me', { [field]: value }, user.token), field);
      }
    }
    expectOk(await me(user.token), user.user);
  });

  it('accepts an email of 254 characters and refuses 255 or an invalid one', async () => {
    const user = await t.api.register();
    const longest = emailOfLength(254);
    expectOk(await t.api.put('/api/users/me', { email: longest, currentPassword: user.password }, user.token), user.user);
    await t.confirmEmail(longest, user.token);
    const moved = { ...user.user, email: longest, emailVerified: true };
    expectOk(await me(user.token), moved);
    for (const email of [emailOfLength(255), 'not-an-email', 'a@', '', 'two@@example.com']) {
      expectFieldError(await t.api.put('/api/users/me', { email, currentPassword: user.password }, user.token), 'email');
    }
    expectOk(await me(user.token), moved);
  });

  it('refuses a new password of 7 or 129 characters and keeps the old one', async () => {
    const user = await t.api.register();
    for (const password of ['x'.repeat(7), 'x'.repeat(129)]) {
      expectFieldError(await t.api.put('/api/users/me', { password }, user.token), 'password');
    }
    expect((await me(user.token)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('accepts a new password of 8 and of 128 characters', async () => {
    for (const password of ['Zq7!mK2x', 'Zq7!mK2x'.repeat(16)]) {
      const user = await t.api.register();
      expectOk(await t.api.put('/api/users/me', { password, currentPassword: user.password }, user.token), user.user);
      expect((await login(user.email, password)).status).toBe(200);
    }
  });
});
