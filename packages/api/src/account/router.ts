import { ZAccountExport, ZDeleteAccountInput, zNoInput, zOptionalInput } from '@reorder/schemas';
import { z } from 'zod';
import { SIGNED_IN_ERRORS } from '../errors.ts';
import { accountProcedure, TOKEN_FORBIDDEN } from '../sessions/require-user.ts';
import { deleteAccount, exportAccount } from './account.service.ts';

const tags = ['users'];

/** The owner's own data (docs/decisions.md §7): a copy of all of it, and its erasure. Served under `users`. */
export const accountProcedures = {
  export: accountProcedure
    .meta({
      heavy: true,
      openapi: {
        method: 'GET',
        path: '/users/me/export',
        tags,
        summary: 'Download everything of your account',
        description: 'The profile, suppliers, orders, products, history, feedback, devices and API tokens, as one JSON document.',
      },
      message: 'Your data',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN },
    })
    .input(zNoInput)
    .output(ZAccountExport)
    .query(({ ctx }) => exportAccount(ctx)),

  deleteMe: accountProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/users/me',
        tags,
        summary: 'Delete your account and everything in it',
        description:
          'Needs `currentPassword` (or, without a password, a sign-in less than 15 minutes old). Everything is erased at once, every device is signed out, and a notice is mailed.',
      },
      message: 'Your account has been deleted.',
      errors: {
        ...SIGNED_IN_ERRORS,
        FORBIDDEN: TOKEN_FORBIDDEN,
        BAD_REQUEST: 'Enter your current password to delete your account.',
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
      },
    })
    .input(zOptionalInput(ZDeleteAccountInput))
    .output(z.null())
    .mutation(({ ctx, input }) => deleteAccount(ctx, input.currentPassword)),
};
