import type { UserRow } from '@reorder/db';
import { AppError } from '../errors.ts';
import { middleware, publicProcedure } from '../trpc.ts';
import { findUserById } from '../users/users.repository.ts';
import { SESSION_EXPIRED, tokenFromHeader } from './tokens.ts';

/**
 * Resolves the signed-in user from the bearer token. A token whose user is
 * gone, or whose version is older than the user's (after a password change or
 * reset), is refused like an expired one.
 */
const requireUser = middleware(async ({ ctx, next }) => {
  const token = tokenFromHeader(ctx.request.authorization);
  if (!token) throw new AppError('UNAUTHORIZED', 'Please sign in: the Authorization header is missing.');
  const claims = await ctx.tokens.verify(token);
  const user: UserRow | undefined = await findUserById(ctx.db, claims.userId);
  if (!user || user.token_version !== claims.version) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  return next({ ctx: { user } });
});

/** A procedure for signed-in users; `ctx.user` is the user row. */
export const authedProcedure = publicProcedure.use(requireUser);
