import {
  ZFacebookSignInInput,
  ZForgotPasswordInput,
  ZGoogleSignInInput,
  ZLoginInput,
  ZRegisterInput,
  ZResetPasswordInput,
  ZSession,
} from '@reorder/schemas';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc.ts';
import { forgotPassword, login, register, resetPassword } from './auth.service.ts';
import { signInWithFacebook, signInWithGoogle } from './social/social-sign-in.ts';

const tags = ['auth'];
const openapi = (path: `/${string}`, summary: string, description?: string) =>
  ({ method: 'POST', path, tags, summary, description, protect: false }) as const;

export const authRouter = router({
  login: publicProcedure
    .meta({
      openapi: openapi('/auth/login', 'Sign in with email and password', 'Rate-limited per IP and, for failed attempts, per email.'),
      message: 'Welcome back!',
    })
    .input(ZLoginInput)
    .output(ZSession)
    .mutation(({ ctx, input }) => login(ctx, input)),

  register: publicProcedure
    .meta({
      openapi: openapi('/auth/register', 'Create an account', 'The new user is signed in at once. The username is made from the email.'),
      message: 'Welcome! Your account is ready.',
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
    })
    .input(ZFacebookSignInInput)
    .output(ZSession)
    .mutation(({ ctx, input }) => signInWithFacebook(ctx, input)),
});
