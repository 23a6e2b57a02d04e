import type { UserRow } from '@reorder/db';
import type { TRegisterInput, TSession } from '@reorder/schemas';
import { href } from '@reorder/schemas/web-paths';
import { listBusinesses } from '../businesses/businesses.repository.ts';
import { findLiveInvitation } from '../businesses/members.repository.ts';
import { type Context, nowOf } from '../context.ts';
import { AppError, INVITATION_GONE } from '../errors.ts';
import { resetPasswordEmail } from '../mail/messages.ts';
import type { RateKey, RateRule } from '../rate-limit/rate-limiter.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { endAccessBeforeProof } from '../users/address-proof.ts';
import { sendEmailVerification } from '../users/email-ownership.service.ts';
import { hashPassword, verifyPassword } from '../users/passwords.ts';
import { consumeResetToken, createResetToken, findResetTokenOwner } from '../users/reset-tokens.repository.ts';
import { findUserByEmail, findUserById, setPassword, toUser, updateUser } from '../users/users.repository.ts';
import {
  assertPasswordAllowed,
  createAccount,
  createInvitedAccount,
  notifyPasswordChanged,
  requestLanguage,
} from '../users/users.service.ts';

const BAD_CREDENTIALS = 'Incorrect email or password.';
const BAD_RESET_TOKEN = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * Signs the user in on this device: the session answer of login, register and
 * the providers. Its `businessName` is the business its calls act in without
 * `X-Business-Id`, the first joined (docs/decisions.md §8.2): for an account
 * made from an invitation, the business it joined (§9.3).
 */
export async function signIn(ctx: Context, user: UserRow): Promise<TSession> {
  const [first] = await listBusinesses(ctx.db, user.id);
  return { ...(await startSession(ctx, user.id)), user: { ...toUser(user), businessName: first?.name ?? user.business_name } };
}

/** Creates a password account and signs it in: owning a new business, or joining one by an invitation. */
export async function register(ctx: Context, input: TRegisterInput): Promise<TSession> {
  await ctx.rateLimiter.hit(ctx.rateRules.registerPerIp, ctx.request.ip);
  await ctx.rateLimiter.hit(ctx.rateRules.registerPerEmail, input.email);
  if (input.invitation !== undefined) return registerInvited(ctx, { ...input, invitation: input.invitation });
  const businessName = input.businessName ?? '';
  const language = requestLanguage(ctx, input.language);
  assertPasswordAllowed(input.password, { email: input.email, businessName }, language);
  const user = await createAccount(ctx, {
    email: input.email,
    password_hash: await hashPassword(input.password, ctx.passwordHashing),
    business_name: businessName,
    full_name: input.fullName,
    language: input.language ?? 'en',
    ...(input.timeZone === undefined ? {} : { time_zone: input.timeZone }),
  });
  await sendEmailVerification(ctx, user);
  return signIn(ctx, user);
}

export const NOT_THE_INVITED_EMAIL = 'This invitation is for another email address: register with the address it was sent to.';

/**
 * An account made from an invitation link (docs/decisions.md §9.3): the link
 * was mailed to the address, so the address is confirmed (no verification
 * mail), and the account joins the inviting business with the role offered,
 * with no business of its own. A bad link or another address is a 400 that
 * names the field, and makes nothing. The session answers as any
 * registration's.
 */
async function registerInvited(ctx: Context, input: TRegisterInput & { invitation: string }): Promise<TSession> {
  const gone = () => new AppError('BAD_REQUEST', INVITATION_GONE, { issues: [{ path: 'invitation', message: INVITATION_GONE }] });
  await ctx.rateLimiter.hit(ctx.rateRules.invitationLinkPerIp, ctx.request.ip);
  const now = new Date(nowOf(ctx));
  const invitation = await findLiveInvitation(ctx.db, input.invitation, now);
  if (!invitation) throw gone();
  if (invitation.email.toLowerCase() !== input.email.toLowerCase()) {
    throw new AppError('BAD_REQUEST', NOT_THE_INVITED_EMAIL, { issues: [{ path: 'email', message: NOT_THE_INVITED_EMAIL }] });
  }
  const language = requestLanguage(ctx, input.language);
  assertPasswordAllowed(input.password, { email: input.email, businessName: invitation.business_name }, language);
  const user = await createInvitedAccount(
    ctx,
    {
      email: input.email,
      password_hash: await hashPassword(input.password, ctx.passwordHashing),
      // The account's own business name stays empty: it has no business of its own.
      business_name: '',
      full_name: input.fullName,
      language: input.language ?? 'en',
      ...(input.timeZone === undefined ? {} : { time_zone: input.timeZone }),
      email_verified: true,
    },
    { invitationId: invitation.id, now },
  );
  if (!user) throw gone();
  return signIn(ctx, user);
}

/**
 * Signs in with email and password. Every attempt is counted, in the same
 * statement that reads the count and before the password is checked, so
 * parallel or batched guesses cannot pass the limit; a right password gives
 * its count back. A device that signed in to this account before (a token
 * it was given then, `deviceToken`) is counted alone, so strangers' failures
 * never lock it out (docs/decisions.md §8.6); any other attempt per (email,
 * IP) and per email.
 * An unknown email and a wrong password answer the same, in the same time.
 */
export async function login(ctx: Context, input: { email: string; password: string; deviceToken?: string | undefined }): Promise<TSession> {
  const { rateLimiter, rateRules } = ctx;
  await rateLimiter.hit(rateRules.loginPerIp, ctx.request.ip);
  const user = await findUserByEmail(ctx.db, input.email);
  const device = input.deviceToken === undefined ? undefined : await ctx.tokens.deviceOf(input.deviceToken);
  const counted: [RateRule, RateKey][] =
    device && user && device.userId === user.id
      ? [[rateRules.loginFailuresPerDevice, device.device]]
      : [
          [rateRules.loginFailuresPerEmailIp, [input.email, ctx.request.ip]],
          [rateRules.loginFailuresPerEmail, input.email],
        ];
  for (const [rule, key] of counted) await rateLimiter.hit(rule, key);
  if (!(await verifyPassword(user?.password_hash, input.password, ctx.passwordHashing)) || !user)
    throw new AppError('UNAUTHORIZED', BAD_CREDENTIALS);
  for (const [rule, key] of counted) await rateLimiter.refund(rule, key);
  return signIn(ctx, user);
}

/**
 * Emails a one-hour reset link when the email has an account. Everything that
 * depends on the email (its limit, the lookup, the link, the mail) happens
 * after the answer, so neither the answer nor its timing tells whether the
 * email is registered. Past the per-email limit nothing is sent, and the
 * answer is still the same.
 */
export async function forgotPassword(ctx: Context, input: { email: string }): Promise<null> {
  await ctx.rateLimiter.hit(ctx.rateRules.forgotPerIp, ctx.request.ip);
  ctx.background.run('password reset email', async () => {
    try {
      await ctx.rateLimiter.hit(ctx.rateRules.forgotPerEmail, input.email);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'TOO_MANY_REQUESTS') return;
      throw error;
    }
    const user = await findUserByEmail(ctx.db, input.email);
    if (!user) return;
    const token = await createResetToken(ctx.db, user.id);
    const link = `${ctx.settings.publicUrl}${href('resetPassword', { token })}`;
    await ctx.mailer.send({
      to: user.email,
      ...resetPasswordEmail({ locale: user.language, name: user.full_name, link }),
      hasLink: true,
    });
  });
  return null;
}

/**
 * Sets a new password with a reset token. Opening the link proves the
 * address, so it is verified too, and whatever was set up before the proof
 * ends (docs/decisions.md §8.6): every session, API token, push subscription
 * and other open link. The email's failed sign-ins are forgotten; the user
 * then signs in again.
 */
export async function resetPassword(ctx: Context, input: { token: string; password: string }): Promise<null> {
  await ctx.rateLimiter.hit(ctx.rateRules.resetPerIp, ctx.request.ip);
  const owner = await findResetTokenOwner(ctx.db, input.token);
  const ownerRow = owner && (await findUserById(ctx.db, owner.user_id));
  if (!ownerRow) throw new AppError('BAD_REQUEST', BAD_RESET_TOKEN, { issues: [{ path: 'token', message: BAD_RESET_TOKEN }] });
  await ctx.rateLimiter.hit(ctx.rateRules.resetPerEmail, ownerRow.email);
  assertPasswordAllowed(input.password, { email: ownerRow.email, businessName: ownerRow.business_name }, ownerRow.language);
  const passwordHash = await hashPassword(input.password, ctx.passwordHashing);
  const user = await ctx.db.transaction().execute(async (tx) => {
    const userId = await consumeResetToken(tx, input.token);
    if (userId === undefined) return undefined;
    await setPassword(tx, userId, passwordHash);
    await endAccessBeforeProof(tx, userId);
    return updateUser(tx, userId, { email_verified: true });
  });
  if (!user) throw new AppError('BAD_REQUEST', BAD_RESET_TOKEN, { issues: [{ path: 'token', message: BAD_RESET_TOKEN }] });
  await ctx.rateLimiter.clear(ctx.rateRules.loginFailuresPerEmailIp, user.email);
  await ctx.rateLimiter.clear(ctx.rateRules.loginFailuresPerEmail, user.email);
  ctx.logger.info('password reset', { userId: user.id });
  notifyPasswordChanged(ctx, user);
  return null;
}
