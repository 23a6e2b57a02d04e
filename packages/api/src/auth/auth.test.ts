import { newEmail, type Owner, refusal, USER_KEYS, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_GONE } from '../errors.ts';
import { createRateLimiter } from '../rate-limit/rate-limiter.ts';
import { NOT_THE_INVITED_EMAIL } from './auth.service.ts';
import type { ProviderProfile } from './social/provider-errors.ts';
import { providerRejected } from './social/provider-errors.ts';

/**
 * The rules of accounts and sign-in (docs/decisions.md §4, §8.6 and §9.3),
 * through the procedures in-process: registration (with a business name or
 * an invitation), the username, the password rules, sign-in and its limits,
 * the sessions that a sign-out everywhere, a password change, a reset or a
 * first proof of the address end, the reset and verification links, an email
 * change, and a provider's sign-in through fake Google and Facebook
 * verifiers (the interfaces the server fills with the real ones).
 * services/server/test/auth.test.ts keeps the REST and tRPC contract (and
 * mail through a real SMTP server, tokens on the wire, the logs);
 * services/server/test/social.test.ts keeps the providers' own checks.
 */
const t = useDomain();
const PASSWORD = 'correct horse battery';

/** The profiles the fake providers vouch for, by the token the browser would send. */
const google = new Map<string, ProviderProfile>();
const facebook = new Map<string, ProviderProfile>();

beforeAll(() => {
  const { deps } = t.domain;
  // Every counter of this file in one window of each rule: a test making a rule's limit of calls never straddles two.
  const pinned = Date.now();
  deps.rateLimiter = createRateLimiter(deps.db, () => pinned);
  deps.social = {
    google: {
      clientId: 'google-client',
      verifier: {
        verify: async (token) => google.get(token) ?? Promise.reject(providerRejected('Google', 'unknown token')),
      },
    },
    facebook: {
      appId: 'facebook-app',
      verifier: {
        verify: async (token) => facebook.get(token) ?? Promise.reject(providerRejected('Facebook', 'unknown token')),
      },
    },
  };
});

/** A signed-out caller (made after the deps above are set). */
const anonymous = () => t.domain.caller();
const register = (fields: Partial<Parameters<ReturnType<typeof anonymous>['auth']['register']>[0]> = {}) =>
  anonymous().auth.register({ businessName: 'Café Central', fullName: 'Ana García', email: newEmail(), password: PASSWORD, ...fields });
const login = (email: string, password = PASSWORD, deviceToken?: string) =>
  anonymous().auth.login({ email, password, ...(deviceToken ? { deviceToken } : {}) });
/** The account behind a session token, or the refusal. */
const me = (token: string) => t.domain.caller(token).users.byUsername({ username: 'me' });
const SIGNED_OUT = { code: 'UNAUTHORIZED' };

/** What a refused call tells the client: its kind, message and the fields it names (the harness's `refusal`). */
async function refused(call: Promise<unknown>) {
  const outcome = await refusal(call);
  return { kind: outcome.kind, message: outcome.message, fields: outcome.issues.map((i) => i.path) };
}

/** The mail to `email` whose subject is `subject`. */
const mailsTo = async (email: string, subject: string) =>
  (await t.domain.outbox()).filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);

/** An owner whose address is proven (only a proven address makes API tokens, §8.6), with a second device signed in. */
async function provenOwner() {
  const owner = await t.domain.owner();
  await t.domain.confirmEmail(owner);
  const phone = (await login(owner.email)).token;
  return { owner, phone };
}

/** An API token of the owner, and a push subscription of the owner's session. */
async function tokenAndBrowser(owner: Owner) {
  const { token } = await owner.api.auth.createToken({ name: 'Script' });
  const endpoint = `https://8.8.8.8/push/${owner.user.id}-${Math.random().toString(36).slice(2)}`;
  await owner.api.push.subscribe({ endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } });
  return token;
}
const browsersOf = async (userId: number) =>
  (await t.domain.deps.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute()).length;

describe('registration', () => {
  it('signs in at once, owns a new business of that name, keeps the language and time zone, and mails a verification link', async () => {
    const email = newEmail();
    const session = await register({ email, language: 'es', timeZone: 'europe/madrid', businessName: 'Bar Pino' });
    expect(Object.keys(session.user).sort()).toEqual([...USER_KEYS]);
    expect(session.user).toMatchObject({
      email,
      businessName: 'Bar Pino',
      language: 'es',
      timeZone: 'Europe/Madrid',
      emailVerified: false,
    });
    expect(await me(session.token)).toEqual(session.user);
    const businesses = await t.domain.caller(session.token).businesses.list();
    expect(businesses.map((b) => [b.name, b.role])).toEqual([['Bar Pino', 'owner']]);
    const [mail] = await mailsTo(email, 'Confirma tu correo electrónico');
    expect(mail?.text).toMatch(/http:\/\/app\.test\/verify-email\/[A-Za-z0-9_-]{43,}/);
  });

  it('makes the username from the email: lower case, [a-z0-9._-] only, a number when taken, never "me"', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const names = [];
    for (const email of [
      `Maria.${tag}@a.com`,
      `maria.${tag}@b.com`,
      `MARIA.${tag}@c.com`,
      `O'Brien+Shop_${tag}@x.com`,
      `me@${tag}.example.com`,
    ]) {
      names.push((await register({ email })).user.username);
    }
    expect(names.slice(0, 4)).toEqual([`maria.${tag}`, `maria.${tag}2`, `maria.${tag}3`, `obrienshop_${tag}`]);
    expect(names[4]).toMatch(/^me\d+$/);
  });

  it('refuses an email that has an account, in any case, and makes nothing', async () => {
    const { user } = await register();
    for (const email of [user.email, user.email.toUpperCase()]) {
      await expect(register({ email })).rejects.toMatchObject({ code: 'CONFLICT' });
    }
    const rows = await t.domain.deps.db.selectFrom('users').select('id').where(sql<boolean>`lower(email) = ${user.email}`).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a common password, or one that holds the email or the business name, saying why in the language given', async () => {
    const expectRefused = async (fields: Parameters<typeof register>[0], message: string) =>
      expect(await refused(register(fields))).toEqual({ kind: 'BAD_REQUEST', message, fields: ['password'] });
    const common = 'This password is too common and easy to guess. Choose another one.';
    const personal = 'This password contains your email or the name of your business. Choose another one.';
    await expectRefused({ password: 'password123' }, common);
    await expectRefused({ password: 'P@ssw0rd!' }, common);
    await expectRefused(
      { password: 'my name is rosalinda', email: `rosalinda@${Math.random().toString(36).slice(2)}.example.com` },
      personal,
    );
    await expectRefused({ password: 'we love bar pino 77', businessName: 'Bar Pino' }, personal);
    await expectRefused({ password: 'password123', language: 'es' }, 'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.');
    // 8 and 128 characters, no composition rules.
    for (const password of ['zq7mk2xv', 'zq7mk2xv'.repeat(16)]) {
      const { user } = await register({ password });
      expect((await login(user.email, password)).user.id).toBe(user.id);
    }
  });

  it('takes either a business name or an invitation: both, or neither, is a 400 naming the field', async () => {
    expect(await refused(register({ invitation: 'x'.repeat(43) }))).toMatchObject({ kind: 'BAD_REQUEST', fields: ['invitation'] });
    const neither = anonymous().auth.register({ fullName: 'Ana', email: newEmail(), password: PASSWORD });
    expect(await refused(neither)).toEqual({ kind: 'BAD_REQUEST', message: 'Business name is required', fields: ['businessName'] });
  });
});

describe('registration from an invitation', () => {
  /** An owner of "Bar Pino" who invited an address as `role`: the address and the link's token. */
  async function invited(role: 'manager' | 'staff' = 'staff') {
    const owner = await t.domain.owner({ businessName: 'Bar Pino' });
    await t.domain.confirmEmail(owner);
    const email = newEmail('invited');
    const invitation = await owner.api.businesses.invite({ email, role });
    return { owner, email, invitation, token: await t.domain.linkToken(email, '/invitations') };
  }
  const join = (fields: { invitation: string; email: string; password?: string }) =>
    anonymous().auth.register({ fullName: 'Javi Cocina', password: PASSWORD, ...fields });

  it('joins the inviting business with the role offered, its address proven, with no business of its own', async () => {
    const { owner, email, token } = await invited('manager');
    const session = await join({ invitation: token, email: email.toUpperCase() });
    expect(session.user).toMatchObject({ emailVerified: true, businessName: 'Bar Pino' });
    const api = t.domain.caller(session.token);
    expect((await api.businesses.list()).map((b) => [b.name, b.role])).toEqual([['Bar Pino', 'manager']]);
    expect((await owner.api.businesses.members()).map((m) => m.role).sort()).toEqual(['manager', 'owner']);
    // No verification mail: the invitation proved the address.
    expect((await t.domain.outbox()).filter((m) => m.to.includes(email) && m.subject === 'Confirm your email address')).toEqual([]);
  });

  it('refuses another email (at email), a used or withdrawn link (at invitation), and the business name in the password', async () => {
    const { email, token } = await invited();
    expect(await refused(join({ invitation: token, email: newEmail() }))).toEqual({
      kind: 'BAD_REQUEST',
      message: NOT_THE_INVITED_EMAIL,
      fields: ['email'],
    });
    await expect(join({ invitation: token, email, password: 'bar pino 2027' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This password contains your email or the name of your business. Choose another one.',
    });
    expect(await refused(join({ invitation: 'y'.repeat(43), email }))).toEqual({
      kind: 'BAD_REQUEST',
      message: INVITATION_GONE,
      fields: ['invitation'],
    });
    await join({ invitation: token, email });
    await expect(join({ invitation: token, email: newEmail() })).rejects.toMatchObject({ message: INVITATION_GONE });

    const withdrawn = await invited();
    await withdrawn.owner.api.businesses.revokeInvitation({ id: withdrawn.invitation.id });
    await expect(join({ invitation: withdrawn.token, email: withdrawn.email })).rejects.toMatchObject({ message: INVITATION_GONE });
    // Nothing was made for the refused attempts.
    const made = await t.domain.deps.db.selectFrom('users').select('id').where('email', '=', withdrawn.email).execute();
    expect(made).toEqual([]);
  });
});

describe('sign-in', () => {
  it('finds the account whatever the case of the email; a wrong password and an unknown email answer alike', async () => {
    const owner = await t.domain.owner();
    expect((await login(owner.email.toUpperCase())).user.id).toBe(owner.user.id);
    const wrong = await login(owner.email, `${PASSWORD}!`).catch((e: Error) => e);
    const unknown = await login(newEmail('nobody')).catch((e: Error) => e);
    expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: 'Incorrect email or password.' });
    expect(unknown).toMatchObject({ code: 'UNAUTHORIZED', message: 'Incorrect email or password.' });
  });

  it('locks an email after 10 failures from one address, even for the right password; right ones never count', async () => {
    const owner = await t.domain.owner();
    for (let i = 0; i < 12; i++) await login(owner.email);
    for (let i = 1; i <= 10; i++) await expect(login(owner.email, `wrong ${i}`)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(login(owner.email)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(login(owner.email.toUpperCase())).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // A device that signed in before is counted on its own: strangers' failures never lock it out (§8.6).
    expect((await login(owner.email, PASSWORD, owner.token)).user.id).toBe(owner.user.id);
    // Its session still works, and another account is not affected.
    expect((await me(owner.token)).id).toBe(owner.user.id);
    const other = await t.domain.owner();
    expect((await login(other.email)).user.id).toBe(other.user.id);
  });
});

describe('sessions', () => {
  it('are listed with the current one marked; signing out ends this one only, or one chosen', async () => {
    const owner = await t.domain.owner();
    const [phone, tablet] = [(await login(owner.email)).token, (await login(owner.email)).token];
    const listed = await owner.api.auth.sessions();
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const tabletId = (await t.domain.caller(tablet).auth.sessions()).find((s) => s.current)?.id ?? 0;
    await owner.api.auth.endSession({ id: tabletId });
    await expect(me(tablet)).rejects.toMatchObject(SIGNED_OUT);
    await t.domain.caller(phone).auth.logout();
    await expect(me(phone)).rejects.toMatchObject(SIGNED_OUT);
    expect((await me(owner.token)).id).toBe(owner.user.id);
    // Another account's session, or one already ended, is not found.
    const stranger = await t.domain.owner();
    await expect(stranger.api.auth.endSession({ id: listed.find((s) => s.current)?.id ?? 0 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(owner.api.auth.endSession({ id: tabletId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('all end with "Sign out everywhere", this one too, with every API token and browser', async () => {
    const { owner, phone } = await provenOwner();
    const apiToken = await tokenAndBrowser(owner);
    expect(await t.domain.caller(apiToken).suppliers.list({})).toEqual([]);
    await owner.api.auth.logoutAll();
    for (const token of [owner.token, phone, apiToken])
      await expect(t.domain.caller(token).suppliers.list({})).rejects.toMatchObject(SIGNED_OUT);
    expect(await browsersOf(owner.user.id)).toBe(0);
    expect((await login(owner.email)).user.id).toBe(owner.user.id);
  });

  it('end on the other devices with a password change, which needs the current password; API tokens stay', async () => {
    const { owner, phone } = await provenOwner();
    const apiToken = await tokenAndBrowser(owner);
    await anonymous().auth.forgotPassword({ email: owner.email });
    const resetLink = await t.domain.linkToken(owner.email, '/reset-password');
    const password = 'a brand new password';
    await expect(owner.api.users.updateMe({ password })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(owner.api.users.updateMe({ password, currentPassword: 'not it at all' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(owner.api.users.updateMe({ password: 'password123', currentPassword: PASSWORD })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This password is too common and easy to guess. Choose another one.',
    });
    // Refused changes changed nothing.
    expect((await me(phone)).id).toBe(owner.user.id);

    expect(await owner.api.users.updateMe({ password, currentPassword: PASSWORD })).toMatchObject({ id: owner.user.id });
    expect((await me(owner.token)).id).toBe(owner.user.id);
    await expect(me(phone)).rejects.toMatchObject(SIGNED_OUT);
    await expect(login(owner.email)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await login(owner.email, password)).user.id).toBe(owner.user.id);
    // An API token outlives a password change (§8.6); the browser of this session stays, open reset links do not.
    expect(await t.domain.caller(apiToken).suppliers.list({})).toEqual([]);
    expect(await browsersOf(owner.user.id)).toBe(1);
    await expect(anonymous().auth.resetPassword({ token: resetLink, password: 'yet another password' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const [notice] = await mailsTo(owner.email, 'Your password was changed');
    expect(notice?.text).toContain('http://app.test/forgot-password');
    expect(notice?.text).not.toContain(password);
  });
});

describe('a forgotten password', () => {
  it('answers the same for any email and mails a one-hour link, stored as a hash, only to an account, in its language', async () => {
    const owner = await t.domain.owner({ language: 'es', fullName: 'Lucía Ruiz' });
    const ghost = newEmail('ghost');
    expect(await anonymous().auth.forgotPassword({ email: ghost })).toBeNull();
    expect(await anonymous().auth.forgotPassword({ email: owner.email.toUpperCase() })).toBeNull();
    const mails = await t.domain.outbox();
    expect(mails.filter((m) => m.to.includes(ghost))).toEqual([]);
    const [mail] = mails.filter((m) => m.to.includes(owner.email) && m.subject === 'Restablece tu contraseña');
    const token = await t.domain.linkToken(owner.email, '/reset-password');
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(mail?.text).toContain('Lucía Ruiz');
    const rows = await t.domain.deps.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', owner.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Math.abs(rows[0]!.expires_at.getTime() - (Date.now() + 3600_000))).toBeLessThan(60_000);
  });

  it('is mailed in the language the profile says now', async () => {
    const owner = await t.domain.owner({ language: 'en' });
    await owner.api.users.updateMe({ language: 'es' });
    await anonymous().auth.forgotPassword({ email: owner.email });
    expect(await mailsTo(owner.email, 'Restablece tu contraseña')).toHaveLength(1);
    expect(await mailsTo(owner.email, 'Reset your password')).toEqual([]);
  });

  it('mails at most 5 links an email per 15 minutes, and still answers the same past that', async () => {
    const owner = await t.domain.owner();
    for (let i = 0; i < 8; i++) {
      expect(await anonymous().auth.forgotPassword({ email: i % 2 ? owner.email : owner.email.toUpperCase() })).toBeNull();
    }
    expect(await mailsTo(owner.email, 'Reset your password')).toHaveLength(5);
  });
});

describe('a reset link', () => {
  async function resetLinkOf(owner: Owner) {
    await anonymous().auth.forgotPassword({ email: owner.email });
    return t.domain.linkToken(owner.email, '/reset-password');
  }

  it('sets the password once, proves the address, ends every session, API token, browser and open link, and clears the lockout', async () => {
    const { owner, phone } = await provenOwner();
    const apiToken = await tokenAndBrowser(owner);
    const stranger = await t.domain.owner();
    const token = await resetLinkOf(stranger);
    await stranger.api.auth.resendVerification();
    const verifyLink = await t.domain.linkToken(stranger.email, '/verify-email');
    // Locked out by failures before the reset.
    for (let i = 0; i < 10; i++) await login(stranger.email, 'wrong password').catch(() => undefined);
    await expect(login(stranger.email)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    const password = 'the reset password';
    expect(await anonymous().auth.resetPassword({ token, password })).toBeNull();
    const session = await login(stranger.email, password);
    expect(session.user.emailVerified).toBe(true);
    await expect(me(stranger.token)).rejects.toMatchObject(SIGNED_OUT);
    await expect(anonymous().auth.resetPassword({ token, password: 'once more password' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(anonymous().auth.verifyEmail({ token: verifyLink })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await mailsTo(stranger.email, 'Your password was changed')).toHaveLength(1);

    // The proven owner's reset ends the API token and the browser as well.
    await anonymous().auth.resetPassword({ token: await resetLinkOf(owner), password });
    for (const old of [owner.token, phone, apiToken])
      await expect(t.domain.caller(old).suppliers.list({})).rejects.toMatchObject(SIGNED_OUT);
    expect(await browsersOf(owner.user.id)).toBe(0);
  });

  it('is refused when unknown or expired, and a refused password does not use it up', async () => {
    const owner = await t.domain.owner();
    const token = await resetLinkOf(owner);
    await expect(anonymous().auth.resetPassword({ token: 'A'.repeat(43), password: 'whatever password' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This reset link is invalid or has expired. Please ask for a new one.',
    });
    await expect(anonymous().auth.resetPassword({ token, password: 'password123' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(anonymous().auth.resetPassword({ token, password: 'x'.repeat(7) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await t.domain.deps.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.user.id)
      .execute();
    await expect(anonymous().auth.resetPassword({ token, password: 'a late password' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await login(owner.email)).user.id).toBe(owner.user.id);
    expect((await me(owner.token)).id).toBe(owner.user.id);

    const fresh = await resetLinkOf(owner);
    expect(await anonymous().auth.resetPassword({ token: fresh, password: 'a timely password' })).toBeNull();
  });
});

describe('a verification link', () => {
  it("opened with the account's own session verifies the address, once, and ends nothing", async () => {
    const owner = await t.domain.owner();
    const phone = (await login(owner.email)).token;
    const token = await t.domain.linkToken(owner.email, '/verify-email');
    expect(await owner.api.auth.verifyEmail({ token })).toBeNull();
    expect((await me(phone)).emailVerified).toBe(true);
    expect((await login(owner.email)).user.emailVerified).toBe(true);
    await expect(owner.api.auth.verifyEmail({ token })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Verified: asking again mails nothing.
    await owner.api.auth.resendVerification();
    expect(await mailsTo(owner.email, 'Confirm your email address')).toHaveLength(1);
  });

  it('works for 24 hours, and only the newest one sent works', async () => {
    const owner = await t.domain.owner();
    const first = await t.domain.linkToken(owner.email, '/verify-email');
    await owner.api.auth.resendVerification();
    const second = await t.domain.linkToken(owner.email, '/verify-email');
    expect(second).not.toBe(first);
    await expect(owner.api.auth.verifyEmail({ token: first })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const rows = await t.domain.deps.db.selectFrom('email_tokens').select('expires_at').where('user_id', '=', owner.user.id).execute();
    expect(rows.map((r) => Math.round((r.expires_at.getTime() - Date.now()) / 3600_000))).toContain(24);
    await t.domain.deps.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.user.id)
      .execute();
    await expect(owner.api.auth.verifyEmail({ token: second })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('opened without that session is the first proof of the address: every session ends, and the password goes', async () => {
    const owner = await t.domain.owner();
    const phone = (await login(owner.email)).token;
    const token = await t.domain.linkToken(owner.email, '/verify-email');
    const stranger = await t.domain.owner();
    // Opened signed in as someone else counts as without.
    expect(await stranger.api.auth.verifyEmail({ token })).toBeNull();
    for (const old of [owner.token, phone]) await expect(me(old)).rejects.toMatchObject(SIGNED_OUT);
    await expect(login(owner.email)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // The prover chooses a password through a reset link.
    await anonymous().auth.forgotPassword({ email: owner.email });
    const reset = await t.domain.linkToken(owner.email, '/reset-password');
    await anonymous().auth.resetPassword({ token: reset, password: 'the mailbox owner' });
    expect((await login(owner.email, 'the mailbox owner')).user).toMatchObject({ id: owner.user.id, emailVerified: true });
  });
});

describe('an email change', () => {
  it('needs the current password, takes effect only when the new address opens its link, and tells the old one', async () => {
    const owner = await t.domain.owner();
    const phone = (await login(owner.email)).token;
    const moved = newEmail('moved');
    expect(await refused(owner.api.users.updateMe({ email: moved }))).toEqual({
      kind: 'BAD_REQUEST',
      message: 'Enter your current password to change your email or password.',
      fields: ['currentPassword'],
    });
    expect(await refused(owner.api.users.updateMe({ email: moved, currentPassword: 'wrong password' }))).toEqual({
      kind: 'UNAUTHORIZED',
      message: 'Your current password is not right.',
      fields: ['currentPassword'],
    });
    expect(await owner.api.users.updateMe({ email: moved, currentPassword: PASSWORD })).toMatchObject({ email: owner.email });
    expect(await mailsTo(owner.email, 'Your email address is being changed')).toHaveLength(1);
    expect(await mailsTo(moved, 'Confirm your new email address')).toHaveLength(1);
    await expect(login(moved)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await anonymous().auth.forgotPassword({ email: owner.email });
    const reset = await t.domain.linkToken(owner.email, '/reset-password');

    await owner.api.auth.verifyEmail({ token: await t.domain.linkToken(moved, '/verify-email') });
    expect(await me(owner.token)).toMatchObject({ email: moved, emailVerified: true, username: owner.user.username });
    expect((await login(moved)).user.id).toBe(owner.user.id);
    await expect(login(owner.email)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Every other session ends, and open links retire.
    await expect(me(phone)).rejects.toMatchObject(SIGNED_OUT);
    await expect(anonymous().auth.resetPassword({ token: reset, password: 'a password of mine' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it("needs no link for the same address in another case, and refuses another account's address, then or when the link opens", async () => {
    const owner = await t.domain.owner();
    expect(await owner.api.users.updateMe({ email: owner.email.toUpperCase() })).toMatchObject({ email: owner.email.toUpperCase() });
    const other = await t.domain.owner();
    await expect(owner.api.users.updateMe({ email: other.email, currentPassword: PASSWORD })).rejects.toMatchObject({ code: 'CONFLICT' });
    // An address free when asked, taken before its link is opened.
    const wanted = newEmail('wanted');
    await owner.api.users.updateMe({ email: wanted, currentPassword: PASSWORD });
    const link = await t.domain.linkToken(wanted, '/verify-email');
    await register({ email: wanted });
    await expect(owner.api.auth.verifyEmail({ token: link })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await me(owner.token)).email).toBe(owner.email.toUpperCase());
  });
});

describe('a provider sign-in', () => {
  let sequence = 0;
  /** A token the fake provider vouches for: a Google (or Facebook) account with this email and name. */
  function providerToken(provider: 'google' | 'facebook', profile: Partial<ProviderProfile> & { email: string | undefined }) {
    const token = `${provider}-token-${++sequence}`;
    (provider === 'google' ? google : facebook).set(token, {
      providerId: `${provider}-id-${sequence}`,
      name: 'Rosa Proveedora',
      ...profile,
    });
    return token;
  }

  it('makes a new, verified account without a password or business, in the language and time zone given', async () => {
    const email = newEmail('google');
    const googleToken = providerToken('google', { email });
    const session = await anonymous().auth.google({ googleToken, language: 'es', timeZone: 'Europe/Madrid' });
    expect(session.user).toMatchObject({
      email,
      fullName: 'Rosa Proveedora',
      businessName: '',
      emailVerified: true,
      language: 'es',
      timeZone: 'Europe/Madrid',
    });
    // The same provider account signs in to it again; nobody signs in with a password.
    expect((await anonymous().auth.google({ googleToken })).user.id).toBe(session.user.id);
    await expect(login(email, 'any password at all')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("signs into the verified account with the provider's email and links it, which then signs in by the provider id", async () => {
    const owner = await t.domain.owner();
    await t.domain.confirmEmail(owner);
    const facebookToken = providerToken('facebook', { email: owner.email.toUpperCase() });
    const session = await anonymous().auth.facebook({ facebookToken });
    expect(session.user.id).toBe(owner.user.id);
    // Linked: the same Facebook account finds it even after the address changed there.
    const profile = facebook.get(facebookToken)!;
    facebook.set(facebookToken, { ...profile, email: newEmail('elsewhere') });
    expect((await anonymous().auth.facebook({ facebookToken })).user.id).toBe(owner.user.id);
    // The owner's password and session still work.
    expect((await login(owner.email)).user.id).toBe(owner.user.id);
    expect((await me(owner.token)).id).toBe(owner.user.id);
    // Another Facebook account with that email is refused.
    await expect(anonymous().auth.facebook({ facebookToken: providerToken('facebook', { email: owner.email }) })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('takes an unverified account over: its password and sessions end, the address is verified, and a notice goes to it', async () => {
    const squatter = await t.domain.owner();
    const session = await anonymous().auth.google({ googleToken: providerToken('google', { email: squatter.email }) });
    expect(session.user).toMatchObject({ id: squatter.user.id, emailVerified: true });
    await expect(me(squatter.token)).rejects.toMatchObject(SIGNED_OUT);
    await expect(login(squatter.email)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await mailsTo(squatter.email, 'Your account now signs in with Google')).toHaveLength(1);
  });

  it('needs an email to make an account, and a configured provider', async () => {
    await expect(anonymous().auth.google({ googleToken: providerToken('google', { email: undefined }) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(anonymous().auth.google({ googleToken: 'not a token the provider knows' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const { social } = t.domain.deps;
    t.domain.deps.social = {};
    try {
      await expect(anonymous().auth.facebook({ facebookToken: providerToken('facebook', { email: newEmail() }) })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Facebook sign-in is not available on this server.',
      });
    } finally {
      t.domain.deps.social = social;
    }
  });
});
