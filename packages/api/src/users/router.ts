import { type TUser, ZUpdateMeInput, ZUser, ZUsernameInput, zOptionalInput } from '@reorder/schemas';
import { notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { accountProcedure, TOKEN_FORBIDDEN } from '../sessions/require-user.ts';
import { EMAIL_TAKEN_MESSAGE } from './email-ownership.service.ts';
import { updateProfile, userView } from './users.service.ts';

const tags = ['users'];

/** The owner's profile; the account's data and erasure join them under `users` (see `accountProcedures`). */
export const userProcedures = {
  byUsername: accountProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/{username}',
        tags,
        summary: 'Your user, by your username',
        description:
          "Your own username (or `me`) gives your full user. Another user's username answers 404, exactly as one that does not exist: accounts are not looked up by strangers.",
      },
      message: 'User loaded',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN, NOT_FOUND: 'User not found' },
    })
    .input(ZUsernameInput)
    .output(ZUser)
    .query(async ({ ctx, input }) => {
      const name = input.username.toLowerCase();
      if (name === 'me' || name === ctx.user.username.toLowerCase()) return userView(ctx, ctx.user);
      // Nobody else's account is answered, nor whether it exists (docs/decisions.md §8.6).
      throw notFound('User');
    }),

  updateMe: accountProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/users/me',
        tags,
        summary: 'Update your profile',
        description:
          'Send only what changes. A new password or email needs `currentPassword`. A new password signs out every other device. A new email takes effect once the link mailed to it is opened: until then the answer holds the current one.',
      },
      message: ({ input, output }) => {
        const asked = (input as { email?: unknown } | undefined)?.email;
        const pending = typeof asked === 'string' && asked.trim().toLowerCase() !== (output as TUser).email.toLowerCase();
        return pending
          ? `Success! Profile updated! To change your email, open the link we sent to ${asked.trim()}.`
          : 'Success! Profile updated!';
      },
      errors: {
        FORBIDDEN: TOKEN_FORBIDDEN,
        UNAUTHORIZED: 'Your current password is not right.',
        BAD_REQUEST: 'Enter your current password to change your email or password.',
        CONFLICT: EMAIL_TAKEN_MESSAGE,
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
      },
    })
    .input(zOptionalInput(ZUpdateMeInput))
    .output(ZUser)
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),
};
