import type { UserRow } from '@reorder/db';
import type { TRegisterInput, TSession } from '@reorder/schemas';
import type { Context } from '../context.ts';
import { AppError } from '../errors.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { passwordChangedEmail, resetPasswordEmail } from '../mail/messages.ts';
import { summarizeError } from '../platform/logger.ts';
import { EmailTakenError, findUserByEmail, findUserById, insertUser, setPassword, toUser } from '../users/users.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { consumeResetToken, createResetToken, findResetTokenOwner } from './reset-tokens.repository.ts';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in or reset your password.';
const BAD_CREDENTIALS = 'Incorrect email or password.';
const BAD_RESET_TOKEN = 'This reset link is invalid or has expired. Please ask for a new one.';

/** A signed-in session for the user. */
export async function createSession(ctx: Pick<Context, 'tokens'>, user: UserRow): Promise<TSession> {
  const { token, expiresAt } = await ctx.tokens.issue({ userId: user.id, version: user.token_version });
  return { token, expiresAt: expiresAt.toISOString(), user: toUser(user) };
}

/** Sends mail after the answer is decided, so neither its time nor its failure shows in the response. */
export function sendInBackground(ctx: Pick<Context, 'mailer' | 'logger'>, what: string, message: MailMessage): void {
  ctx.mailer.send(message).catch((error: unknown) => ctx.logger.error(`${what} email failed`, summarizeError(error)));
}

export async function register(ctx: Context, input: TRegisterInput): Promise<TSession> {
  await ctx.rateLimiter.hit(ctx.rateRules.registerPerIp, ctx.request.ip);
  await ctx.rateLimiter.hit(ctx.rateRules.registerPerEmail, input.email);
  try {
    const user = await insertUser(ctx.db, {
      email: input.email,
      password_hash: await hashPassword(input.password),
      business_name: input.businessName,
      full_name: input.fullName,
      language: input.language ?? 'en',
    });
    ctx.logger.info('user registered', { userId: user.id });
    return await createSession(ctx, user);
  } catch (error) {
    if (error instanceof EmailTakenError)
      throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { issues: [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }] });
    throw error;
  }
}

/**
 * Signs in with email and password. Failed attempts count against the email;
 * an unknown email and a wrong password answer the same, in the same time.
 */
export async function login(ctx: Context, input: { email: string; password: string }): Promise<TSession> {
  await ctx.rateLimiter.hit(ctx.rateRules.loginPerIp, ctx.request.ip);
  await ctx.rateLimiter.check(ctx.rateRules.loginFailuresPerEmail, input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!(await verifyPassword(user?.password_hash, input.password)) || !user) {
    await ctx.rateLimiter.hit(ctx.rateRules.loginFailuresPerEmail, input.email);
    throw new AppError('UNAUTHORIZED', BAD_CREDENTIALS);
  }
  return createSession(ctx, user);
}

/**
 * Emails a one-hour reset link when the email has an account. The answer is
 * the same either way, and the mail is sent after it, so neither the answer
 * nor its timing tells whether the email is registered.
 */
export async function forgotPassword(ctx: Context, input: { email: string }): Promise<null> {
  await ctx.rateLimiter.hit(ctx.rateRules.forgotPerIp, ctx.request.ip);
  await ctx.rateLimiter.hit(ctx.rateRules.forgotPerEmail, input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  if (user) {
    const token = await createResetToken(ctx.db, user.id);
    const link = `${ctx.settings.publicUrl}/reset-password/${token}`;
    sendInBackground(ctx, 'reset password', {
      to: user.email,
      ...resetPasswordEmail({ locale: user.language, name: user.full_name, link }),
      outboxLink: link,
    });
  }
  return null;
}

/** Sets a new password with a reset token; signs out every session; the user then signs in again. */
export async function resetPassword(ctx: Context, input: { token: string; password: string }): Promise<null> {
  await ctx.rateLimiter.hit(ctx.rateRules.resetPerIp, ctx.request.ip);
  const owner = await findResetTokenOwner(ctx.db, input.token);
  const ownerRow = owner && (await findUserById(ctx.db, owner.user_id));
  if (!ownerRow) throw new AppError('BAD_REQUEST', BAD_RESET_TOKEN, { issues: [{ path: 'token', message: BAD_RESET_TOKEN }] });
  await ctx.rateLimiter.hit(ctx.rateRules.resetPerEmail, ownerRow.email);
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction().execute(async (tx) => {
    const userId = await consumeResetToken(tx, input.token);
    return userId === undefined ? undefined : setPassword(tx, userId, passwordHash);
  });
  if (!user) throw new AppError('BAD_REQUEST', BAD_RESET_TOKEN, { issues: [{ path: 'token', message: BAD_RESET_TOKEN }] });
  ctx.logger.info('password reset', { userId: user.id });
  notifyPasswordChanged(ctx, user);
  return null;
}

/** The short notice that follows every password change or reset. */
export function notifyPasswordChanged(ctx: Context, user: UserRow): void {
  sendInBackground(ctx, 'password changed', {
    to: user.email,
    ...passwordChangedEmail({ locale: user.language, name: user.full_name, forgotLink: `${ctx.settings.publicUrl}/forgot-password` }),
  });
}
