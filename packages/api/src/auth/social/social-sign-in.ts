import type { UserRow } from '@reorder/db';
import type { TLanguage, TSession } from '@reorder/schemas';
import { href } from '@reorder/schemas/web-paths';
import type { Context } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { accountLinkedEmail } from '../../mail/messages.ts';
import { endAccessBeforeProof } from '../../users/address-proof.ts';
import { findUserByEmail, findUserByProvider, linkProvider, type ProviderColumn, updateUser } from '../../users/users.repository.ts';
import { createAccount } from '../../users/users.service.ts';
import { signIn } from '../auth.service.ts';
import { type ProviderName, type ProviderProfile, providerNotConfigured } from './provider-errors.ts';

const COLUMN: Record<ProviderName, ProviderColumn> = { Google: 'google_id', Facebook: 'facebook_id' };

/**
 * Signs in with a provider's verified identity (docs/decisions.md §4): the account
 * already linked to it; else the account with the email the provider
 * verified, linked from now on (and taken over if its own email was never
 * verified, see `takeOver`); else a new account (full name from the provider,
 * business name left for the profile screen). The provider's token is never
 * stored.
 */
/** What the browser tells of a new account: its language and time zone (an existing account keeps its own). */
export interface NewAccountPreferences {
  language?: TLanguage | undefined;
  timeZone?: string | undefined;
}

export async function signInWithProvider(
  ctx: Context,
  provider: ProviderName,
  profile: ProviderProfile,
  preferences: NewAccountPreferences,
): Promise<TSession> {
  const user = (await findAccount(ctx, provider, profile)) ?? (await createProviderAccount(ctx, provider, profile, preferences));
  return signIn(ctx, user);
}

/** The account linked to the provider id, else the one with the verified email (linked from now on). */
async function findAccount(ctx: Context, provider: ProviderName, profile: ProviderProfile): Promise<UserRow | undefined> {
  const column = COLUMN[provider];
  const linked = await findUserByProvider(ctx.db, column, profile.providerId);
  if (linked || !profile.email) return linked;
  const byEmail = await findUserByEmail(ctx.db, profile.email);
  if (!byEmail) return undefined;
  if (byEmail[column] && byEmail[column] !== profile.providerId) {
    throw new AppError('CONFLICT', `This email's account is linked to another ${provider} account.`);
  }
  if (!byEmail.email_verified) return takeOver(ctx, provider, byEmail, profile);
  return linkProvider(ctx.db, byEmail.id, column, profile.providerId);
}

/**
 * The defence against account pre-hijacking: anyone may register with
 * someone else's address, but never prove it. When the address's real owner
 * arrives through a provider that verified it, the account becomes theirs:
 * its password is removed, every session, API token, push subscription and
 * open link ends (docs/decisions.md §8.6), the email is
 * verified, and a notice is mailed. The squatter keeps nothing.
 */
async function takeOver(ctx: Context, provider: ProviderName, squatted: UserRow, profile: ProviderProfile): Promise<UserRow> {
  const column = COLUMN[provider];
  const user = await ctx.db.transaction().execute(async (tx) => {
    await endAccessBeforeProof(tx, squatted.id);
    return updateUser(tx, squatted.id, { password_hash: null, email_verified: true, [column]: profile.providerId });
  });
  ctx.logger.warn('unverified account taken over by its email owner', { userId: user.id, provider });
  const forgotLink = `${ctx.settings.publicUrl}${href('forgotPassword')}`;
  ctx.background.run('account linked email', () =>
    ctx.mailer.send({ to: user.email, ...accountLinkedEmail({ locale: user.language, name: user.full_name, provider, forgotLink }) }),
  );
  return user;
}

async function createProviderAccount(
  ctx: Context,
  provider: ProviderName,
  profile: ProviderProfile,
  { language, timeZone }: NewAccountPreferences,
): Promise<UserRow> {
  if (!profile.email) {
    throw new AppError('BAD_REQUEST', `Your ${provider} account shares no email address with us. Sign up with your email instead.`);
  }
  try {
    return await createAccount(
      ctx,
      {
        email: profile.email,
        password_hash: null,
        business_name: '',
        full_name: (profile.name?.trim() || profile.email.split('@')[0] || profile.email).slice(0, 100),
        language: language ?? 'en',
        ...(timeZone === undefined ? {} : { time_zone: timeZone }),
        email_verified: true,
        [COLUMN[provider]]: profile.providerId,
      },
      { provider },
    );
  } catch (error) {
    // A simultaneous sign-in (a double click) created it first: use that account.
    const raced = (error instanceof AppError && error.kind === 'CONFLICT') || (error as { code?: unknown }).code === '23505';
    const existing = raced ? await findAccount(ctx, provider, profile) : undefined;
    if (existing) return existing;
    throw error;
  }
}

/** Google sign-in: verify the ID token, then sign in. */
export async function signInWithGoogle(ctx: Context, input: { googleToken: string } & NewAccountPreferences) {
  const google = ctx.social.google;
  if (!google) throw providerNotConfigured('Google');
  await ctx.rateLimiter.hit(ctx.rateRules.loginPerIp, ctx.request.ip);
  return signInWithProvider(ctx, 'Google', await google.verifier.verify(input.googleToken), input);
}

/** Facebook sign-in: check the access token with the Graph API, then sign in. */
export async function signInWithFacebook(ctx: Context, input: { facebookToken: string } & NewAccountPreferences) {
  const facebook = ctx.social.facebook;
  if (!facebook) throw providerNotConfigured('Facebook');
  await ctx.rateLimiter.hit(ctx.rateRules.loginPerIp, ctx.request.ip);
  return signInWithProvider(ctx, 'Facebook', await facebook.verifier.verify(input.facebookToken), input);
}
