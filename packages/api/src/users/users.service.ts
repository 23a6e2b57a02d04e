import type { NewUser, UserRow } from '@reorder/db';
import { FALLBACK_LANGUAGE, LANGUAGES, type TLanguage, type TUpdateMeInput, type TUser } from '@reorder/schemas';
import { href } from '@reorder/schemas/web-paths';
import { businessName, updateBusiness } from '../businesses/businesses.repository.ts';
import type { Context } from '../context.ts';
import { AppError, roleNeeded } from '../errors.ts';
import { passwordChangedEmail } from '../mail/messages.ts';
import type { AuthedContext, SignedInContext } from '../sessions/require-user.ts';
import { endSessions } from '../sessions/sessions.repository.ts';
import { emailTaken, requestEmailChange } from './email-ownership.service.ts';
import { retireEmailTokens } from './email-tokens.repository.ts';
import { type PasswordContext, passwordProblem, passwordProblemMessage } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { retireResetTokens } from './reset-tokens.repository.ts';
import {
  deleteNewUser,
  EmailTakenError,
  findUserByEmail,
  insertUser,
  type JoiningInvitation,
  setPassword,
  toUser,
  updateUser,
} from './users.repository.ts';

/** An account without a password may change its email or set a password within this long of signing in; any account may make an API token. */
export const RECENT_SIGN_IN_MS = 15 * 60 * 1000;
const CURRENT_PASSWORD_WRONG = 'Your current password is not right.';

/** What the owner is confirming their identity for: the wording of the refusals. */
const WHAT: Record<'change' | 'delete' | 'token', string> = {
  change: 'change your email or password',
  delete: 'delete your account',
  token: 'make an API token',
};

/** The language of a message before the account says its own: the one given, else the browser's, else English. */
export function requestLanguage(ctx: Pick<Context, 'request'>, given?: TLanguage): TLanguage {
  if (given) return given;
  const first = ctx.request.acceptLanguage?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(first ?? '') ? (first as TLanguage) : FALLBACK_LANGUAGE;
}

/** A 400 naming `password` when it is common or personal (docs/decisions.md §4), said in `language`. */
export function assertPasswordAllowed(password: string, account: PasswordContext, language: string): void {
  const problem = passwordProblem(password, account);
  if (problem) {
    const message = passwordProblemMessage(problem, language);
    throw new AppError('BAD_REQUEST', message, { issues: [{ path: 'password', message }] });
  }
}

/** Creates an account (by email, or through a provider: `via`); its email already registered is a 409. */
export async function createAccount(
  ctx: Pick<Context, 'db' | 'logger'>,
  user: Omit<NewUser, 'username'>,
  via?: { provider: string },
): Promise<UserRow> {
  try {
    const created = await insertUser(ctx.db, user);
    ctx.logger.info('user registered', { userId: created.id, ...via });
    return created;
  } catch (error) {
    if (error instanceof EmailTakenError) throw emailTaken();
    throw error;
  }
}

/**
 * Creates an account that joins a business by an invitation, with no business
 * of its own (docs/decisions.md §9.3); its email already registered is a 409.
 * Undefined, and nothing kept, when the invitation stopped waiting meanwhile
 * (withdrawn, used or expired since it was read).
 */
export async function createInvitedAccount(
  ctx: Pick<Context, 'db' | 'logger'>,
  user: Omit<NewUser, 'username'>,
  joining: JoiningInvitation,
): Promise<UserRow | undefined> {
  try {
    const { joined, ...created } = await insertUser(ctx.db, user, joining);
    if (!joined) {
      await deleteNewUser(ctx.db, created.id);
      return undefined;
    }
    ctx.logger.info('user registered', { userId: created.id, invitation: joining.invitationId });
    return created;
  } catch (error) {
    if (error instanceof EmailTakenError) throw emailTaken();
    throw error;
  }
}

/** The short notice that follows every password change or reset. */
export function notifyPasswordChanged(ctx: Pick<Context, 'mailer' | 'background' | 'settings'>, user: UserRow): void {
  const forgotLink = `${ctx.settings.publicUrl}${href('forgotPassword')}`;
  ctx.background.run('password changed email', () =>
    ctx.mailer.send({ to: user.email, ...passwordChangedEmail({ locale: user.language, name: user.full_name, forgotLink }) }),
  );
}

/**
 * Proves that whoever holds this session is the owner, before a password or
 * email change, an erasure, or a new API token: the current password (counted
 * like a sign-in attempt, before it is checked), or, for an account without
 * one, a sign-in less than 15 minutes old. An API token outlives the session
 * that makes it, so a sign-in that recent also stands for the password there
 * (docs/decisions.md §8.6): a stolen session alone does not become lasting
 * access. A 401 here names `currentPassword`, so the app can tell it from an
 * expired session.
 */
export async function confirmIdentity(
  ctx: AuthedContext,
  currentPassword: string | undefined,
  purpose: 'change' | 'delete' | 'token' = 'change',
): Promise<void> {
  const refuse = (message: string) => new AppError('UNAUTHORIZED', message, { issues: [{ path: 'currentPassword', message }] });
  const recent = Date.now() - ctx.session.createdAt.getTime() <= RECENT_SIGN_IN_MS;
  if (purpose === 'token' && recent && currentPassword === undefined) return;
  if (!ctx.user.password_hash) {
    if (!recent) {
      throw refuse(`Sign in again (less than 15 minutes ago) to ${WHAT[purpose]}.`);
    }
    return;
  }
  if (currentPassword === undefined) {
    const required = `Enter your current password to ${WHAT[purpose]}.`;
    throw new AppError('BAD_REQUEST', required, { issues: [{ path: 'currentPassword', message: required }] });
  }
  // Counted per session, not with the email's sign-in failures: strangers' guesses never block the owner here (§8.6).
  const { rateLimiter, rateRules } = ctx;
  const session = String(ctx.session.id);
  await rateLimiter.hit(rateRules.identityFailuresPerSession, session);
  if (!(await verifyPassword(ctx.user.password_hash, currentPassword, ctx.passwordHashing))) throw refuse(CURRENT_PASSWORD_WRONG);
  await rateLimiter.refund(rateRules.identityFailuresPerSession, session);
}

/**
 * Applies a profile update (docs/decisions.md §4). Names and language change at once.
 * A new password or email first needs the owner's identity confirmed. A new
 * password ends every other session and retires open reset and verification
 * links, and the owner is told by email. A new email only starts a change:
 * the answer still holds the old one until the link sent to the new address
 * is opened.
 */
export async function updateProfile(ctx: AuthedContext, input: TUpdateMeInput): Promise<TUser> {
  const current = ctx.user;
  const newEmail = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase() ? input.email : undefined;
  const newPassword = input.password;
  if (newEmail !== undefined || newPassword !== undefined) await confirmIdentity(ctx, input.currentPassword);
  if (newEmail !== undefined) {
    const owner = await findUserByEmail(ctx.db, newEmail);
    if (owner && owner.id !== current.id) throw emailTaken();
    // Its mails go to an address nobody has proved yet: a few an hour per account, a few a day per address (§8.6).
    await ctx.rateLimiter.hit(ctx.rateRules.emailChangePerUser, String(current.id));
    await ctx.rateLimiter.hit(ctx.rateRules.emailChangePerAddress, newEmail);
  }
  if (newPassword !== undefined) {
    const account = { email: newEmail ?? current.email, businessName: input.businessName ?? current.business_name };
    assertPasswordAllowed(newPassword, account, input.language ?? current.language);
  }
  const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword, ctx.passwordHashing);
  const renamed = await businessToRename(ctx, input.businessName);
  const user = await ctx.db.transaction().execute(async (tx) => {
    const updated = await updateUser(tx, current.id, {
      business_name: input.businessName,
      full_name: input.fullName,
      language: input.language,
      time_zone: input.timeZone,
      reminders: input.reminders,
      reminder_minutes: input.reminderMinutes,
      orders_sort: input.ordersSort,
      // The same address in another case is the same mailbox: no link needed.
      ...(input.email !== undefined && newEmail === undefined ? { email: input.email } : {}),
    });
    if (renamed !== undefined) await updateBusiness(tx, renamed, { name: input.businessName });
    if (passwordHash === undefined) return updated;
    await endSessions(tx, current.id, { except: ctx.session.id });
    await retireResetTokens(tx, current.id);
    await retireEmailTokens(tx, current.id);
    return setPassword(tx, current.id, passwordHash);
  });
  if (passwordHash !== undefined) {
    ctx.logger.info('password changed', { userId: user.id });
    notifyPasswordChanged(ctx, user);
  }
  if (newEmail !== undefined) await requestEmailChange(ctx, user, newEmail);
  return userView(ctx, user);
}

/**
 * `businessName` in a profile is the active business's name
 * (docs/decisions.md §8.2): changing it renames that business, which is its
 * owners' to do; the same name again changes nothing for anyone. Answers the
 * business to rename, if any.
 */
async function businessToRename(ctx: AuthedContext, name: string | undefined): Promise<number | undefined> {
  const active = ctx.activeBusiness;
  if (name === undefined || !active) return undefined;
  if (name === (await businessName(ctx.db, active.id))) return undefined;
  if (active.role !== 'owner') throw new AppError('FORBIDDEN', roleNeeded('owner', active.role));
  return active.id;
}

/** The API's view of the signed-in user: `businessName` is the active business's. */
export async function userView(ctx: Pick<SignedInContext, 'db' | 'activeBusiness'>, row: UserRow): Promise<TUser> {
  const name = ctx.activeBusiness ? await businessName(ctx.db, ctx.activeBusiness.id) : undefined;
  return { ...toUser(row), businessName: name ?? row.business_name };
}
