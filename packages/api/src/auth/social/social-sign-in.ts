import type { UserRow } from '@reorder/db';
import type { TLanguage, TSession } from '@reorder/schemas';
import type { Context } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  EmailTakenError,
  findUserByEmail,
  findUserByProvider,
  insertUser,
  linkProvider,
  type ProviderColumn,
} from '../../users/users.repository.ts';
import { createSession } from '../auth.service.ts';
import { type ProviderName, type ProviderProfile, providerNotConfigured } from './provider-errors.ts';

const COLUMN: Record<ProviderName, ProviderColumn> = { Google: 'google_id', Facebook: 'facebook_id' };

/**
 * Signs in with a provider's verified identity: the account already linked
 * to it; else the account whose email the provider verified (which is linked
 * from now on); else a new account (full name from the provider, business
 * name left for the profile screen). The provider's token is never stored.
 */
export async function signInWithProvider(
  ctx: Context,
  provider: ProviderName,
  profile: ProviderProfile,
  language: TLanguage | undefined,
): Promise<TSession> {
  const user = (await findAccount(ctx, provider, profile)) ?? (await createAccount(ctx, provider, profile, language));
  return createSession(ctx, user);
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
  return linkProvider(ctx.db, byEmail.id, column, profile.providerId);
}

async function createAccount(
  ctx: Context,
  provider: ProviderName,
  profile: ProviderProfile,
  language: TLanguage | undefined,
): Promise<UserRow> {
  if (!profile.email) {
    throw new AppError('BAD_REQUEST', `Your ${provider} account shares no email address with us. Sign up with your email instead.`);
  }
  try {
    const user = await insertUser(ctx.db, {
      email: profile.email,
      password_hash: null,
      business_name: '',
      full_name: (profile.name?.trim() || profile.email.split('@')[0] || profile.email).slice(0, 100),
      language: language ?? 'en',
      [COLUMN[provider]]: profile.providerId,
    });
    ctx.logger.info('user registered', { userId: user.id, provider });
    return user;
  } catch (error) {
    // A simultaneous sign-in (a double click) created it first: use that account.
    const raced = error instanceof EmailTakenError || (error as { code?: unknown }).code === '23505';
    const existing = raced ? await findAccount(ctx, provider, profile) : undefined;
    if (existing) return existing;
    throw error;
  }
}

/** Google sign-in: verify the ID token, then sign in. */
export async function signInWithGoogle(ctx: Context, input: { googleToken: string; language?: TLanguage | undefined }) {
  const google = ctx.social.google;
  if (!google) throw providerNotConfigured('Google');
  await ctx.rateLimiter.hit(ctx.rateRules.loginPerIp, ctx.request.ip);
  return signInWithProvider(ctx, 'Google', await google.verifier.verify(input.googleToken), input.language);
}

/** Facebook sign-in: check the access token with the Graph API, then sign in. */
export async function signInWithFacebook(ctx: Context, input: { facebookToken: string; language?: TLanguage | undefined }) {
  const facebook = ctx.social.facebook;
  if (!facebook) throw providerNotConfigured('Facebook');
  await ctx.rateLimiter.hit(ctx.rateRules.loginPerIp, ctx.request.ip);
  return signInWithProvider(ctx, 'Facebook', await facebook.verifier.verify(input.facebookToken), input.language);
}
