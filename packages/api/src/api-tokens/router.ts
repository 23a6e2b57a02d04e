import type { UserRow } from '@reorder/db';
import { LIMITS, ZApiToken, ZCreateApiTokenInput, ZCreatedApiToken, ZDeletedResult, zId, zNoInput } from '@reorder/schemas';
import { href } from '@reorder/schemas/web-paths';
import { z } from 'zod';
import { type Context, DAY_MS } from '../context.ts';
import { AppError, notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { apiTokenCreatedEmail } from '../mail/messages.ts';
import { type AuthedContext, accountProcedure, requireBusiness, requireVerifiedEmail, TOKEN_FORBIDDEN } from '../sessions/require-user.ts';
import { insertApiToken, listApiTokens, lockAndCountApiTokens, revokeApiToken } from './api-tokens.repository.ts';

const tags = ['auth'];
const TOO_MANY_TOKENS = `You have ${LIMITS.apiTokensPerAccount} API tokens: revoke one to make another.`;

/**
 * Proves that the caller is the owner before a token is made: a sign-in less
 * than 15 minutes old or the current password (docs/decisions.md §8.6). It
 * checks passwords, which is the users' domain, a layer above this one: the
 * auth router hands it in.
 */
export type ConfirmRecentIdentity = (ctx: AuthedContext, currentPassword: string | undefined) => Promise<void>;

/** Tells the owner a token was made: by whom is unknown, so the mail says what to do if it was not them. */
function notifyTokenCreated(ctx: Pick<Context, 'mailer' | 'background' | 'settings'>, user: UserRow, tokenName: string, expiresAt: Date) {
  const expires = new Intl.DateTimeFormat(user.language, { dateStyle: 'long', timeZone: user.time_zone }).format(expiresAt);
  const forgotLink = `${ctx.settings.publicUrl}${href('forgotPassword')}`;
  ctx.background.run('api token created email', () =>
    ctx.mailer.send({
      to: user.email,
      ...apiTokenCreatedEmail({ locale: user.language, name: user.full_name, tokenName, expires, forgotLink }),
    }),
  );
}

/**
 * Personal API tokens for scripts (docs/decisions.md §7, §8.6), served under
 * `auth`. They are managed from a signed-in device only: a token cannot list,
 * make or revoke tokens (403). Making one needs a proven address, a recent
 * sign-in or the password, and always expires.
 */
export const apiTokenProcedures = (confirmRecentIdentity: ConfirmRecentIdentity) => ({
  tokens: accountProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/tokens',
        tags,
        summary: 'List your API tokens',
        description: 'Without their secrets, newest first.',
      },
      message: 'API tokens loaded',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN },
    })
    .input(zNoInput)
    .output(z.array(ZApiToken))
    .query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),

  createToken: accountProcedure
    .use(requireVerifiedEmail)
    // A token acts in the active business with its member's role: staff make none (docs/decisions.md §8.2).
    .use(requireBusiness)
    .meta({
      role: 'manager',
      openapi: {
        method: 'POST',
        path: '/auth/tokens',
        tags,
        summary: 'Make a personal API token',
        description:
          'For scripts: send it as `Authorization: Bearer rpat_…`. It reaches your suppliers, products, orders and history, but never the account (403). The secret is in this answer only, and the owner is emailed. Needs a confirmed email, and a sign-in less than 15 minutes old or `currentPassword`. It expires in `expiresInDays` (90 by default, 365 at most). A password change keeps it working; a password reset and signing out everywhere revoke it.',
      },
      message: 'API token created: copy it now, it will not be shown again',
      errors: {
        ...SIGNED_IN_ERRORS,
        UNAUTHORIZED: 'Your current password is not right.',
        FORBIDDEN: TOKEN_FORBIDDEN,
        BAD_REQUEST: TOO_MANY_TOKENS,
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
      },
    })
    .input(ZCreateApiTokenInput)
    .output(ZCreatedApiToken)
    .mutation(async ({ ctx, input }) => {
      await confirmRecentIdentity(ctx, input.currentPassword);
      const expiresAt = new Date(Date.now() + (input.expiresInDays ?? LIMITS.apiTokenDaysDefault) * DAY_MS);
      const created = await ctx.db.transaction().execute(async (tx) => {
        if ((await lockAndCountApiTokens(tx, ctx.user.id)) >= LIMITS.apiTokensPerAccount)
          throw new AppError('BAD_REQUEST', TOO_MANY_TOKENS);
        return insertApiToken(tx, ctx.user.id, ctx.business.id, { name: input.name, expiresAt });
      });
      ctx.logger.info('api token created', { userId: ctx.user.id, tokenId: created.id });
      notifyTokenCreated(ctx, ctx.user, input.name, expiresAt);
      return created;
    }),

  revokeToken: accountProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/auth/tokens/{id}',
        tags,
        summary: 'Revoke an API token',
        description: 'It stops working at once.',
      },
      message: 'API token revoked',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN, NOT_FOUND: 'API token not found' },
    })
    .input(z.object({ id: zId('Token id').describe('Token id') }))
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await revokeApiToken(ctx.db, ctx.user.id, input.id))) throw notFound('API token');
      return { id: input.id };
    }),
});
