import { ZPublicUser, ZUpdateMeInput, ZUser, ZUsernameInput } from '@reorder/schemas';
import { z } from 'zod';
import { authedProcedure } from '../auth/require-user.ts';
import { notFound } from '../errors.ts';
import { router } from '../trpc.ts';
import { findUserByUsername, toPublicUser, toUser } from './users.repository.ts';
import { updateProfile } from './users.service.ts';

const tags = ['users'];

export const usersRouter = router({
  byUsername: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/{username}',
        tags,
        summary: 'Look up a user by username',
        description: 'Your own username (or `me`) gives your full user; anyone else gives only `{ username, businessName }`.',
      },
      message: 'User loaded',
    })
    .input(ZUsernameInput)
    .output(z.union([ZUser, ZPublicUser]))
    .query(async ({ ctx, input }) => {
      const name = input.username.toLowerCase();
      if (name === 'me' || name === ctx.user.username.toLowerCase()) return toUser(ctx.user);
      const other = await findUserByUsername(ctx.db, input.username);
      if (!other) throw notFound('User');
      return toPublicUser(other);
    }),

  updateMe: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/users/me',
        tags,
        summary: 'Update your profile',
        description: 'Send only what changes. A new password signs out every session, this one included: sign in again with it.',
      },
      message: 'Success! Profile updated!',
    })
    .input(ZUpdateMeInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),
});
