import { type RegisteredUser, startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §8.6, "No lockout by strangers" (issue 27, item 5): 10
 * wrong passwords from each of 6 addresses used to lock the owner out for
 * the rest of the hour, password change and deletion included. A device that
 * has signed in to the account before (the token of that sign-in, sent back
 * as `deviceToken`: OWASP's "device cookie") is never refused for other
 * people's failures; guessers without one are limited as before, and so is
 * a guesser holding one.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t?.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (body: Record<string, unknown>, ip = '198.51.100.7') => t.api.request('POST', '/api/auth/login', { body, headers: from(ip) });

/** Ten wrong passwords from each of six addresses: past the per-email limit (50 an hour). */
async function strangersGuess(user: RegisteredUser) {
  for (let k = 0; k < 6; k++) {
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: user.email, password: `wrong guess ${i}` }, `203.0.113.${10 + k}`);
      expect([401, 429]).toContain(res.status);
    }
  }
}

describe('strangers guessing an owner’s password', () => {
  it('do not lock out a device that signed in before; others are still limited', { timeout: 120_000 }, async () => {
    const user = await t.api.register();
    const first = await login({ email: user.email, password: user.password });
    expect(first.status).toBe(200);
    // The device keeps the token of that sign-in, and signs out (its session ends).
    const deviceToken = first.body.data.token as string;
    expect((await t.api.post('/api/auth/logout', {}, deviceToken)).status).toBe(200);
    await strangersGuess(user);

    // A new device (no token, a token of another account, a forged one) is refused while the guessing lasts.
    expect((await login({ email: user.email, password: user.password })).status).toBe(429);
    const other = await t.api.register();
    const othersToken = (await login({ email: other.email, password: other.password })).body.data.token as string;
    expect((await login({ email: user.email, password: user.password, deviceToken: othersToken })).status).toBe(429);
    expect((await login({ email: user.email, password: user.password, deviceToken: `${deviceToken.slice(0, -2)}xx` })).status).toBe(429);
    // The owner's device signs in, from anywhere.
    const back = await login({ email: user.email, password: user.password, deviceToken }, '192.0.2.50');
    expect(back.status, back.text).toBe(200);
  });

  it('do not block the password change or the deletion of a signed-in owner', { timeout: 120_000 }, async () => {
    const user = await t.api.register();
    await strangersGuess(user);
    const changed = await t.api.put('/api/users/me', { password: 'a new long passphrase', currentPassword: user.password }, user.token);
    expect(changed.status, changed.text).toBe(200);
    const erased = await t.api.request('DELETE', '/api/users/me', {
      token: user.token,
      body: { currentPassword: 'a new long passphrase' },
    });
    expect(erased.status, erased.text).toBe(200);
  });

  it('still limit a guesser who holds a device token, and a signed-in session guessing the password', async () => {
    const user = await t.api.register();
    const deviceToken = (await login({ email: user.email, password: user.password })).body.data.token as string;
    for (let i = 0; i < 10; i++) expect((await login({ email: user.email, password: 'wrong', deviceToken })).status).toBe(401);
    expect((await login({ email: user.email, password: user.password, deviceToken })).status).toBe(429);
    for (let i = 0; i < 10; i++) {
      expect((await t.api.put('/api/users/me', { password: 'another passphrase', currentPassword: 'wrong' }, user.token)).status).toBe(401);
    }
    expect((await t.api.put('/api/users/me', { password: 'another passphrase', currentPassword: user.password }, user.token)).status).toBe(
      429,
    );
  });
});
