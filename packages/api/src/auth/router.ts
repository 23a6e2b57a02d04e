import {
  ZFacebookSignInInput,
  ZForgotPasswordInput,
  ZGoogleSignInInput,
  ZLoginInput,
  ZRegisterInput,
  ZResetPasswordInput,
  ZSession,
  ZVerifyEmailInput,
  zNoInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { apiTokenProcedures } from '../api-tokens/router.ts';
import { SIGNED_IN_ERRORS } from '../errors.ts';
import { accountProcedure, TOKEN_FORBIDDEN } from '../sessions/require-user.ts';
import { sessionProcedures } from '../sessions/router.ts';
import { tokenFromHeader } from '../sessions/tokens.ts';
import { publicProcedure, router } from '../trpc.ts';
import { BAD_EMAIL_LINK, confirmEmailLink, EMAIL_TAKEN_MESSAGE, sendEmailVerification } from '../users/email-ownership.service.ts';
import { confirmIdentity } from '../users/users.service.ts';
import { forgotPassword, login, register, resetPassword } from './auth.service.ts';
import { signInWithFacebook, signInWithGoogle } from './social/social-sign-in.ts';

const tags = ['auth'];
const openapi = (path: `/${string}`, summary: string, description?: string) =>
  ({ method: 'POST', path, tags, summary, description, protect: false }) as const;

export const authRouter = router({
  login: publicProcedure
    .meta({
      openapi: openapi(
        '/auth/login',
        'Sign in with email and password',
        'Rate-limited per IP and, for failed attempts, per email; or only per device when `deviceToken` is the token of an earlier sign-in to this account, so other people’s failed guesses never lock that device out.',
      ),
      message: 'Welcome back!',
      errors: { UNAUTHORIZED: 'Incorrect email or password.', TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.' },
    })
    .input(ZLoginInput)
    .output(ZSession)
    .mutation(({ ctx, input }) => login(ctx, input)),

  register: publicProcedure
    .meta({
      openapi: openapi(
        '/auth/register',
        'Create an account',
        'The new user is signed in at once. The username is made from the email. With `businessName`, the account owns a new business of that name and is asked to confirm its email. With `invitation` (the token of an invitation link) instead, the email must be the one invited (400 otherwise, naming `email`; a used, withdrawn or expired invitation is a 400 naming `invitation`): the email counts as confirmed, the account joins the inviting business with the role offered, and no business is made. Exactly one of the two (400 naming the field otherwise).',
      ),
      message: 'Welcome! Your account is ready.',
      errors: {
        BAD_REQUEST: 'This password is too common and easy to guess. Choose another one.',
        CONFLICT: EMAIL_TAKEN_MESSAGE,
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
      },
    })
    .input(ZRegisterInput)
    .output(ZSession)
    .mutation(({ ctx, input }) => register(ctx, input)),

  forgotPassword: publicProcedure
    .meta({
      openapi: openapi(
        '/auth/forgot-password',
        'Email a password reset link',
        'Answers the same whether or not the email has an account. The link is valid for one hour, once.',
      ),
      message: 'We just emailed you!',
      errors: {
        BAD_REQUEST: 'Email must be a valid email address',
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
      },
    })
    .input(ZForgotPasswordInput)
    .output(z.null())
    .mutation(({ ctx, input }) => forgotPassword(ctx, input)),

  resetPassword: publicProcedure
    .meta({
      openapi: openapi(
        '/auth/reset-password',
        'Set a new password with a reset token',
        'Signs out every session; sign in again with the new password.',
      ),
      message: 'Your password has been changed. Please sign in.',
      errors: {
        BAD_REQUEST: 'This reset link is invalid or has expired. Please ask for a new one.',
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
      },
    })
    .input(ZResetPasswordInput)
    .output(z.null())
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),

  google: publicProcedure
    .meta({
      openapi: openapi(
        '/auth/google',
        'Sign in with Google',
        'Verifies a Google ID token (signature, issuer, audience, expiry, verified email). Signs into the linked account, or the account with that email (linking it), or creates one. 400 when Google sign-in is not configured; 503 when Google does not answer within 5 s.',
      ),
      message: 'Welcome!',
      errors: {
        BAD_REQUEST: 'Google sign-in is not configured on this server.',
        UNAUTHORIZED: 'The Google token is not valid: it has expired. Please try again.',
        CONFLICT: "This email's account is linked to another Google account.",
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
        UNAVAILABLE: 'Google is not reachable, please try again.',
      },
    })
    .input(ZGoogleSignInInput)
    .output(ZSession)
    .mutation(({ ctx, input }) => signInWithGoogle(ctx, input)),

  facebook: publicProcedure
    .meta({
      openapi: openapi(
        '/auth/facebook',
        'Sign in with Facebook',
        'Checks a Facebook user access token with the Graph API (debug_token with our app token, then /me). Signs in like Google. 400 when Facebook sign-in is not configured; 503 when Facebook does not answer within 5 s.',
      ),
      message: 'Welcome!',
      errors: {
        BAD_REQUEST: 'Facebook sign-in is not configured on this server.',
        UNAUTHORIZED: 'The Facebook token is not valid. Please try again.',
        CONFLICT: "This email's account is linked to another Facebook account.",
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
        UNAVAILABLE: 'Facebook is not reachable, please try again.',
      },
    })
    .input(ZFacebookSignInInput)
    .output(ZSession)
    .mutation(({ ctx, input }) => signInWithFacebook(ctx, input)),

  verifyEmail: publicProcedure
    .meta({
      openapi: openapi(
        '/auth/verify-email',
        'Open an email verification link',
        "The token of a `/verify-email/<token>` link (24 hours, once). Sent with the account's own session, it verifies the account's address, or, for a link sent to a new address, makes that address the account's email and signs out every other device. Sent without it, it is the first proof of the address by whoever holds the mailbox: every session, API token, push subscription and open link of the account ends, and its password is removed (choose one through a reset link).",
      ),
      message: 'Your email address is confirmed.',
      errors: {
        BAD_REQUEST: BAD_EMAIL_LINK,
        CONFLICT: EMAIL_TAKEN_MESSAGE,
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
      },
    })
    .input(ZVerifyEmailInput)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimiter.hit(ctx.rateRules.verifyPerIp, ctx.request.ip);
      // A caller signed in to the same account, with a live session, proves its own address; anyone else is the mailbox's holder (§8.6).
      const token = tokenFromHeader(ctx.request.authorization);
      const claims = token ? await ctx.tokens.verify(token).catch(() => undefined) : undefined;
      const live = claims && (await ctx.sessions.find(ctx.db, claims.sessionId, claims.userId));
      await confirmEmailLink(ctx, input.token, live ? claims : undefined);
      return null;
    }),

  resendVerification: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/resend-verification',
        tags,
        summary: 'Email the verification link again',
        description: "A new link to the account's address; earlier ones stop working. Nothing is sent for an address already verified.",
      },
      message: 'We just emailed you!',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN, TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 60 minutes.' },
    })
    .input(zNoInput)
    .output(z.null())
    .mutation(async ({ ctx }) => {
      await ctx.rateLimiter.hit(ctx.rateRules.resendVerificationPerUser, String(ctx.user.id));
      if (!ctx.user.email_verified) await sendEmailVerification(ctx, ctx.user);
      return null;
    }),

  ...sessionProcedures,
  ...apiTokenProcedures((ctx, currentPassword) => confirmIdentity(ctx, currentPassword, 'token')),
});
