import { LIMITS, ZApiToken, ZCreateApiTokenInput, ZCreatedApiToken, ZDeletedResult, zId } from '@reorder/schemas';
import { z } from 'zod';
import { DAY_MS } from '../context.ts';
import { AppError, notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { accountProcedure, TOKEN_FORBIDDEN } from '../sessions/require-user.ts';
import { insertApiToken, listApiTokens, lockAndCountApiTokens, revokeApiToken } from './api-tokens.repository.ts';

const tags = ['auth'];
const TOO_MANY_TOKENS = `You have ${LIMITS.apiTokensPerAccount} API tokens: revoke one to make another.`;

/**
 * Personal API tokens for scripts (docs/decisions.md §7), served under `auth`. They
 * are managed from a signed-in device only: a token cannot list, make or
 * revoke tokens (403).
 */
export const apiTokenProcedures = {
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
    .input(z.object({}))
    .output(z.array(ZApiToken))
    .query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),

  createToken: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/tokens',
        tags,
        summary: 'Make a personal API token',
        description:
          'For scripts: send it as `Authorization: Bearer rpat_…`. It reaches your suppliers, products, orders and history, but never the account (403). The secret is in this answer only. A password change keeps it working; signing out everywhere revokes it.',
      },
      message: 'API token created: copy it now, it will not be shown again',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN, BAD_REQUEST: TOO_MANY_TOKENS },
    })
    .input(ZCreateApiTokenInput)
    .output(ZCreatedApiToken)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (tx) => {
        if ((await lockAndCountApiTokens(tx, ctx.user.id)) >= LIMITS.apiTokensPerAccount)
          throw new AppError('BAD_REQUEST', TOO_MANY_TOKENS);
        const expiresAt = input.expiresInDays === undefined ? null : new Date(Date.now() + input.expiresInDays * DAY_MS);
        const created = await insertApiToken(tx, ctx.user.id, { name: input.name, expiresAt });
        ctx.logger.info('api token created', { userId: ctx.user.id, tokenId: created.id });
        return created;
      }),
    ),

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
};
