import { ZForgotPasswordInput, ZLoginInput, ZRegisterInput, ZResetPasswordInput, ZSession } from '@reorder/schemas';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc.ts';
import { forgotPassword, login, register, resetPassword } from './auth.service.ts';

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
});
