import { ZDeletedResult, ZSessionIdInput, ZSessionInfo, zNoInput } from '@reorder/schemas';
import { z } from 'zod';
import { revokeApiTokens } from '../api-tokens/api-tokens.repository.ts';
import { notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { accountProcedure, TOKEN_FORBIDDEN } from './require-user.ts';
import { endSession, endSessions, listLiveSessions } from './sessions.repository.ts';

const tags = ['auth'];

/**
 * The signed-in devices of the caller (docs/decisions.md §4), served under `auth`:
 * sign out here, everywhere, see the devices, end one.
 */
export const sessionProcedures = {
  logout: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/logout',
        tags,
        summary: 'Sign out this device',
        description: 'Ends the session of this token.',
      },
      message: 'Signed out',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN },
    })
    .input(zNoInput)
    .output(z.null())
    .mutation(async ({ ctx }) => {
      await endSession(ctx.db, ctx.user.id, ctx.session.id);
      return null;
    }),

  logoutAll: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/logout-all',
        tags,
        summary: 'Sign out every device',
        description: 'Ends every session of the account, this one included, and revokes every personal API token.',
      },
      message: 'Signed out on every device',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN },
    })
    .input(zNoInput)
    .output(z.null())
    .mutation(async ({ ctx }) => {
      await ctx.db.transaction().execute(async (tx) => {
        await endSessions(tx, ctx.user.id);
        await revokeApiTokens(tx, ctx.user.id);
      });
      ctx.logger.info('signed out everywhere', { userId: ctx.user.id });
      return null;
    }),

  sessions: accountProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/sessions',
        tags,
        summary: 'List the signed-in devices',
        description: 'Every live session of the account, most recently used first; `current` marks this one.',
      },
      message: 'Sessions loaded',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN },
    })
    .input(zNoInput)
    .output(z.array(ZSessionInfo))
    .query(async ({ ctx }) =>
      (await listLiveSessions(ctx.db, ctx.user.id)).map((row) => ({
        id: row.id,
        createdAt: row.created_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        userAgent: row.user_agent,
        current: row.id === ctx.session.id,
      })),
    ),

  endSession: accountProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/auth/sessions/{id}',
        tags,
        summary: 'Sign out one device',
        description: 'Its token stops working at once. Another account’s session, or one already ended, is a 404.',
      },
      message: 'Session ended',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN, NOT_FOUND: 'Session not found' },
    })
    .input(ZSessionIdInput)
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await endSession(ctx.db, ctx.user.id, input.id))) throw notFound('Session');
      return { id: input.id };
    }),
};
