import type { Db, UserRow, UserUpdate } from '@reorder/db';
import { href } from '@reorder/schemas/web-paths';
import type { Context } from '../context.ts';
import { AppError } from '../errors.ts';
import { changeEmailEmail, emailChangeRequestedEmail, verifyEmailEmail } from '../mail/messages.ts';
import { endSessions } from '../sessions/sessions.repository.ts';
import { endAccessBeforeProof } from './address-proof.ts';
import { consumeEmailToken, createEmailToken, retireEmailTokens } from './email-tokens.repository.ts';
import { retireResetTokens } from './reset-tokens.repository.ts';
import { EmailTakenError, findUserByEmail, findUserById, updateUser } from './users.repository.ts';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in or reset your password.';
export const BAD_EMAIL_LINK = 'This link is invalid or has expired. Ask for a new one from your profile.';

/** The 409 of an email that another account uses (registration, a profile change, a confirmed change). */
export function emailTaken(): AppError {
  return new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { issues: [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }] });
}

type MailContext = Pick<Context, 'db' | 'mailer' | 'background' | 'settings'>;

/** Mails the link that verifies the account's own address (after sign-up, or when asked again). */
export async function sendEmailVerification(ctx: MailContext, user: UserRow): Promise<void> {
  await retireEmailTokens(ctx.db, user.id, 'verify');
  const token = await createEmailToken(ctx.db, user.id, 'verify', user.email);
  const link = `${ctx.settings.publicUrl}${href('verifyEmail', { token })}`;
  ctx.background.run('verification email', () =>
    ctx.mailer.send({ to: user.email, ...verifyEmailEmail({ locale: user.language, name: user.full_name, link }), hasLink: true }),
  );
}

/**
 * Starts an email change: the new address gets a link, and only opening it
 * changes the email; the old address is told. Another account's email is a
 * 409. An earlier change that was never confirmed stops working.
 */
export async function requestEmailChange(ctx: MailContext, user: UserRow, newEmail: string): Promise<void> {
  const owner = await findUserByEmail(ctx.db, newEmail);
  if (owner && owner.id !== user.id) throw emailTaken();
  await retireEmailTokens(ctx.db, user.id, 'change');
  const token = await createEmailToken(ctx.db, user.id, 'change', newEmail);
  const link = `${ctx.settings.publicUrl}${href('verifyEmail', { token })}`;
  const forgotLink = `${ctx.settings.publicUrl}${href('forgotPassword')}`;
  ctx.background.run('email change link', () =>
    ctx.mailer.send({ to: newEmail, ...changeEmailEmail({ locale: user.language, name: user.full_name, link }), hasLink: true }),
  );
  ctx.background.run('email change notice', () =>
    ctx.mailer.send({
      to: user.email,
      ...emailChangeRequestedEmail({ locale: user.language, name: user.full_name, newEmail, forgotLink }),
    }),
  );
}

/**
 * Opens a verification link. Opened with the account's own live session, a
 * 'verify' link marks the address verified (if it is still the account's),
 * and a 'change' link makes its address the account's email, verified, then
 * ends every other session and retires open reset and verification links.
 * Opened without it, the link is the first proof of the address by whoever
 * holds the mailbox (docs/decisions.md §8.6): every session, API token, push
 * subscription and open link of the account ends, and its password too, so
 * whoever registered it keeps nothing; the prover chooses a password through
 * a reset link.
 */
export async function confirmEmailLink(
  ctx: Pick<Context, 'db' | 'logger'>,
  token: string,
  caller?: { userId: number; sessionId: number },
): Promise<UserRow> {
  const invalid = () => new AppError('BAD_REQUEST', BAD_EMAIL_LINK, { issues: [{ path: 'token', message: BAD_EMAIL_LINK }] });
  const applyEmail = async (tx: Db, userId: number, changes: UserUpdate) => {
    try {
      return await updateUser(tx, userId, changes);
    } catch (error) {
      if (error instanceof EmailTakenError) throw emailTaken();
      throw error;
    }
  };
  let byStranger = false;
  const user = await ctx.db.transaction().execute(async (tx) => {
    const link = await consumeEmailToken(tx, token);
    const owner = link && (await findUserById(tx, link.userId));
    if (!link || !owner) return undefined;
    if (link.purpose === 'verify' && owner.email.toLowerCase() !== link.email.toLowerCase()) return undefined;
    if (caller?.userId !== owner.id) {
      byStranger = true;
      await endAccessBeforeProof(tx, owner.id);
      return applyEmail(tx, owner.id, { email: link.email, email_verified: true, password_hash: null });
    }
    if (link.purpose === 'verify') return updateUser(tx, owner.id, { email_verified: true });
    const changed = await applyEmail(tx, owner.id, { email: link.email, email_verified: true });
    await endSessions(tx, owner.id, { except: caller.sessionId });
    await retireResetTokens(tx, owner.id);
    await retireEmailTokens(tx, owner.id);
    return changed;
  });
  if (!user) throw invalid();
  if (byStranger) ctx.logger.warn('email proven without the account session: earlier access ended', { userId: user.id });
  else ctx.logger.info('email confirmed', { userId: user.id });
  return user;
}
